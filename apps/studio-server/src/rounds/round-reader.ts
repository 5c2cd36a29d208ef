import type { AcceptedBet, Audience, NextAction } from '@felt-studio/games';
import type { StoredRoundEvent, UnitOfWork } from '../shared/ports/persistence.port.js';
import type { KeyedMutex } from '../shared/host/keyed-mutex.js';
import type { PlayerBetIndex } from './player-bet-index.js';
import type { RoundStore } from './round-store.js';
import type { LoadedRound } from './round.model.js';

/** `GET /tables/:id/rounds` rows: @felt-studio/protocol's shape (issue 19 §5). */
import type { RoundSummary } from '@felt-studio/protocol';
export type { RoundSummary };

/**
 * The read side of rounds (one job): current round, views per audience, a player's bets, history and
 * stored events. Reads of a table's current round queue behind its writes (the table's lock), so a
 * reader never sees a round half-way through a commit.
 */
export class RoundReader {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly mutex: KeyedMutex,
    private readonly store: RoundStore,
    private readonly index: PlayerBetIndex,
  ) {}

  currentRound(tableId: string): Promise<LoadedRound | null> {
    return this.mutex.run(tableId, () => this.store.loadCurrent(tableId));
  }

  /**
   * The table's last committed round without queueing behind its next write (the join snapshot, issue 13:
   * a thousand joins used to wait behind every bet group). The cache only ever holds committed states;
   * frames of a commit in flight follow, and clients drop frames at or below their snapshot's seq.
   */
  latestCommitted(tableId: string): Promise<LoadedRound | null> {
    const cached = this.store.cached(tableId);
    return cached ? Promise.resolve(cached) : this.currentRound(tableId);
  }

  playerBets(tableId: string, playerId: string): Promise<AcceptedBet[]> {
    // The cached round is the last committed state: answer without queueing behind the table's next
    // bet group (a bet's ack used to wait one more turn of the queue, issue 13).
    const cached = this.store.cached(tableId);
    if (cached) return Promise.resolve(this.index.betsOf(cached, playerId));
    return this.mutex.run(tableId, async () => {
      const cur = await this.store.loadCurrent(tableId);
      return cur ? this.index.betsOf(cur, playerId) : [];
    });
  }

  round(roundId: string, opts: { fresh?: boolean } = {}): Promise<LoadedRound | null> {
    const cached = opts.fresh ? undefined : this.store.cachedRound(roundId);
    return cached ? Promise.resolve(cached) : this.store.rebuild(roundId);
  }

  async viewOf(tableId: string, audience: Audience): Promise<{ roundId: string | null; seq: number; view: unknown; next: readonly NextAction[] }> {
    const r = await this.currentRound(tableId);
    if (!r) return { roundId: null, seq: 0, view: null, next: [] };
    return { roundId: r.roundId, seq: r.state.seq, view: r.kernel.view(r.state, audience), next: audience.role === 'player' ? [] : r.kernel.next(r.state) };
  }

  async history(tableId: string, limit: number): Promise<RoundSummary[]> {
    const rows = await this.uow.run((tx) => tx.rounds.listByTable(tableId, limit));
    return rows.map((r) => ({ roundId: r.roundId, phase: r.phase, seq: r.seq, openedAt: r.openedAt, updatedAt: r.updatedAt }));
  }

  loadEvents(roundId: string, afterSeq = 0): Promise<StoredRoundEvent[]> {
    return this.store.loadEvents(roundId, afterSeq);
  }
}
