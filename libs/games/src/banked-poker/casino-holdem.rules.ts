import { evaluate5 } from '../poker/fast.js';
import { categoryOf, packValue, tieBreakOf } from '../poker/rank.js';
import { isRoyal, paysFor } from '../poker/paytable.js';
import { describeHoldem, HOLDEM_SLOTS, holdemValue } from './holdem.js';
import { lose, push, raiseOrFold, win, type BankedPokerProfileBase, type BankedPokerSpec, type Paytable, type PokerHands, type SpotResult } from './spec.js';

/**
 * Casino Hold'em (docs/rules "Banked poker" CHE; rule IDs assigned in RULES-COVERAGE.md):
 * - CHE-1 Ante; two cards to the (shared) player hand, two face down to the dealer, the flop; then
 *   Call (2 × Ante) or fold; turn and river; best five of seven, standard ranking (docs/rules/live-poker.md §1.1).
 * - CHE-2 The dealer qualifies with a pair of 4s or better.
 * - CHE-3 Dealer not qualified: Ante pays per the ante paytable, Call pushes. Qualified: the better
 *   hand wins (Ante per the paytable, Call 1:1), the worse loses both, equal hands push both.
 * - CHE-4 AA Bonus (optional) on the first five cards (player hand + flop): pair of aces or better per
 *   its paytable, independent of the dealer [Interp.: it stands when the player folds, as at the
 *   common live tables; profile `bonusStandsOnFold`].
 * - CHE-5 Decision timer: no decision in time = fold (the published default).
 */
export interface CasinoHoldemProfile extends BankedPokerProfileBase {
  readonly kind: 'casino-holdem';
  /** Ante paytable when the player wins or the dealer does not qualify, "N to 1" (CHE-3). */
  readonly ante: { readonly royalFlush: number; readonly straightFlush: number; readonly quads: number; readonly fullHouse: number; readonly flush: number; readonly other: number };
  /** AA Bonus, "N to 1" (CHE-4); null = not offered. */
  readonly aaBonus: { readonly royalFlush: number; readonly straightFlush: number; readonly quads: number; readonly fullHouse: number; readonly flush: number; readonly straight: number; readonly trips: number; readonly twoPair: number; readonly aces: number } | null;
  readonly bonusStandsOnFold: boolean;
}

export const casinoHoldemProfiles: Readonly<Record<string, CasinoHoldemProfile>> = {
  standard: {
    id: 'standard',
    name: 'Ante 100-20-10-3-2-1, AA Bonus 100-50-40-30-20-7',
    kind: 'casino-holdem',
    decisionMs: 20_000,
    decks: 1,
    ante: { royalFlush: 100, straightFlush: 20, quads: 10, fullHouse: 3, flush: 2, other: 1 },
    aaBonus: { royalFlush: 100, straightFlush: 50, quads: 40, fullHouse: 30, flush: 20, straight: 7, trips: 7, twoPair: 7, aces: 7 },
    bonusStandsOnFold: true,
  },
};

/** The weakest qualifying dealer hand: any pair of 4s (CHE-2). */
export const CHE_QUALIFY = packValue('standard', 'pair', [4]);

export function cheAntePays(v: number, p: CasinoHoldemProfile): number {
  // the Ante's table pays from a flush up; anything below is its "other" row (CHE-3)
  return paysFor(p.ante, categoryOf(v), isRoyal(v)) ?? p.ante.other;
}

export function aaBonusPays(v5: number, p: CasinoHoldemProfile): number {
  const t = p.aaBonus;
  if (!t) return 0;
  const cat = categoryOf(v5);
  if (cat === 'pair') return tieBreakOf(v5)[0] === 14 ? t.aces : 0;
  return paysFor(t, cat, isRoyal(v5)) ?? 0;
}

