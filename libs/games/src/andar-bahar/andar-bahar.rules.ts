import { parseCard, rankOf, type Card } from '../cards/card.js';
import { applyRatio, ratio, type Ratio } from '../common/money.js';
import { ok, violation, type Result, type Violation } from '../common/result.js';
import type { AcceptedBet, SettlementLine, SettlementOutcome } from '../kernel/kernel.js';
import { add, mul, rational, ZERO, type Rational } from '../sicbo/rational.js';

/**
 * Andar Bahar — the rules (README.md beside this file, AB-1..AB-8):
 *
 * AB-1 one standard 52-card deck, shuffled before every round; no card comes out twice.
 * AB-2 the first card out is the joker, face up; it belongs to neither side. It closes betting.
 * AB-3 then one card at a time, alternately, Andar first: Andar, Bahar, Andar, …
 * AB-4 the deal stops at the first card of the joker's rank; the side it lands on wins.
 * AB-5 Andar pays 0.9:1, Bahar 1:1 (profile `andarPays`, `baharPays`); the losing side loses.
 * AB-6 a side bet on how many cards were dealt to the two sides (the joker not counted, the winning
 *      card counted) wins when the count is in its range, at the profile's odds; otherwise it loses.
 * AB-7 a player may not hold both Andar and Bahar in one round.
 * AB-8 payouts are whole minor units, rounded down.
 *
 * Spot keys (also the limit `kind` for the two sides): `andar`, `bahar`; side bets `cards:<from>-<to>`
 * (`cards:41+` for the open-ended range), limit kind `cards`.
 */

export type AndarBaharSide = 'andar' | 'bahar';
export const SIDES: readonly AndarBaharSide[] = ['andar', 'bahar'];

/** One side bet of the paytable (profile data): the range of cards dealt, inclusive; `to: null` = and more. */
export interface CountBet {
  readonly from: number;
  readonly to: number | null;
  /** Odds paid on a win (`ratio(15)` = 15:1). */
  readonly pays: Ratio;
}

export interface AndarBaharProfile {
  readonly id: string;
  readonly name: string;
  /** AB-1: one deck. */
  readonly decks: 1;
  readonly andarPays: Ratio;
  readonly baharPays: Ratio;
  /** AB-6: the side bets' paytable, in order; empty = none offered. */
  readonly countBets: readonly CountBet[];
}

/** The most cards the two sides can receive: 51 left after the joker, 3 of its rank; all 48 others first, then a match. */
export const MAX_DEALT = 49;

export const countKey = (b: CountBet): string => (b.to === null ? `cards:${b.from}+` : `cards:${b.from}-${b.to}`);

/** The published-style paytable of the studio's Andar Bahar (exact RTPs in README.md; `felt rtp andar-bahar`). */
export const AB_STANDARD: AndarBaharProfile = {
  id: 'standard',
  name: 'Andar Bahar (Andar 0.9:1, Bahar 1:1, side bets on the cards dealt)',
  decks: 1,
  andarPays: ratio(9, 10),
  baharPays: ratio(1),
  countBets: [
    { from: 1, to: 5, pays: ratio(5, 2) },
    { from: 6, to: 10, pays: ratio(7, 2) },
    { from: 11, to: 15, pays: ratio(9, 2) },
    { from: 16, to: 25, pays: ratio(7, 2) },
    { from: 26, to: 30, pays: ratio(15) },
    { from: 31, to: 35, pays: ratio(25) },
    { from: 36, to: 40, pays: ratio(50) },
    { from: 41, to: null, pays: ratio(120) },
  ],
};

/** The two sides only. */
export const AB_CLASSIC: AndarBaharProfile = { ...AB_STANDARD, id: 'classic', name: 'Andar Bahar (sides only)', countBets: [] };

export const andarBaharProfiles: Readonly<Record<string, AndarBaharProfile>> = { standard: AB_STANDARD, classic: AB_CLASSIC };

