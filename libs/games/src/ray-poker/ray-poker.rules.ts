import type { SettlementLine, SettlementOutcome } from '../kernel/kernel.js';
import type { Paytable, PaytableHand, PaytableRow } from '../banked-poker/spec.js';
import { paysFor } from '../poker/paytable.js';
import { category, fiveCardValue, fiveCardWithFours, sevenCardValue, threeCardValue, topRank, type CardId, type HandCategory } from './ray-poker.hand.js';

/**
 * RAY bank poker (RAY 2011 I 1.4 p.15–24; spec RAY 2011 (docs/rules) §7) as data + pure functions.
 *
 * Rule IDs (each cites its section):
 *   RP-1  "N x insatsen" is read NET: the win is N × stake, the stake comes back on top (§2 [Interp.]);
 *         a profile may hold the inclusive reading (`reading: 'inclusive'`, for the Appendix A cross-check only)
 *   FP-1  Fast Poker: 3 cards each; fold loses Bet and B; Play = Bet (§7.1)
 *   FP-2  dealer below queen-high does not qualify: Bet 1:1, Play pushes [Interp.], B on the hand alone (§7.1)
 *   FP-3  dealer qualifies: better hand wins Bet 1:1 and Play 1:1 — Play 3:1 on trips or a straight flush
 *         (Bet stays 1:1 [Interp.]); dealer better loses both; equal pushes (§7.1)
 *   FP-4  Bonus B 30/30/5/4/1 x insatsen on SF / trips / straight / flush / pair; lost on a fold (§7.1)
 *   TB-1  Triple Bet: three equal bets, 3 own cards + 2 community; one bet may be removed after the own
 *         cards and one after the first community card (at least one stays) (§7.2)
 *   TB-2  pay per remaining bet 30/15/10/7/5/3/2/1 x insatsen down to a pair of tens; lower loses (§7.2)
 *   TB-3  Bonus B (fixed stake, placed before the round, unaffected by removals [Interp.]) 50/40/30/20/15/5/3/3/3 (§7.2)
 *   DY-1  Dynamic: Blind; continue = Flop 2 × Blind (fold loses Blind and B); Turn 1 × Blind optional;
 *         River 1 × Blind only after a Turn raise (§7.3)
 *   DY-2  no qualification; player better: each continuation bet 1:1, Blind 1:1 only on a flush or better,
 *         else Blind pushes; dealer better: everything lost [Interp.]; equal: push (§7.3)
 *   DY-3  Bonus on the two hole cards 50/40/30/20/10; needs the Flop bet (§7.3)
 *   RV-1  Riverside: Blind; Call = 2 × Blind after the flop, or fold (loses Blind and Bonus) (§7.4)
 *   RV-2  dealer needs a pair: not qualified → Blind 1:1 (flat, whatever the player holds [Interp. literal]),
 *         Call pushes; qualified & player better → Call 1:1 and Blind from the pay table; dealer better →
 *         Blind and Call lost; equal → push (§7.4)
 *   RV-3  Bonus on the first five cards (2 hole + flop), two pair or better 30/20/15/10/10/10/10; needs the
 *         Call; settled before turn and river (§7.4)
 */

export const RAY_POKER_GAMES = ['fast', 'triple-bet', 'dynamic', 'riverside'] as const;
export type RayPokerGame = (typeof RAY_POKER_GAMES)[number];

/** How "N x insatsen" returns: net (N:1, the default, §2) or inclusive (N for 1 — Appendix A's comparison only). */
export type Reading = 'net' | 'inclusive';

interface Base {
  readonly id: string;
  readonly name: string;
  readonly reading: Reading;
}

export interface FastProfile extends Base {
  readonly game: 'fast';
  /** FP-3: what Play pays (to 1) when the player's hand is trips or a straight flush. */
  readonly playPaysOnTrips: number;
  /** FP-2 [Interp.] "Playinsatserna kvarligger på bordet": push. */
  readonly unqualifiedPlay: 'push';
  readonly bonus: { readonly straightFlush: number; readonly trips: number; readonly straight: number; readonly flush: number; readonly pair: number };
}

