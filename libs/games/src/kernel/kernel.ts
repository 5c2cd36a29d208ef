import type { Minor } from '../common/money.js';
import type { Result, Violation } from '../common/result.js';

/**
 * The round-kernel contract (docs/architecture.md "The round kernel"). Every game exports one; the
 * studio server drives every table through exactly this surface:
 *
 *   load → decide(state, command) → append events → evolve → view → publish
 *
 * Rules for implementers:
 *  - decide/evolve/view/settle are PURE and total. No clock: commands carry `at` (epoch ms, server
 *    clock). decide never throws for a rule breach: it returns a Violation with a code + rule ID.
 *  - evolve(state, event) must accept every event decide produced; replaying a round's events from
 *    `initial()` reproduces its state exactly (property-tested).
 *  - Money: every `BetAccepted` event is a debit of `stakeMinor` keyed by `betId` (the server debits
 *    the wallet in the same transaction that appends it); every `BetCancelled` a refund of it.
 *    Blackjack's double/split/insurance stakes are further `BetAccepted` events with their own betId.
 *  - settle(state) lists every accepted, not-cancelled bet exactly once.
 */

/** Every live game's id: derived from the one list of manifests (games.ts, issue 19 §4). */
export type { GameId } from '../game-ids.js';

/** Common phases; games may add detours (roulette `no-spin` handled inside `spinning`, baccarat `halted`). */
export const PHASES = ['idle', 'betting', 'closed', 'play', 'halted', 'resolved', 'settled', 'void'] as const;
export type Phase = (typeof PHASES)[number];

export type Audience =
  | { readonly role: 'player'; readonly playerId: string }
  | { readonly role: 'dealer' }
  | { readonly role: 'pitboss' };

/** Limits snapshot taken when the round opens (so replay does not depend on later table edits). */
export interface RoundLimits {
  /** Per bet spot (spot kind → min/max), e.g. `straight`, `red`, `player`, `main`. Missing kind → tableMin/tableMax. */
  readonly spots: Readonly<Record<string, { readonly minMinor: Minor; readonly maxMinor: Minor }>>;
  readonly tableMinMinor: Minor;
  /** Maximum total stake per player per round. */
  readonly tableMaxMinor: Minor;
}

export interface BetRequest {
  /** Client-generated, idempotency key (`bet_…`). */
  readonly betId: string;
  readonly playerId: string;
  /** Game-specific spot key, e.g. roulette `split:1-2`, baccarat `banker`, blackjack `seat:3`. */
  readonly spot: string;
  readonly stakeMinor: Minor;
}

export interface AcceptedBet extends BetRequest {
  readonly acceptedAt: number;
  /** Spot kind used for limits and paytables (`straight`, `split`, `banker`, `main`, `double`, …). */
  readonly kind: string;
  /** For derived stakes (double/split/insurance): the original bet. */
  readonly parentBetId?: string;
}

/** Commands every kernel understands. Games add their own (device and dealer commands). */
export type CommonCommand =
  | { readonly type: 'OpenRound'; readonly at: number; readonly roundId: string; readonly tableId: string; readonly profileId: string; readonly bettingClosesAt: number; readonly limits: RoundLimits }
  | { readonly type: 'PlaceBet'; readonly at: number; readonly bet: BetRequest }
  | { readonly type: 'CancelBet'; readonly at: number; readonly betId: string; readonly playerId: string }
  | { readonly type: 'CloseBetting'; readonly at: number; readonly reason: 'deadline' | 'dealer' | 'device' }
  | { readonly type: 'VoidRound'; readonly at: number; readonly reason: string; readonly by: string }
  | { readonly type: 'MarkSettled'; readonly at: number };

/**
 * The referee's play-clock commands (issue 9 §5), understood by every kernel `createKernel` builds.
 * Kept apart from CommonCommand so that games' exhaustive switches over the common lifecycle stay valid.
 */
export type PlayCommand =
  /** Issued by the server when a playing step's deadline passes (`deadlines(state)`): the round is stalled for the pit boss (issue 9 §5). */
  | { readonly type: 'StallPlay'; readonly at: number; readonly step?: string; readonly ruleId?: string }
  /** The pit boss's other choice on a stalled round (besides VoidRound): carry on, the step's deadline re-armed from now. */
  | { readonly type: 'ResumePlay'; readonly at: number; readonly by: string; readonly reason?: string };

/** Events every kernel emits. */
export type CommonEvent =
  | { readonly type: 'RoundOpened'; readonly at: number; readonly roundId: string; readonly tableId: string; readonly profileId: string; readonly bettingClosesAt: number; readonly limits: RoundLimits }
  | { readonly type: 'BetAccepted'; readonly at: number; readonly bet: AcceptedBet }
  | { readonly type: 'BetCancelled'; readonly at: number; readonly betId: string; readonly playerId: string; readonly stakeMinor: Minor }
  | { readonly type: 'BettingClosed'; readonly at: number; readonly reason: 'deadline' | 'dealer' | 'device' }
  | { readonly type: 'RoundVoided'; readonly at: number; readonly reason: string; readonly by: string }
  | { readonly type: 'RoundSettled'; readonly at: number };

