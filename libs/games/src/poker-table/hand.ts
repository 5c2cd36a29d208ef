import { assertNever, ok, violation, type Result } from '../common/result.js';
import type { CardId } from '../poker/cards.js';
import { describeValue } from '../poker/rank.js';
import { awardPots, buildPots, splitEvenly, takeRake, winningsBySeat, type Pot, type PotAward, type ShowdownValues } from './pots.js';
import { betUnit, deckLowestRank, validateConfig, VARIANTS, type DealStep, type PokerTableConfig, type VariantProfile } from './profiles.js';
import { bringInKey, highValue, lowValue, showingValue } from './showdown.js';

/**
 * One poker hand as a pure state machine (issue 11; docs/rules/live-poker.md §2; STYLE habits 1–3): every input
 * (a scanned/RNG card, a player action, a time-bank press, a timeout, a system failure) is a command with
 * its time `at`; `applyHandCommand` returns the next state or a coded violation and never mutates.
 * Cards arrive one at a time in dealing order (S1-DEAL-3), so a scanning shoe and the certified RNG
 * (S1-DEAL-1) feed it the same way. Decisions the seeds leave open: DECISIONS.md (`PT-…`).
 */

export interface SeatInput {
  readonly seat: number;
  readonly playerId: string;
  readonly stackMinor: number;
  /** S1-STRADDLE: this seat (directly after the BB, on an Ö table) posts the övermörk of 2 × BB. */
  readonly straddle?: boolean;
  /** S1-TIMEBANK: what is left of the player's time bank (default: the table's). */
  readonly timeBankMs?: number;
  /** S1-ENTRY-2 / S1-REENTRY: an extra big blind posted live (it counts toward calling, the player keeps the option). */
  readonly postLiveMinor?: number;
  /** S1-REENTRY: the small blind of a re-entry, posted dead (into the pot, not toward calling). */
  readonly postDeadMinor?: number;
}

export interface HandCard {
  readonly card: CardId;
  /** up cards are visible to everyone (stud, Sökö); down cards only to the holder. */
  readonly up: boolean;
}

export interface SeatState {
  readonly seat: number;
  readonly playerId: string;
  /** chips behind (table stakes, RAY §6.1), after the S1-CAP: chips above the cap stay in `reservedMinor`. */
  readonly stackMinor: number;
  readonly reservedMinor: number;
  /** chips put in during the current betting round (blinds and bring-in count, antes do not). */
  readonly streetMinor: number;
  /** chips put in this hand (antes, blinds, bets), net of uncalled chips returned. */
  readonly totalMinor: number;
  readonly folded: boolean;
  readonly allIn: boolean;
  readonly acted: boolean;
  /** the bet level this seat last acted at (PT-SHORT-ALLIN). */
  readonly actedAtMinor: number;
  readonly cards: readonly HandCard[];
  readonly timeBankMs: number;
}

export type HandPhase =
  | { readonly type: 'deal'; readonly queue: readonly number[] /* seat index, -1 = board, -2 = burn (PT-BURN) */; readonly up: boolean }
  | { readonly type: 'bet' }
  /** `burn`: PT-BURN, one card is still to be burned before the draw's first replacement card. */
  | { readonly type: 'draw'; readonly queue: readonly number[]; readonly owed: number; readonly burn?: boolean }
  | { readonly type: 'complete' }
  | { readonly type: 'void' };

export interface ActionClock {
  readonly seat: number;
  readonly startedAt: number;
  /** S1-TIMEOUT: the visible countdown ends here (moved by the time bank, S1-TIMEBANK). */
  readonly deadlineAt: number;
  readonly baseDeadlineAt: number;
  readonly bankInUse: boolean;
}

export interface HandResult {
  readonly type: 'showdown' | 'uncontested' | 'void';
  readonly pots: readonly Pot[];
  readonly awards: readonly PotAward[];
  readonly rakeMinor: number;
  /** every seat: what it put in and what it got back (wins, uncalled returns are already netted out of `totalMinor`). */
  readonly seats: readonly { readonly seat: number; readonly playerId: string; readonly inMinor: number; readonly wonMinor: number; readonly netMinor: number; readonly stackMinor: number }[];
  /** hands shown at showdown (001: the system reveals the remaining hands), in showing order (P4-SHOW, RAY §6.4). */
  readonly shown: readonly { readonly seat: number; readonly cards: readonly CardId[]; readonly high: string; readonly low: string | null }[];
  readonly rules: readonly string[];
}

export interface HandState {
  readonly handId: string;
  readonly config: PokerTableConfig;
  readonly variant: VariantProfile;
  readonly lowestRank: number;
  readonly seats: readonly SeatState[];
  /** index into seats of the button (null: no button, S1-DEAL-2). */
  readonly button: number | null;
  readonly step: number;
  readonly phase: HandPhase;
  readonly board: readonly CardId[];
  readonly discards: readonly CardId[];
  /** every card id dealt this hand (for the one-deck check and the 7-E reshuffle, 001 §3.5). */
  readonly dealt: readonly CardId[];
  /** PT-BURN: the cards burned this hand, in order (also in `dealt`); no audience sees them before the hand is over. */
  readonly burned: readonly CardId[];
  readonly currentBetMinor: number;
  /** the size of the last full bet/raise (S1-PL: a raise is at least the previous raise). */
  readonly fullRaiseMinor: number;
  /** the level at which the last full bet/raise was made (PT-SHORT-ALLIN). */
  readonly lastFullLevelMinor: number;
  /** bets + full raises this round (S1-FL cap). */
  readonly raises: number;
  readonly unlimitedRaises: boolean;
  readonly toAct: number | null;
  readonly lastAggressor: number | null;
  readonly betRound: number;
  readonly clock: ActionClock | null;
  readonly rakeMinor: number;
  readonly potAtRoundStartMinor: number;
  readonly bringIn: number | null;
  readonly result: HandResult | null;
  /** voluntary player actions so far (P4-IRR: two or more = significant action, no more redeal). */
  readonly actionsTaken: number;
}

export type PlayerAction = 'fold' | 'check' | 'call' | 'bet' | 'raise' | 'all-in';

