import { isMinor, type Minor } from '../common/money.js';
import { ok, violation, type Result, type Violation } from '../common/result.js';
import { betsOfPlayer, betsRecord, bookAccept, bookCancel, bookTotals, emptyBook, stakeOfPlayerIn, stakeOnSpot, type BetBook, type BookTotals } from './book.js';
import type { GameErrorCode } from './errors.js';
import type {
  AcceptedBet,
  Audience,
  BetsSettledEvent,
  BetRequest,
  CommonCommand,
  CommonEvent,
  Deadline,
  PlayCommand,
  PlayEvent,
  NextAction,
  Phase,
  RoundKernel,
  RoundLimits,
  RoundStateBase,
  Settlement,
  SettlementLine,
} from './kernel.js';

/**
 * ONE referee for every game (STYLE.md "Games: one referee", issue 8; after boardgame.io's flow):
 * a game is a `GameDefinition` — data and pure functions — and `createKernel(def)` decides the
 * common lifecycle (open, bet, cancel, close, void, mark-settled, unknown command) once, the same
 * way at every table, from the `LIFECYCLE` table below. A game only adds its spots and
 * restrictions, its moves (device / dealer / player commands), its view, its event redaction and
 * its settlement.
 */

// ───────────────────────────── the lifecycle table ─────────────────────────────

/** The common situations the referee decides for every game. */
export const SITUATIONS = [
  'open',
  'bet',
  'bet-retry',
  'bet-conflict',
  'cancel',
  'cancel-retry',
  'close',
  'close-deadline',
  'void',
  'mark-settled',
  'unknown-command',
  'move-out-of-phase',
  'device-result',
  'stall',
  'resume',
] as const;
export type Situation = (typeof SITUATIONS)[number];

export type LifecycleOutcome =
  /** The command is decided and emits `event` (subject to the command's own validation). */
  | { readonly kind: 'accept'; readonly event: CommonEvent['type'] | PlayEvent['type'] | 'game' }
  /** Nothing to do: the same thing already happened (ok, no events, `duplicate: true`). */
  | { readonly kind: 'duplicate' }
  | { readonly kind: 'reject'; readonly code: GameErrorCode; readonly ruleId: string };

const A = (event: CommonEvent['type'] | PlayEvent['type'] | 'game'): LifecycleOutcome => ({ kind: 'accept', event });
const D: LifecycleOutcome = { kind: 'duplicate' };
const R = (code: GameErrorCode, ruleId: string): LifecycleOutcome => ({ kind: 'reject', code, ruleId });

const row = (idle: LifecycleOutcome, betting: LifecycleOutcome, closed: LifecycleOutcome, play: LifecycleOutcome, halted: LifecycleOutcome, resolved: LifecycleOutcome, settled: LifecycleOutcome, voided: LifecycleOutcome): Readonly<Record<Phase, LifecycleOutcome>> => ({
  idle,
  betting,
  closed,
  play,
  halted,
  resolved,
  settled,
  void: voided,
});

const CLOSED = R('BETTING_CLOSED', 'GEN-3');
const NOT_OPEN = R('ROUND_NOT_OPEN', 'GEN-3');

/**
 * Situation × phase → the referee's one answer, for every game. `createKernel` consults this table
 * first; the contract suite (libs/games/src/contract.spec.ts) checks every cell for every game.
 *
 * - `bet` in `betting` also needs `at` < bettingClosesAt (else BETTING_CLOSED, GEN-3) and a valid bet.
 * - `bet-retry` = same betId, same player, spot and stake: the original acceptance is returned
 *   (`duplicate: true`, `accepted: <the bet>`, no events) in every phase, even after close.
 * - `close-deadline` in `betting` before bettingClosesAt is DEADLINE_NOT_REACHED (GEN-3).
 * - A device sign that play started (ball launched, first card, dice) is a move with
 *   `closesBetting`: in `betting` the referee emits `BettingClosed{reason:'device'}` first.
 * - `mark-settled` after a void is a real event (RoundSettled; the phase becomes `settled` and
 *   `voidReason` stays, so `settle` still refunds).
 * - `device-result` = a move the definition marks `result` (a wheel's number, the dice): while betting
 *   is open it is a FAULT, never an outcome (issue 9 §2): DEVICE_RESULT_OUT_OF_PHASE with the move's
 *   own rule ID (ROU-3 wheel, SB-4 dice…; GEN-3 when it names none); the round is neither closed nor
 *   resolved by it and the server raises a pit-boss alert. A wheel result with no spin in progress is the
 *   same code from the game (ROU-4). Elsewhere a result move follows its `phases` like any move.
 * - `stall` = the server's `StallPlay` when a playing step's deadline passed (`deadlines(state)`; the
 *   step and its allowance come from the definition's `stall`, 60 s by default): PlayStalled; a late
 *   timer after the round moved on is a no-op; before the deadline DEADLINE_NOT_REACHED (GEN-6).
 * - `resume` = the pit boss's `ResumePlay` on a stalled round (the other choice is `VoidRound`):
 *   PlayResumed, the step's deadline re-armed from now; ROUND_NOT_STALLED when nothing is stalled.
 */
