/**
 * Persistence ports of the studio server (STYLE.md habit 7: TypeORM only in repositories).
 * The rounds/betting side codes against these; the platform side implements them twice:
 * an in-memory fake (unit tests) and TypeORM (PGlite embedded default, PostgreSQL with DATABASE_URL).
 * Both implementations must pass one shared contract test suite (persistence.contract.ts).
 *
 * Everything a command changes is written in ONE transaction through UnitOfWork.run: round events,
 * the round read model, bets and ledger entries (a bet's debit lands with the bet, or neither does).
 */

export interface NewRoundEvent {
  readonly type: string;
  /** Server-clock time of the command that produced it (epoch ms). */
  readonly at: number;
  readonly payload: unknown;
}

export interface StoredRoundEvent extends NewRoundEvent {
  readonly roundId: string;
  readonly tableId: string;
  /** 1-based, unique per round (round id + seq unique). */
  readonly seq: number;
  readonly recordedAt: number;
  readonly causationId: string | null;
}

/** Thrown by append when another writer appended first (expected seq mismatch). Retry from load. */
export class ConcurrencyConflict extends Error {
  constructor(readonly roundId: string, readonly expectedSeq: number) {
    super(`round ${roundId}: expected seq ${expectedSeq} is stale`);
  }
}

/** Insert of a row whose primary key already exists (e.g. the same bet id inserted twice, or by two racing transactions). */
export class DuplicateKey extends Error {
  constructor(readonly entity: string, readonly key: string) {
    super(`${entity} ${key} already exists`);
  }
}

export interface RoundEventRepository {
  append(roundId: string, tableId: string, expectedSeq: number, events: readonly NewRoundEvent[], causationId: string | null): Promise<StoredRoundEvent[]>;
  load(roundId: string, afterSeq?: number): Promise<StoredRoundEvent[]>;
  /** The last `limit` events of `type` at a table, oldest first (the integrity monitors' history, issue 23). */
  latestOfType(tableId: string, type: string, limit: number): Promise<StoredRoundEvent[]>;
}

/** Rebuildable read model of a round (a cache of the fold of its events). */
export interface RoundRow {
  readonly roundId: string;
  readonly tableId: string;
  readonly game: string;
  readonly seq: number;
  readonly phase: string;
  readonly state: unknown;
  readonly openedAt: number;
  readonly updatedAt: number;
}

export interface RoundRepository {
  upsert(row: RoundRow): Promise<void>;
  get(roundId: string): Promise<RoundRow | null>;
  /** Rounds not yet settled or void (crash recovery). */
  listUnfinished(): Promise<RoundRow[]>;
  listByTable(tableId: string, limit: number, beforeOpenedAt?: number): Promise<RoundRow[]>;
}

/** A bet row of the read model: @felt-studio/protocol's `BetRecord` (issue 19 §5). */
import type { BetRecord, BetStatus } from '@felt-studio/protocol';
export type { BetStatus };
export type BetRow = BetRecord;

export interface BetRepository {
  insert(row: BetRow): Promise<void>;
  /**
   * Many new bets in one statement (a bet group's accepted chips, issue 13). Throws DuplicateKey naming
   * the first id that already exists; nothing is inserted then (the caller's transaction rolls back).
   */
  insertMany(rows: readonly BetRow[]): Promise<void>;
  get(betId: string): Promise<BetRow | null>;
  listByRound(roundId: string): Promise<BetRow[]>;
  listByPlayer(playerId: string, limit: number): Promise<BetRow[]>;
  /** Conditional status change; returns false when the bet was not in `from` (idempotent settlement). */
  transition(betId: string, from: BetStatus, to: BetStatus, returnMinor: number | null, at: number): Promise<boolean>;
  /** Many conditional changes from `from` in one statement (settlement); returns how many bets moved. */
  transitionMany(from: BetStatus, changes: readonly BetTransition[], at: number): Promise<number>;
  /**
   * Settlement's one statement (issue 13): moves each listed bet of `roundId` that is `accepted` AND has
   * the line's player and stake to its new status, and answers the moved bets with their currency. A line
   * whose bet is missing, already moved, or different is simply not moved (the caller compares counts).
   */
  settleRound(roundId: string, lines: readonly BetSettleLine[], at: number): Promise<{ betId: string; currency: string }[]>;
  /** How many bets of the round are still `accepted` (every accepted bet must be settled: non-negotiable 2). */
  countAccepted(roundId: string): Promise<number>;
}

export interface BetSettleLine extends BetTransition {
  readonly playerId: string;
  readonly stakeMinor: number;
}

export interface BetTransition {
  readonly betId: string;
  readonly to: BetStatus;
  readonly returnMinor: number | null;
}

/** One posting for `LedgerRepository.postMany`. */
export interface NewPosting {
  readonly postingId: string;
  readonly entries: readonly Omit<LedgerEntryRow, 'postingId'>[];
}

/** One immutable ledger entry. A posting (journal) is ≥ 2 entries summing to zero. */
export interface LedgerEntryRow {
  readonly postingId: string;
  readonly account: string;
  readonly currency: string;
  /** Signed minor units: + credit to the account's balance, − debit. */
  readonly amountMinor: number;
  readonly at: number;
  readonly memo: string;
}

export interface LedgerRepository {
  /**
   * Insert a posting atomically. `postingId` is the idempotency key (e.g. `bet:<betId>:debit`,
   * `settle:<roundId>:<betId>`): a second post with the same id is a no-op returning false.
   * Must refuse (throw InsufficientFunds) when a player account would go negative.
   */
  post(postingId: string, entries: readonly Omit<LedgerEntryRow, 'postingId'>[]): Promise<boolean>;
  /**
   * Many postings at once (settlement of a round: issue 13), all or nothing, each idempotent by its id
   * like `post` (already posted ids are skipped). Non-negative accounts are checked on the net change
   * of the postings that are new. Returns how many were new.
   */
  postMany(postings: readonly NewPosting[]): Promise<number>;
  balance(account: string, currency: string): Promise<number>;
  /** Σ of all entries per currency (must be 0 for every currency). */
  totals(): Promise<Record<string, number>>;
  entries(postingId: string): Promise<LedgerEntryRow[]>;
}

export class InsufficientFunds extends Error {
  constructor(readonly account: string, readonly neededMinor: number, readonly balanceMinor: number) {
    super(`account ${account} has ${balanceMinor}, needs ${neededMinor}`);
  }
}

export interface Tx {
  readonly events: RoundEventRepository;
  readonly rounds: RoundRepository;
  readonly bets: BetRepository;
  readonly ledger: LedgerRepository;
}

export interface UnitOfWork {
  /** Runs fn in one serializable-enough transaction; rolls back everything when fn throws. */
  run<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
}

export const UNIT_OF_WORK = Symbol('UNIT_OF_WORK');
