import { DuplicateKey, type BetRow, type NewPosting, type StoredRoundEvent, type Tx, type UnitOfWork } from '../shared/ports/persistence.port.js';
import type { RoundStateBase } from '@felt-studio/games';
import type { Table } from '../tables/table.model.js';
import { betDebitPosting, betRefundPosting } from '../shared/ledger.rules.js';
import type { KernelEvent } from '../kernels/kernel.registry.js';
import { readModelPhase, readModelState, type LoadedRound } from './round.model.js';
import { commitTableChange } from '../shared/host/table-commit.js';

const READ_MODEL_EVERY = 25;
const READ_MODEL_LINEAR_UNTIL = 200;

/**
 * The read-model checkpoint a round at `seq` events has reached. Pure bet commits rewrite the read
 * model (a copy of the whole state: O(bets)) only when they cross a checkpoint: every 25 events up
 * to 200, then ~9 % apart (200 · 2^(i/8)), so the rewrites cost O(1) amortised per bet at any size
 * (issue 8 §2) and the row is never more than ~9 % of the round's bets behind the event log.
 */
export function readModelCheckpoint(seq: number): number {
  if (seq < READ_MODEL_LINEAR_UNTIL) return Math.floor(seq / READ_MODEL_EVERY);
  return READ_MODEL_LINEAR_UNTIL / READ_MODEL_EVERY + Math.floor(8 * Math.log2(seq / READ_MODEL_LINEAR_UNTIL));
}

/** A bet id already used (in this or another round): nothing was written. */
export class BetIdTaken extends Error {
  constructor(readonly betId: string) {
    super(`bet id ${betId} taken`);
  }
}

/**
 * One transaction per decision (one job): the events, the read model, the bet rows and the ledger
 * postings commit together or not at all (non-negotiable 2). Throws BetIdTaken / InsufficientFunds /
 * ConcurrencyConflict with nothing written.
 */
export class RoundCommitter {
  constructor(private readonly uow: UnitOfWork) {}

  write(table: Table, round: LoadedRound, state: RoundStateBase, events: readonly KernelEvent[], causationId: string | null, now: number): Promise<StoredRoundEvent[]> {
    const roundId = round.roundId;
    return this.uow.run(async (tx) => {
      // the table host's one commit step (shared/host/table-commit.ts): the events, then this program's own rows
      const { appended } = await commitTableChange(tx, {
        stream: roundId,
        tableId: table.tableId,
        expectedSeq: round.state.seq,
        events: events.map((e) => ({ type: e.type, at: e.at, payload: e })),
        causationId,
        postings: [],
        at: now,
        alsoWrite: async (t) => {
          // The read model is a cache of the fold (decisions always replay events). Pure bet commits refresh
          // it at checkpoints only: rewriting a state holding every bet on every bet is O(n²).
          const onlyBets = events.every((e) => e.type === 'BetAccepted' || e.type === 'BetCancelled');
          if (!onlyBets || readModelCheckpoint(state.seq) !== readModelCheckpoint(round.state.seq)) {
            await t.rounds.upsert({ roundId, tableId: table.tableId, game: round.game, seq: state.seq, phase: readModelPhase(state.phase), state: readModelState(state), openedAt: round.openedAt, updatedAt: now });
          }
          // bet rows and their postings keep their own batching and order (a cancel's refund before a later debit)
          await this.applyMoney(t, table, roundId, events, now);
        },
      });
      return appended;
    });
  }

  /** Settlement refunded a void round: its read model says `void` (finished) from now on. */
  async markVoidFinished(round: LoadedRound, now: number): Promise<void> {
    await this.uow.run((tx) => tx.rounds.upsert({ roundId: round.roundId, tableId: round.tableId, game: round.game, seq: round.state.seq, phase: 'void', state: readModelState(round.state), openedAt: round.openedAt, updatedAt: now }));
  }

  /**
   * Bet rows and ledger postings in the same transaction as the events. Consecutive accepted bets (a bet
   * group, a layout) are written with one bet insert and one batched posting (issue 13: two statements
   * per group instead of ~9 per bet); the balance check is on the group's net debit, which for debits
   * only is the same as checking each in turn. A reused id or a short wallet throws with nothing written.
   */
  private async applyMoney(tx: Tx, table: Table, roundId: string, events: readonly KernelEvent[], now: number): Promise<void> {
    let rows: BetRow[] = [];
    let postings: NewPosting[] = [];
    const flush = async (): Promise<void> => {
      if (rows.length === 0) return;
      // Bet ids are global idempotency keys: an id already used (this or another round, or two tables
      // racing on one id) is a conflict, never a 5xx.
      await tx.bets.insertMany(rows).catch((err: unknown) => {
        throw err instanceof DuplicateKey ? new BetIdTaken(err.key) : err;
      });
      await tx.ledger.postMany(postings);
      rows = [];
      postings = [];
    };
    for (const e of events) {
      if (e.type === 'BetAccepted') {
        const bet = (e as unknown as { bet: { betId: string; playerId: string; spot: string; kind: string; stakeMinor: number; acceptedAt: number } }).bet;
        rows.push({ betId: bet.betId, roundId, tableId: table.tableId, playerId: bet.playerId, spot: bet.spot, kind: bet.kind, stakeMinor: bet.stakeMinor, currency: table.currency, status: 'accepted', returnMinor: null, placedAt: bet.acceptedAt, settledAt: null });
        const p = betDebitPosting({ betId: bet.betId, playerId: bet.playerId, stakeMinor: bet.stakeMinor, currency: table.currency });
        postings.push({ postingId: p.postingId, entries: p.entries.map((x) => ({ ...x, at: now })) });
      } else if (e.type === 'BetCancelled') {
        await flush();
        const c = e as unknown as { betId: string; playerId: string; stakeMinor: number };
        await tx.bets.transition(c.betId, 'accepted', 'cancelled', null, now);
        const p = betRefundPosting({ betId: c.betId, playerId: c.playerId, stakeMinor: c.stakeMinor, currency: table.currency });
        await tx.ledger.post(p.postingId, p.entries.map((x) => ({ ...x, at: now })));
      }
    }
    await flush();
  }
}