export const LIFECYCLE: Readonly<Record<Situation, Readonly<Record<Phase, LifecycleOutcome>>>> = {
  //                    idle                           betting               closed                 play                   halted                 resolved                            settled                             void
  open: row(A('RoundOpened'), R('ROUND_ALREADY_OPEN', 'GEN-3'), R('ROUND_ALREADY_OPEN', 'GEN-3'), R('ROUND_ALREADY_OPEN', 'GEN-3'), R('ROUND_ALREADY_OPEN', 'GEN-3'), R('ROUND_ALREADY_OPEN', 'GEN-3'), R('ROUND_ALREADY_OPEN', 'GEN-3'), R('ROUND_ALREADY_OPEN', 'GEN-3')),
  bet: row(NOT_OPEN, A('BetAccepted'), CLOSED, CLOSED, CLOSED, CLOSED, CLOSED, CLOSED),
  'bet-retry': row(NOT_OPEN, D, D, D, D, D, D, D),
  'bet-conflict': row(NOT_OPEN, R('BET_ID_CONFLICT', 'D-3'), R('BET_ID_CONFLICT', 'D-3'), R('BET_ID_CONFLICT', 'D-3'), R('BET_ID_CONFLICT', 'D-3'), R('BET_ID_CONFLICT', 'D-3'), R('BET_ID_CONFLICT', 'D-3'), R('BET_ID_CONFLICT', 'D-3')),
  cancel: row(NOT_OPEN, A('BetCancelled'), CLOSED, CLOSED, CLOSED, CLOSED, CLOSED, CLOSED),
  'cancel-retry': row(NOT_OPEN, D, D, D, D, D, D, D),
  close: row(NOT_OPEN, A('BettingClosed'), D, D, D, D, D, R('ROUND_VOID', 'GEN-6')),
  'close-deadline': row(NOT_OPEN, A('BettingClosed'), D, D, D, D, D, R('ROUND_VOID', 'GEN-6')),
  void: row(R('ROUND_NOT_OPEN', 'GEN-6'), A('RoundVoided'), A('RoundVoided'), A('RoundVoided'), A('RoundVoided'), R('ROUND_RESOLVED', 'GEN-6'), R('ROUND_RESOLVED', 'GEN-6'), D),
  'mark-settled': row(R('ROUND_NOT_OPEN', 'GEN-5'), R('ROUND_NOT_RESOLVED', 'GEN-5'), R('ROUND_NOT_RESOLVED', 'GEN-5'), R('ROUND_NOT_RESOLVED', 'GEN-5'), R('ROUND_NOT_RESOLVED', 'GEN-5'), A('RoundSettled'), D, A('RoundSettled')),
  'unknown-command': row(R('UNKNOWN_COMMAND', 'D-3'), R('UNKNOWN_COMMAND', 'D-3'), R('UNKNOWN_COMMAND', 'D-3'), R('UNKNOWN_COMMAND', 'D-3'), R('UNKNOWN_COMMAND', 'D-3'), R('UNKNOWN_COMMAND', 'D-3'), R('UNKNOWN_COMMAND', 'D-3'), R('UNKNOWN_COMMAND', 'D-3')),
  'move-out-of-phase': row(NOT_OPEN, R('COMMAND_NOT_EXPECTED', 'GEN-3'), R('COMMAND_NOT_EXPECTED', 'GEN-3'), R('COMMAND_NOT_EXPECTED', 'GEN-3'), R('ROUND_HALTED', 'S-2'), R('ROUND_RESOLVED', 'GEN-5'), R('ROUND_RESOLVED', 'GEN-5'), R('ROUND_VOID', 'GEN-6')),
  'device-result': row(NOT_OPEN, R('DEVICE_RESULT_OUT_OF_PHASE', 'GEN-3'), A('game'), A('game'), R('ROUND_HALTED', 'S-2'), R('ROUND_RESOLVED', 'GEN-5'), R('ROUND_RESOLVED', 'GEN-5'), R('ROUND_VOID', 'GEN-6')),
  stall: row(NOT_OPEN, R('COMMAND_NOT_EXPECTED', 'GEN-3'), A('PlayStalled'), A('PlayStalled'), D, D, D, D),
  resume: row(NOT_OPEN, R('ROUND_NOT_STALLED', 'GEN-6'), A('PlayResumed'), A('PlayResumed'), R('ROUND_HALTED', 'S-2'), R('ROUND_RESOLVED', 'GEN-5'), R('ROUND_RESOLVED', 'GEN-5'), R('ROUND_VOID', 'GEN-6')),
};

/** The LIFECYCLE table as Markdown (libs/games/ERRORS.md and docs/architecture.md carry it; the contract suite checks they agree). */
export function lifecycleMarkdown(): string {
  const cell = (o: LifecycleOutcome): string => {
    switch (o.kind) {
      case 'accept':
        return o.event === 'game' ? "accept (the move's events)" : `accept ${o.event}`;
      case 'duplicate':
        return 'duplicate';
      case 'reject':
        return `${o.code} (${o.ruleId})`;
    }
  };
  const phases = Object.keys(LIFECYCLE.open) as Phase[];
  const lines = [`| situation | ${phases.join(' | ')} |`, `|---|${phases.map(() => '---').join('|')}|`];
  for (const situation of SITUATIONS) lines.push(`| ${situation} | ${phases.map((p) => cell(LIFECYCLE[situation][p])).join(' | ')} |`);
  return lines.join('\n');
}

// ───────────────────────────── state and decisions ─────────────────────────────

/** A stalled playing step (issue 9 §5): what the round waited for, under which rule, since when. */
export interface StallRecord {
  readonly at: number;
  readonly step: string;
  readonly ruleId: string;
  readonly since: number;
}

/** Every game's state under the referee: the contract's base plus the incremental bet book. */
export interface RefereeState extends RoundStateBase {
  readonly book: BetBook;
  /** When the current playing step started (the last event folded in `closed`/`play`); null outside play. The base of the stall deadline. */
  readonly playSince: number | null;
  /** Set by PlayStalled, cleared by any progress, PlayResumed, or leaving play. */
  readonly stalled: StallRecord | null;
  /** Bets settled before the round's end (`BetsSettled`, the definition's `settleEarly`), in event order. */
  readonly early: readonly SettlementLine[];
}

/** A playing step the round waits for from the table, and how long it may take (issue 9 §5). */
export interface StallSpec {
  /** What the table owes: `spin`, `result`, `deal`, `dice`… (shown to the pit boss). */
  readonly step: string;
  readonly afterMs: number;
  readonly ruleId: string;
}

/** The allowance of a playing step when a definition declares none: no round waits silently forever. */
export const DEFAULT_STALL: StallSpec = { step: 'play', afterMs: 60_000, ruleId: 'GEN-6' };

/** A referee decision: events, or a violation. A retry is ok with no events and `duplicate: true`. */
export type RefereeDecision<E> =
  | { readonly ok: true; readonly events: readonly E[]; readonly duplicate?: true; readonly accepted?: AcceptedBet }
  | { readonly ok: false; readonly violation: Violation };

export interface Cmd {
  readonly type: string;
  readonly at: number;
}

/** A game-specific command handler: the phases it is legal in, and its pure decision. */
export interface Move<S, C, E> {
  readonly phases: readonly Phase[];
  /** A device sign that play started (ball launch, card, dice): closes betting first if still open (GEN-3, ROU-3). */
  readonly closesBetting?: boolean;
  /**
   * The move reports an outcome from a device (a wheel's number, the dice): while betting is open it
   * is refused as DEVICE_RESULT_OUT_OF_PHASE with this rule ID — a fault for the pit boss, never an
   * outcome, and it neither closes nor resolves the round (issue 9 §2; LIFECYCLE `device-result`).
   */
  readonly result?: { readonly ruleId: string };
  decide(state: S, command: C): RefereeDecision<E>;
}

export type GameCommandOf<C extends Cmd> = Exclude<C, CommonCommand | PlayCommand>;
export type GameEventOf<E extends Cmd> = Exclude<E, CommonEvent | PlayEvent>;

export type Moves<S, C extends Cmd, E> = { readonly [K in GameCommandOf<C>['type']]: Move<S, Extract<C, { type: K }>, E> };

/** A parsed spot: its canonical key and its kind (the limits and paytable key). */
export interface SpotInfo {
  readonly key: string;
  readonly kind: string;
}

// ───────────────────────────── devices, roles, carry ─────────────────────────────

