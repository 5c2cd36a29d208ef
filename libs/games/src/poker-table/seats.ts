import { ok, violation, type Result } from '../common/result.js';
import type { HandResult, SeatInput } from './hand.js';

/**
 * Seats and stacks between hands (issue 11; docs/rules/live-poker.md §2.1, §2.3, §2.6): 2–10 seats and a waiting
 * list (S1-TABLE-1), buy-in min/max from the player's poker balance into a table stack (S1-STACK — the
 * server posts the returned `effects` to the player's table sub-account in the ledger), top-ups that
 * wait for the end of the hand, sit-out and re-entry with the blind rules (S1-ENTRY-1/2, S1-REENTRY),
 * disconnection (S1-DISCONNECT), leaving with the stack. Pure: the server persists the table state and
 * the ledger entries; `planNextHand` gives `startHand` its seats, posts and button.
 */

export interface SeatRecord {
  readonly seat: number;
  readonly playerId: string;
  readonly stackMinor: number;
  /**
   * `active`: dealt in; `sitting-out`: keeps the seat, not dealt in (S1-REENTRY on return);
   * `new`: just sat down, enters per S1-ENTRY-2.
   */
  readonly status: 'active' | 'sitting-out' | 'new';
  /** S1-REENTRY: the big blind passed this seat while it sat out. */
  readonly missedBigBlind: boolean;
  /** the player asked to come back / to be dealt in (a `new` or `sitting-out` seat). */
  readonly wantsIn: boolean;
  /** S1-ENTRY-2: enter at once by posting an extra BB (true), or wait for the big blind (false). */
  readonly postToEnter: boolean;
  /** S1-STACK: a top-up requested during a hand, applied when it ends. */
  readonly pendingTopUpMinor: number;
  /** leaves when the current hand ends (S1-STACK: the chips go back to the poker account). */
  readonly leaving: boolean;
  /** S1-DISCONNECT: sat out because the connection dropped. */
  readonly disconnected: boolean;
  /** S1-TIMEBANK: what is left of this seat's time bank (ms); absent = the table's full bank (a new seat). */
  readonly timeBankMs?: number;
  /** S1-STRADDLE: the player's standing choice to post the övermörk when directly after the big blind ("Ö" tables). */
  readonly straddle?: boolean;
}

export interface SeatsConfig {
  readonly seatCount: number;
  readonly minBuyInMinor: number;
  /** null on fixed-limit tables (S1-STACK: only a minimum). */
  readonly maxBuyInMinor: number | null;
  readonly smallBlindMinor: number;
  readonly bigBlindMinor: number;
  /** S1-STRADDLE: a Texas Hold'em table marked "Ö" (the table config's `straddleTable`); absent = not Ö. */
  readonly straddleTable?: boolean;
}

export interface TableSeats {
  readonly config: SeatsConfig;
  readonly seats: readonly SeatRecord[];
  readonly waiting: readonly string[];
  /** the button seat of the last hand (null before the first). */
  readonly buttonSeat: number | null;
  /** the big blind seat of the last hand (for S1-REENTRY missed blinds). */
  readonly bigBlindSeat: number | null;
  /** players in the hand being played (top-ups and leaving wait for its end). */
  readonly inHand: readonly string[];
}

/** What the server posts to the ledger: poker account ↔ the player's table stack sub-account. */
export type SeatEffect =
  | { readonly type: 'buy-in'; readonly playerId: string; readonly amountMinor: number }
  | { readonly type: 'top-up'; readonly playerId: string; readonly amountMinor: number }
  | { readonly type: 'cash-out'; readonly playerId: string; readonly amountMinor: number };

export interface SeatsUpdate {
  readonly table: TableSeats;
  readonly effects: readonly SeatEffect[];
}

const FAIL = (code: string, ruleId: string, message: string): { ok: false; violation: { code: string; ruleId: string | null; message: string } } => violation(code, ruleId, message);
const done = (table: TableSeats, effects: SeatEffect[] = []): Result<SeatsUpdate> => ok({ table, effects });

export function emptyTable(config: SeatsConfig): TableSeats {
  return { config, seats: [], waiting: [], buttonSeat: null, bigBlindSeat: null, inHand: [] };
}

