import { rankOf, type Card } from '../cards/card.js';

/**
 * Blackjack hand arithmetic (BJ-2, BJ-3, BJ-13). Pure functions over card codes; suits never matter.
 */

/** BJ-2: 2–9 face value; T, J, Q, K = 10; A = 1 here (the soft +10 is applied by `handValue`). */
export function cardPoints(card: Card): number {
  const r = rankOf(card);
  switch (r) {
    case 'A':
      return 1;
    case 'T':
    case 'J':
    case 'Q':
    case 'K':
      return 10;
    case '2':
    case '3':
    case '4':
    case '5':
    case '6':
    case '7':
    case '8':
    case '9':
      return Number(r);
  }
}

export const isAce = (c: Card): boolean => rankOf(c) === 'A';
export const isTenValue = (c: Card): boolean => cardPoints(c) === 10;

export interface HandValue {
  /** Best total: soft when an ace can count 11 without busting (BJ-2). */
  readonly total: number;
  /** All aces counted as 1. */
  readonly hard: number;
  /** True when `total` counts one ace as 11. */
  readonly soft: boolean;
}

/**
 * BJ-2 hand value. `acesAsOne` forces the hard total (RAY version A: the ace of a doubled hand stays 1).
 */
export function handValue(cards: readonly Card[], acesAsOne = false): HandValue {
  let hard = 0;
  let aces = false;
  for (const c of cards) {
    hard += cardPoints(c);
    if (isAce(c)) aces = true;
  }
  const soft = !acesAsOne && aces && hard + 10 <= 21;
  return { total: soft ? hard + 10 : hard, hard, soft };
}

/** BJ-3: Ace + ten-value as the first two cards of a hand (the caller excludes split hands, BJ-12). */
export function isBlackjackCards(cards: readonly Card[]): boolean {
  const [a, b] = cards;
  return cards.length === 2 && a !== undefined && b !== undefined && ((isAce(a) && isTenValue(b)) || (isTenValue(a) && isAce(b)));
}

export const isBust = (cards: readonly Card[], acesAsOne = false): boolean => handValue(cards, acesAsOne).total > 21;

/**
 * BJ-13: the dealer draws to 16 and stands on 17–21; with `hitsSoft17` (a profile flag, default false)
 * the dealer also draws on a soft 17.
 */
export function dealerMustDraw(cards: readonly Card[], hitsSoft17: boolean): boolean {
  const v = handValue(cards);
  if (v.total < 17) return true;
  return hitsSoft17 && v.total === 17 && v.soft;
}

/** Dealer play from a start hand over a known card sequence (used by golden tests and offline tools). */
export function playDealer(start: readonly Card[], draws: readonly Card[], hitsSoft17: boolean): { readonly cards: readonly Card[]; readonly used: number } {
  const cards = start.slice();
  let used = 0;
  while (dealerMustDraw(cards, hitsSoft17)) {
    const next = draws[used];
    if (next === undefined) break;
    cards.push(next);
    used++;
  }
  return { cards, used };
}
