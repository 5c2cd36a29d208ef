import { categoryOf, tieBreakOf } from './rank.js';

/**
 * A pay table keyed by the hand's category, with the names every banked poker profile uses (Casino
 * Hold'em's AA Bonus and Ante, UTH's Blind and Trips, Three Card Poker's Ante Bonus and Pair Plus, the RAY
 * games' bonuses and Triple Bet's main bet). Values are whatever the
 * game pays with ("N to 1", "N x insatsen", a fraction); a missing key pays nothing.
 */
export interface CategoryPaytable<T> {
  readonly royalFlush?: T;
  readonly straightFlush?: T;
  readonly quads?: T;
  readonly fullHouse?: T;
  readonly flush?: T;
  readonly straight?: T;
  readonly trips?: T;
  readonly twoPair?: T;
  readonly pair?: T;
  readonly fourStraight?: T;
  readonly fourFlush?: T;
}

const KEY_OF: Readonly<Record<string, keyof CategoryPaytable<unknown>>> = {
  'straight-flush': 'straightFlush',
  'four-of-a-kind': 'quads',
  'full-house': 'fullHouse',
  flush: 'flush',
  straight: 'straight',
  'three-of-a-kind': 'trips',
  'two-pair': 'twoPair',
  pair: 'pair',
  'four-card-straight': 'fourStraight',
  'four-card-flush': 'fourFlush',
};

/** An ace-high straight flush, from a standard packed value. */
export const isRoyal = (v: number): boolean => categoryOf(v) === 'straight-flush' && tieBreakOf(v)[0] === 14;

/**
 * What `table` pays for a hand of `category` — its `royalFlush` row first when the hand is `royal` and
 * the table has one; undefined when the table pays nothing for it (the caller's "lose" or "push").
 */
export function paysFor<T>(table: CategoryPaytable<T>, category: string, royal = false): T | undefined {
  if (royal && table.royalFlush !== undefined) return table.royalFlush;
  const key = KEY_OF[category];
  return key === undefined ? undefined : table[key];
}