export type HandCommand =
  | { readonly type: 'card'; readonly card: CardId; readonly at: number }
  | { readonly type: 'act'; readonly seat: number; readonly action: PlayerAction; readonly toMinor?: number; readonly at: number }
  | { readonly type: 'draw'; readonly seat: number; readonly discards: readonly CardId[]; readonly at: number }
  | { readonly type: 'time-bank'; readonly seat: number; readonly at: number }
  | { readonly type: 'timeout'; readonly seat: number; readonly at: number }
  | { readonly type: 'void'; readonly reason: string; readonly at: number }
  /** P4-IRR: the dealer / pit boss declares a misdeal (wrong card count, a missed seat…): a redeal before significant action. */
  | { readonly type: 'misdeal'; readonly reason: string; readonly at: number }
  /** P4-IRR: a down card was exposed (seen by the camera or other players). */
  | { readonly type: 'expose'; readonly seat: number; readonly card: CardId; readonly at: number };

const FAIL = (code: string, ruleId: string, message: string, details?: Record<string, unknown>): { ok: false; violation: { code: string; ruleId: string | null; message: string } } => violation(code, ruleId, message, details);

const sumTotals = (seats: readonly SeatState[]): number => seats.reduce((a, s) => a + s.totalMinor, 0);
const isLive = (s: SeatState): boolean => !s.folded;
const isAble = (s: SeatState): boolean => !s.folded && !s.allIn;

/** seat indexes clockwise starting after `from` (null: from the lowest seat, position 1). */
function clockwise(n: number, from: number | null): number[] {
  const start = from === null ? 0 : (from + 1) % n;
  return Array.from({ length: n }, (_, i) => (start + i) % n);
}

function put(seat: SeatState, amount: number, street: boolean): SeatState {
  const a = Math.min(amount, seat.stackMinor);
  const stack = seat.stackMinor - a;
  return { ...seat, stackMinor: stack, totalMinor: seat.totalMinor + a, streetMinor: seat.streetMinor + (street ? a : 0), allIn: stack === 0 };
}

/**
 * Starts a hand: validates the table and the seats (S1-TABLE-1), applies S1-CAP, posts antes, blinds
 * (PT-HEADSUP) and the straddle (S1-STRADDLE), and waits for the first card.
 */
export function startHand(input: { readonly handId: string; readonly config: PokerTableConfig; readonly seats: readonly SeatInput[]; readonly buttonSeat: number | null; readonly at: number }): Result<HandState> {
  const cfg = validateConfig(input.config);
  if (!cfg.ok) return cfg;
  const c = cfg.value;
  const v = VARIANTS[c.variant];
  const seatsIn = [...input.seats].sort((a, b) => a.seat - b.seat);
  if (seatsIn.length < v.minSeats || seatsIn.length > v.maxSeats) return FAIL('POKER_SEAT_COUNT', 'S1-TABLE-1', `${v.name} is dealt to ${v.minSeats}–${v.maxSeats} players, not ${seatsIn.length}`);
  for (const s of seatsIn) {
    if (!Number.isSafeInteger(s.seat) || s.seat < 1 || s.seat > 10) return FAIL('POKER_INVALID_SEAT', 'S1-TABLE-1', `seat ${s.seat} is not a seat 1–10`);
    if (!Number.isSafeInteger(s.stackMinor) || s.stackMinor <= 0) return FAIL('POKER_INVALID_STACK', 'S1-STACK', `seat ${s.seat} needs a positive whole-number stack`);
    if (typeof s.playerId !== 'string' || s.playerId === '') return FAIL('POKER_INVALID_SEAT', 'S1-TABLE-1', `seat ${s.seat} needs a player id`);
    if (s.timeBankMs !== undefined && (!Number.isSafeInteger(s.timeBankMs) || s.timeBankMs < 0)) return FAIL('POKER_INVALID_SEAT', 'S1-TIMEBANK', `seat ${s.seat}: the time bank is a whole number of ms ≥ 0`);
    if (s.straddle !== undefined && typeof s.straddle !== 'boolean') return FAIL('POKER_INVALID_SEAT', 'S1-STRADDLE', `seat ${s.seat}: straddle is true or false`);
    for (const post of [s.postLiveMinor, s.postDeadMinor]) if (post !== undefined && (!Number.isSafeInteger(post) || post < 0)) return FAIL('POKER_INVALID_STACK', 'S1-ENTRY-2', `seat ${s.seat}: a post must be a whole number ≥ 0`);
  }
  if (new Set(seatsIn.map((s) => s.seat)).size !== seatsIn.length) return FAIL('POKER_INVALID_SEAT', 'S1-TABLE-1', 'a seat appears twice');
  let button: number | null = null;
  if (v.button) {
    button = seatsIn.findIndex((s) => s.seat === input.buttonSeat);
    if (button < 0) return FAIL('POKER_INVALID_BUTTON', 'S1-DEAL-2', `the button must be on a seat in the hand, got ${String(input.buttonSeat)}`);
  }
  const n = seatsIn.length;
  let seats: SeatState[] = seatsIn.map((s) => {
    const cap = c.capPerHandMinor ?? Infinity;
    const playable = Math.min(s.stackMinor, cap);
    return { seat: s.seat, playerId: s.playerId, stackMinor: playable, reservedMinor: s.stackMinor - playable, streetMinor: 0, totalMinor: 0, folded: false, allIn: false, acted: false, actedAtMinor: 0, cards: [], timeBankMs: s.timeBankMs ?? c.timeBankMs };
  });
  if (c.anteMinor > 0) seats = seats.map((s) => put(s, c.anteMinor, false));
  let currentBet = 0;
  let raises = 0;
  if (v.forced === 'blinds') {
    // PT-HEADSUP: two players → the button posts the small blind (and acts first pre-flop).
    const sb = n === 2 ? (button as number) : ((button as number) + 1) % n;
    const bb = (sb + 1) % n;
    seats[sb] = put(seats[sb] as SeatState, c.smallBlindMinor, true);
    seats[bb] = put(seats[bb] as SeatState, c.bigBlindMinor, true);
    currentBet = c.bigBlindMinor;
    raises = 1;
    const st = (bb + 1) % n;
    if (seatsIn[st]?.straddle === true) {
      if (!c.straddleTable) return FAIL('POKER_STRADDLE_NOT_ALLOWED', 'S1-STRADDLE', 'the straddle is only for tables marked "Ö"');
      if (n < 3) return FAIL('POKER_STRADDLE_NOT_ALLOWED', 'S1-STRADDLE', 'heads-up there is no seat after the big blind to straddle');
      seats[st] = put(seats[st] as SeatState, 2 * c.bigBlindMinor, true);
      currentBet = 2 * c.bigBlindMinor;
      raises = 2;
    }
    // S1-ENTRY-2 / S1-REENTRY: extra posts of entering players (seat inputs from planNextHand)
    for (let i = 0; i < n; i++) {
      const si = seatsIn[i] as SeatInput;
      if (si.postDeadMinor) seats[i] = put(seats[i] as SeatState, si.postDeadMinor, false);
      if (si.postLiveMinor) seats[i] = put(seats[i] as SeatState, si.postLiveMinor, true);
    }
    const other = seatsIn.findIndex((s, i) => s.straddle === true && i !== st);
    if (other >= 0) return FAIL('POKER_STRADDLE_NOT_ALLOWED', 'S1-STRADDLE', `only the seat directly after the big blind may straddle (seat ${seatsIn[other]?.seat})`);
  } else if (seatsIn.some((s) => s.straddle === true)) {
    return FAIL('POKER_STRADDLE_NOT_ALLOWED', 'S1-STRADDLE', `the straddle is Texas Hold'em only`);
  }
  const base: HandState = {
    handId: input.handId,
    config: c,
    variant: v,
    lowestRank: deckLowestRank(v, n),
    seats,
    button,
    step: -1,
    phase: { type: 'complete' },
    board: [],
    discards: [],
    dealt: [],
    burned: [],
    currentBetMinor: currentBet,
    fullRaiseMinor: 0,
    lastFullLevelMinor: currentBet,
    raises,
    unlimitedRaises: false,
    toAct: null,
    lastAggressor: null,
    betRound: -1,
    clock: null,
    rakeMinor: 0,
    // S1-RAKE: the first round's bets include the antes and blinds
    potAtRoundStartMinor: 0,
    bringIn: null,
    result: null,
    actionsTaken: 0,
  };
  return ok(advance(base, input.at));
}

