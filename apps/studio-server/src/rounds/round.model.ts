import type { StoredRoundEvent } from '../shared/ports/persistence.port.js';
import type { RoundStateBase, Violation, Result } from '@felt-studio/games';
import type { AnyKernel } from '../kernels/kernel.registry.js';
import type { Table } from '../tables/table.model.js';

/** A loaded round: its kernel and the fold of its events. */
export interface LoadedRound {
  readonly roundId: string;
  readonly tableId: string;
  readonly game: string;
  readonly kernel: AnyKernel;
  readonly state: RoundStateBase;
  readonly openedAt: number;
  /** Causation ids of the round's events (device `(deviceId, seq)` de-duplication survives restarts). */
  readonly causations: ReadonlySet<string>;
}

/** Published after every commit, in commit order per table (realtime fan-out, device reactions). */
export interface RoundFrame {
  readonly tableId: string;
  readonly roundId: string;
  readonly game: string;
  readonly kernel: AnyKernel;
  readonly events: readonly StoredRoundEvent[];
  readonly state: RoundStateBase;
  readonly previousPhase: string;
}

export interface Committed {
  readonly roundId: string;
  readonly seq: number;
  readonly phase: string;
  readonly events: readonly StoredRoundEvent[];
  /** True when nothing was appended (an idempotent replay, e.g. the same bet id twice). */
  readonly duplicate: boolean;
}

export interface ExecuteOptions {
  /** Target a specific round of the table (settlement of a finished round); default: the current one. */
  readonly roundId?: string;
  /** Stored with the events; device events use `dev:<deviceId>:<seq>` (idempotent ingest). */
  readonly causationId?: string;
  /**
   * The command is a device sign that play started (ball launch, first card, dice): when betting is
   * still open it is closed first (reason 'device'), in the same decision (GEN-3, ROU-3).
   */
  readonly closesBetting?: boolean;
  /**
   * The table as the caller read it just before (the device ingest, which needs it to map the event):
   * not read again (issue 13: one round trip fewer per device result). Ignored for another table.
   */
  readonly table?: Table;
}

/**
 * Read-model phase of a void round whose refunds are not posted yet. `listUnfinished()` treats `void`
 * as finished, so a crash between RoundVoided and the refund job would otherwise lose the refunds;
 * the row says `void` only once settlement has marked the round (see `finalizeVoid`).
 */
export const VOID_PENDING_PHASE = 'void-pending';
export const readModelPhase = (phase: string): string => (phase === 'void' ? VOID_PENDING_PHASE : phase);
/** Phases after which a new round may open. */
export const TERMINAL: ReadonlySet<string> = new Set(['resolved', 'settled', 'void']);
/** Phases of a finished round (money settled or refunded). */
export const FINISHED: ReadonlySet<string> = new Set(['settled', 'void']);

/** The outcome of a locked command: its result, and what to run once the table's lock is released. */
export interface Locked {
  readonly result: Result<Committed>;
  readonly after: () => Promise<void>;
}
export const noop = async (): Promise<void> => undefined;
export const fail = (v: Violation): Locked => ({ result: { ok: false, violation: v }, after: noop });

/**
 * What the round's read-model row stores as `state` (issue 13): the fold's header — phase, seq, limits,
 * closing time, void reason — without the bet book. Bets live in their own table (one row each, written
 * with the bet) and decisions always fold the event log, so the row no longer rewrites every bet of the
 * round as jsonb on each commit (~0.5 s at 10 000 bets).
 */
export function readModelState(state: RoundStateBase): Record<string, unknown> {
  return {
    game: state.game,
    roundId: state.roundId,
    tableId: state.tableId,
    profileId: state.profileId,
    seq: state.seq,
    phase: state.phase,
    bettingClosesAt: state.bettingClosesAt,
    limits: state.limits,
    voidReason: state.voidReason,
  };
}
