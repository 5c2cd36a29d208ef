import { rankIndex, suitOf, type Card } from '../cards/card.js';
import { applyRatio, type Minor, type Ratio, type Rounding } from '../common/money.js';
import { handValue } from '../blackjack/hand.rules.js';
import type { BustItTable, Hot3Table, PerfectPairsTable, SideBet, SideBetTables, TwentyOnePlusThreeTable } from './profiles.js';

/**
 * The side bets of infinite blackjack (IBJ-9), pure: each names the winning combination and its
 * paytable entry, or null (the bet loses). Perfect Pairs looks at the common hand's first two cards;
 * 21+3 and Hot 3 at those two and the dealer's up card; Bust It at the dealer's final hand. None of
 * them depends on any player's decisions, so every side bet of the round settles the same way (O(1)).
 */

const red = (c: Card): boolean => suitOf(c) === 'H' || suitOf(c) === 'D';

export type PerfectPairsWin = keyof PerfectPairsTable;
export function perfectPairs(a: Card, b: Card): PerfectPairsWin | null {
  if (a[0] !== b[0]) return null;
  if (suitOf(a) === suitOf(b)) return 'perfect';
  return red(a) === red(b) ? 'coloured' : 'mixed';
}

export type TwentyOnePlusThreeWin = keyof TwentyOnePlusThreeTable;
/** 21+3: the best three-card poker hand of the two common cards and the dealer's up card (A-2-3 and Q-K-A are straights). */
export function twentyOnePlusThree(cards: readonly [Card, Card, Card]): TwentyOnePlusThreeWin | null {
  const ranks = cards.map(rankIndex).sort((x, y) => x - y) as [number, number, number];
  const suited = suitOf(cards[0]) === suitOf(cards[1]) && suitOf(cards[1]) === suitOf(cards[2]);
  const trips = ranks[0] === ranks[2];
  if (trips) return suited ? 'suitedTrips' : 'trips';
  const [x, y, z] = ranks;
  const straight = (y === x + 1 && z === y + 1) || (x === 1 && y === 12 && z === 13);
  if (straight) return suited ? 'straightFlush' : 'straight';
  return suited ? 'flush' : null;
}

export type Hot3Win = keyof Hot3Table;
/** Hot 3: the blackjack total of the three cards (BJ-2, an Ace 11 unless that passes 21). */
export function hot3(cards: readonly [Card, Card, Card]): Hot3Win | null {
  const suited = suitOf(cards[0]) === suitOf(cards[1]) && suitOf(cards[1]) === suitOf(cards[2]);
  const total = handValue(cards).total;
  if (suited && cards.every((c) => c[0] === '7')) return 'suited777';
  if (total === 21) return suited ? 'suited21' : 'twentyOne';
  if (total === 20) return 'twenty';
  if (total === 19) return 'nineteen';
  return null;
}

export type BustItWin = keyof BustItTable['byCards'];
/** Bust It: the dealer's final hand passed 21; the entry by its number of cards (eight or more = `8`). */
export function bustIt(dealer: readonly Card[]): BustItWin | null {
  if (handValue(dealer).total <= 21) return null;
  const n = Math.min(8, Math.max(3, dealer.length));
  return String(n) as BustItWin;
}

/** What a round's cards say about every side bet: the winning entry and its ratio, or null. */
export interface SideBetOutcome {
  readonly win: string | null;
  readonly pays: Ratio | null;
}

export interface SideBetCards {
  readonly first: Card;
  readonly second: Card;
  readonly up: Card;
  readonly dealer: readonly Card[];
}

export function sideBetOutcome(tables: SideBetTables, bet: SideBet, c: SideBetCards): SideBetOutcome {
  switch (bet) {
    case 'perfect-pairs': {
      const t = tables['perfect-pairs'];
      const w = perfectPairs(c.first, c.second);
      return { win: w, pays: w && t ? t[w] : null };
    }
    case '21+3': {
      const t = tables['21+3'];
      const w = twentyOnePlusThree([c.first, c.second, c.up]);
      return { win: w, pays: w && t ? t[w] : null };
    }
    case 'hot-3': {
      const t = tables['hot-3'];
      const w = hot3([c.first, c.second, c.up]);
      return { win: w, pays: w && t ? t[w] : null };
    }
    case 'bust-it': {
      const t = tables['bust-it'];
      const w = bustIt(c.dealer);
      return { win: w, pays: w && t ? t.byCards[w] : null };
    }
  }
}

/** The amount a side bet returns (stake included), rounded by the profile (IBJ-10). */
export const sideBetReturn = (o: SideBetOutcome, stakeMinor: Minor, rounding: Rounding): Minor => (o.pays ? stakeMinor + applyRatio(stakeMinor, o.pays, rounding) : 0);

/** The highest ratio of a profile's side bets (bounds stakes, D-1). */
export function highestSideRatio(tables: SideBetTables): number {
  const all: Ratio[] = [];
  for (const t of [tables['perfect-pairs'], tables['21+3'], tables['hot-3']]) if (t) all.push(...Object.values(t));
  if (tables['bust-it']) all.push(...Object.values(tables['bust-it'].byCards));
  return Math.max(0, ...all.map((r) => r.num / r.den));
}