/** Moves to the next step (deal/board/draw/bet), skipping betting rounds nobody can bet in; settles at the end. */
function advance(s0: HandState, at: number): HandState {
  let s = s0;
  for (;;) {
    const step = s.step + 1;
    const def = s.variant.steps[step];
    if (!def) return settle({ ...s, step }, at);
    s = { ...s, step };
    switch (def.type) {
      case 'deal': {
        const order = clockwise(s.seats.length, s.button).filter((i) => isLive(s.seats[i] as SeatState));
        const queue: number[] = [];
        for (let r = 0; r < def.count; r++) queue.push(...order);
        if (s.variant.sharedCardWhenShort === true && stockLeft(s) < queue.length) {
          // RAY §6.6 / PT-STUD-SEATS: the stock cannot give everyone their own card: one shared card, face up
          const shared = Array.from({ length: def.count }, () => -1);
          return { ...s, phase: { type: 'deal', queue: withBurn(s, shared), up: true }, clock: null, toAct: null };
        }
        return { ...s, phase: { type: 'deal', queue: withBurn(s, queue), up: def.face === 'up' }, clock: null, toAct: null };
      }
      case 'board':
        return { ...s, phase: { type: 'deal', queue: withBurn(s, Array.from({ length: def.count }, () => -1)), up: true }, clock: null, toAct: null };
      case 'draw': {
        const queue = clockwise(s.seats.length, s.button).filter((i) => isLive(s.seats[i] as SeatState));
        const first = queue[0] as number;
        return { ...s, phase: { type: 'draw', queue, owed: 0, ...(s.config.burnCards ? { burn: true } : {}) }, toAct: first, clock: clockFor(s, first, at) };
      }
      case 'bet': {
        const started = startRound(s, def, at);
        if (started) return started;
        // nobody can bet (all-in): the round is skipped; it still closes (uncalled chips back, its rake)
        s = closeRound({ ...s, betRound: s.betRound + 1 }, false);
        continue;
      }
      default:
        return assertNever(def, 'deal step');
    }
  }
}

/** Cards left in the stock (the hand's deck minus every card dealt or burned; 7-E discards come back only later). */
function stockLeft(s: HandState): number {
  return (13 - s.lowestRank) * 4 - new Set(s.dealt).size;
}

/**
 * PT-BURN (004 "Formal games burn one card before dealing"): on a `burnCards` table one card is burned
 * before every street dealt after a betting round (flop, turn, river; stud 4th–7th street; Sökö's later
 * up cards) — not before the first deal. The burn is left out when the stock would then not cover the
 * street (7 stud players on 7th street, 10 Sökö players), so a burn never makes a hand undealable.
 */
function withBurn(s: HandState, queue: number[]): number[] {
  // PT-STUD-SEATS: where a short stock is met with a shared card, every later street still needs at least
  // that one card, so a burn is left out rather than leaving a later street with no card at all
  const reserve = s.variant.sharedCardWhenShort === true ? s.variant.steps.slice(s.step + 1).filter((x) => x.type === 'deal' || x.type === 'board').length : 0;
  if (!s.config.burnCards || s.betRound < 0 || stockLeft(s) - queue.length - 1 < reserve) return queue;
  return [-2, ...queue];
}

function clockFor(s: HandState, seatIdx: number, at: number): ActionClock {
  return { seat: (s.seats[seatIdx] as SeatState).seat, startedAt: at, deadlineAt: at + s.config.actionMs, baseDeadlineAt: at + s.config.actionMs, bankInUse: false };
}