const find = (t: TableSeats, playerId: string): SeatRecord | undefined => t.seats.find((s) => s.playerId === playerId);
const replace = (t: TableSeats, r: SeatRecord): TableSeats => ({ ...t, seats: t.seats.map((s) => (s.seat === r.seat ? r : s)) });

/** S1-TABLE-1: a player with no free seat joins the queue (kö). */
export function joinWaitingList(t: TableSeats, playerId: string): Result<SeatsUpdate> {
  if (find(t, playerId) || t.waiting.includes(playerId)) return FAIL('POKER_ALREADY_SEATED', 'S1-TABLE-1', 'the player already has a seat or a place in the queue');
  return done({ ...t, waiting: [...t.waiting, playerId] });
}

/**
 * S1-STACK: sit down with a buy-in between the minimum and the maximum, from the player's poker balance.
 * A free seat goes to the first in the queue: others are refused while someone waits ahead of them.
 */
export function sitDown(t: TableSeats, req: { readonly playerId: string; readonly seat: number; readonly buyInMinor: number; readonly balanceMinor: number; readonly postToEnter: boolean }): Result<SeatsUpdate> {
  const c = t.config;
  if (find(t, req.playerId)) return FAIL('POKER_ALREADY_SEATED', 'S1-TABLE-1', 'one seat per player (RAY §6.1)');
  if (!Number.isSafeInteger(req.seat) || req.seat < 1 || req.seat > c.seatCount) return FAIL('POKER_INVALID_SEAT', 'S1-TABLE-1', `seats are 1–${c.seatCount}`);
  if (t.seats.some((s) => s.seat === req.seat)) return FAIL('POKER_SEAT_TAKEN', 'S1-TABLE-1', `seat ${req.seat} is taken`);
  const first = t.waiting[0];
  if (first !== undefined && first !== req.playerId) return FAIL('POKER_QUEUE_AHEAD', 'S1-TABLE-1', `${first} is first in the queue`);
  if (!Number.isSafeInteger(req.buyInMinor) || req.buyInMinor < c.minBuyInMinor) return FAIL('POKER_BUY_IN_TOO_SMALL', 'S1-STACK', `the minimum buy-in is ${c.minBuyInMinor}`);
  if (c.maxBuyInMinor !== null && req.buyInMinor > c.maxBuyInMinor) return FAIL('POKER_BUY_IN_TOO_LARGE', 'S1-STACK', `the maximum buy-in is ${c.maxBuyInMinor}`);
  if (req.buyInMinor > req.balanceMinor) return FAIL('POKER_INSUFFICIENT_BALANCE', 'S1-STACK', 'the buy-in is more than the poker balance');
  const rec: SeatRecord = { seat: req.seat, playerId: req.playerId, stackMinor: req.buyInMinor, status: 'new', missedBigBlind: false, wantsIn: true, postToEnter: req.postToEnter, pendingTopUpMinor: 0, leaving: false, disconnected: false };
  return done({ ...t, seats: [...t.seats, rec].sort((a, b) => a.seat - b.seat), waiting: t.waiting.filter((p) => p !== req.playerId) }, [{ type: 'buy-in', playerId: req.playerId, amountMinor: req.buyInMinor }]);
}

/** S1-STACK: a top-up (within the maximum) takes effect at once between hands, else when the hand ends. */
export function topUp(t: TableSeats, playerId: string, amountMinor: number, balanceMinor: number): Result<SeatsUpdate> {
  const r = find(t, playerId);
  if (!r) return FAIL('POKER_NOT_SEATED', 'S1-STACK', 'the player has no seat');
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0) return FAIL('POKER_INVALID_AMOUNT', 'D-1', 'a top-up is a positive whole number');
  // a pending top-up already left the balance (its effect is posted when requested): only this one is checked
  if (amountMinor > balanceMinor) return FAIL('POKER_INSUFFICIENT_BALANCE', 'S1-STACK', 'the top-up is more than the poker balance');
  if (t.config.maxBuyInMinor !== null && r.stackMinor + r.pendingTopUpMinor + amountMinor > t.config.maxBuyInMinor) return FAIL('POKER_BUY_IN_TOO_LARGE', 'S1-STACK', `a stack may not exceed ${t.config.maxBuyInMinor}`);
  if (t.inHand.includes(playerId)) return done(replace(t, { ...r, pendingTopUpMinor: r.pendingTopUpMinor + amountMinor }), [{ type: 'top-up', playerId, amountMinor }]);
  return done(replace(t, { ...r, stackMinor: r.stackMinor + amountMinor }), [{ type: 'top-up', playerId, amountMinor }]);
}