/** A canonical device event (devices.md §1) as the definitions see it (the protocol codec validated it). */
export interface DeviceEventLike {
  readonly type: string;
  readonly deviceId: string;
  readonly payload: Readonly<Record<string, unknown>>;
}

/** What the server does with a device event (the generic ingest executes it). */
export type DeviceReaction =
  | { readonly kind: 'command'; readonly command: Cmd & Readonly<Record<string, unknown>>; readonly closesBetting: boolean; readonly forRoundId?: string }
  | { readonly kind: 'alert'; readonly severity: 'info' | 'warning' | 'critical'; readonly code: string; readonly message: string; readonly fault: boolean }
  | { readonly kind: 'track' };

/** Hints the server keeps per table from earlier device events (e.g. the last `wheel.ball` revolutions). */
export interface DeviceContext {
  readonly hints: Readonly<Record<string, unknown>>;
}

/** A command the server sends to a table device when an event of the round happens. */
export interface DeviceOrder {
  readonly deviceKind: string;
  readonly type: string;
  readonly payload: Readonly<Record<string, unknown>>;
}

/** The kinds of device a table can have (the protocol's `TableDevice.kind` takes its values from here). */
export const DEVICE_KINDS = ['wheel', 'shoe', 'timer', 'dice', 'shaker', 'camera'] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];

/**
 * Event families every table shares, and who may report them (DEV-AUTH-1): buttons come from the bet
 * timer / dealer button box only (devices.md §4); `device.*` (heartbeat, fault) is every device's report
 * about itself.
 */
export const COMMON_REPORTERS: Readonly<Record<string, readonly DeviceKind[]>> = {
  button: ['timer'],
  device: DEVICE_KINDS,
};

/** Why a device of `kind` may not report `type` at a table of this game (DEV-AUTH-1), or null when it may (or the family is not the game's: wrong table, decided by the mapping). */
export function reporterRefusal(reporters: Readonly<Record<string, readonly DeviceKind[]>>, kind: DeviceKind, type: string): { readonly family: string; readonly allowed: readonly DeviceKind[] } | null {
  const family = type.split('.')[0] ?? '';
  const allowed = COMMON_REPORTERS[family] ?? reporters[family];
  if (allowed === undefined || allowed.includes(kind)) return null;
  return { family, allowed };
}

export interface DevicesSpec<S> {
  /**
   * Who may report what (DEV-AUTH-1, NN-3): event family (the part of the event type before the dot:
   * `wheel`, `moneywheel`, `shoe`, `dice`, `shaker`) → the device kinds of the table (`TableDevice.kind`)
   * whose events of that family this game accepts. A device of another kind reporting that family is
   * refused by the broker and by ingest, with an alert naming it; a family the game does not list is a
   * device at the wrong table. `button` (the timer box) and `device` (health) are common to every table.
   */
  readonly reporters: Readonly<Record<string, readonly DeviceKind[]>>;
  /** Canonical device event → reaction; null = not game-specific (buttons, heartbeats: the server's common mapping). */
  map(event: DeviceEventLike, ctx: DeviceContext, at: number): DeviceReaction | null;
  /** Hints to remember from a device event (stored per table; derived from events, issue 8 §5). */
  hint?(event: DeviceEventLike): Readonly<Record<string, unknown>> | null;
  /** Device orders after an event of the round was committed (wheel launch, shaker shake). */
  react?(event: Cmd & Readonly<Record<string, unknown>>, state: S, ctx: DeviceContext & { readonly roundId: string }): readonly DeviceOrder[];
}

/**
 * What the studio's integrity monitors (issue 23) need to know of a game — declared by the game, so the server
 * picks the monitors of a table from its game's definition, never from its name (issue 19 §4).
 */
export interface IntegritySpec {
  /**
   * A wheel: the wheel-bias monitor tests its results (per reporting device), and the late-bettor monitor times
   * the bets against its result. `resultEvent` carries the winning pocket as `number` (0 … pockets − 1); `order`
   * is the pockets around the wheel (sectors, halves, the dealer signature); `coverage` the pockets a spot of the
   * round's profile wins on (null: a spot it does not know).
   */
  readonly wheel?: {
    readonly resultEvent: string;
    readonly pockets: number;
    readonly order: readonly number[];
    coverage(spot: string, profileId: string | null): ReadonlySet<number> | null;
  };
  /**
   * A shoe carried from round to round (`ShoeAttached`, `CardRecorded`, `CardUnreadable`, `CutCardRecorded`):
   * the shoe monitor follows its sessions. With `count`, the advantage-play monitor weighs each player's bets
   * against the shoe's Hi-Lo count: `mainKinds` the main bets (bets with a parent — doubles, splits — never
   * count), `sideKinds` the pair side bets weighed against the remaining shoe's pair chance.
   */
  readonly shoe?: { readonly count?: { readonly mainKinds: readonly string[]; readonly sideKinds: readonly string[] } };
}

export type Role = 'dealer' | 'pitboss' | 'player';

/** A game command a person may issue through round control, with the roles allowed. */
export interface CommandSpec {
  readonly type: string;
  readonly roles: readonly Role[];
  /** Needs a second person's sign-off (S-3 manual entry): the server holds it for a pit boss. */
  readonly signOff?: boolean;
  readonly ruleId: string;
  readonly description: string;
}

/** What carries over from one round to the next at a table (the shoe, S-1). */
export interface CarrySpec<S> {
  /** The command that attaches the carried data to a freshly opened round, or null when nothing carries (new shoe, cut card out). */
  next(previous: S, at: number): (Cmd & Readonly<Record<string, unknown>>) | null;
}

/** Pre-open checks a pit boss records before a table opens (ROU-7). */
export interface PreOpenSpec {
  readonly ruleId: string;
  readonly checks: readonly string[];
  readonly description: string;
}

export interface ProfileLike {
  readonly id: string;
  readonly name: string;
}

// ───────────────────────────── the definition ─────────────────────────────

