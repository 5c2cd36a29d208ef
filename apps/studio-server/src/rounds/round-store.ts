import type { StoredRoundEvent, UnitOfWork } from '../shared/ports/persistence.port.js';
import type { KernelEvent, KernelRegistry } from '../kernels/kernel.registry.js';
import type { LoadedRound } from './round.model.js';

/**
 * Loads rounds (one job): each round's state is a fold of its stored events (STYLE.md habit 2; the
 * read model is never trusted for decisions), and each table's current round is cached. The cache is
 * only ever written by the table's write path (under its lock).
 */
export class RoundStore {
  /** Current (latest) round per table. */
  private readonly current = new Map<string, LoadedRound>();

  constructor(
    private readonly uow: UnitOfWork,
    private readonly kernels: KernelRegistry,
  ) {}

  /** The cached current round of a table (no I/O). */
  cached(tableId: string): LoadedRound | undefined {
    return this.current.get(tableId);
  }

  /** A cached current round with this id (no I/O). */
  cachedRound(roundId: string): LoadedRound | undefined {
    for (const r of this.current.values()) if (r.roundId === roundId) return r;
    return undefined;
  }

  /** Make `round` its table's current round unless a later one is already current; true when it is current. */
  offer(round: LoadedRound): boolean {
    const cur = this.current.get(round.tableId);
    const isCurrent = !cur || cur.roundId === round.roundId || cur.openedAt <= round.openedAt;
    if (isCurrent) this.current.set(round.tableId, round);
    return isCurrent;
  }

  forget(tableId: string): void {
    this.current.delete(tableId);
  }

  /** The table's current round: the cache, else the latest round row rebuilt from its events. */
  async loadCurrent(tableId: string): Promise<LoadedRound | null> {
    const cached = this.current.get(tableId);
    if (cached) return cached;
    const rows = await this.uow.run((tx) => tx.rounds.listByTable(tableId, 1));
    const row = rows[0];
    if (!row) return null;
    const r = await this.rebuild(row.roundId);
    if (r) this.current.set(tableId, r);
    return r;
  }

  /** A round folded from its stored events (never from the read model's state). */
  async rebuild(roundId: string): Promise<LoadedRound | null> {
    const { row, events } = await this.uow.run(async (tx) => ({ row: await tx.rounds.get(roundId), events: await tx.events.load(roundId) }));
    if (!row) return null;
    const kernel = this.kernels.get(row.game);
    if (!kernel) throw new Error(`round ${roundId}: no kernel for game ${row.game}`);
    let state = kernel.initial();
    const causations = new Set<string>();
    for (const e of events) {
      state = kernel.evolve(state, e.payload as KernelEvent);
      if (e.causationId !== null) causations.add(e.causationId);
    }
    return { roundId, tableId: row.tableId, game: row.game, kernel, state, openedAt: row.openedAt, causations };
  }

  /** Stored events of a round after `afterSeq`. */
  loadEvents(roundId: string, afterSeq = 0): Promise<StoredRoundEvent[]> {
    return this.uow.run((tx) => tx.events.load(roundId, afterSeq));
  }
}
