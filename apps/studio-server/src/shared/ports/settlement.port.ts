import type { Settlement, SettlementLine } from '@felt-studio/games';

/**
 * Implemented by ROUNDS (RoundsModule binds it to the late-bound slot SETTLEMENT_SOURCE, which the
 * settlement processor reads; the settlement module sits below rounds):
 *  - linesFor(roundId): kernel.settle on the stored round state (every accepted, not-cancelled bet once;
 *    a voided round → every bet as a `refund` line with returnMinor = stake);
 *  - markSettled(roundId, at): appends the kernel's RoundSettled event (phase → settled). Must be
 *    idempotent (a replayed settlement calls it again).
 */
export interface SettlementSource {
  linesFor(roundId: string): Promise<Settlement>;
  /**
   * The lines the round settled EARLY so far (the kernel's `BetsSettled` events: Riverside's Bonus before
   * turn and river, RAY 2011 (docs/rules) §7.4), read from the committed state; [] when none. Optional: a
   * source without it has no early settlement.
   */
  earlyLinesFor?(roundId: string): Promise<readonly SettlementLine[]>;
  markSettled(roundId: string, at: number): Promise<void>;
}

/** A `LateBound<SettlementSource>` (SharedPortsModule), bound by RoundsModule (or a test's fake). */
export const SETTLEMENT_SOURCE = Symbol('SETTLEMENT_SOURCE');

/** Wire name of the job (STYLE.md: lower-case, dotted). Job id: `settle-<roundId>` (BullMQ 5 refuses ':' in custom ids). */
export const SETTLE_ROUND_JOB = 'settlement.settle-round';
export const settlementJobId = (roundId: string): string => `settle-${roundId}`;

export interface SettleRoundJob {
  readonly roundId: string;
  /** Server-clock time the round was enqueued (settlement lag metric). */
  readonly enqueuedAt: number;
}

/** The queue seam: in-process (default) and BullMQ (REDIS_URL) implementations. */
export interface SettlementQueue {
  enqueue(job: SettleRoundJob): Promise<void>;
  /** Resolves when every job enqueued so far has finished (settled or dead-lettered). */
  drain(): Promise<void>;
  /** Throws when the queue backend is unreachable (health). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const SETTLEMENT_QUEUE = Symbol('SETTLEMENT_QUEUE');
