import { ratio, type Ratio } from '../common/money.js';
import { standardProfile, type BlackjackProfile } from '../blackjack/profiles.js';

/**
 * Infinite blackjack rule profiles (IBJ-1..IBJ-12, README.md in this folder). The hand rules are
 * blackjack's own (a `BlackjackProfile`, so the pure hand math of `blackjack/` — hand values, dealer
 * draw, win/push/lose, payouts — is reused, not copied); the fields below add the common hand's
 * 6-card Charlie, the decision window and the side bets' paytables, all as data.
 */

/** The side bets a profile may offer (IBJ-9). */
export const SIDE_BETS = ['perfect-pairs', '21+3', 'hot-3', 'bust-it'] as const;
export type SideBet = (typeof SIDE_BETS)[number];

/** Perfect Pairs on the common hand's two cards: same rank and suit / same colour / any colour. */
export interface PerfectPairsTable {
  readonly perfect: Ratio;
  readonly coloured: Ratio;
  readonly mixed: Ratio;
}
/** 21+3 on the two common cards and the dealer's up card (a three-card poker hand). */
export interface TwentyOnePlusThreeTable {
  readonly suitedTrips: Ratio;
  readonly straightFlush: Ratio;
  readonly trips: Ratio;
  readonly straight: Ratio;
  readonly flush: Ratio;
}
/** Hot 3 on the blackjack total of the same three cards (an Ace counts 11 unless that passes 21). */
export interface Hot3Table {
  readonly suited777: Ratio;
  readonly suited21: Ratio;
  readonly twentyOne: Ratio;
  readonly twenty: Ratio;
  readonly nineteen: Ratio;
}
/** Bust It: the dealer's final hand busts; the payout by its number of cards (`8` = eight or more). */
export interface BustItTable {
  readonly byCards: Readonly<Record<'3' | '4' | '5' | '6' | '7' | '8', Ratio>>;
}

export interface SideBetTables {
  readonly 'perfect-pairs'?: PerfectPairsTable;
  readonly '21+3'?: TwentyOnePlusThreeTable;
  readonly 'hot-3'?: Hot3Table;
  readonly 'bust-it'?: BustItTable;
}

export interface InfiniteBlackjackProfile extends BlackjackProfile {
  /** IBJ-7: a hand of this many cards that has not passed 21 wins (null = no Charlie rule). */
  readonly charlie: { readonly cards: number; readonly pays: Ratio } | null;
  /** IBJ-3: how long each decision step stays open, ms (a hand that has not decided stands). */
  readonly decisionTimeMs: number;
  /** IBJ-9: the side bets offered and their paytables (a spot absent here is not offered). */
  readonly sideBets: SideBetTables;
}

/**
 * The studio's infinite blackjack: 8 decks, no hole card (the dealer's second card comes after every
 * decision, IBJ-6), Blackjack 3:2, dealer stands on all 17s, double on any first two cards, one split on
 * equal value with double after split and split aces one card each (IBJ-5), no insurance, 6-card Charlie, and
 * four side bets.
 */
export const infiniteStandardProfile: InfiniteBlackjackProfile = {
  ...standardProfile,
  id: 'standard',
  name: 'Infinite blackjack (one common hand, 6-card Charlie, side bets)',
  seats: 1,
  holeCard: false,
  peekOnAce: false,
  peekOnTen: false,
  // IBJ-8 [Interp.]: a dealer Blackjack found at the end takes the original stake only; a double is returned
  lateDealerBlackjackTakes: 'original-only',
  insuranceOffered: false,
  insuranceOnBlackjack: false,
  maxSplits: 1,
  decisionTimeMs: 10_000,
  charlie: { cards: 6, pays: ratio(1, 1) },
  sideBets: {
    'perfect-pairs': { perfect: ratio(25), coloured: ratio(12), mixed: ratio(6) },
    '21+3': { suitedTrips: ratio(100), straightFlush: ratio(40), trips: ratio(30), straight: ratio(10), flush: ratio(5) },
    'hot-3': { suited777: ratio(100), suited21: ratio(20), twentyOne: ratio(4), twenty: ratio(2), nineteen: ratio(1) },
    'bust-it': { byCards: { '3': ratio(1), '4': ratio(2), '5': ratio(9), '6': ratio(50), '7': ratio(100), '8': ratio(250) } },
  },
};

/** The same table without side bets and without the Charlie rule (plain common-hand blackjack). */
export const infinitePlainProfile: InfiniteBlackjackProfile = { ...infiniteStandardProfile, id: 'plain', name: 'Infinite blackjack (no Charlie, no side bets)', charlie: null, sideBets: {} };

export const infiniteBlackjackProfiles: Readonly<Record<string, InfiniteBlackjackProfile>> = {
  standard: infiniteStandardProfile,
  plain: infinitePlainProfile,
};
