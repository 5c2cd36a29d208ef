/**
 * In-memory implementation of every persistence port, for unit tests of services (STYLE.md "Tests":
 * unit with fakes). It is a real fake, not a stub: it passes the same contract suite as TypeORM
 * (persistence.contract.ts).
 *
 * Semantics:
 *  - `run` transactions are serialised (one at a time, FIFO) → serialisable isolation. Do NOT call
 *    `uow.run` from inside a `run` callback: it would wait for itself (same as a nested tx deadlock).
 *  - Every mutation records an undo step; when the callback throws, the steps are undone in reverse
 *    order, so nothing of the transaction remains (rollback).
 *  - `events.append` with a stale `expectedSeq` → ConcurrencyConflict; `ledger.post` that would take a
 *    `player:*` or `in-play` balance below zero → InsufficientFunds; posting ids are idempotency keys.
 *  - Rows are frozen copies: callers can't mutate stored state behind the repository's back.
 */
import {
  ConcurrencyConflict,
  type BetRepository,
  type BetRow,
  type BetStatus,
  type BetTransition,
  type BetSettleLine,
  type NewPosting,
  type LedgerEntryRow,
  type LedgerRepository,
  type NewRoundEvent,
  type RoundEventRepository,
  type RoundRepository,
  type RoundRow,
  type StoredRoundEvent,
  type Tx,
  type UnitOfWork,
} from '../shared/ports/persistence.port.js';
import type { Clock } from '../shared/clock.js';
import { systemClock } from '../shared/clock.js';
import { accountDeltas, checkFunds, DuplicateKey, FINISHED_PHASES, validatePostingEntries, type LedgerReader, type LedgerSnapshot } from './persistence.common.js';

interface Store {
  events: Map<string, StoredRoundEvent[]>;
  rounds: Map<string, RoundRow>;
  bets: Map<string, BetRow>;
  postings: Map<string, LedgerEntryRow[]>;
  balances: Map<string, number>;
}

/** The same key as accountDeltas'. */
const balanceKey = (account: string, currency: string): string => `${account}\u0000${currency}`;
const freeze = <T extends object>(o: T): T => Object.freeze({ ...o });

type Undo = () => void;

class TxState {
  readonly undo: Undo[] = [];
  open = true;
  guard(): void {
    if (!this.open) throw new Error('transaction already finished: repositories of a Tx are only valid inside uow.run');
  }
}

export class InMemoryUnitOfWork implements UnitOfWork, LedgerReader {
  private readonly store: Store = { events: new Map(), rounds: new Map(), bets: new Map(), postings: new Map(), balances: new Map() };
  private tail: Promise<unknown> = Promise.resolve();

  constructor(private readonly clock: Clock = systemClock) {}