/** Opens a betting round, or returns null when nobody can bet (everyone else all-in). */
function startRound(s0: HandState, def: Extract<DealStep, { type: 'bet' }>, at: number): HandState | null {
  const c = s0.config;
  const unit = betUnit(c, def.size);
  const firstRound = s0.betRound === -1;
  const seats = s0.seats.map((x) => ({ ...x, acted: false, actedAtMinor: 0 }));
  const able = seats.filter(isAble);
  let currentBet = firstRound && s0.variant.forced === 'blinds' ? s0.currentBetMinor : 0;
  const raises = firstRound && s0.variant.forced === 'blinds' ? s0.raises : 0;
  const n = seats.length;
  let bringIn: number | null = null;
  let first: number;
  switch (def.first) {
    case 'after-blinds': {
      const b = s0.button as number;
      // pre-flop: after the BB, or after the straddler (S1-STRADDLE); heads-up the button/SB (PT-HEADSUP)
      const bb = n === 2 ? (b + 1) % n : (b + 2) % n;
      const straddled = raises === 2;
      first = (bb + (straddled ? 2 : 1)) % n;
      break;
    }
    case 'after-button':
      first = clockwise(n, s0.button)[0] as number;
      break;
    case 'bring-in': {
      // PT-BRINGIN: the lowest up card among seats that can still post; it posts, the next seat acts.
      // Suits never rank (001 §2.5 M): equal ranks go to the first from position 1 (the stable sort keeps
      // clockwise(n, null) order — the same tie rule as PT-SHOWING / Sökö, issue 24)
      const candidates = clockwise(n, null).map((i) => [seats[i] as SeatState, i] as const).filter(([x]) => isAble(x));
      candidates.sort((a, b) => bringInKey(upCards(a[0]).at(-1) as CardId) - bringInKey(upCards(b[0]).at(-1) as CardId));
      const bi = candidates[0]?.[1];
      if (bi === undefined) return null;
      seats[bi] = { ...put(seats[bi] as SeatState, c.bringInMinor, true), acted: true };
      seats[bi] = { ...(seats[bi] as SeatState), actedAtMinor: (seats[bi] as SeatState).streetMinor };
      currentBet = (seats[bi] as SeatState).streetMinor;
      bringIn = bi;
      first = (bi + 1) % n;
      break;
    }
    case 'best-showing': {
      // RAY §6.7 / 004: the best showing hand opens; equal hands: the first from position 1 (PT-SHOWING)
      let best = -1;
      first = 0;
      for (const i of clockwise(n, null)) {
        const x = seats[i] as SeatState;
        if (!isLive(x)) continue;
        const v = showingValue(s0.variant, upCards(x));
        if (v > best) {
          best = v;
          first = i;
        }
      }
      break;
    }
    default:
      return assertNever(def.first, 'first to act');
  }
  const nAble = seats.filter(isAble).length;
  const maxStreet = Math.max(...seats.map((x) => x.streetMinor));
  if (nAble === 0 || (nAble === 1 && seats.filter(isAble).every((x) => x.streetMinor >= maxStreet))) {
    if (bringIn === null) return null;
  }
  const s: HandState = {
    ...s0,
    seats,
    phase: { type: 'bet' },
    currentBetMinor: currentBet,
    // a straddle plays as a blind: the smallest raise over it is its own size (PT-STRADDLE-MIN)
    fullRaiseMinor: c.structure !== 'fixed-limit' && firstRound && raises === 2 ? currentBet : unit,
    lastFullLevelMinor: currentBet,
    raises,
    unlimitedRaises: able.length === 2,
    betRound: s0.betRound + 1,
    lastAggressor: null,
    bringIn,
    toAct: null,
    clock: null,
  };
  const firstToAct = nextToAct(s, (first - 1 + n) % n);
  if (firstToAct === null) return null;
  return { ...s, toAct: firstToAct, clock: clockFor(s, firstToAct, at) };
}

function upCards(x: SeatState): CardId[] {
  return x.cards.filter((k) => k.up).map((k) => k.card);
}

/** The next seat after `from` that still has to act this round, or null when the round is over (S1-ROUND-END). */
function nextToAct(s: HandState, from: number): number | null {
  const n = s.seats.length;
  const live = s.seats.filter(isLive);
  if (live.length <= 1) return null;
  const able = s.seats.filter(isAble);
  if (able.length === 0) return null;
  if (able.length === 1 && (able[0] as SeatState).streetMinor >= s.currentBetMinor && live.length > 1) {
    // nobody left to bet against: only act if facing a bet or if never acted with others still able (none)
    return null;
  }
  for (let k = 1; k <= n; k++) {
    const i = (from + k) % n;
    const x = s.seats[i] as SeatState;
    if (!isAble(x)) continue;
    if (!x.acted || x.streetMinor < s.currentBetMinor) return i;
  }
  return null;
}

export interface LegalActions {
  readonly seat: number;
  readonly canFold: boolean;
  readonly canCheck: boolean;
  /** chips to call (0 when checking is free); capped by the stack (a call all-in). */
  readonly callMinor: number;
  /** `bet` when nobody has bet this round, else `raise`; null when the seat may not raise (cap, not reopened, nobody to raise against, short stack). */
  readonly raise: { readonly kind: 'bet' | 'raise'; readonly minToMinor: number; readonly maxToMinor: number } | null;
  /** the seat's street total if it goes all-in. */
  readonly allInToMinor: number;
  /** `all-in` is a legal action: a call for the whole stack, or a bet/raise within the structure (not in fixed limit above the fixed amount, not above the pot in pot limit). */
  readonly canAllIn: boolean;
  readonly rules: readonly string[];
}

/** What the player to act may do (for the player client and the robot players). */
export function legalActions(s: HandState): LegalActions | null {
  if (s.phase.type !== 'bet' || s.toAct === null) return null;
  const x = s.seats[s.toAct] as SeatState;
  const call = Math.max(0, Math.min(s.currentBetMinor - x.streetMinor, x.stackMinor));
  const r = raiseBounds(s, s.toAct);
  return {
    seat: x.seat,
    canFold: true,
    canCheck: x.streetMinor >= s.currentBetMinor,
    callMinor: call,
    raise: r.ok ? { kind: s.currentBetMinor === 0 ? 'bet' : 'raise', minToMinor: r.value.min, maxToMinor: r.value.max } : null,
    allInToMinor: x.streetMinor + x.stackMinor,
    canAllIn: x.streetMinor + x.stackMinor <= s.currentBetMinor || (r.ok && x.streetMinor + x.stackMinor <= r.value.max),
    rules: ['S1-FL', 'S1-PL', 'S1-NL', 'PT-SHORT-ALLIN'],
  };
}