export const casinoHoldemSpec: BankedPokerSpec<CasinoHoldemProfile> = {
  game: 'casino-holdem',
  label: "Casino Hold'em",
  slots: HOLDEM_SLOTS,
  decisions: [raiseOrFold(7, 'call', 'call', 2, 'CHE-5')],
  mainSpot: 'ante',
  spots: (p) => (p.aaBonus ? ['ante', 'aa-bonus'] : ['ante']),
  decisionSpots: ['call'],
  needsAnte: ['aa-bonus'],
  rules: { deal: 'CHE-1', decide: 'CHE-1', reveal: 'CHE-2' },
  maxReturnMultiple: (p) => Math.max(p.aaBonus ? p.aaBonus.royalFlush + 1 : 0, p.ante.royalFlush + 3),
  paytables: (p) => {
    const a = p.ante;
    const ante: Paytable = { spots: ['ante'], reading: 'to-one', ruleId: 'CHE-3', otherwise: 'lose', rows: [{ hand: 'royal-flush', pays: [a.royalFlush, 1] }, { hand: 'straight-flush', pays: [a.straightFlush, 1] }, { hand: 'four-of-a-kind', pays: [a.quads, 1] }, { hand: 'full-house', pays: [a.fullHouse, 1] }, { hand: 'flush', pays: [a.flush, 1] }, { hand: 'straight-or-lower', pays: [a.other, 1] }] };
    const b = p.aaBonus;
    if (!b) return [ante];
    return [ante, { spots: ['aa-bonus'], reading: 'to-one', ruleId: 'CHE-4', otherwise: 'lose', rows: [{ hand: 'royal-flush', pays: [b.royalFlush, 1] }, { hand: 'straight-flush', pays: [b.straightFlush, 1] }, { hand: 'four-of-a-kind', pays: [b.quads, 1] }, { hand: 'full-house', pays: [b.fullHouse, 1] }, { hand: 'flush', pays: [b.flush, 1] }, { hand: 'straight', pays: [b.straight, 1] }, { hand: 'three-of-a-kind', pays: [b.trips, 1] }, { hand: 'two-pair', pays: [b.twoPair, 1] }, { hand: 'pair-aces', pays: [b.aces, 1] }] }];
  },
  settlePlayer(hands: PokerHands, part, p) {
    const out: Record<string, SpotResult> = {};
    if (part.stakes['aa-bonus'] !== undefined) {
      if (part.folded && !p.bonusStandsOnFold) out['aa-bonus'] = lose(['CHE-4']);
      else {
        const [a, b] = hands.player as [number, number];
        const [c, d, e] = hands.board as [number, number, number];
        const pays = aaBonusPays(evaluate5(a, b, c, d, e), p);
        out['aa-bonus'] = pays > 0 ? win(pays, 1, ['CHE-4']) : lose(['CHE-4']);
      }
    }
    if (part.stakes['ante'] !== undefined || part.stakes['call'] !== undefined) {
      const called = !part.folded && part.stakes['call'] !== undefined;
      if (!called) {
        out['ante'] = lose(['CHE-1', ...(part.actions.length === 0 ? [] : ['CHE-5'])]);
        if (part.stakes['call'] !== undefined) out['call'] = lose(['CHE-1']);
      } else {
        const pv = holdemValue(hands.player, hands.board);
        const dv = holdemValue(hands.dealer, hands.board);
        if (dv < CHE_QUALIFY) {
          out['ante'] = win(cheAntePays(pv, p), 1, ['CHE-2', 'CHE-3']);
          out['call'] = push(['CHE-2', 'CHE-3']);
        } else if (pv > dv) {
          out['ante'] = win(cheAntePays(pv, p), 1, ['CHE-3']);
          out['call'] = win(1, 1, ['CHE-3']);
        } else if (pv < dv) {
          out['ante'] = lose(['CHE-3']);
          out['call'] = lose(['CHE-3']);
        } else {
          out['ante'] = push(['CHE-3']);
          out['call'] = push(['CHE-3']);
        }
      }
    }
    return out;
  },
  describe: describeHoldem,
};