export interface TripleBetProfile extends Base {
  readonly game: 'triple-bet';
  /** TB-2 "N x insatsen" by category; pair pays only from `minPair` (10 = tens). */
  readonly pays: { readonly straightFlush: number; readonly quads: number; readonly fullHouse: number; readonly flush: number; readonly straight: number; readonly trips: number; readonly twoPair: number; readonly pair: number };
  readonly minPair: number;
  readonly bonus: { readonly straightFlush: number; readonly quads: number; readonly fullHouse: number; readonly flush: number; readonly straight: number; readonly trips: number; readonly fourStraight: number; readonly fourFlush: number; readonly twoPair: number };
}

export interface DynamicProfile extends Base {
  readonly game: 'dynamic';
  /** DY-2: the weakest winning hand that also pays the Blind 1:1. */
  readonly blindPaysFrom: 'flush';
  /** DY-2 [Interp.]: what the Blind does when the dealer wins (`lose` default; `push` as the text's "neither wins nor loses" read wider). */
  readonly blindOnLoss: 'lose' | 'push';
  readonly bonus: { readonly aces: number; readonly akSuited: number; readonly aqAjSuited: number; readonly akOffsuit: number; readonly kkQqJj: number };
}

export interface RiversideProfile extends Base {
  readonly game: 'riverside';
  /** RV-2 [Ambig. §11.12]: a non-qualifying dealer pays the Blind 1:1 flat (`even-money`, literal) or from the pay table, at least 1:1 (`pay-table`). */
  readonly unqualifiedBlind: 'even-money' | 'pay-table';
  readonly blind: { readonly royal: number; readonly straightFlush: number; readonly quads: number; readonly fullHouse: number; readonly flush: number; readonly straight: number; readonly trips: number; readonly twoPair: number };
  readonly bonus: { readonly straightFlush: number; readonly quads: number; readonly fullHouse: number; readonly flush: number; readonly straight: number; readonly trips: number; readonly twoPair: number };
}

export type RayPokerProfile = FastProfile | TripleBetProfile | DynamicProfile | RiversideProfile;

export const FAST_POKER: FastProfile = { id: 'fast', name: 'Fast Poker (RAY 2011 §7.1)', game: 'fast', reading: 'net', playPaysOnTrips: 3, unqualifiedPlay: 'push', bonus: { straightFlush: 30, trips: 30, straight: 5, flush: 4, pair: 1 } };
export const TRIPLE_BET_POKER: TripleBetProfile = {
  id: 'triple-bet',
  name: 'Triple Bet Poker (RAY 2011 §7.2)',
  game: 'triple-bet',
  reading: 'net',
  pays: { straightFlush: 30, quads: 15, fullHouse: 10, flush: 7, straight: 5, trips: 3, twoPair: 2, pair: 1 },
  minPair: 10,
  bonus: { straightFlush: 50, quads: 40, fullHouse: 30, flush: 20, straight: 15, trips: 5, fourStraight: 3, fourFlush: 3, twoPair: 3 },
};
export const DYNAMIC_POKER: DynamicProfile = { id: 'dynamic', name: 'Dynamic Poker (RAY 2011 §7.3)', game: 'dynamic', reading: 'net', blindPaysFrom: 'flush', blindOnLoss: 'lose', bonus: { aces: 50, akSuited: 40, aqAjSuited: 30, akOffsuit: 20, kkQqJj: 10 } };
export const RIVERSIDE_POKER: RiversideProfile = {
  id: 'riverside',
  name: 'Riverside Poker (RAY 2011 §7.4)',
  game: 'riverside',
  reading: 'net',
  unqualifiedBlind: 'even-money',
  blind: { royal: 20, straightFlush: 15, quads: 10, fullHouse: 3, flush: 2, straight: 1, trips: 1, twoPair: 1 },
  bonus: { straightFlush: 30, quads: 20, fullHouse: 15, flush: 10, straight: 10, trips: 10, twoPair: 10 },
};