/** The bet/raise bounds for a seat ("to" amounts for the street), or why it may not raise. */
function raiseBounds(s: HandState, i: number): Result<{ min: number; max: number; target: number | null }> {
  const c = s.config;
  const x = s.seats[i] as SeatState;
  const def = s.variant.steps[s.step] as Extract<DealStep, { type: 'bet' }>;
  const unit = betUnit(c, def.size);
  const allInTo = x.streetMinor + x.stackMinor;
  if (allInTo <= s.currentBetMinor) return FAIL('POKER_STACK_TOO_SHORT', 'S1-ALLIN', 'the stack does not cover more than a call');
  const othersAble = s.seats.filter((y, j) => j !== i && isAble(y)).length;
  if (othersAble === 0) return FAIL('POKER_NOBODY_TO_RAISE', 'S1-ALLIN', 'every other player is all-in: call or fold');
  const reopened = !x.acted || s.lastFullLevelMinor > x.actedAtMinor || s.currentBetMinor - x.actedAtMinor >= s.fullRaiseMinor;
  if (!reopened) return FAIL('POKER_NOT_REOPENED', 'PT-SHORT-ALLIN', 'an all-in short of a full raise does not reopen the betting for a player who already acted: call or fold');
  if (c.structure === 'fixed-limit') {
    if (!s.unlimitedRaises && c.maxRaisesPerRound !== null && s.raises >= 1 + c.maxRaisesPerRound) {
      return FAIL('POKER_RAISE_CAP', 'S1-FL', `one bet and ${c.maxRaisesPerRound} raises per round (unlimited only heads-up at the round's start)`);
    }
    // a completion to the full bet when the level is below it (bring-in, short all-in), else one bet more
    const target = s.currentBetMinor < unit ? unit : s.lastFullLevelMinor + unit > s.currentBetMinor ? s.lastFullLevelMinor + unit : s.currentBetMinor + unit;
    const to = Math.min(target, allInTo);
    return ok({ min: to, max: to, target });
  }
  const min = Math.min(fullRaiseTo(s, unit), allInTo);
  let max = allInTo;
  if (c.structure === 'pot-limit') {
    // PT-PL-POT: the pot after calling: everything in the middle + the call, on top of the call
    const toCall = s.currentBetMinor - x.streetMinor;
    const pot = sumTotals(s.seats) - s.rakeMinor;
    max = Math.min(allInTo, s.currentBetMinor + pot + toCall);
  }
  return ok({ min: Math.min(min, max), max, target: null });
}

/** The smallest full bet/raise (S1-PL/S1-NL): at least the minimum bet, then at least the previous raise (PT-SHORT-ALLIN). */
function fullRaiseTo(s: HandState, unit: number): number {
  return s.currentBetMinor < unit ? unit : s.currentBetMinor + s.fullRaiseMinor;
}

/** The default action on timeout (S1-TIMEOUT): fold, or check when free on a `check-when-free` table; in a draw, stand pat. */
export function timeoutAction(s: HandState): HandCommand | null {
  if (s.toAct === null || s.clock === null) return null;
  const x = s.seats[s.toAct] as SeatState;
  const at = s.clock.deadlineAt;
  if (s.phase.type === 'draw') return { type: 'draw', seat: x.seat, discards: [], at };
  const free = x.streetMinor >= s.currentBetMinor;
  return { type: 'act', seat: x.seat, action: free && s.config.timeout === 'check-when-free' ? 'check' : 'fold', at };
}

/** What the dealer console / device must deliver next: a card for a seat, a board card, a burn (PT-BURN), or nothing. */
export function cardDue(s: HandState): { readonly to: 'seat'; readonly seat: number; readonly up: boolean } | { readonly to: 'board' } | { readonly to: 'burn' } | null {
  if (s.phase.type === 'deal') {
    const q = s.phase.queue[0];
    if (q === undefined) return null;
    if (q === -1) return { to: 'board' };
    if (q === -2) return { to: 'burn' };
    return { to: 'seat', seat: (s.seats[q] as SeatState).seat, up: s.phase.up };
  }
  if (s.phase.type === 'draw' && s.phase.owed > 0) return s.phase.burn === true ? { to: 'burn' } : { to: 'seat', seat: (s.seats[s.phase.queue[0] as number] as SeatState).seat, up: false };
  return null;
}

const seatIndex = (s: HandState, seat: number): number => s.seats.findIndex((x) => x.seat === seat);

/** Applies one command (pure). Violations carry the rule ID (S1-…, PT-…). */
export function applyHandCommand(s: HandState, cmd: HandCommand): Result<HandState> {
  if (s.phase.type === 'complete' || s.phase.type === 'void') return FAIL('POKER_HAND_OVER', 'GEN-6', 'the hand is over');
  if (typeof cmd.at !== 'number' || !Number.isFinite(cmd.at)) return FAIL('POKER_INVALID_COMMAND', 'D-3', 'every command carries its time `at`');
  switch (cmd.type) {
    case 'void':
      return ok(voidHand(s, cmd.reason));
    case 'misdeal':
      if (s.actionsTaken >= 2) return FAIL('POKER_MISDEAL_TOO_LATE', 'P4-IRR', 'after significant action (two or more players acted) the hand must continue; the pit boss decides');
      return ok(redeal(s, `misdeal: ${cmd.reason}`));
    case 'expose': {
      const i = seatIndex(s, cmd.seat);
      const x = s.seats[i];
      if (!x || !x.cards.some((k) => k.card === cmd.card && !k.up)) return FAIL('POKER_NOT_A_DOWN_CARD', 'P4-IRR', 'that card is not a down card of that seat');
      if (s.config.exposedCard === 'redeal' && s.actionsTaken < 2) return ok(redeal(s, 'card exposed during the deal'));
      // P4-IRR: a card shown to anyone is shown to all; it stays in the hand
      const seats = s.seats.map((y, j) => (j === i ? { ...y, cards: y.cards.map((k) => (k.card === cmd.card ? { ...k, up: true } : k)) } : y));
      return ok({ ...s, seats });
    }
    case 'card':
      return applyCard(s, cmd.card, cmd.at);
    case 'act':
      return applyAct(s, cmd, false);
    case 'draw':
      return applyDraw(s, cmd.seat, cmd.discards, cmd.at, false);
    case 'time-bank': {
      if (!s.clock || s.clock.seat !== cmd.seat) return FAIL('POKER_NOT_YOUR_TURN', 'S1-TIMEBANK', 'the time bank extends only your own turn');
      const i = seatIndex(s, cmd.seat);
      const x = s.seats[i] as SeatState;
      if (s.clock.bankInUse || x.timeBankMs <= 0) return FAIL('POKER_NO_TIME_BANK', 'S1-TIMEBANK', 'the time bank is used up (or already running)');
      if (cmd.at >= s.clock.deadlineAt) return FAIL('POKER_CLOCK_EXPIRED', 'S1-TIMEOUT', 'the action clock has already run out');
      return ok({ ...s, clock: { ...s.clock, deadlineAt: s.clock.deadlineAt + x.timeBankMs, bankInUse: true } });
    }
    case 'timeout': {
      if (!s.clock || s.clock.seat !== cmd.seat) return FAIL('POKER_NOT_YOUR_TURN', 'S1-TIMEOUT', 'that seat is not on the clock');
      if (cmd.at < s.clock.deadlineAt) return FAIL('POKER_CLOCK_RUNNING', 'S1-TIMEOUT', `the clock runs until ${s.clock.deadlineAt}`);
      const d = timeoutAction(s);
      if (!d) return FAIL('POKER_NOT_YOUR_TURN', 'S1-TIMEOUT', 'nobody is on the clock');
      return d.type === 'draw' ? applyDraw(s, d.seat, d.discards, cmd.at, true) : applyAct(s, { ...(d as Extract<HandCommand, { type: 'act' }>), at: cmd.at }, true);
    }
    default:
      return assertNever(cmd, 'hand command');
  }
}