export interface GameDefinition<S extends RefereeState, C extends Cmd, E extends Cmd, V, P extends ProfileLike> {
  /** A `GameId` (games.ts); typed `string` here because `GameId` is derived from the manifests, which hold these types. */
  readonly id: string;
  readonly name: string;
  readonly profiles: Readonly<Record<string, P>>;
  readonly defaultProfile: string;
  /** A profile this build can run, or why not (default: any profile of `profiles`). */
  checkProfile?(profile: P): Violation | null;
  /** The highest total return of one stake unit under the profile (stake included; 36 for a straight up). Bounds stakes (D-1). */
  maxReturnMultiple(profile: P): number;
  /** The game's fields of a fresh state (the referee adds the common ones). */
  initial(): Omit<S, keyof RefereeState>;
  readonly bets: {
    /** Parse a spot for the round's profile: its canonical key and kind, or why not. */
    spot(state: S, profile: P, spot: string): Result<SpotInfo>;
    /** Game restrictions on a new bet (RES-*, seats, coverage), from the book and game indexes: O(1). */
    restrict?(state: S, profile: P, bet: BetRequest, spot: SpotInfo): Violation | null;
    /**
     * A bet every player at the table sees placed (blackjack: a seat taken — the seat shows "Taken" and offers a
     * bet behind it, BJB-1). The server sends such a bet's commit to every player with their view; other bets
     * reach the players who did not place them only as the coalesced counts (issue 13). Default: none.
     */
    public?(bet: AcceptedBet): boolean;
    /** Keep game indexes up to date (roulette coverage) when a bet is accepted / cancelled. */
    onAccepted?(state: S, bet: AcceptedBet, profile: P): S;
    onCancelled?(state: S, bet: AcceptedBet, profile: P): S;
  };
  /** Game-specific commands (device, dealer, player). */
  readonly moves: Moves<S, C, E>;
  /** Fold a game event (common events are folded by the referee). */
  evolve(state: S, event: GameEventOf<E>): S;
  /** Called after the referee folded a common event (blackjack seats on BettingClosed…). */
  afterCommon?(state: S, event: CommonEvent): S;
  view(state: S, audience: Audience): V;
  /** What an audience may receive of an event; null = nothing. Common events are redacted by the referee (other players' bets). */
  redact(event: GameEventOf<E>, audience: Audience): Cmd | null;
  /** Settlement lines of a RESOLVED round (voids are refunded by the referee). Bets settled early may be listed again: the referee leaves them out. */
  settle(state: S, profile: P): Result<readonly SettlementLine[]>;
  /**
   * Early settlement (issue 10; Riverside's Bonus, RAY 2011 (docs/rules) §7.4): the lines of bets whose
   * outcome is FINAL in this state, before the round ends. Called by the referee after every accepted
   * move; lines of bets already settled early are ignored, so it may return them again. The referee
   * emits them once as `BetsSettled`, excludes them from the final `settle` (and from a later void's
   * refunds: they are paid), and the server posts them to the ledger when the event is committed.
   * Absent = every bet settles at the round's end.
   */
  settleEarly?(state: S, profile: P): readonly SettlementLine[];
  next(state: S): readonly NextAction[];
  /** Game deadlines beyond the betting deadline (blackjack decision time). */
  deadlines?(state: S): readonly Deadline[];
  /**
   * The playing step the round now waits for from the table (spin, result, deal, dice) and its
   * allowance, counted from the last play event; null when nothing is owed by the table (a player's
   * decision with its own deadline). Absent = DEFAULT_STALL in `closed`/`play`. When it passes the
   * server issues `StallPlay` and the round records PlayStalled for the pit boss (issue 9 §5).
   */
  stall?(state: S, profile: P): StallSpec | null;
  readonly devices: DevicesSpec<S>;
  /** Which integrity monitors watch the game's tables, and what they need of it (issue 23, issue 19 §4: the server names no game); absent = none. */
  readonly integrity?: IntegritySpec;
  readonly commands: readonly CommandSpec[];
  readonly preOpen?: PreOpenSpec;
  readonly carry?: CarrySpec<S>;
  /** A worked example the contract suite (and docs) use: two spots two players may hold together, and the game commands (without `at`) that resolve a closed round. */
  readonly example: GameExample;
}

export interface GameExample {
  readonly spots: readonly [string, string];
  /** A spot a third player may still take while p1 holds spots[0] and p2 spots[1] (default spots[1]; a blackjack seat has one owner). */
  readonly spare?: string;
  /** Further spots the contract suite's random commands may bet on (side bets that need spots[0], e.g. Riverside's Bonus, settled early). */
  readonly more?: readonly string[];
  readonly resolve: readonly (Readonly<Record<string, unknown>> & { readonly type: string })[];
  /**
   * For rounds the fixed `resolve` cannot finish (blackjack with whichever seats were taken): the next
   * command (without `at`) that moves a closed round toward its result, or null when none is due.
   */
  readonly autoplay?: (state: RefereeState) => (Readonly<Record<string, unknown>> & { readonly type: string }) | null;
}

/** Identity with inference: a game declares itself with `defineGame({...})`. */
export function defineGame<S extends RefereeState, C extends Cmd, E extends Cmd, V, P extends ProfileLike>(def: GameDefinition<S, C, E, V, P>): GameDefinition<S, C, E, V, P> {
  return def;
}

/** The kernel `createKernel` returns: today's RoundKernel contract plus the definition's data. */
export interface RefereeKernel<S extends RefereeState, C extends Cmd, E extends Cmd, V, P extends ProfileLike> extends RoundKernel<S, C | CommonCommand, E | CommonEvent, V> {
  /**
   * Also takes the referee's play-clock commands (`PlayCommand`: StallPlay, ResumePlay) and may emit
   * `PlayEvent`s (PlayStalled, PlayResumed) — kept out of these generic types for compatibility: a game
   * adds `PlayCommand` / `PlayEvent` to its own unions to see them typed.
   */
  decide(state: S, command: C | CommonCommand): RefereeDecision<E | CommonEvent>;
  readonly definition: GameDefinition<S, C, E, V, P>;
  profileOf(state: S): P | null;
  /** An event as an audience may receive it (null = not at all): BJ-5a hole card, other players' bets. */
  redact(event: E | CommonEvent, audience: Audience): Cmd | null;
  /** A player's live bets from the per-player index (the ack's `myBets`). */
  betsOf(state: S, playerId: string): AcceptedBet[];
  totals(state: S): BookTotals;
  /** The highest stake the round accepts on one bet (D-1): min(table max, global ceiling). */
  stakeCeiling(profile: P): Minor;
}

// ───────────────────────────── helpers for definitions ─────────────────────────────

export const vio = (code: GameErrorCode, ruleId: string, message: string, details?: Record<string, unknown>): Violation => violation(code, ruleId, message, details).violation;
export const refuse = (x: Violation): { readonly ok: false; readonly violation: Violation } => ({ ok: false, violation: x });
export const events = <E>(...es: E[]): { readonly ok: true; readonly events: readonly E[] } => ({ ok: true, events: es });
export const duplicate = <E>(accepted?: AcceptedBet): RefereeDecision<E> => (accepted ? { ok: true, events: [], duplicate: true, accepted } : { ok: true, events: [], duplicate: true });

export const acceptedEvent = (at: number, bet: BetRequest, kind: string, parentBetId?: string): CommonEvent => ({
  type: 'BetAccepted',
  at,
  bet: parentBetId === undefined ? { betId: bet.betId, playerId: bet.playerId, spot: bet.spot, stakeMinor: bet.stakeMinor, acceptedAt: at, kind } : { betId: bet.betId, playerId: bet.playerId, spot: bet.spot, stakeMinor: bet.stakeMinor, acceptedAt: at, kind, parentBetId },
});