/**
 * The tables' profiles, plus a variant holding the other reading of an ambiguous point (README
 * coverage table). The inclusive reading of "x insatsen" is not a table profile: tests build it
 * (`{ ...FAST_POKER, reading: 'inclusive' }`) to reproduce Appendix A's comparison.
 */
export const rayPokerProfiles: Readonly<Record<string, RayPokerProfile>> = {
  fast: FAST_POKER,
  'triple-bet': TRIPLE_BET_POKER,
  dynamic: DYNAMIC_POKER,
  riverside: RIVERSIDE_POKER,
  'riverside-table-blind': { ...RIVERSIDE_POKER, id: 'riverside-table-blind', name: 'Riverside Poker, non-qualifying dealer pays the Blind from the pay table (at least 1:1)', unqualifiedBlind: 'pay-table' },
};

// ───────────────────────────── outcomes of one bet ─────────────────────────────

export interface BetResult {
  readonly outcome: SettlementOutcome;
  /** Total return per unit stake (stake included). */
  readonly returnMultiple: number;
  readonly rules: readonly string[];
}

/** RP-1: an "N x insatsen" win. */
export const xWin = (n: number, reading: Reading, rules: readonly string[]): BetResult => ({ outcome: 'win', returnMultiple: reading === 'net' ? n + 1 : n, rules: [...rules, 'RP-1'] });
/** An "N:1" win (the text's own odds notation: always net). */
export const toOne = (n: number, rules: readonly string[]): BetResult => ({ outcome: 'win', returnMultiple: n + 1, rules });
export const push = (rules: readonly string[]): BetResult => ({ outcome: 'push', returnMultiple: 1, rules });
export const lose = (rules: readonly string[]): BetResult => ({ outcome: 'lose', returnMultiple: 0, rules });

const isCat = (v: number, c: HandCategory): boolean => category(v) === c;

// ───────────────────────────── Fast Poker (§7.1) ─────────────────────────────

/** FP-2: the dealer qualifies with queen-high or better. */
export const fastQualifies = (dealerValue: number): boolean => !isCat(dealerValue, 'high-card') || topRank(dealerValue) >= 12;

export function fastBonus(playerValue: number, p: FastProfile): BetResult {
  const r = ['FP-4'];
  const n = paysFor(p.bonus, category(playerValue));
  return n === undefined ? lose(r) : xWin(n, p.reading, r);
}

export interface FastSeat {
  readonly cards: readonly CardId[];
  readonly decision: 'play' | 'fold';
}

/** Fast Poker results per box for one seat: Bet, Play (null when folded) and B. */
export function fastResults(seat: FastSeat, dealer: readonly CardId[], p: FastProfile): { bet: BetResult; play: BetResult | null; bonus: BetResult } {
  const pv = threeCardValue(seat.cards);
  if (seat.decision === 'fold') return { bet: lose(['FP-1']), play: null, bonus: lose(['FP-1', 'FP-4']) };
  const bonus = fastBonus(pv, p);
  const dv = threeCardValue(dealer);
  if (!fastQualifies(dv)) return { bet: toOne(1, ['FP-2']), play: push(['FP-2']), bonus };
  if (pv > dv) {
    const big = isCat(pv, 'three-of-a-kind') || isCat(pv, 'straight-flush');
    return { bet: toOne(1, ['FP-3']), play: toOne(big ? p.playPaysOnTrips : 1, ['FP-3']), bonus };
  }
  if (pv < dv) return { bet: lose(['FP-3']), play: lose(['FP-3']), bonus };
  return { bet: push(['FP-3']), play: push(['FP-3']), bonus };
}

