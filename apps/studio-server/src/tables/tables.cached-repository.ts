import type { Table, TablesRepository } from './table.model.js';
import { deepFreeze } from './table.model.js';

/**
 * The stored tables kept in this process's memory in front of the database, for a process that is the tables'
 * only writer (one instance, `FELT_CLUSTER` off: every create/update/status change goes through this process's
 * `TablesService`). A table is read on every bet, device message (twice: the broker's publish check and the
 * ingest), reaction and round read; on the embedded store each was a query on the server's own event loop — the
 * largest single item of an idle demo studio's CPU (profiled 2026-11-29: ~6 % of the busy time, `tables.get`).
 * With several instances another instance may change a table, so they read the database (rounds.module.ts).
 *
 * A write reaches the cache only after the database took it; a read that missed the cache stores what it read only
 * when no write to that table finished while it was reading (a write's version bump), so a slow read can never put
 * an older table back over a newer one.
 */
export class CachedTablesRepository implements TablesRepository {
  private readonly rows = new Map<string, Table>();
  private readonly writes = new Map<string, number>();

  constructor(private readonly store: TablesRepository) {}

  async insert(table: Table): Promise<void> {
    await this.store.insert(table);
    this.keep(table);
  }

  async save(table: Table): Promise<void> {
    await this.store.save(table);
    this.keep(table);
  }

  /** The stored, frozen table (shared by every reader: a lookup copies nothing). */
  async get(tableId: string): Promise<Table | null> {
    const hit = this.rows.get(tableId);
    if (hit) return hit;
    const version = this.writes.get(tableId) ?? 0;
    const row = await this.store.get(tableId);
    if (row === null) return null;
    // a write finished while this read was on its way: the write's table is the current one
    if ((this.writes.get(tableId) ?? 0) !== version) return this.rows.get(tableId) ?? deepFreeze(row);
    return this.remember(row);
  }

  /** Always from the database (rare: boot checks, the lobby's first load); refreshes what it read. */
  async list(): Promise<Table[]> {
    const before = new Map(this.writes);
    const rows = await this.store.list();
    return rows.map((r) => ((this.writes.get(r.tableId) ?? 0) === (before.get(r.tableId) ?? 0) ? this.remember(r) : (this.rows.get(r.tableId) ?? deepFreeze(r))));
  }

  private keep(table: Table): void {
    this.writes.set(table.tableId, (this.writes.get(table.tableId) ?? 0) + 1);
    this.remember(structuredClone(table));
  }

  private remember(table: Table): Table {
    const frozen = deepFreeze(table);
    this.rows.set(table.tableId, frozen);
    return frozen;
  }
}
