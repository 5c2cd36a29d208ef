import { RANKS, rankOf, type Card, type Rank } from './card.js';
import type { ShoeComposition } from './shoe.js';

/**
 * Shoe counts for display ("cards left per rank"), from a tracked shoe's composition or from the
 * cards a viewer has seen dealt since the shuffle. Pure; counts never go below zero — cards beyond
 * what the shoe holds (an S-1 fault the server rejects) are listed in `overdealt` and not counted.
 */
export interface ShoeCounts {
  readonly decks: number;
  readonly total: number;
  /** Cards counted out of the shoe. */
  readonly dealt: number;
  readonly left: number;
  /** Cards left per rank (A, 2 … 9, T, J, Q, K). */
  readonly leftByRank: Readonly<Record<Rank, number>>;
  /** Cards dealt per rank. */
  readonly dealtByRank: Readonly<Record<Rank, number>>;
  readonly overdealt: readonly Card[];
}

const perRank = (f: (r: Rank) => number): Record<Rank, number> => Object.fromEntries(RANKS.map((r) => [r, f(r)])) as Record<Rank, number>;

/** Cards left per rank of a tracked shoe (its `remaining` per card code summed over suits). */
export function remainingByRank(shoe: Pick<ShoeComposition, 'remaining'>): Record<Rank, number> {
  const out = perRank(() => 0);
  for (const [card, n] of Object.entries(shoe.remaining) as [Card, number][]) out[rankOf(card)] += n;
  return out;
}

/** Counts of a tracked shoe (server side, e.g. the baccarat kernel's `shoe`). */
export function shoeCountsOf(shoe: ShoeComposition): ShoeCounts {
  const leftByRank = remainingByRank(shoe);
  const perRankFull = shoe.decks * 4;
  return {
    decks: shoe.decks,
    total: shoe.total,
    dealt: shoe.dealt,
    left: shoe.total - shoe.dealt,
    leftByRank,
    dealtByRank: perRank((r) => perRankFull - leftByRank[r]),
    overdealt: [],
  };
}

/** Counts from the cards seen dealt since the shuffle (burns included if the viewer saw them). */
export function shoeCountsFromDealt(decks: number, dealt: readonly Card[]): ShoeCounts {
  const perCard = new Map<Card, number>();
  const dealtByRank = perRank(() => 0);
  const overdealt: Card[] = [];
  for (const c of dealt) {
    const n = perCard.get(c) ?? 0;
    if (n >= decks) {
      overdealt.push(c);
      continue;
    }
    perCard.set(c, n + 1);
    dealtByRank[rankOf(c)] += 1;
  }
  const counted = dealt.length - overdealt.length;
  const total = decks * 52;
  return { decks, total, dealt: counted, left: total - counted, leftByRank: perRank((r) => decks * 4 - dealtByRank[r]), dealtByRank, overdealt };
}