function applyCard(s: HandState, card: CardId, at: number): Result<HandState> {
  const due = cardDue(s);
  if (!due) return FAIL('POKER_NO_CARD_DUE', 'S1-DEAL-3', 'no card is due now');
  if (!Number.isSafeInteger(card) || card < 0 || card > 51 || card >> 2 < s.lowestRank) return FAIL('POKER_CARD_NOT_IN_DECK', 'S1-DEAL-1', `card ${card} is not in this hand's deck`);
  const deckSize = (13 - s.lowestRank) * 4;
  const held = s.board.includes(card) || s.seats.some((x) => x.cards.some((k) => k.card === card));
  const wasDiscarded = s.discards.includes(card);
  if (held || (s.dealt.includes(card) && !wasDiscarded)) return FAIL('POKER_CARD_SEEN', 'S1-DEAL-1', 'that card is already out in this hand (one deck)');
  if (wasDiscarded && new Set(s.dealt).size < deckSize) return FAIL('POKER_CARD_SEEN', 'S1-DEAL-1', 'a discard comes back only after the stock is used up (001 §3.5)');
  const discards = wasDiscarded ? s.discards.filter((c) => c !== card) : s.discards;
  const dealt = s.dealt.includes(card) ? s.dealt : [...s.dealt, card];
  if (due.to === 'burn') {
    // PT-BURN: the card goes to the burn pile, face down; the street's cards follow
    const burned = [...s.burned, card];
    if (s.phase.type === 'draw') return ok({ ...s, discards, dealt, burned, phase: { ...s.phase, burn: false } });
    if (s.phase.type !== 'deal') return FAIL('POKER_NO_CARD_DUE', 'S1-DEAL-3', 'no card is due now');
    return ok({ ...s, discards, dealt, burned, phase: { ...s.phase, queue: s.phase.queue.slice(1) } });
  }
  if (s.phase.type === 'draw') {
    const i = s.phase.queue[0] as number;
    const seats = s.seats.map((x, j) => (j === i ? { ...x, cards: [...x.cards, { card, up: false }] } : x));
    const owed = s.phase.owed - 1;
    const next: HandState = { ...s, seats, discards, dealt, phase: { ...s.phase, owed } };
    return ok(owed > 0 ? next : nextDrawer(next, at));
  }
  if (s.phase.type !== 'deal') return FAIL('POKER_NO_CARD_DUE', 'S1-DEAL-3', 'no card is due now');
  const [q, ...rest] = s.phase.queue;
  let next: HandState;
  if (q === -1) next = { ...s, board: [...s.board, card], discards, dealt, phase: { ...s.phase, queue: rest } };
  else {
    const up = s.phase.up;
    next = { ...s, seats: s.seats.map((x, j) => (j === q ? { ...x, cards: [...x.cards, { card, up }] } : x)), discards, dealt, phase: { ...s.phase, queue: rest } };
  }
  return ok(rest.length > 0 ? next : advance(next, at));
}

/** Non-negotiable 1 / S1-TIMEOUT: an action after the player's clock ran out is refused; the timeout default applies instead. */
function late(s: HandState, at: number, timeout: boolean): boolean {
  return !timeout && s.clock !== null && at > s.clock.deadlineAt;
}
const LATE = (): ReturnType<typeof FAIL> => FAIL('POKER_CLOCK_EXPIRED', 'S1-TIMEOUT', 'the action clock ran out before this action arrived: the timeout default applies');

function applyDraw(s: HandState, seat: number, discards: readonly CardId[], at: number, timeout: boolean): Result<HandState> {
  if (s.phase.type !== 'draw' || s.phase.owed > 0) return FAIL('POKER_NOT_YOUR_TURN', 'S1-DEAL-3', 'no draw is expected now');
  if (late(s, at, timeout)) return LATE();
  const i = s.phase.queue[0] as number;
  const x = s.seats[i] as SeatState;
  if (x.seat !== seat) return FAIL('POKER_NOT_YOUR_TURN', 'S1-DEAL-3', `seat ${x.seat} draws now`);
  if (!Array.isArray(discards) || new Set(discards).size !== discards.length || discards.some((d) => !x.cards.some((k) => k.card === d))) {
    return FAIL('POKER_INVALID_DRAW', '001 §3.4', 'discard only cards you hold, each once (0–5 cards)');
  }
  const seats = s.seats.map((y, j) => (j === i ? { ...y, cards: y.cards.filter((k) => !discards.includes(k.card)) } : y));
  // PT-BURN: the draw's one burn comes before its first replacement card, if the stock still holds a card
  const burn = s.phase.burn === true && discards.length > 0 ? stockLeft(s) > 0 : s.phase.burn;
  const next: HandState = { ...s, seats, discards: [...s.discards, ...discards], phase: { ...s.phase, owed: discards.length, ...(burn !== undefined ? { burn } : {}) }, clock: null };
  return ok(discards.length > 0 ? next : nextDrawer(next, at));
}

function nextDrawer(s: HandState, at: number): HandState {
  if (s.phase.type !== 'draw') return s;
  const queue = s.phase.queue.slice(1);
  if (queue.length === 0) return advance({ ...s, toAct: null, clock: null }, at);
  const first = queue[0] as number;
  return { ...s, phase: { type: 'draw', queue, owed: 0, ...(s.phase.burn !== undefined ? { burn: s.phase.burn } : {}) }, toAct: first, clock: clockFor(s, first, at) };
}