  run<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    const result = this.tail.then(() => this.execute(fn));
    // Keep the queue going whatever this transaction's outcome (its caller gets the rejection).
    this.tail = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }

  private async execute<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    const state = new TxState();
    try {
      const value = await fn(this.makeTx(state));
      state.open = false;
      return value;
    } catch (err) {
      state.open = false;
      for (let i = state.undo.length - 1; i >= 0; i--) state.undo[i]!();
      throw err;
    }
  }

  /** Whole-ledger read for the invariant checker (LedgerAuditService). */
  async snapshot(): Promise<LedgerSnapshot> {
    await this.tail;
    const entries = [...this.store.postings.values()].flat();
    const bets = [...this.store.bets.values()];
    const finished = new Set([...this.store.rounds.values()].filter((r) => FINISHED_PHASES.includes(r.phase)).map((r) => r.roundId));
    return { entries, bets, finishedRoundIds: finished };
  }

  private makeTx(state: TxState): Tx {
    const s = this.store;
    const clock = this.clock;

    const events: RoundEventRepository = {
      async append(roundId: string, tableId: string, expectedSeq: number, newEvents: readonly NewRoundEvent[], causationId: string | null) {
        state.guard();
        const list = s.events.get(roundId) ?? [];
        const current = list.length === 0 ? 0 : list[list.length - 1]!.seq;
        if (current !== expectedSeq) throw new ConcurrencyConflict(roundId, expectedSeq);
        const recordedAt = clock.now();
        const stored = newEvents.map((e, i) =>
          freeze<StoredRoundEvent>({ roundId, tableId, seq: expectedSeq + i + 1, type: e.type, at: e.at, payload: structuredClone(e.payload), recordedAt, causationId }),
        );
        const existed = s.events.has(roundId);
        const before = list.length;
        list.push(...stored);
        s.events.set(roundId, list);
        state.undo.push(() => {
          list.length = before;
          if (!existed) s.events.delete(roundId);
        });
        return [...stored];
      },
      async load(roundId: string, afterSeq = 0) {
        state.guard();
        return (s.events.get(roundId) ?? []).filter((e) => e.seq > afterSeq);
      },
      async latestOfType(tableId: string, type: string, limit: number) {
        state.guard();
        const all = [...s.events.values()].flat().filter((e) => e.tableId === tableId && e.type === type);
        all.sort((a, b) => a.recordedAt - b.recordedAt); // stable: rounds in the order they were appended
        return all.slice(Math.max(0, all.length - limit));
      },
    };

    const rounds: RoundRepository = {
      async upsert(row: RoundRow) {
        state.guard();
        const prev = s.rounds.get(row.roundId);
        s.rounds.set(row.roundId, freeze({ ...row, state: structuredClone(row.state) }));
        state.undo.push(() => {
          if (prev === undefined) s.rounds.delete(row.roundId);
          else s.rounds.set(row.roundId, prev);
        });
      },
      async get(roundId: string) {
        state.guard();
        return s.rounds.get(roundId) ?? null;
      },
      async listUnfinished() {
        state.guard();
        return [...s.rounds.values()].filter((r) => !FINISHED_PHASES.includes(r.phase)).sort((a, b) => a.openedAt - b.openedAt || a.roundId.localeCompare(b.roundId));
      },
      async listByTable(tableId: string, limit: number, beforeOpenedAt?: number) {
        state.guard();
        return [...s.rounds.values()]
          .filter((r) => r.tableId === tableId && (beforeOpenedAt === undefined || r.openedAt < beforeOpenedAt))
          .sort((a, b) => b.openedAt - a.openedAt || b.roundId.localeCompare(a.roundId))
          .slice(0, limit);
      },
    };

    const bets: BetRepository = {
      async insert(row: BetRow) {
        state.guard();
        if (s.bets.has(row.betId)) throw new DuplicateKey('bet', row.betId);
        s.bets.set(row.betId, freeze(row));
        state.undo.push(() => s.bets.delete(row.betId));
      },
      async insertMany(rows: readonly BetRow[]) {
        state.guard();
        const ids = new Set<string>();
        for (const r of rows) {
          if (s.bets.has(r.betId) || ids.has(r.betId)) throw new DuplicateKey('bet', r.betId);
          ids.add(r.betId);
        }
        for (const r of rows) await bets.insert(r);
      },
      async get(betId: string) {
        state.guard();
        return s.bets.get(betId) ?? null;
      },
      async listByRound(roundId: string) {
        state.guard();
        return [...s.bets.values()].filter((b) => b.roundId === roundId).sort((a, b) => a.placedAt - b.placedAt || a.betId.localeCompare(b.betId));
      },
      async listByPlayer(playerId: string, limit: number) {
        state.guard();
        return [...s.bets.values()]
          .filter((b) => b.playerId === playerId)
          .sort((a, b) => b.placedAt - a.placedAt || b.betId.localeCompare(a.betId))
          .slice(0, limit);
      },
      async transition(betId: string, from: BetStatus, to: BetStatus, returnMinor: number | null, at: number) {
        state.guard();
        const prev = s.bets.get(betId);
        if (prev === undefined || prev.status !== from) return false;
        s.bets.set(betId, freeze({ ...prev, status: to, returnMinor, settledAt: at }));
        state.undo.push(() => s.bets.set(betId, prev));
        return true;
      },
      async transitionMany(from: BetStatus, changes: readonly BetTransition[], at: number) {
        let n = 0;
        for (const c of changes) if (await bets.transition(c.betId, from, c.to, c.returnMinor, at)) n++;
        return n;
      },
      async settleRound(roundId: string, lines: readonly BetSettleLine[], at: number) {
        state.guard();
        const out: { betId: string; currency: string }[] = [];
        for (const l of lines) {
          const b = s.bets.get(l.betId);
          if (b === undefined || b.roundId !== roundId || b.playerId !== l.playerId || b.stakeMinor !== l.stakeMinor) continue;
          if (await bets.transition(l.betId, 'accepted', l.to, l.returnMinor, at)) out.push({ betId: l.betId, currency: b.currency });
        }
        return out;
      },
      async countAccepted(roundId: string) {
        state.guard();
        let n = 0;
        for (const b of s.bets.values()) if (b.roundId === roundId && b.status === 'accepted') n++;
        return n;
      },
    };

    const ledger: LedgerRepository = {
      async post(postingId: string, entries: readonly Omit<LedgerEntryRow, 'postingId'>[]) {
        state.guard();
        validatePostingEntries(postingId, entries);
        if (s.postings.has(postingId)) return false;
        // Check every non-negative account first, then apply (all or nothing).
        const deltas = accountDeltas(entries);
        for (const [k, d] of deltas) checkFunds(d, s.balances.get(k) ?? 0);
        const rows = entries.map((e) => freeze<LedgerEntryRow>({ postingId, account: e.account, currency: e.currency, amountMinor: e.amountMinor, at: e.at, memo: e.memo }));
        s.postings.set(postingId, rows);
        const prevBalances: [string, number | undefined][] = [];
        for (const [k, d] of deltas) {
          const prev = s.balances.get(k);
          prevBalances.push([k, prev]);
          s.balances.set(k, (prev ?? 0) + d.delta);
        }
        state.undo.push(() => {
          s.postings.delete(postingId);
          for (const [k, prev] of prevBalances) {
            if (prev === undefined) s.balances.delete(k);
            else s.balances.set(k, prev);
          }
        });
        return true;
      },
      async postMany(postings: readonly NewPosting[]) {
        // One by one inside the transaction: a failure undoes all of them with the transaction.
        let n = 0;
        for (const p of postings) if (await ledger.post(p.postingId, p.entries)) n++;
        return n;
      },
      async balance(account: string, currency: string) {
        state.guard();
        return s.balances.get(balanceKey(account, currency)) ?? 0;
      },
      async totals() {
        state.guard();
        const out: Record<string, number> = {};
        for (const rows of s.postings.values()) for (const e of rows) out[e.currency] = (out[e.currency] ?? 0) + e.amountMinor;
        return out;
      },
      async entries(postingId: string) {
        state.guard();
        return [...(s.postings.get(postingId) ?? [])];
      },
    };

    return { events, rounds, bets, ledger };
  }
}
