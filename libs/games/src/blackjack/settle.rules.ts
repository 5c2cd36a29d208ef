import type { Card } from '../cards/card.js';
import { applyRatio, type Minor } from '../common/money.js';
import { dealerMustDraw, handValue, isAce, isBlackjackCards, isTenValue } from './hand.rules.js';
import type { BlackjackProfile } from './profiles.js';

/** A finished player hand as settlement sees it. */
export interface FinalHand {
  readonly cards: readonly Card[];
  /** BJ-12: a hand made by a split is never a Blackjack. */
  readonly fromSplit: boolean;
  readonly doubled: boolean;
}

export type HandResult = 'blackjack' | 'win' | 'push' | 'lose';

/** The total a finished player hand counts for (RAY A: the ace of a doubled hand stays 1). */
export function finalTotal(profile: BlackjackProfile, hand: FinalHand): number {
  return handValue(hand.cards, hand.doubled && profile.doubledHandAcesCountOne).total;
}

export const isPlayerBlackjack = (hand: FinalHand): boolean => !hand.fromSplit && isBlackjackCards(hand.cards);

/**
 * BJ-15 / BJ-16 / RAY §8.2–8.3: the result of one player hand against the dealer's final cards, with
 * the rule IDs that decided it.
 */
export function handResult(profile: BlackjackProfile, hand: FinalHand, dealer: readonly Card[]): { readonly result: HandResult; readonly rules: readonly string[] } {
  const p = finalTotal(profile, hand);
  if (p > 21) return { result: 'lose', rules: ['BJ-16'] }; // a busted player loses even if the dealer busts
  const dealerBj = isBlackjackCards(dealer);
  if (isPlayerBlackjack(hand)) return dealerBj ? { result: 'push', rules: ['BJ-16'] } : { result: 'blackjack', rules: ['BJ-3', 'BJ-17'] };
  if (dealerBj) {
    if (!hand.fromSplit && p === 21 && profile.multiCard21VsDealerBlackjack === 'push') return { result: 'push', rules: ['RAY-8.2'] };
    return { result: 'lose', rules: hand.fromSplit ? ['BJ-12', 'BJ-16'] : ['BJ-16'] };
  }
  const d = handValue(dealer).total;
  if (d > 21) return { result: 'win', rules: ['BJ-15'] };
  if (p > d) return { result: 'win', rules: ['BJ-15'] };
  if (p < d) return { result: 'lose', rules: ['BJ-15'] };
  switch (profile.ties) {
    case 'push':
      return { result: 'push', rules: ['BJ-16'] };
    case 'dealer-wins-except-21':
      return p === 21 ? { result: 'push', rules: ['RAY-8.2'] } : { result: 'lose', rules: ['RAY-8.2'] };
  }
}

/** Amount returned (stake included) on a stake of the hand for a result (BJ-17). */
export function handReturn(profile: BlackjackProfile, result: HandResult, stakeMinor: Minor): Minor {
  switch (result) {
    case 'blackjack':
      return stakeMinor + applyRatio(stakeMinor, profile.blackjackPays, profile.payoutRounding);
    case 'win':
      return stakeMinor * 2;
    case 'push':
      return stakeMinor;
    case 'lose':
      return 0;
  }
}

/** BJ-7 / BJ-17: insurance returns stake + 2:1 when the dealer has Blackjack, else nothing. */
export function insuranceReturn(profile: BlackjackProfile, dealer: readonly Card[], stakeMinor: Minor): Minor {
  return isBlackjackCards(dealer) ? stakeMinor + applyRatio(stakeMinor, profile.insurancePays, profile.payoutRounding) : 0;
}

/**
 * BJ-13 / BJ-14: is another dealer card due? The dealer draws to 16 (soft 17 per profile) only while a
 * player hand is live (neither busted nor Blackjack). With no live hand, a no-hole-card dealer still
 * takes its second card when an Ace or ten-value is up and a player Blackjack or an insurance bet
 * depends on a possible dealer Blackjack; otherwise the dealer draws nothing.
 */
export function dealerNeedsCard(profile: BlackjackProfile, dealer: readonly Card[], hands: readonly FinalHand[], insuranceTaken: boolean): boolean {
  const up = dealer[0];
  if (up === undefined) return false;
  const live = hands.some((h) => finalTotal(profile, h) <= 21 && !isPlayerBlackjack(h));
  if (live) return dealerMustDraw(dealer, profile.dealerHitsSoft17);
  if (dealer.length !== 1) return false;
  const stakesDepend = insuranceTaken || hands.some((h) => isPlayerBlackjack(h));
  return stakesDepend && (isAce(up) || isTenValue(up));
}