function applyAct(s: HandState, cmd: Extract<HandCommand, { type: 'act' }>, timeout: boolean): Result<HandState> {
  if (s.phase.type !== 'bet' || s.toAct === null) return FAIL('POKER_NOT_YOUR_TURN', 'S1-ROUND-END', 'no betting action is expected now');
  const i = s.toAct;
  const x = s.seats[i] as SeatState;
  if (x.seat !== cmd.seat) return FAIL('POKER_NOT_YOUR_TURN', 'S1-ROUND-END', `seat ${x.seat} is to act, not seat ${cmd.seat}`);
  if (late(s, cmd.at, timeout)) return LATE();
  // S1-TIMEBANK: time bank used = how far past the base deadline the player acted
  let bank = x.timeBankMs;
  if (s.clock?.bankInUse) bank = Math.max(0, bank - Math.max(0, cmd.at - s.clock.baseDeadlineAt));
  let y: SeatState = { ...x, timeBankMs: bank };
  let st: Partial<HandState> = {};
  const facing = s.currentBetMinor - x.streetMinor;
  let action = cmd.action;
  let to = cmd.toMinor;
  if (action === 'all-in') {
    const allInTo = x.streetMinor + x.stackMinor;
    if (allInTo <= s.currentBetMinor) action = 'call';
    else {
      action = s.currentBetMinor === 0 ? 'bet' : 'raise';
      to = allInTo;
    }
  }
  switch (action) {
    case 'fold':
      // RAY §6.4: a player may always fold
      y = { ...y, folded: true };
      break;
    case 'check':
      if (facing > 0) return FAIL('POKER_CHECK_FACING_BET', '001 §1.5', `a check is allowed only when nobody has put in more; call ${facing}, raise or fold`);
      break;
    case 'call':
      if (facing <= 0) return FAIL('POKER_NOTHING_TO_CALL', '001 §1.5', 'nothing to call: check or bet');
      y = put(y, facing, true);
      break;
    case 'bet':
    case 'raise': {
      if (action === 'bet' && s.currentBetMinor > 0) return FAIL('POKER_BET_FACING_BET', '001 §1.5', 'there is already a bet: call, raise or fold');
      if (action === 'raise' && s.currentBetMinor === 0) return FAIL('POKER_NOTHING_TO_RAISE', '001 §1.5', 'nobody has bet: bet or check');
      if (typeof to !== 'number' || !Number.isSafeInteger(to)) return FAIL('POKER_INVALID_AMOUNT', 'D-1', 'a bet or raise needs toMinor, a whole number of minor units (the street total)');
      const b = raiseBounds(s, i);
      if (!b.ok) return b;
      const allInTo = x.streetMinor + x.stackMinor;
      if (to > allInTo) return FAIL('POKER_TABLE_STAKES', x.reservedMinor > 0 ? 'S1-CAP' : 'S1-NL', `at most ${allInTo}: table stakes${x.reservedMinor > 0 ? ' and the per-hand cap' : ''}`);
      if (s.config.structure === 'fixed-limit' && to !== b.value.max) return FAIL('POKER_FIXED_LIMIT_AMOUNT', 'S1-FL', `fixed limit: the ${action} is to exactly ${b.value.max}`);
      if (to < b.value.min && to !== allInTo) return FAIL('POKER_BET_TOO_SMALL', 'S1-PL', `the minimum ${action} is to ${b.value.min} (at least the big blind / the previous raise)`);
      if (to > b.value.max) return FAIL('POKER_BET_TOO_LARGE', 'PT-PL-POT', `pot limit: at most ${b.value.max}`);
      const inc = to - s.currentBetMinor;
      const def = s.variant.steps[s.step] as Extract<DealStep, { type: 'bet' }>;
      const unit = betUnit(s.config, def.size);
      // PT-SHORT-ALLIN: full = at least a full raise (NL/PL), or at least half a bet in fixed limit / a completion
      const full = s.config.structure === 'fixed-limit' ? (s.currentBetMinor < unit ? to >= unit || 2 * inc >= unit : 2 * inc >= unit) : to >= fullRaiseTo(s, unit);
      y = put(y, to - x.streetMinor, true);
      st = {
        currentBetMinor: to,
        lastAggressor: i,
        ...(full ? { lastFullLevelMinor: to, raises: s.raises + 1, fullRaiseMinor: s.config.structure === 'fixed-limit' ? unit : Math.max(s.fullRaiseMinor, inc) } : {}),
      };
      break;
    }
    default:
      return assertNever(action, 'action');
  }
  const cur = st.currentBetMinor ?? s.currentBetMinor;
  y = { ...y, acted: true, actedAtMinor: cur };
  const seats = s.seats.map((z, j) => (j === i ? y : z));
  let next: HandState = { ...s, ...st, seats, clock: null, actionsTaken: s.actionsTaken + 1 };
  if (seats.filter(isLive).length === 1) return ok(endRound(next, cmd.at, true));
  const n2 = nextToAct(next, i);
  if (n2 === null) return ok(endRound(next, cmd.at, false));
  next = { ...next, toAct: n2, clock: clockFor(next, n2, cmd.at) };
  return ok(next);
}

/** Closes a betting round, then the next step or the end of the hand. */
function endRound(s: HandState, at: number, lastStanding: boolean): HandState {
  const next = closeRound(s, lastStanding);
  return lastStanding ? settle(next, at) : advance(next, at);
}