/** The global stake ceiling: stake × (highest return + 1) stays below 2^53 (exact integer money, D-1). */
export const globalStakeCeiling = (maxReturnMultiple: number): Minor => Math.floor(Number.MAX_SAFE_INTEGER / (Math.ceil(maxReturnMultiple) + 1));

/** A bet's stake is valid money within the ceiling (shared by kernels and offline settlement). */
export function checkStakeAmount(stakeMinor: unknown, ceiling: Minor): Violation | null {
  if (!isMinor(stakeMinor) || stakeMinor <= 0) return vio('INVALID_AMOUNT', 'GEN-4', 'The stake must be a positive whole number of minor units.', { stakeMinor });
  if (stakeMinor > ceiling) return vio('STAKE_TOO_LARGE', 'D-1', `The stake may not exceed ${ceiling} minor units (stake × the highest payout must stay an exact integer).`, { stakeMinor, ceiling });
  return null;
}

const isStr = (x: unknown): x is string => typeof x === 'string' && x.length > 0;
const isObj = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null;

export function spotLimitsOf(limits: RoundLimits, kind: string): { minMinor: Minor; maxMinor: Minor } {
  return limits.spots[kind] ?? { minMinor: limits.tableMinMinor, maxMinor: limits.tableMaxMinor };
}

/** Shared phase-based `next` hint for the betting phase. */
export const bettingNext = (): NextAction => ({ kind: 'close-betting', message: 'Announce "no more bets" when the timer ends.', ruleId: 'GEN-3' });

/** Shared phase-based `next` hint once the result is in (GEN-5). */
export const settleNext = (): NextAction => ({ kind: 'settle', message: 'Settle the round.', ruleId: 'GEN-5' });

/**
 * The `next` hints of a round's lifecycle (GEN-3, GEN-5): betting → announce "no more bets", resolved →
 * settle, idle / halted / settled / void → nothing; what the closed and play phases want is the game's own
 * (a phase without a handler: nothing).
 */
export function lifecycleNext(phase: Phase, drawing: { readonly closed?: () => readonly NextAction[]; readonly play?: () => readonly NextAction[] }): readonly NextAction[] {
  switch (phase) {
    case 'betting':
      return [bettingNext()];
    case 'closed':
      return drawing.closed?.() ?? [];
    case 'play':
      return drawing.play?.() ?? [];
    case 'resolved':
      return [settleNext()];
    case 'idle':
    case 'halted':
    case 'settled':
    case 'void':
      return [];
  }
}

// ───────────────────────────── the referee ─────────────────────────────

/**
 * `state.bets` of the RoundKernel contract, read through to the book (no copy per bet). It is a
 * NON-enumerable property: the state stays plain data for `structuredClone` / JSON (the book is
 * what is enumerable), and a spread `{ ...s }` inside a game simply drops it — the referee
 * re-attaches it after every fold.
 */
function withBets<S extends RefereeState>(s: S): S {
  if (Object.prototype.hasOwnProperty.call(s, 'bets')) return s;
  Object.defineProperty(s, 'bets', { value: betsRecord(s.book.byId), enumerable: false, writable: false, configurable: false });
  return s;
}

type AnyEvent<E> = E | CommonEvent | PlayEvent | BetsSettledEvent;

const COMMON_TYPES = new Set(['OpenRound', 'PlaceBet', 'CancelBet', 'CloseBetting', 'VoidRound', 'MarkSettled', 'StallPlay', 'ResumePlay']);
const COMMON_EVENTS = new Set(['RoundOpened', 'BetAccepted', 'BetCancelled', 'BettingClosed', 'RoundVoided', 'RoundSettled', 'PlayStalled', 'PlayResumed', 'BetsSettled']);
const isPlaying = (p: Phase): boolean => p === 'closed' || p === 'play';

function outcome<E>(situation: Situation, phase: Phase): { decision: RefereeDecision<E> | null; accept: boolean } {
  const o = LIFECYCLE[situation][phase];
  switch (o.kind) {
    case 'accept':
      return { decision: null, accept: true };
    case 'duplicate':
      return { decision: duplicate<E>(), accept: false };
    case 'reject':
      return { decision: refuse(vio(o.code, o.ruleId, messageOf(situation, phase, o.code), { phase })), accept: false };
  }
}

function messageOf(situation: Situation, phase: Phase, code: GameErrorCode): string {
  switch (code) {
    case 'ROUND_NOT_OPEN':
      return 'There is no open round.';
    case 'ROUND_ALREADY_OPEN':
      return 'This round is already open.';
    case 'BETTING_CLOSED':
      return situation === 'cancel' ? 'Betting is closed: a bet can no longer be withdrawn (GEN-3).' : 'Betting is closed for this round: no bet is accepted (GEN-3).';
    case 'BET_ID_CONFLICT':
      return 'This bet id was already used for a different bet.';
    case 'ROUND_VOID':
      return 'The round is void.';
    case 'ROUND_RESOLVED':
      return `The round already has its result (${phase}).`;
    case 'ROUND_NOT_RESOLVED':
      return 'Only a resolved or void round can be marked settled.';
    case 'UNKNOWN_COMMAND':
      return 'This game does not understand that command.';
    case 'ROUND_HALTED':
      return 'The round is halted for the pit boss.';
    case 'COMMAND_NOT_EXPECTED':
      return `That command is not expected while the round is ${phase}.`;
    default:
      return `${code} (${situation}, ${phase})`;
  }
}

