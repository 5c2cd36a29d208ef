import { Subject } from 'rxjs';
import type { TableOwnerGuard } from '../shared/ports/cluster.port.js';

/**
 * The tables this instance owns (TABLE_OWNER_GUARD, issue 13). Kept apart from TableOwnershipService so
 * that the rounds write path can consult it without a dependency cycle (ownership recovers rounds).
 * A table counts as owned from the moment its lease is won (its recovery runs as the owner) until the
 * lease is lost or given up.
 */
export class OwnedTables implements TableOwnerGuard {
  private readonly tables = new Set<string>();
  readonly ownership$ = new Subject<{ readonly tableId: string; readonly owned: boolean }>();

  constructor(
    readonly instanceId: string,
    /** Cluster-wide prefix of the per-table ingest sessions (`<prefix>-t-<tableId>`). */
    private readonly ingestSessionPrefix: string,
  ) {}

  owns(tableId: string): boolean {
    return this.tables.has(tableId);
  }

  list(): string[] {
    return [...this.tables];
  }

  /** The lease was won: commands are decided here from now on. */
  take(tableId: string): void {
    this.tables.add(tableId);
  }

  /** The table's open round is recovered: timers, presence and ingest may start for it. */
  announce(tableId: string): void {
    if (this.tables.has(tableId)) this.ownership$.next({ tableId, owned: true });
  }

  drop(tableId: string): void {
    if (!this.tables.delete(tableId)) return;
    this.ownership$.next({ tableId, owned: false });
  }

  ingestSessionId(tableId: string): string {
    return `${this.ingestSessionPrefix}-t-${tableId}`;
  }
}