export type AndarBaharSpot = { readonly type: 'side'; readonly side: AndarBaharSide } | { readonly type: 'count'; readonly bet: CountBet; readonly key: string };

/** Every spot a profile offers (the sides, then its side bets). */
export const andarBaharSpots = (p: AndarBaharProfile): string[] => [...SIDES, ...p.countBets.map(countKey)];

export function parseAndarBaharSpot(p: AndarBaharProfile, key: string): Result<AndarBaharSpot> {
  if (key === 'andar' || key === 'bahar') return ok({ type: 'side', side: key });
  const bet = p.countBets.find((b) => countKey(b) === key);
  if (bet) return ok({ type: 'count', bet, key });
  return violation('UNKNOWN_SPOT', 'AB-6', `Andar Bahar (${p.name}) has no spot "${key}" (spots: ${andarBaharSpots(p).join(', ')}).`, { spot: key });
}

/** The limit kind of a spot: the side itself, or `cards` for every side bet. */
export const kindOf = (s: AndarBaharSpot): string => (s.type === 'side' ? s.side : 'cards');

/** AB-7: Andar and Bahar are not held together by one player. */
export function andarBaharRestriction(held: readonly string[], spot: string): Violation | null {
  const other = spot === 'andar' ? 'bahar' : spot === 'bahar' ? 'andar' : null;
  if (other === null || !held.includes(other)) return null;
  return violation('RESTRICTED_COMBINATION', 'AB-7', `Andar Bahar does not allow Andar and Bahar in the same round (AB-7): you already bet on ${other}.`, { spot, conflictsWith: other }).violation;
}

/** AB-3: the side the n-th card after the joker goes to (n = 1, 2, …): Andar first. */
export const sideOfCard = (n: number): AndarBaharSide => (n % 2 === 1 ? 'andar' : 'bahar');

/** AB-4: does this card end the deal? */
export const matchesJoker = (joker: Card, card: Card): boolean => rankOf(joker) === rankOf(card);

/** A finished deal: the joker, the cards to the sides in deal order, the winner and how many cards the sides got. */
export interface AndarBaharDeal {
  readonly joker: Card;
  readonly dealt: readonly Card[];
  readonly winner: AndarBaharSide;
}

/**
 * An offline deal (`felt settle`): the joker first, then the sides' cards in deal order, ending with
 * the first card of the joker's rank (AB-2..AB-4). No card twice (AB-1).
 */
export function parseAndarBaharDeal(raw: unknown): Result<AndarBaharDeal> {
  if (!Array.isArray(raw) || raw.length < 2) return violation('INVALID_CARDS', 'AB-2', '"cards" must list the joker, then the cards dealt to Andar and Bahar in order, ending with the card of the joker\'s rank.');
  const cards: Card[] = [];
  for (const [i, c] of raw.entries()) {
    const card = typeof c === 'string' ? parseCard(c) : null;
    if (!card || !card.ok) return violation('INVALID_CARD', 'AB-1', `cards[${i}]: ${JSON.stringify(c)} is not a card code (AS, TD, 9H, QC).`, { index: i });
    if (cards.includes(card.value)) return violation('INVALID_CARDS', 'AB-1', `cards[${i}]: ${card.value} appears twice — one deck holds each card once (AB-1).`, { index: i, card: card.value });
    cards.push(card.value);
  }
  const [joker, ...dealt] = cards as [Card, ...Card[]];
  const end = dealt.findIndex((c) => matchesJoker(joker, c));
  if (end < 0) return violation('INVALID_CARDS', 'AB-4', `No card of the joker's rank (${joker}) was dealt: the round is not finished (AB-4).`);
  if (end !== dealt.length - 1) return violation('INVALID_CARDS', 'AB-4', `The deal stops at ${dealt[end] as string}, card ${end + 1} (AB-4): ${dealt.length - end - 1} card(s) after it.`, { index: end + 2 });
  return ok({ joker, dealt, winner: sideOfCard(dealt.length) });
}

