// Poker hand evaluation (issue 10 §1): rankings per variant, the fast standard best-of-7, lows, Omaha, wilds.
export * from './cards.js';
export * from './rank.js';
export * from './fast.js';
export * from './paytable.js';
