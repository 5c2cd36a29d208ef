import { ratio, type Ratio, type Rounding } from '../common/money.js';

/**
 * Blackjack rule profiles (spec D-2): every [Decision] flag of docs/rules BJ-1..BJ-17 and every
 * RAY 2011 version difference (RAY 2011 (docs/rules) §8) is a field here. The kernel reads fields only;
 * it never branches on a profile id. A new table variant = a new object in `blackjackProfiles`.
 */
export interface BlackjackProfile {
  readonly id: string;
  readonly name: string;
  /** BJ-1: decks of 52 in the shoe. */
  readonly decks: number;
  /** BJ-1: cut card position, in cards from the end of the shoe (4 decks = 208). */
  readonly cutCardFromEnd: number;
  /** BJ-1: seats 1..seats. */
  readonly seats: number;
  /**
   * BJ-5 / RAY A: `true` = the dealer's second card is dealt face down after the players' second
   * cards (hole card); `false` = European no-hole-card: the dealer's second card comes in dealer play.
   */
  readonly holeCard: boolean;
  /** BJ-8: peek for Blackjack under an Ace (only meaningful with a hole card). */
  readonly peekOnAce: boolean;
  /** BJ-8a [Decision]: peek under a ten-value up card too (default false). */
  readonly peekOnTen: boolean;
  /**
   * BJ-8a / RAY [Gap]: what a dealer Blackjack found at the END (no peek) takes: `all-stakes` =
   * every stake incl. doubles and splits (BJ-8a); `original-only` = double and split stakes are returned.
   */
  readonly lateDealerBlackjackTakes: 'all-stakes' | 'original-only';
  /** BJ-13 [Decision]: dealer draws on soft 17 (default false: stands on all 17s). */
  readonly dealerHitsSoft17: boolean;
  /** BJ-17 / RAY A "3:2 or 2:1" / RAY B "1:1, 6:5, 7:5 or 3:2". */
  readonly blackjackPays: Ratio;
  /** Rounding of a fractional Blackjack win in minor units (in the player's disfavour by default). */
  readonly payoutRounding: Rounding;
  /** BJ-7: insurance offered on a dealer Ace. */
  readonly insuranceOffered: boolean;
  /** BJ-17: insurance pays 2:1. */
  readonly insurancePays: Ratio;
  /** BJ-7 [Decision] / RAY A "a Blackjack hand cannot be insured": insurance (even money) on a player Blackjack. */
  readonly insuranceOnBlackjack: boolean;
  /** RAY A: "an insured hand can be neither doubled nor split". */
  readonly insuredHandMayDoubleOrSplit: boolean;
  /**
   * BJ-11 [Decision] `doubleOn`: `any` first two cards, or only when the two-card total is one of
   * `totals` (RAY A: 9, 10, 11 with `acesCountOne`: A-8 doubles as 9).
   */
  readonly doubleOn: 'any' | { readonly totals: readonly number[]; readonly acesCountOne: boolean };
  /** RAY A: the ace of a doubled hand stays worth 1 after the third card. */
  readonly doubledHandAcesCountOne: boolean;
  /** BJ-11 [Decision]: double after split (never on split aces, see `doubleSplitAces`). */
  readonly doubleAfterSplit: boolean;
  readonly doubleSplitAces: boolean;
  /** BJ-12: number of splits per seat ("one split only, also for aces" = 1). */
  readonly maxSplits: number;
  /** BJ-12 [Decision]: "equal" cards = equal `value` (K+10 may split) or equal `rank`. */
  readonly splitOn: 'value' | 'rank';
  /** BJ-12: split aces get exactly one card each. */
  readonly splitAcesOneCard: boolean;
  /**
   * BJ-16 / RAY A tie rule: `push` = equal totals push; `dealer-wins-except-21` = the dealer wins equal
   * totals except 21–21 and Blackjack–Blackjack (RAY version A).
   */
  readonly ties: 'push' | 'dealer-wins-except-21';
  /**
   * BJ-16 "Dealer Blackjack beats a player's non-Blackjack 21" (`lose`). RAY A leaves an UNSPLIT
   * multi-card 21 vs dealer BJ ambiguous ("båda har 21"); `push` is the alternative reading. A split-hand
   * 21 always loses to a dealer Blackjack (BJ-12, RAY A explicit), whatever this field says.
   */
  readonly multiCard21VsDealerBlackjack: 'lose' | 'push';
  /** BJ-9: decision time per decision (and for the insurance period), ms. Each seat's decision gets its own full time. */
  readonly decisionTimeMs: number;
  /**
   * RAY §8.1 "a player may play one or several seats; the dealer may limit how many": the most seats one
   * player may hold in a round (1 = one seat each). [Interp.] studio default 3.
   */
  readonly maxSeatsPerPlayer: number;
  /**
   * RAY §8.1 back-betting (medspelande): null = not offered. `maxBettorsPerSeat` (null = any number) is
   * the published cap of players behind one seat. Money limits are table data: each bet behind is checked
   * against the `behind` spot kind's min/max (default the table's), and the total behind one seat
   * against `behind-total`'s max (default the table max). See docs/rules/blackjack.md "Bet behind".
   */
  readonly betBehind: { readonly maxBettorsPerSeat: number | null } | null;
}