/** Closes a betting round: uncalled chips back, the round's rake (S1-RAKE). */
function closeRound(s: HandState, lastStanding: boolean): HandState {
  let seats = [...s.seats];
  // uncalled chips go back (docs/rules/live-poker.md §2.4 [INTERP]: a remainder only one player contributed)
  let top = 0;
  for (let j = 1; j < seats.length; j++) if ((seats[j] as SeatState).totalMinor > (seats[top] as SeatState).totalMinor) top = j;
  const second = Math.max(0, ...seats.filter((_, j) => j !== top).map((z) => z.totalMinor));
  const t = seats[top] as SeatState;
  const excess = Math.min(t.totalMinor - second, t.streetMinor);
  if (excess > 0) {
    seats[top] = { ...t, totalMinor: t.totalMinor - excess, streetMinor: t.streetMinor - excess, stackMinor: t.stackMinor + excess, allIn: false };
  }
  // S1-RAKE: per betting round, on that round's bets; RAY §6.1 A cap per hand; no flop, no drop
  const total = sumTotals(seats);
  const roundBets = total - s.potAtRoundStartMinor;
  let rake = 0;
  const r = s.config.rake;
  if (r && !(r.noFlopNoDrop && lastStanding && s.betRound <= 0)) {
    rake = Math.floor((roundBets * r.basisPoints) / 10_000);
    if (r.capMinor !== null) rake = Math.min(rake, Math.max(0, r.capMinor - s.rakeMinor));
  }
  seats = seats.map((z) => ({ ...z, streetMinor: 0 }));
  return { ...s, seats, rakeMinor: s.rakeMinor + rake, potAtRoundStartMinor: total, toAct: null, clock: null, currentBetMinor: 0, phase: { type: 'bet' } };
}

function oddChipOrder(s: HandState): number[] {
  const n = s.seats.length;
  const idx = s.config.oddChip === 'left-of-button' ? clockwise(n, s.button) : clockwise(n, null);
  return idx.map((i) => (s.seats[i] as SeatState).seat);
}

function settle(s: HandState, _at: number): HandState {
  const live = s.seats.filter(isLive);
  const contributions = s.seats.map((x) => ({ seat: x.seat, totalMinor: x.totalMinor, folded: x.folded }));
  // chips still on the street when the hand ends by steps running out are already in totalMinor
  const pots = takeRake(buildPots(contributions), s.rakeMinor);
  let values: ShowdownValues | null = null;
  const shown: HandResult['shown'][number][] = [];
  if (live.length >= 2) {
    const high = new Map<number, number>();
    const low = new Map<number, number>();
    for (const x of live) {
      const cards = x.cards.map((k) => k.card);
      const h = highValue(s.variant, cards, s.board, s.lowestRank);
      high.set(x.seat, h);
      const l = s.variant.hiLo ? lowValue(s.variant, cards, s.board) : -1;
      if (s.variant.hiLo) low.set(x.seat, l);
    }
    values = s.variant.hiLo ? { high, low } : { high };
    // P4-SHOW / RAY §6.4: the last aggressor of the final round shows first, else clockwise from the button
    const order = clockwise(s.seats.length, s.lastAggressor !== null ? (s.lastAggressor - 1 + s.seats.length) % s.seats.length : s.button);
    for (const i of order) {
      const x = s.seats[i] as SeatState;
      if (!isLive(x)) continue;
      const l = low.get(x.seat) ?? -1;
      shown.push({ seat: x.seat, cards: x.cards.map((k) => k.card), high: describeValue(high.get(x.seat) as number), low: s.variant.hiLo ? (l >= 0 ? describeLow(l) : 'no low') : null });
    }
  }
  const awards = awardPots(pots, values, oddChipOrder(s), s.config.hiLoOddChip);
  const won = winningsBySeat(awards);
  const seats = s.seats.map((x) => ({ ...x, stackMinor: x.stackMinor + (won.get(x.seat) ?? 0) }));
  const result: HandResult = {
    type: live.length >= 2 ? 'showdown' : 'uncontested',
    pots,
    awards,
    rakeMinor: s.rakeMinor,
    seats: seats.map((x) => ({ seat: x.seat, playerId: x.playerId, inMinor: x.totalMinor, wonMinor: won.get(x.seat) ?? 0, netMinor: (won.get(x.seat) ?? 0) - x.totalMinor, stackMinor: x.stackMinor + x.reservedMinor })),
    shown,
    rules: ['S1-ALLIN', 'S1-RAKE', 'PT-ODDCHIP', ...s.variant.rules],
  };
  return { ...s, seats, phase: { type: 'complete' }, toAct: null, clock: null, result };
}

function describeLow(v: number): string {
  const r = (0xfffff - v).toString(16).split('').map((d) => (d === '1' ? 'A' : d));
  return `low ${r.join('-')}`;
}

/**
 * S1-FAIL-RING: a system failure voids the hand; every remaining player gets back everything they put
 * in; rake taken in the hand goes back too (PT-VOID). Chips folded players left: PT-VOID profile choice.
 */
/** P4-IRR redeal: every chip goes back to its owner (antes and blinds too); the server deals the hand again with the same button. */
function redeal(s: HandState, reason: string): HandState {
  const v = voidHand({ ...s, config: { ...s.config, voidFoldedChips: 'refund-folded' } }, reason);
  return { ...v, config: s.config, result: v.result ? { ...v.result, rules: ['P4-IRR', `reason: ${reason}`] } : null };
}

export function voidHand(s: HandState, reason: string): HandState {
  if (s.phase.type === 'complete' || s.phase.type === 'void') return s;
  const live = s.seats.filter(isLive);
  const back = new Map<number, number>();
  for (const x of s.seats) {
    if (isLive(x) || s.config.voidFoldedChips === 'refund-folded') back.set(x.seat, (back.get(x.seat) ?? 0) + x.totalMinor);
  }
  if (s.config.voidFoldedChips === 'to-remaining') {
    const dead = s.seats.filter((x) => !isLive(x)).reduce((a, x) => a + x.totalMinor, 0);
    const order = oddChipOrder(s).filter((seat) => live.some((x) => x.seat === seat));
    if (dead > 0) for (const [seat, share] of splitEvenly(dead, order)) back.set(seat, (back.get(seat) ?? 0) + share);
  }
  const seats = s.seats.map((x) => ({ ...x, stackMinor: x.stackMinor + (back.get(x.seat) ?? 0), streetMinor: 0 }));
  const result: HandResult = {
    type: 'void',
    pots: [],
    awards: [],
    rakeMinor: 0,
    seats: seats.map((x) => ({ seat: x.seat, playerId: x.playerId, inMinor: x.totalMinor, wonMinor: back.get(x.seat) ?? 0, netMinor: (back.get(x.seat) ?? 0) - x.totalMinor, stackMinor: x.stackMinor + x.reservedMinor })),
    shown: [],
    rules: ['S1-FAIL-RING', 'PT-VOID', `reason: ${reason}`],
  };
  return { ...s, seats, rakeMinor: 0, phase: { type: 'void' }, toAct: null, clock: null, result };
}
