/**
 * Poker hands more than one test plays: the rules' golden test (libs/games poker-table/hand.golden.spec.ts) and
 * the CLI's dispute tool (`felt settle poker-holdem`, apps/cli poker-settle.spec.ts) lay out the same hand.
 */

/** Hold'em, four seats, three all-ins and a call: a main pot and two side pots (S1-ALLIN). Replay input, cards in dealing order. */
export const THREE_WAY_ALL_IN = {
  table: { structure: 'no-limit', smallBlindMinor: 50, bigBlindMinor: 100 },
  button: 4,
  seats: [
    { seat: 1, playerId: 'p1', stackMinor: 100 },
    { seat: 2, playerId: 'p2', stackMinor: 300 },
    { seat: 3, playerId: 'p3', stackMinor: 600 },
    { seat: 4, playerId: 'p4', stackMinor: 1000 },
  ],
  cards: { 1: ['AH', 'AD'], 2: ['KH', 'KD'], 3: ['QH', 'QD'], 4: ['5C', '4C'] },
  board: ['2C', '7D', '9H', 'JS', '3S'],
  actions: [
    { seat: 3, action: 'all-in' },
    { seat: 4, action: 'call' },
    { seat: 1, action: 'all-in' },
    { seat: 2, action: 'all-in' },
  ],
};
