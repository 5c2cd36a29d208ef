import type { GameId, RoundLimits } from '@felt-studio/games';
import type { PreOpenCheck, Table as TableShape } from '@felt-studio/protocol';

/** ROU-7: the pit boss's recorded check before a roulette table may open (cleared when the table closes). */
export type { PreOpenCheck };

/**
 * A table: the shape of @felt-studio/protocol (issue 19 §5: one definition), with the server's narrower game id
 * and the limits per bet spot kind and per table (GEN-2) that are snapshotted into each round at open.
 */
export type Table = Omit<TableShape, 'game' | 'limits'> & { readonly game: GameId; readonly limits: RoundLimits };

/** ROU-7 checks a roulette pre-open record must contain. */
export const ROULETTE_PRE_OPEN_CHECKS = ['table', 'wheel-level', 'free-running', 'ball'] as const;

export interface TablesRepository {
  insert(table: Table): Promise<void>;
  save(table: Table): Promise<void>;
  get(tableId: string): Promise<Table | null>;
  list(): Promise<Table[]>;
}

export const TABLES_REPOSITORY = Symbol('TABLES_REPOSITORY');

/** Deep-freezes a plain value (a stored table is shared by every reader, never copied per lookup). */
export function deepFreeze<T>(v: T): T {
  if (typeof v === 'object' && v !== null && !Object.isFrozen(v)) {
    for (const x of Object.values(v)) deepFreeze(x);
    Object.freeze(v);
  }
  return v;
}

export class InMemoryTablesRepository implements TablesRepository {
  private readonly rows = new Map<string, Table>();
  async insert(table: Table): Promise<void> {
    if (this.rows.has(table.tableId)) throw new Error(`table ${table.tableId} exists`);
    this.rows.set(table.tableId, deepFreeze(structuredClone(table)));
  }
  async save(table: Table): Promise<void> {
    this.rows.set(table.tableId, deepFreeze(structuredClone(table)));
  }
  /** The stored, frozen table: a lookup (one per command) copies nothing (issue 13). */
  async get(tableId: string): Promise<Table | null> {
    return this.rows.get(tableId) ?? null;
  }
  async list(): Promise<Table[]> {
    return [...this.rows.values()].sort((a, b) => a.tableId.localeCompare(b.tableId));
  }
}
