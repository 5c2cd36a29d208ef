import type { Card } from '../cards/card.js';
import { cardPoints, handValue, isAce, isTenValue } from './hand.rules.js';
import type { BlackjackProfile } from './profiles.js';

/**
 * The classic basic-strategy CHART (not advice to players: GEN-9 forbids advising). The RTP
 * simulation uses `derivedStrategy` (derive.ts), computed from each profile's rules; this chart is the
 * reference it is tested against on the standard table (derive.spec.ts).
 *
 * Chart: the classic 4–8-deck, dealer-stands-on-soft-17, double-after-split basic strategy (no
 * surrender). Adjusted per profile, by the profile's fields only:
 *  - `dealerHitsSoft17`: 11 vs A doubles, soft 19 doubles vs 6, soft 18 doubles vs 2;
 *  - no double after split: 2-2/3-3 split only vs 4–7, 4-4 never, 6-6 vs 3–6;
 *  - a dealer Blackjack that can still appear at the end and takes all stakes (no peek on that up
 *    card, BJ-8a / no hole card): the European no-hole-card corrections — vs a ten-value card or an
 *    Ace do not double 11 or 10, and do not split 8-8 (nor A-A vs an Ace): hit instead;
 *  - a double or split the profile forbids falls back to the chart's hit/stand play.
 * The chart ignores RAY version A's tie rule (dealer wins ties); `derivedStrategy` accounts for it.
 */
export type StrategyAction = 'hit' | 'stand' | 'double' | 'split';

/** Dealer up card as 2..11 (Ace = 11). */
const upValue = (up: Card): number => (isAce(up) ? 11 : cardPoints(up));

/** True when a dealer Blackjack under this up card is only found at the end and takes every stake. */
export function lateBlackjackRisk(p: BlackjackProfile, up: Card): boolean {
  if (!isAce(up) && !isTenValue(up)) return false;
  const peeked = p.holeCard && ((isAce(up) && p.peekOnAce) || (isTenValue(up) && p.peekOnTen));
  return !peeked && p.lateDealerBlackjackTakes === 'all-stakes';
}

type Chart = 'H' | 'S' | 'D' | 'Ds';

function hardChart(total: number, d: number, h17: boolean): Chart {
  if (total <= 8) return 'H';
  if (total === 9) return d >= 3 && d <= 6 ? 'D' : 'H';
  if (total === 10) return d <= 9 ? 'D' : 'H';
  if (total === 11) return d <= 10 || h17 ? 'D' : 'H';
  if (total === 12) return d >= 4 && d <= 6 ? 'S' : 'H';
  if (total <= 16) return d <= 6 ? 'S' : 'H';
  return 'S';
}

function softChart(total: number, d: number, h17: boolean): Chart {
  if (total <= 14) return d === 5 || d === 6 ? 'D' : 'H'; // A2, A3
  if (total <= 16) return d >= 4 && d <= 6 ? 'D' : 'H'; // A4, A5
  if (total === 17) return d >= 3 && d <= 6 ? 'D' : 'H'; // A6
  if (total === 18) {
    if ((d >= 3 && d <= 6) || (h17 && d === 2)) return 'Ds';
    return d <= 8 ? 'S' : 'H';
  }
  if (total === 19) return h17 && d === 6 ? 'Ds' : 'S';
  return 'S';
}

function splitChart(pairPoints: number, d: number, das: boolean): boolean {
  switch (pairPoints) {
    case 1:
      return true;
    case 2:
    case 3:
      return das ? d <= 7 : d >= 4 && d <= 7;
    case 4:
      return das && (d === 5 || d === 6);
    case 5:
    case 10:
      return false;
    case 6:
      return das ? d <= 6 : d >= 3 && d <= 6;
    case 7:
      return d <= 7;
    case 8:
      return true;
    case 9:
      return d <= 9 && d !== 7;
    default:
      return false;
  }
}

export interface StrategyContext {
  readonly canDouble: boolean;
  readonly canSplit: boolean;
}

export function basicStrategy(p: BlackjackProfile, cards: readonly Card[], up: Card, ctx: StrategyContext): StrategyAction {
  const d = upValue(up);
  const h17 = p.dealerHitsSoft17;
  const risky = lateBlackjackRisk(p, up);
  const [a, b] = cards;
  if (ctx.canSplit && cards.length === 2 && a !== undefined && b !== undefined) {
    const pts = cardPoints(a);
    const splitIt = splitChart(pts, d, p.doubleAfterSplit) && !(risky && (pts === 8 || (pts === 1 && d === 11)));
    if (splitIt) return 'split';
  }
  const v = handValue(cards);
  let chart = v.soft ? softChart(v.total, d, h17) : hardChart(v.total, d, h17);
  if (risky && !v.soft && (v.total === 10 || v.total === 11) && chart === 'D') chart = 'H';
  switch (chart) {
    case 'H':
      return 'hit';
    case 'S':
      return 'stand';
    case 'D':
      return ctx.canDouble ? 'double' : 'hit';
    case 'Ds':
      return ctx.canDouble ? 'double' : 'stand';
  }
}