// ───────────────────────────── Triple Bet Poker (§7.2) ─────────────────────────────

/** TB-2: "x insatsen" of the five-card hand (null = loses: below a pair of tens). */
export function tripleBetPays(value: number, p: TripleBetProfile): number | null {
  const cat = category(value);
  if (cat === 'pair' && topRank(value) < p.minPair) return null;
  return paysFor(p.pays, cat) ?? null;
}

/** TB-3: the bonus on the five cards (four-card straights/flushes found by the Sökö-style ranking). */
export function tripleBetBonus(five: readonly CardId[], p: TripleBetProfile): BetResult {
  const n = paysFor(p.bonus, category(fiveCardWithFours(five)));
  return n === undefined ? lose(['TB-3']) : xWin(n, p.reading, ['TB-3']);
}

/** TB-2: one remaining main bet on the five cards. */
export function tripleBetMain(five: readonly CardId[], p: TripleBetProfile): BetResult {
  const n = tripleBetPays(fiveCardValue(five), p);
  return n === null ? lose(['TB-2']) : xWin(n, p.reading, ['TB-2']);
}

// ───────────────────────────── Dynamic Poker (§7.3) ─────────────────────────────

const FLUSH_OR_BETTER: ReadonlySet<HandCategory> = new Set(['flush', 'full-house', 'four-of-a-kind', 'straight-flush']);

/** DY-3: the bonus on the two hole cards. */
export function dynamicBonus(hole: readonly CardId[], p: DynamicProfile): BetResult {
  const r = ['DY-3'];
  const [a, b] = hole as [CardId, CardId];
  const hi = Math.max(a >> 2, b >> 2) + 2;
  const lo = Math.min(a >> 2, b >> 2) + 2;
  const suited = (a & 3) === (b & 3);
  if (hi === 14 && lo === 14) return xWin(p.bonus.aces, p.reading, r);
  if (hi === 14 && lo === 13) return xWin(suited ? p.bonus.akSuited : p.bonus.akOffsuit, p.reading, r);
  if (hi === 14 && (lo === 12 || lo === 11) && suited) return xWin(p.bonus.aqAjSuited, p.reading, r);
  if (hi === lo && hi >= 11) return xWin(p.bonus.kkQqJj, p.reading, r);
  return lose(r);
}

export interface DynamicSeat {
  readonly hole: readonly CardId[];
  readonly decision: 'play' | 'fold';
  readonly turn: boolean;
  readonly river: boolean;
}

/** DY-1/DY-2 results per box: Blind, Flop, Turn, River (null when not placed), B. */
export function dynamicResults(seat: DynamicSeat, dealer: readonly CardId[], board: readonly CardId[], p: DynamicProfile): { blind: BetResult; flop: BetResult | null; turn: BetResult | null; river: BetResult | null; bonus: BetResult } {
  if (seat.decision === 'fold') return { blind: lose(['DY-1']), flop: null, turn: null, river: null, bonus: lose(['DY-1', 'DY-3']) };
  const pv = sevenCardValue([...seat.hole, ...board]);
  const dv = sevenCardValue([...dealer, ...board]);
  const bonus = dynamicBonus(seat.hole, p);
  const each = (x: BetResult) => ({ flop: x, turn: seat.turn ? x : null, river: seat.river ? x : null });
  if (pv > dv) return { blind: FLUSH_OR_BETTER.has(category(pv)) ? toOne(1, ['DY-2']) : push(['DY-2']), ...each(toOne(1, ['DY-2'])), bonus };
  if (pv < dv) return { blind: p.blindOnLoss === 'lose' ? lose(['DY-2']) : push(['DY-2']), ...each(lose(['DY-2'])), bonus };
  return { blind: push(['DY-2']), ...each(push(['DY-2'])), bonus };
}

// ───────────────────────────── Riverside Poker (§7.4) ─────────────────────────────