/**
 * Sitting out single hands keeps the seat (S1-REENTRY). `disconnected` (S1-DISCONNECT): the player is paused
 * but still dealt in when due a blind, which they pay (the action clock then folds or checks for them).
 */
export function sitOut(t: TableSeats, playerId: string, disconnected = false): Result<SeatsUpdate> {
  const r = find(t, playerId);
  if (!r) return FAIL('POKER_NOT_SEATED', 'S1-REENTRY', 'the player has no seat');
  return done(replace(t, { ...r, status: r.status === 'new' ? 'new' : 'sitting-out', wantsIn: false, disconnected }));
}

/** Back in (S1-REENTRY): dealt in per `planNextHand`; `postToEnter` = pay SB + BB now rather than wait for the BB. */
export function sitIn(t: TableSeats, playerId: string, postToEnter: boolean): Result<SeatsUpdate> {
  const r = find(t, playerId);
  if (!r) return FAIL('POKER_NOT_SEATED', 'S1-REENTRY', 'the player has no seat');
  return done(replace(t, { ...r, wantsIn: true, postToEnter, disconnected: false }));
}

/**
 * S1-STRADDLE: the player's standing choice to post the övermörk (2 × BB) whenever their seat is directly
 * after the big blind; it applies from the next hand planned (`planNextHand`) and stays until switched off.
 * Only on "Ö" tables (`straddleTable`, which the table config allows for Texas Hold'em only).
 */
export function setStraddle(t: TableSeats, playerId: string, on: boolean): Result<SeatsUpdate> {
  if (t.config.straddleTable !== true) return FAIL('POKER_STRADDLE_NOT_ALLOWED', 'S1-STRADDLE', 'the straddle is only for Texas Hold\'em tables marked "Ö"');
  if (typeof on !== 'boolean') return FAIL('POKER_STRADDLE_NOT_ALLOWED', 'S1-STRADDLE', 'the straddle choice is true or false');
  const r = find(t, playerId);
  if (!r) return FAIL('POKER_NOT_SEATED', 'S1-STRADDLE', 'the player has no seat');
  return done(replace(t, { ...r, straddle: on }));
}

/** Leaving returns the stack to the poker account (S1-STACK), at once or when the hand ends. */
export function leave(t: TableSeats, playerId: string): Result<SeatsUpdate> {
  const r = find(t, playerId);
  if (!r) return FAIL('POKER_NOT_SEATED', 'S1-STACK', 'the player has no seat');
  if (t.inHand.includes(playerId)) return done(replace(t, { ...r, leaving: true, wantsIn: false }));
  return done({ ...t, seats: t.seats.filter((s) => s.playerId !== playerId) }, r.stackMinor + r.pendingTopUpMinor > 0 ? [{ type: 'cash-out', playerId, amountMinor: r.stackMinor + r.pendingTopUpMinor }] : []);
}

export interface HandPlan {
  readonly buttonSeat: number;
  readonly smallBlindSeat: number;
  readonly bigBlindSeat: number;
  /** the seats dealt in, with their S1-ENTRY-2 / S1-REENTRY posts, for `startHand`. */
  readonly seats: readonly SeatInput[];
  /** seats not dealt in and why. */
  readonly waiting: readonly { readonly seat: number; readonly reason: 'sitting-out' | 'wait-for-big-blind' | 'due-small-blind' | 'no-chips' }[];
}