export interface SpotResult {
  /** Total returned per unit staked (stake included), rounded down to minor units (AB-8). */
  readonly returns: Ratio;
  readonly outcome: SettlementOutcome;
  readonly rules: readonly string[];
}

const WIN = (pays: Ratio): Ratio => ({ num: pays.num + pays.den, den: pays.den });
const LOSE: Ratio = { num: 0, den: 1 };

export const inRange = (b: CountBet, n: number): boolean => n >= b.from && (b.to === null || n <= b.to);

/** One spot against a finished deal (AB-4..AB-6). */
export function resolveAndarBaharSpot(spot: AndarBaharSpot, winner: AndarBaharSide, dealtCount: number, p: AndarBaharProfile): SpotResult {
  switch (spot.type) {
    case 'side': {
      const won = spot.side === winner;
      return { returns: won ? WIN(spot.side === 'andar' ? p.andarPays : p.baharPays) : LOSE, outcome: won ? 'win' : 'lose', rules: ['AB-4', 'AB-5'] };
    }
    case 'count': {
      const won = inRange(spot.bet, dealtCount);
      return { returns: won ? WIN(spot.bet.pays) : LOSE, outcome: won ? 'win' : 'lose', rules: ['AB-6'] };
    }
  }
}

/** Every bet against a finished deal (the kernel's settle and `felt settle`). */
export function settleAndarBaharBets(bets: Iterable<AcceptedBet>, winner: AndarBaharSide, dealtCount: number, p: AndarBaharProfile): SettlementLine[] {
  const lines: SettlementLine[] = [];
  for (const b of bets) {
    const spot = parseAndarBaharSpot(p, b.spot);
    if (!spot.ok) throw new Error(`bet ${b.betId} has invalid spot ${b.spot}`);
    const r = resolveAndarBaharSpot(spot.value, winner, dealtCount, p);
    lines.push({ betId: b.betId, playerId: b.playerId, stakeMinor: b.stakeMinor, returnMinor: applyRatio(b.stakeMinor, r.returns, 'down'), outcome: r.outcome, rules: [...r.rules, 'AB-8'] });
  }
  return lines;
}

/** The highest return per unit staked (stake included): bounds stakes (D-1). */
export const andarBaharMaxReturn = (p: AndarBaharProfile): number => Math.max(...[p.andarPays, p.baharPays, ...p.countBets.map((b) => b.pays)].map((r) => r.num / r.den)) + 1;

// ───────────────────────────── exact odds ─────────────────────────────

const choose2 = (n: number): number => (n < 2 ? 0 : (n * (n - 1)) / 2);

/**
 * P(the sides receive exactly n cards), n = 1..49, exactly. After the joker 51 cards remain, 3 of
 * its rank, in a uniformly random order: the deal stops at the first of the 3. It is at position n
 * when the other two lie among the 51 − n positions after it: C(51 − n, 2) of the C(51, 3) equally
 * likely position sets.
 */
export function dealtCountProbability(n: number): Rational {
  if (!Number.isInteger(n) || n < 1 || n > MAX_DEALT) return ZERO;
  return rational(choose2(51 - n), (51 * 50 * 49) / 6);
}

/** P(a spot wins), exactly: Andar = odd counts, Bahar = even counts (AB-3), a side bet its range (AB-6). */
export function winProbability(spot: AndarBaharSpot): Rational {
  let sum = ZERO;
  for (let n = 1; n <= MAX_DEALT; n++) {
    const wins = spot.type === 'side' ? sideOfCard(n) === spot.side : inRange(spot.bet, n);
    if (wins) sum = add(sum, dealtCountProbability(n));
  }
  return sum;
}

/** The exact return to player of a spot (payouts counted exactly, before AB-8's rounding of odd stakes). */
export function exactRtp(spot: AndarBaharSpot, p: AndarBaharProfile): Rational {
  const pays = spot.type === 'side' ? (spot.side === 'andar' ? p.andarPays : p.baharPays) : spot.bet.pays;
  const w = WIN(pays);
  return mul(winProbability(spot), rational(w.num, w.den));
}