/** Spec defaults (docs/rules BJ-1..BJ-17 with every [Decision] at its default). */
export const standardProfile: BlackjackProfile = {
  id: 'standard',
  name: 'Blackjack (studio standard, BJ-1..BJ-17)',
  decks: 8,
  cutCardFromEnd: 4 * 52,
  seats: 7,
  holeCard: true,
  peekOnAce: true,
  peekOnTen: false,
  lateDealerBlackjackTakes: 'all-stakes',
  dealerHitsSoft17: false,
  blackjackPays: ratio(3, 2),
  payoutRounding: 'down',
  insuranceOffered: true,
  insurancePays: ratio(2, 1),
  insuranceOnBlackjack: true,
  insuredHandMayDoubleOrSplit: true,
  doubleOn: 'any',
  doubledHandAcesCountOne: false,
  doubleAfterSplit: true,
  doubleSplitAces: false,
  maxSplits: 1,
  splitOn: 'value',
  splitAcesOneCard: true,
  ties: 'push',
  multiCard21VsDealerBlackjack: 'lose',
  decisionTimeMs: 15_000,
  maxSeatsPerPlayer: 3,
  betBehind: { maxBettorsPerSeat: null },
};

/**
 * RAY 2011 hall blackjack, version A (RAY 2011 (docs/rules) §8.2): European no-hole-card deal; Blackjack
 * 3:2; equal totals go to the dealer except 21–21 and BJ–BJ; double only on a two-card 9/10/11 with
 * aces counted as 1 (and the ace stays 1 after the third card); no double after split; one split on
 * equal value; split aces one card each; split-hand 21 loses to a dealer BJ; insurance exactly half
 * the bet, not on a Blackjack, and an insured hand may neither double nor split. Where RAY is silent
 * ([Gap]: deck count, cut card, what a late dealer BJ takes, soft 17) the studio `standard` applies.
 */
export const rayAProfile: BlackjackProfile = {
  ...standardProfile,
  id: 'ray-a',
  name: 'RAY 2011 blackjack, version A (BJ 3:2)',
  holeCard: false,
  peekOnAce: false,
  peekOnTen: false,
  insuranceOnBlackjack: false,
  insuredHandMayDoubleOrSplit: false,
  doubleOn: { totals: [9, 10, 11], acesCountOne: true },
  doubledHandAcesCountOne: true,
  doubleAfterSplit: false,
  ties: 'dealer-wins-except-21',
};

/** RAY version A with the "Blackjack pays 2:1" sign (§8.2: "3:2 or 2:1, announced at the table"). */
export const rayA2to1Profile: BlackjackProfile = { ...rayAProfile, id: 'ray-a-2to1', name: 'RAY 2011 blackjack, version A (BJ 2:1)', blackjackPays: ratio(2, 1) };

/**
 * RAY 2011 version B (§8.3) as far as the source goes: the deal, the player phase and the dealer rule
 * are as in A (no hole card); equal totals PUSH; Blackjack pays 3:2 by default (6:5, 7:5 and 1:1 are
 * the `ray-b-6to5`, `ray-b-7to5`, `ray-b-1to1` profiles). The source is cut off at "Dubbling": doubling,
 * splitting, insurance and everything after it are NOT IN SOURCE, so they inherit the studio `standard`
 * profile (double any two cards, DAS, one split on value, insurance 2:1 incl. even money) — an operator
 * decision to confirm, not RAY text.
 */
export const rayBProfile: BlackjackProfile = {
  ...standardProfile,
  id: 'ray-b',
  name: 'RAY 2011 blackjack, version B (BJ 3:2)',
  holeCard: false,
  peekOnAce: false,
  peekOnTen: false,
  ties: 'push',
};

export const blackjackProfiles: Readonly<Record<string, BlackjackProfile>> = {
  standard: standardProfile,
  'ray-a': rayAProfile,
  'ray-a-2to1': rayA2to1Profile,
  'ray-b': rayBProfile,
  'ray-b-6to5': { ...rayBProfile, id: 'ray-b-6to5', name: 'RAY 2011 blackjack, version B (BJ 6:5)', blackjackPays: ratio(6, 5) },
  'ray-b-7to5': { ...rayBProfile, id: 'ray-b-7to5', name: 'RAY 2011 blackjack, version B (BJ 7:5)', blackjackPays: ratio(7, 5) },
  'ray-b-1to1': { ...rayBProfile, id: 'ray-b-1to1', name: 'RAY 2011 blackjack, version B (BJ 1:1)', blackjackPays: ratio(1, 1) },
};