/**
 * The next hand of a blinds table: the button moves one seat clockwise to the next seat already in
 * play (S1-DEAL-2); the small blind is the next seat in play after it — an entering seat there waits
 * (S1-ENTRY-2, S1-REENTRY: never when due the SB); the big blind is the next seat dealt in after the SB,
 * and an entering seat there enters paying just the BB. Other entering seats post a live BB (new,
 * S1-ENTRY-1/2) or SB dead + BB live (back after missing the BB, S1-REENTRY), or wait for the BB.
 * Heads-up the button is the small blind (PT-HEADSUP). On an "Ö" table the seat directly after the big blind
 * gets `straddle: true` when its player chose it (`setStraddle`) and ≥ 3 are dealt in (S1-STRADDLE).
 * Null when fewer than two can play.
 */
export function planNextHand(t: TableSeats): HandPlan | null {
  const c = t.config;
  const occupied = t.seats.filter((s) => !s.leaving && s.stackMinor > 0);
  // the table's first hand: everyone seated who wants to play is in (nobody has missed a blind yet)
  const firstHand = t.buttonSeat === null;
  const playing = occupied.filter((s) => s.wantsIn && (firstHand || s.status === 'active'));
  const entering = firstHand ? [] : occupied.filter((s) => s.wantsIn && s.status !== 'active');
  // S1-DISCONNECT: a disconnected player is paused but still pays the blinds when due (dealt in only then)
  const blindOnly = firstHand ? [] : occupied.filter((s) => s.disconnected && !s.wantsIn && s.status !== 'new');
  const positional = [...playing, ...blindOnly];
  const after = (seat: number, pool: readonly SeatRecord[]): SeatRecord | undefined => {
    const sorted = [...pool].sort((a, b) => a.seat - b.seat);
    return sorted.find((s) => s.seat > seat) ?? sorted[0];
  };
  const between = (from: number, to: number, seat: number): boolean => (from < to ? seat > from && seat < to : seat > from || seat < to);
  const button = after(t.buttonSeat ?? 0, playing);
  if (!button) return null;
  const waiting: HandPlan['waiting'][number][] = [];
  const posts = new Map<number, SeatInput>();
  let sb: SeatRecord;
  let bb: SeatRecord;
  let dealt: SeatRecord[];
  const next = after(button.seat, positional.filter((s) => s.seat !== button.seat));
  const gap = next ? entering.filter((e) => between(button.seat, next.seat, e.seat)) : [];
  for (const e of gap) waiting.push({ seat: e.seat, reason: 'due-small-blind' });
  const eligible = entering.filter((e) => !gap.includes(e));
  const bbPool = [...positional.filter((s) => s.seat !== button.seat && s.seat !== next?.seat), ...eligible];
  if (!next || bbPool.length === 0) {
    // heads-up (PT-HEADSUP): the button posts the SB; an entering seat may come in as the BB (S1-ENTRY-2)
    const other = next ?? after(button.seat, eligible);
    if (!other) return null;
    sb = button;
    bb = other;
    dealt = [button, other];
    for (const e of eligible) if (e !== other) waiting.push({ seat: e.seat, reason: 'wait-for-big-blind' });
  } else {
    sb = next;
    bb = after(sb.seat, bbPool) as SeatRecord;
    dealt = [...playing, ...blindOnly.filter((d) => d.seat === sb.seat || d.seat === bb.seat)];
    for (const e of eligible) {
      if (e.seat === bb.seat) {
        dealt.push(e); // enters as the big blind, nothing extra (S1-ENTRY-2, S1-REENTRY)
        continue;
      }
      if (e.status === 'sitting-out' && !e.missedBigBlind) {
        dealt.push(e); // S1-REENTRY: the BB has not passed the seat, back with no extra payment
        continue;
      }
      if (!e.postToEnter) {
        waiting.push({ seat: e.seat, reason: 'wait-for-big-blind' });
        continue;
      }
      dealt.push(e);
      const reentry = e.status === 'sitting-out' && e.missedBigBlind;
      // S1-ENTRY-1/2: a new player posts a BB (live [INTERP]); S1-REENTRY: SB (dead) + BB (live) after missing the BB
      if (e.status === 'new' || reentry) posts.set(e.seat, { seat: e.seat, playerId: e.playerId, stackMinor: e.stackMinor, postLiveMinor: c.bigBlindMinor, ...(reentry ? { postDeadMinor: c.smallBlindMinor } : {}) });
    }
  }
  // S1-STRADDLE: the seat directly after the big blind (among those dealt in) posts the övermörk when its
  // player chose it, on an "Ö" table, with at least three dealt in (heads-up nobody sits after the BB), when
  // it posts no entry blind this hand and can put in the whole 2 × BB (the straddle is a full blind, PT-STRADDLE-MIN)
  let straddleSeat: number | null = null;
  if (c.straddleTable === true && dealt.length >= 3) {
    const st = after(bb.seat, dealt);
    if (st && st.straddle === true && st.seat !== bb.seat && !posts.has(st.seat) && st.stackMinor >= 2 * c.bigBlindMinor) straddleSeat = st.seat;
  }
  for (const s of t.seats) {
    if (dealt.includes(s) || waiting.some((w) => w.seat === s.seat) || s.leaving) continue;
    waiting.push({ seat: s.seat, reason: s.stackMinor === 0 ? 'no-chips' : 'sitting-out' });
  }
  return {
    buttonSeat: button.seat,
    smallBlindSeat: sb.seat,
    bigBlindSeat: bb.seat,
    seats: [...dealt]
      .sort((a, b) => a.seat - b.seat)
      .map((s) => {
        const input = posts.get(s.seat) ?? { seat: s.seat, playerId: s.playerId, stackMinor: s.stackMinor, ...(s.seat === straddleSeat ? { straddle: true } : {}) };
        // S1-TIMEBANK (PT-TIMEBANK): what is left of the bank goes with the seat from hand to hand
        return s.timeBankMs === undefined ? input : { ...input, timeBankMs: s.timeBankMs };
      }),
    waiting: waiting.sort((a, b) => a.seat - b.seat),
  };
}