export function createKernel<S extends RefereeState, C extends Cmd, E extends Cmd, V, P extends ProfileLike>(def: GameDefinition<S, C, E, V, P>): RefereeKernel<S, C, E, V, P> {
  const maxMultiple = new Map<string, number>();
  const multipleOf = (p: P): number => {
    let m = maxMultiple.get(p.id);
    if (m === undefined) {
      m = def.maxReturnMultiple(p);
      maxMultiple.set(p.id, m);
    }
    return m;
  };
  const stakeCeiling = (p: P): Minor => globalStakeCeiling(multipleOf(p));
  const profileOf = (s: S): P | null => (s.profileId === null ? null : (def.profiles[s.profileId] ?? null));

  const initial = (): S =>
    withBets<S>({
      ...def.initial(),
      game: def.id,
      roundId: null,
      tableId: null,
      profileId: null,
      seq: 0,
      phase: 'idle',
      bettingClosesAt: null,
      limits: null,
      voidReason: null,
      book: emptyBook(),
      playSince: null,
      stalled: null,
      early: [],
    } as unknown as S);

  // ── evolve ──
  function evolveCommon(s: S, e: CommonEvent | PlayEvent): S {
    const seq = s.seq + 1;
    switch (e.type) {
      case 'RoundOpened':
        return { ...s, seq, roundId: e.roundId, tableId: e.tableId, profileId: e.profileId, bettingClosesAt: e.bettingClosesAt, limits: e.limits, phase: 'betting' };
      case 'BetAccepted': {
        const book = bookAccept(s.book, e.bet);
        const next: S = { ...s, seq, book };
        const p = profileOf(next);
        return def.bets.onAccepted && p ? def.bets.onAccepted(next, e.bet, p) : next;
      }
      case 'BetCancelled': {
        const bet = s.book.byId.get(e.betId);
        const book = bookCancel(s.book, e.betId);
        const next: S = { ...s, seq, book };
        const p = profileOf(next);
        return def.bets.onCancelled && p && bet ? def.bets.onCancelled(next, bet, p) : next;
      }
      case 'BettingClosed':
        return { ...s, seq, phase: 'closed' };
      case 'RoundVoided':
        return { ...s, seq, phase: 'void', voidReason: e.reason };
      case 'RoundSettled':
        return { ...s, seq, phase: 'settled' };
      case 'PlayStalled':
        return { ...s, seq, stalled: { at: e.at, step: e.step, ruleId: e.ruleId, since: e.since } };
      case 'PlayResumed':
        return { ...s, seq, stalled: null, playSince: e.at };
    }
  }

  /** The play clock: every event folded in `closed`/`play` (but the stall itself) restarts the step and clears a stall. O(1). */
  function playClock(s: S, e: AnyEvent<E>): S {
    if (!isPlaying(s.phase)) return s.playSince === null && s.stalled === null ? s : { ...s, playSince: null, stalled: null };
    if (e.type === 'PlayStalled') return s;
    return s.playSince === e.at && s.stalled === null ? s : { ...s, playSince: e.at, stalled: null };
  }

  function evolve(s: S, e: AnyEvent<E>): S {
    if (e.type === 'BetsSettled') {
      const lines = (e as BetsSettledEvent).lines;
      return withBets(playClock({ ...s, seq: s.seq + 1, early: [...(s.early ?? []), ...lines] }, e));
    }
    if (e.type === 'PlayStalled' || e.type === 'PlayResumed') return withBets(playClock(evolveCommon(s, e as PlayEvent), e));
    if (COMMON_EVENTS.has(e.type)) {
      const c = e as CommonEvent;
      const next = evolveCommon(s, c);
      return withBets(playClock(def.afterCommon ? def.afterCommon(next, c) : next, e));
    }
    return withBets(playClock(def.evolve(s, e as GameEventOf<E>), e));
  }

  /** The step the round owes now and its deadline, or null (not playing, already stalled, nothing owed). */
  function stallOf(s: S): { spec: StallSpec; deadline: number; since: number } | null {
    if (!isPlaying(s.phase) || s.stalled !== null || s.playSince === null) return null;
    const p = profileOf(s);
    if (!p) return null;
    // a definition without `stall` gets DEFAULT_STALL, unless its own deadline already bounds the step (a decision or draw timer)
    const spec = def.stall ? def.stall(s, p) : (def.deadlines?.(s).length ?? 0) > 0 ? null : DEFAULT_STALL;
    return spec ? { spec, deadline: s.playSince + spec.afterMs, since: s.playSince } : null;
  }

  // ── decide ──
  function decideOpen(s: S, c: Extract<CommonCommand, { type: 'OpenRound' }>): RefereeDecision<AnyEvent<E>> {
    const o = outcome<AnyEvent<E>>('open', s.phase);
    if (o.decision) return o.decision;
    const profile = def.profiles[c.profileId];
    if (!isStr(c.profileId) || !profile) return refuse(vio('UNKNOWN_PROFILE', 'D-2', `No ${def.name} profile "${String(c.profileId)}".`, { profileId: c.profileId }));
    const unsupported = def.checkProfile?.(profile);
    if (unsupported) return refuse(unsupported);
    if (!isStr(c.roundId) || !isStr(c.tableId)) return refuse(vio('INVALID_ROUND', 'GEN-1', 'A round needs a roundId and a tableId.'));
    if (!Number.isSafeInteger(c.at) || !Number.isSafeInteger(c.bettingClosesAt) || c.bettingClosesAt <= c.at) {
      return refuse(vio('INVALID_DEADLINE', 'GEN-3', 'Betting must close after the round opens.', { at: c.at, bettingClosesAt: c.bettingClosesAt }));
    }
    const l = c.limits as RoundLimits | undefined;
    const ceiling = stakeCeiling(profile);
    if (!isObj(l) || !isMinor(l.tableMinMinor) || !isMinor(l.tableMaxMinor) || l.tableMinMinor <= 0 || l.tableMaxMinor < l.tableMinMinor || l.tableMaxMinor > ceiling || !isObj(l.spots)) {
      return refuse(vio('INVALID_LIMITS', 'GEN-2', `Table limits must be whole minor units with 0 < min ≤ max ≤ ${ceiling} (D-1: max × the highest payout stays exact).`, { ceiling }));
    }
    for (const [kind, sl] of Object.entries(l.spots)) {
      if (!isObj(sl) || !isMinor(sl.minMinor) || !isMinor(sl.maxMinor) || sl.minMinor <= 0 || sl.maxMinor < sl.minMinor || sl.maxMinor > ceiling) {
        return refuse(vio('INVALID_LIMITS', 'GEN-2', `Spot limits of ${kind} must be whole minor units with 0 < min ≤ max ≤ ${ceiling}.`, { kind, ceiling }));
      }
    }
    return events<AnyEvent<E>>({ type: 'RoundOpened', at: c.at, roundId: c.roundId, tableId: c.tableId, profileId: c.profileId, bettingClosesAt: c.bettingClosesAt, limits: c.limits });
  }

  function decideBet(s: S, c: Extract<CommonCommand, { type: 'PlaceBet' }>): RefereeDecision<AnyEvent<E>> {
    const bet = c.bet as BetRequest | undefined;
    if (!isObj(bet) || !isStr(bet.betId) || !isStr(bet.playerId) || typeof bet.spot !== 'string') return refuse(vio('INVALID_BET', 'GEN-4', 'A bet needs a betId, a playerId, a spot and a stake.'));
    const profile = profileOf(s);
    if (s.phase === 'idle' || !profile || !s.limits) return outcome<AnyEvent<E>>('bet', 'idle').decision as RefereeDecision<AnyEvent<E>>;
    const parsed = def.bets.spot(s, profile, bet.spot);
    const key = parsed.ok ? parsed.value.key : bet.spot;
    // idempotency first, in every phase: the same bet again is the same bet (bet-retry / bet-conflict)
    const prior = s.book.byId.get(bet.betId) ?? s.book.cancelled.get(bet.betId);
    if (prior) {
      const same = prior.playerId === bet.playerId && prior.spot === key && prior.stakeMinor === bet.stakeMinor && s.book.byId.has(bet.betId);
      const o = outcome<AnyEvent<E>>(same ? 'bet-retry' : 'bet-conflict', s.phase);
      if (o.decision && same) return duplicate(prior);
      return (o.decision as RefereeDecision<AnyEvent<E>>) ?? refuse(vio('BET_ID_CONFLICT', 'D-3', 'This bet id was already used.'));
    }
    const o = outcome<AnyEvent<E>>('bet', s.phase);
    if (o.decision) return o.decision;
    if (s.bettingClosesAt === null || c.at >= s.bettingClosesAt) return refuse(vio('BETTING_CLOSED', 'GEN-3', 'The bet arrived after betting closed on the server clock.', { at: c.at, bettingClosesAt: s.bettingClosesAt }));
    if (!parsed.ok) return refuse(parsed.violation);
    const spot = parsed.value;
    const amount = checkStakeAmount(bet.stakeMinor, stakeCeiling(profile));
    if (amount) return refuse(amount);
    const { minMinor, maxMinor } = spotLimitsOf(s.limits, spot.kind);
    const onSpot = stakeOnSpot(s.book, bet.playerId, spot.key);
    if (onSpot + bet.stakeMinor < minMinor) return refuse(vio('BELOW_MIN', 'GEN-4', `The minimum on ${spot.kind} is ${minMinor}.`, { minMinor, kind: spot.kind }));
    if (onSpot + bet.stakeMinor > maxMinor) return refuse(vio('ABOVE_MAX', 'GEN-4', `The maximum on ${spot.kind} is ${maxMinor}.`, { maxMinor, kind: spot.kind, alreadyMinor: onSpot }));
    if (stakeOfPlayerIn(s.book, bet.playerId) + bet.stakeMinor > s.limits.tableMaxMinor) {
      return refuse(vio('TABLE_MAX', 'GEN-2', `Your total stake this round may not exceed ${s.limits.tableMaxMinor}.`, { tableMaxMinor: s.limits.tableMaxMinor }));
    }
    const request: BetRequest = { betId: bet.betId, playerId: bet.playerId, spot: spot.key, stakeMinor: bet.stakeMinor };
    const restricted = def.bets.restrict?.(s, profile, request, spot);
    if (restricted) return refuse(restricted);
    return events<AnyEvent<E>>(acceptedEvent(c.at, request, spot.kind));
  }

  function decideCancel(s: S, c: Extract<CommonCommand, { type: 'CancelBet' }>): RefereeDecision<AnyEvent<E>> {
    if (!isStr(c.betId) || !isStr(c.playerId)) return refuse(vio('INVALID_COMMAND', 'D-3', 'A cancel names the bet and the player.'));
    const gone = s.book.cancelled.get(c.betId);
    if (gone && gone.playerId === c.playerId) {
      const o = outcome<AnyEvent<E>>('cancel-retry', s.phase);
      if (o.decision) return o.decision;
    }
    const o = outcome<AnyEvent<E>>('cancel', s.phase);
    if (o.decision) return o.decision;
    if (s.bettingClosesAt === null || c.at >= s.bettingClosesAt) return refuse(vio('BETTING_CLOSED', 'GEN-3', 'The cancel arrived after betting closed on the server clock.', { at: c.at, bettingClosesAt: s.bettingClosesAt }));
    const b = s.book.byId.get(c.betId);
    if (!b || b.parentBetId !== undefined) return refuse(vio('BET_NOT_FOUND', 'GEN-3', `No bet ${c.betId} in this round.`));
    if (b.playerId !== c.playerId) return refuse(vio('NOT_YOUR_BET', 'GEN-3', 'A player can only cancel their own bets.'));
    return events<AnyEvent<E>>({ type: 'BetCancelled', at: c.at, betId: b.betId, playerId: b.playerId, stakeMinor: b.stakeMinor });
  }

  function decideClose(s: S, c: Extract<CommonCommand, { type: 'CloseBetting' }>): RefereeDecision<AnyEvent<E>> {
    const deadline = c.reason === 'deadline';
    const o = outcome<AnyEvent<E>>(deadline ? 'close-deadline' : 'close', s.phase);
    if (o.decision) return o.decision;
    if (c.reason !== 'deadline' && c.reason !== 'dealer' && c.reason !== 'device') return refuse(vio('INVALID_COMMAND', 'D-3', 'A close names its reason: deadline, dealer or device.'));
    if (deadline && s.bettingClosesAt !== null && c.at < s.bettingClosesAt) {
      return refuse(vio('DEADLINE_NOT_REACHED', 'GEN-3', 'The betting deadline has not passed yet.', { at: c.at, bettingClosesAt: s.bettingClosesAt }));
    }
    return events<AnyEvent<E>>({ type: 'BettingClosed', at: c.at, reason: c.reason });
  }

  function decide(s: S, c: C | CommonCommand | PlayCommand): RefereeDecision<AnyEvent<E>> {
    if (!isObj(c) || typeof c.type !== 'string' || typeof c.at !== 'number' || !Number.isFinite(c.at)) {
      return refuse(vio('INVALID_COMMAND', 'D-3', 'A command has a type and a time `at`.'));
    }
    if (COMMON_TYPES.has(c.type)) {
      const cc = c as CommonCommand | PlayCommand;
      switch (cc.type) {
        case 'OpenRound':
          return decideOpen(s, cc);
        case 'PlaceBet':
          return decideBet(s, cc);
        case 'CancelBet':
          return decideCancel(s, cc);
        case 'CloseBetting':
          return decideClose(s, cc);
        case 'VoidRound': {
          const o = outcome<AnyEvent<E>>('void', s.phase);
          if (o.decision) return o.decision;
          return events<AnyEvent<E>>({ type: 'RoundVoided', at: cc.at, reason: typeof cc.reason === 'string' ? cc.reason : 'void', by: typeof cc.by === 'string' ? cc.by : 'system' });
        }
        case 'MarkSettled': {
          const o = outcome<AnyEvent<E>>('mark-settled', s.phase);
          if (o.decision) return o.decision;
          return events<AnyEvent<E>>({ type: 'RoundSettled', at: cc.at });
        }
        case 'StallPlay': {
          const o = outcome<AnyEvent<E>>('stall', s.phase);
          if (o.decision) return o.decision;
          if (s.stalled !== null) return duplicate();
          const st = stallOf(s);
          if (!st) return duplicate(); // nothing owed by the table now (a player's decision has its own deadline)
          if (cc.at < st.deadline) return refuse(vio('DEADLINE_NOT_REACHED', 'GEN-6', `The ${st.spec.step} step has until ${st.deadline}.`, { at: cc.at, deadline: st.deadline, step: st.spec.step }));
          return events<AnyEvent<E>>({ type: 'PlayStalled', at: cc.at, step: st.spec.step, ruleId: st.spec.ruleId, since: st.since, deadline: st.deadline });
        }
        case 'ResumePlay': {
          const o = outcome<AnyEvent<E>>('resume', s.phase);
          if (o.decision) return o.decision;
          if (s.stalled === null) return refuse(vio('ROUND_NOT_STALLED', 'GEN-6', 'The round is not stalled: there is nothing to resume.', { phase: s.phase }));
          if (!isStr(cc.by)) return refuse(vio('SIGN_OFF_REQUIRED', 'GEN-6', 'A resume names the pit boss who decided it.'));
          return events<AnyEvent<E>>(typeof cc.reason === 'string' ? { type: 'PlayResumed', at: cc.at, by: cc.by, step: s.stalled.step, reason: cc.reason } : { type: 'PlayResumed', at: cc.at, by: cc.by, step: s.stalled.step });
        }
      }
    }
    const move = (def.moves as Readonly<Record<string, Move<S, Cmd, AnyEvent<E>> | undefined>>)[c.type];
    if (!move || !Object.prototype.hasOwnProperty.call(def.moves, c.type)) return outcome<AnyEvent<E>>('unknown-command', s.phase).decision as RefereeDecision<AnyEvent<E>>;
    if (move.result && s.phase === 'betting') {
      // issue 9 §2: a device result while betting is open is a fault, not an outcome — nothing is closed or resolved
      return refuse(vio('DEVICE_RESULT_OUT_OF_PHASE', move.result.ruleId, `A ${c.type} arrived while betting is open: it is not taken as an outcome; the pit boss checks the device (${move.result.ruleId}).`, { phase: s.phase, command: c.type }));
    }
    let st = s;
    const pre: AnyEvent<E>[] = [];
    if (move.closesBetting && s.phase === 'betting') {
      const closed: CommonEvent = { type: 'BettingClosed', at: c.at, reason: 'device' };
      pre.push(closed);
      st = evolve(st, closed);
    }
    if (!move.phases.includes(st.phase)) return outcome<AnyEvent<E>>('move-out-of-phase', st.phase).decision as RefereeDecision<AnyEvent<E>>;
    const d = move.decide(st, c);
    if (!d.ok) return d;
    const early = d.events.length > 0 ? earlyAfter(st, d.events, c.at) : null;
    if (pre.length === 0 && early === null) return d;
    return events<AnyEvent<E>>(...pre, ...d.events, ...(early ? [early] : []));
  }

  /** The bets the move just made final (the definition's `settleEarly`), not settled early before: one BetsSettled, or null. */
  function earlyAfter(s: S, evs: readonly AnyEvent<E>[], at: number): BetsSettledEvent | null {
    if (!def.settleEarly) return null;
    const after = evs.reduce((x, e) => evolve(x, e), s);
    const p = profileOf(after);
    if (!p || after.phase === 'void' || after.phase === 'settled') return null;
    const done = new Set((after.early ?? []).map((l) => l.betId));
    const lines = def.settleEarly(after, p).filter((l) => !done.has(l.betId) && after.book.byId.has(l.betId));
    return lines.length > 0 ? { type: 'BetsSettled', at, lines } : null;
  }

  // ── settle / view / next / deadlines ──
  function settle(s: S): Result<Settlement> {
    const roundId = s.roundId ?? '';
    const early = s.early ?? [];
    const done = new Set(early.map((l) => l.betId));
    const houseOf = (lines: readonly SettlementLine[]): Minor => [...lines, ...early].reduce((h, l) => h + l.stakeMinor - l.returnMinor, 0);
    const withEarly = (x: { roundId: string; voided: boolean; lines: readonly SettlementLine[] }): Settlement => (early.length > 0 ? { ...x, early, houseResultMinor: houseOf(x.lines) } : { ...x, houseResultMinor: houseOf(x.lines) });
    if (s.voidReason !== null) {
      // a bet settled early is paid: a later void refunds only the rest (GEN-6)
      const lines: SettlementLine[] = [...s.book.byId.values()]
        .filter((b) => !done.has(b.betId))
        .map((b): SettlementLine => ({ betId: b.betId, playerId: b.playerId, stakeMinor: b.stakeMinor, returnMinor: b.stakeMinor, outcome: 'refund', rules: ['GEN-6'] }));
      return ok(withEarly({ roundId, voided: true, lines }));
    }
    const p = profileOf(s);
    if (!p || (s.phase !== 'resolved' && s.phase !== 'settled')) return violation('ROUND_NOT_RESOLVED', 'GEN-5', 'The round has no result yet.', { phase: s.phase });
    const lines = def.settle(s, p);
    if (!lines.ok) return lines;
    return ok(withEarly({ roundId, voided: false, lines: done.size > 0 ? lines.value.filter((l) => !done.has(l.betId)) : lines.value }));
  }

  function deadlines(s: S): readonly Deadline[] {
    const own = def.deadlines?.(s) ?? [];
    const st = stallOf(s);
    const stall: Deadline[] = st ? [{ at: st.deadline, command: { type: 'StallPlay', at: st.deadline, step: st.spec.step, ruleId: st.spec.ruleId } }] : [];
    if (s.phase !== 'betting' || s.bettingClosesAt === null) return [...own, ...stall];
    return [{ at: s.bettingClosesAt, command: { type: 'CloseBetting', at: s.bettingClosesAt, reason: 'deadline' } }, ...own, ...stall];
  }

  function redact(e: AnyEvent<E>, audience: Audience): Cmd | BetsSettledEvent | null {
    if (COMMON_EVENTS.has(e.type)) {
      const c = e as CommonEvent | PlayEvent;
      switch (c.type) {
        case 'BetAccepted':
          return audience.role === 'player' && audience.playerId !== c.bet.playerId ? null : c;
        case 'BetCancelled':
          return audience.role === 'player' && audience.playerId !== c.playerId ? null : c;
        case 'RoundOpened':
        case 'BettingClosed':
        case 'RoundVoided':
        case 'RoundSettled':
        case 'PlayStalled':
        case 'PlayResumed':
          return c;
      }
      // BetsSettled: a player receives only their own lines (nothing when none is theirs)
      const bs = e as BetsSettledEvent;
      if (audience.role !== 'player') return bs;
      const mine = bs.lines.filter((l) => l.playerId === audience.playerId);
      if (mine.length === 0) return null;
      const own: BetsSettledEvent = { ...bs, lines: mine };
      return own;
    }
    return def.redact(e as GameEventOf<E>, audience);
  }

  return {
    game: def.id,
    definition: def,
    initial,
    // play-clock events are emitted untyped here (see RefereeKernel.decide)
    decide: decide as (s: S, c: C | CommonCommand) => RefereeDecision<E | CommonEvent>,
    evolve,
    view: (s, a) => def.view(s, a),
    settle,
    next: (s) => def.next(s),
    deadlines,
    redact,
    profileOf,
    betsOf: (s, playerId) => betsOfPlayer(s.book, playerId),
    totals: (s) => bookTotals(s.book),
    stakeCeiling: (p) => stakeCeiling(p),
  };
}