/** RV-2: the dealer qualifies with a pair or better (best 5 of 7). */
export const riversideQualifies = (dealerValue: number): boolean => !isCat(dealerValue, 'high-card');

/** RV-2 Blind pay table ("x insatsen"); null = push ("insatsen varken vinner eller förlorar"). */
export function riversideBlindPays(value: number, p: RiversideProfile): number | null {
  const cat = category(value);
  if (cat === 'straight-flush' && topRank(value) === 14) return p.blind.royal;
  return paysFor(p.blind, cat) ?? null;
}

/** RV-3: the bonus on the first five cards (2 hole + flop). */
export function riversideBonus(five: readonly CardId[], p: RiversideProfile): BetResult {
  const n = paysFor(p.bonus, category(fiveCardValue(five)));
  return n === undefined ? lose(['RV-3']) : xWin(n, p.reading, ['RV-3']);
}

export interface RiversideSeat {
  readonly hole: readonly CardId[];
  readonly decision: 'call' | 'fold';
}

export function riversideResults(seat: RiversideSeat, dealer: readonly CardId[], board: readonly CardId[], p: RiversideProfile): { blind: BetResult; call: BetResult | null; bonus: BetResult } {
  if (seat.decision === 'fold') return { blind: lose(['RV-1']), call: null, bonus: lose(['RV-1', 'RV-3']) };
  const bonus = riversideBonus([...seat.hole, ...board.slice(0, 3)], p);
  const pv = sevenCardValue([...seat.hole, ...board]);
  const dv = sevenCardValue([...dealer, ...board]);
  return { ...riversideMain(pv, dv, p), bonus };
}

const blindMemo = new WeakMap<RiversideProfile, Map<number, number>>();
/**
 * The same settlement as `riversideMain`, as one number for the strategy's inner loop (no allocation):
 * the Blind's plus the Call's total return per Blind unit (stakes 1 + 2). Tested equal to riversideMain.
 */
export function riversideCallReturn(pv: number, dv: number, p: RiversideProfile): number {
  let memo = blindMemo.get(p);
  if (!memo) blindMemo.set(p, (memo = new Map()));
  let pays = memo.get(pv);
  if (pays === undefined) {
    const n = riversideBlindPays(pv, p);
    pays = n === null ? 1 : p.reading === 'net' ? n + 1 : n;
    memo.set(pv, pays);
  }
  if (!riversideQualifies(dv)) return (p.unqualifiedBlind === 'even-money' || pays <= 2 ? 2 : pays) + 2;
  if (pv > dv) return pays + 4;
  if (pv < dv) return 0;
  return 3;
}

/** Blind and Call of a hand that called, from the two seven-card values (RV-2). */
export function riversideMain(pv: number, dv: number, p: RiversideProfile): { blind: BetResult; call: BetResult } {
  const table = (): BetResult => {
    const n = riversideBlindPays(pv, p);
    return n === null ? push(['RV-2']) : xWin(n, p.reading, ['RV-2']);
  };
  if (!riversideQualifies(dv)) {
    if (p.unqualifiedBlind === 'even-money') return { blind: toOne(1, ['RV-2']), call: push(['RV-2']) };
    const t = table();
    return { blind: t.outcome === 'win' && t.returnMultiple > 2 ? t : toOne(1, ['RV-2']), call: push(['RV-2']) };
  }
  if (pv > dv) return { blind: table(), call: toOne(1, ['RV-2']) };
  if (pv < dv) return { blind: lose(['RV-2']), call: lose(['RV-2']) };
  return { blind: push(['RV-2']), call: push(['RV-2']) };
}