/** A hand starts: the dealt-in seats become active, the missed blinds of seats the BB passed are recorded (S1-REENTRY). */
export function handStarted(t: TableSeats, plan: HandPlan): TableSeats {
  const dealt = new Set(plan.seats.map((s) => s.seat));
  const prevBb = t.bigBlindSeat;
  const passed = (seat: number): boolean => {
    if (prevBb === null) return false;
    const from = prevBb;
    const to = plan.bigBlindSeat;
    return from < to ? seat > from && seat <= to : seat > from || seat <= to;
  };
  return {
    ...t,
    buttonSeat: plan.buttonSeat,
    bigBlindSeat: plan.bigBlindSeat,
    inHand: plan.seats.map((s) => s.playerId),
    seats: t.seats.map((s) => {
      if (dealt.has(s.seat)) return { ...s, status: s.disconnected ? s.status : 'active', missedBigBlind: false, postToEnter: false };
      if (s.status === 'sitting-out' && !s.disconnected && passed(s.seat)) return { ...s, missedBigBlind: true };
      return s;
    }),
  };
}

/**
 * A hand ended (complete or void): stacks from the result, pending top-ups applied, leavers cashed out
 * (S1-STACK); `hand` (its seats) gives each player's time bank left (S1-TIMEBANK, PT-TIMEBANK: it is not
 * refilled — a new seat starts with the table's full bank).
 */
export function handEnded(t: TableSeats, result: HandResult, hand?: { readonly seats: readonly { readonly playerId: string; readonly timeBankMs: number }[] }): SeatsUpdate {
  const stackOf = new Map(result.seats.map((x) => [x.playerId, x.stackMinor]));
  const bankOf = new Map((hand?.seats ?? []).map((x) => [x.playerId, x.timeBankMs]));
  const effects: SeatEffect[] = [];
  const seats: SeatRecord[] = [];
  for (const s of t.seats) {
    const stack = (stackOf.get(s.playerId) ?? s.stackMinor) + s.pendingTopUpMinor;
    if (s.leaving) {
      if (stack > 0) effects.push({ type: 'cash-out', playerId: s.playerId, amountMinor: stack });
      continue;
    }
    const bank = bankOf.get(s.playerId);
    seats.push({ ...s, stackMinor: stack, pendingTopUpMinor: 0, ...(bank === undefined ? {} : { timeBankMs: bank }) });
  }
  return { table: { ...t, seats, inHand: [] }, effects };
}