/** The referee's play-clock events (issue 9 §5); games never fold them (the referee does). */
export type PlayEvent =
  /**
   * A playing step (spin, deal, dice…) passed its deadline with nothing from the table: the round is
   * stalled, never silently stuck (issue 9 §5). `step` and `ruleId` come from the definition's `stall`;
   * `since` is when the step started (the last play event), `deadline` = since + the step's allowance.
   * The pit boss chooses: VoidRound (every bet refunded, GEN-6) or ResumePlay.
   */
  | { readonly type: 'PlayStalled'; readonly at: number; readonly step: string; readonly ruleId: string; readonly since: number; readonly deadline: number }
  | { readonly type: 'PlayResumed'; readonly at: number; readonly by: string; readonly step: string; readonly reason?: string };

/**
 * The referee's early settlement (issue 10, RAY 2011 (docs/rules) §7.4 "Bonus wins are paid, and losing
 * bonus bets collected, BEFORE turn and river are turned up"): bets whose outcome became final before
 * the round's end, settled now. Emitted by the referee (never by a game) after the move that made them
 * final, at most once per bet; the round's final `settle` leaves them out and lists them in
 * `Settlement.early`. A player receives only their own lines.
 */
export interface BetsSettledEvent {
  readonly type: 'BetsSettled';
  readonly at: number;
  readonly lines: readonly SettlementLine[];
}

/** Fields every game's round state has (games extend it). */
export interface RoundStateBase {
  /** A `GameId` (games.ts); typed `string` here because `GameId` is derived from the manifests, which hold these types. */
  readonly game: string;
  readonly roundId: string | null;
  readonly tableId: string | null;
  readonly profileId: string | null;
  /** Number of events folded so far (the round seq shown on every realtime frame). */
  readonly seq: number;
  readonly phase: Phase;
  readonly bettingClosesAt: number | null;
  readonly limits: RoundLimits | null;
  readonly bets: Readonly<Record<string, AcceptedBet>>;
  readonly voidReason: string | null;
}

/** The round fields every game's view shows, as the round state has them (a view adds its game's own). */
export type RoundViewBase = Pick<RoundStateBase, 'roundId' | 'tableId' | 'profileId' | 'seq' | 'phase' | 'bettingClosesAt'>;

/** A view's round fields, copied from the state in RoundViewBase's order. */
export function roundViewBase(s: RoundViewBase): RoundViewBase {
  return { roundId: s.roundId, tableId: s.tableId, profileId: s.profileId, seq: s.seq, phase: s.phase, bettingClosesAt: s.bettingClosesAt };
}

/** A round's settlement from its lines: the house result is what was staked minus what was returned. */
export function settlementOf(roundId: string, voided: boolean, lines: readonly SettlementLine[]): Settlement {
  let house = 0;
  for (const l of lines) house += l.stakeMinor - l.returnMinor;
  return { roundId, voided, lines, houseResultMinor: house };
}

export type Decision<E> = { readonly ok: true; readonly events: readonly E[] } | { readonly ok: false; readonly violation: Violation };

export type SettlementOutcome = 'win' | 'lose' | 'push' | 'refund' | 'partial';

export interface SettlementLine {
  readonly betId: string;
  readonly playerId: string;
  readonly stakeMinor: Minor;
  /** Total returned to the player for this bet (stake included when it wins/pushes). ≥ 0. */
  readonly returnMinor: Minor;
  readonly outcome: SettlementOutcome;
  /** Rule IDs that decided this line (e.g. ['BAC-8','BAC-11']). */
  readonly rules: readonly string[];
}

export interface Settlement {
  readonly roundId: string;
  readonly voided: boolean;
  /** The bets still to settle: every accepted, not-cancelled bet once, except those settled early. */
  readonly lines: readonly SettlementLine[];
  /** Lines already settled during the round (`BetsSettled` events; posted when they happened). Absent = none. */
  readonly early?: readonly SettlementLine[];
  /** Σ stakes − Σ returns over `lines` and `early`: the house result of the round (money is conserved by construction). */
  readonly houseResultMinor: Minor;
}

/** A pending dealer/device action, for the dealer console ("deal Player's third card"). */
export interface NextAction {
  readonly kind: string;
  readonly message: string;
  readonly ruleId?: string;
}

/** A deadline the server must arm a timer for (re-armed after restart from state). */
export interface Deadline {
  readonly at: number;
  /** The command the server issues when the deadline passes. */
  readonly command: { readonly type: string; readonly at: number } & Record<string, unknown>;
}

export interface RoundKernel<S extends RoundStateBase, C extends { type: string; at: number }, E extends { type: string; at: number }, V> {
  /** A `GameId` (games.ts); typed `string` here because `GameId` is derived from the manifests, which hold these types. */
  readonly game: string;
  initial(): S;
  decide(state: S, command: C): Decision<E>;
  evolve(state: S, event: E): S;
  view(state: S, audience: Audience): V;
  settle(state: S): Result<Settlement>;
  /** What the dealer/device must do next; [] when nothing is due. */
  next(state: S): readonly NextAction[];
  /** Deadlines currently armed by the state (betting close, blackjack decision timeout). */
  deadlines(state: S): readonly Deadline[];
}

/** Fold events from the initial state (replay). */
export function replay<S extends RoundStateBase, E extends { type: string; at: number }>(
  kernel: { initial(): S; evolve(s: S, e: E): S },
  events: readonly E[],
): S {
  return events.reduce((s, e) => kernel.evolve(s, e), kernel.initial());
}