/** A paytable row from an "N x insatsen" figure under the profile's reading (RP-1): net = N to 1, inclusive = N − 1 to 1. */
export const xRow = (hand: PaytableHand, n: number, reading: Reading): PaytableRow => ({ hand, pays: [reading === 'net' ? n : n - 1, 1] });
const xTable = (reading: Reading, spots: readonly string[], ruleId: string, otherwise: 'lose' | 'push', rows: readonly (readonly [PaytableHand, number])[]): Paytable => ({ spots, reading: reading === 'net' ? 'x-insatsen-net' : 'to-one', ruleId, otherwise, rows: rows.map(([h, n]) => xRow(h, n, reading)) });

/** The profile's paytables for the screens (FP-4, TB-2/TB-3, DY-3, RV-2/RV-3), from its own figures. */
export function rayPaytables(p: RayPokerProfile): Paytable[] {
  switch (p.game) {
    case 'fast': {
      const b = p.bonus;
      return [xTable(p.reading, ['bonus'], 'FP-4', 'lose', [['straight-flush', b.straightFlush], ['three-of-a-kind', b.trips], ['straight', b.straight], ['flush', b.flush], ['pair', b.pair]])];
    }
    case 'triple-bet': {
      const m = p.pays;
      const b = p.bonus;
      return [
        xTable(p.reading, ['bet-1', 'bet-2', 'bet-3'], 'TB-2', 'lose', [['straight-flush', m.straightFlush], ['four-of-a-kind', m.quads], ['full-house', m.fullHouse], ['flush', m.flush], ['straight', m.straight], ['three-of-a-kind', m.trips], ['two-pair', m.twoPair], ['pair-tens-or-better', m.pair]]),
        xTable(p.reading, ['bonus'], 'TB-3', 'lose', [['straight-flush', b.straightFlush], ['four-of-a-kind', b.quads], ['full-house', b.fullHouse], ['flush', b.flush], ['straight', b.straight], ['three-of-a-kind', b.trips], ['four-card-straight', b.fourStraight], ['four-card-flush', b.fourFlush], ['two-pair', b.twoPair]]),
      ];
    }
    case 'dynamic': {
      const b = p.bonus;
      return [xTable(p.reading, ['bonus'], 'DY-3', 'lose', [['hole-aa', b.aces], ['hole-ak-suited', b.akSuited], ['hole-aq-aj-suited', b.aqAjSuited], ['hole-ak-offsuit', b.akOffsuit], ['hole-kk-qq-jj', b.kkQqJj]])];
    }
    case 'riverside': {
      const l = p.blind;
      const b = p.bonus;
      return [
        xTable(p.reading, ['blind'], 'RV-2', 'push', [['royal-flush', l.royal], ['straight-flush', l.straightFlush], ['four-of-a-kind', l.quads], ['full-house', l.fullHouse], ['flush', l.flush], ['straight', l.straight], ['three-of-a-kind', l.trips], ['two-pair', l.twoPair]]),
        xTable(p.reading, ['bonus'], 'RV-3', 'lose', [['straight-flush', b.straightFlush], ['four-of-a-kind', b.quads], ['full-house', b.fullHouse], ['flush', b.flush], ['straight', b.straight], ['three-of-a-kind', b.trips], ['two-pair', b.twoPair]]),
      ];
    }
  }
}

/** The highest return of one stake unit under a profile (D-1: bounds stakes). */
export function maxReturnMultiple(p: RayPokerProfile): number {
  switch (p.game) {
    case 'fast':
      return Math.max(p.bonus.straightFlush, p.bonus.trips, p.playPaysOnTrips) + 1;
    case 'triple-bet':
      return Math.max(p.bonus.straightFlush, p.pays.straightFlush) + 1;
    case 'dynamic':
      return p.bonus.aces + 1;
    case 'riverside':
      return Math.max(p.bonus.straightFlush, p.blind.royal) + 1;
  }
}

export const line = (betId: string, playerId: string, stakeMinor: number, r: BetResult): SettlementLine => ({ betId, playerId, stakeMinor, returnMinor: stakeMinor * r.returnMultiple, outcome: r.outcome, rules: r.rules });
