import type { CardId } from '../poker/cards.js';
import { categoryOf } from '../poker/rank.js';
import { describeHoldem, HOLDEM_SLOTS, holdemValue } from './holdem.js';
import { lose, push, win, type BankedPokerProfileBase, type BankedPokerSpec, type PokerHands, type SpotResult } from './spec.js';

/**
 * Texas Hold'em Bonus (docs/rules "Banked poker" THB; rule IDs assigned in RULES-COVERAGE.md):
 * - THB-1 Ante; pre-flop Flop bet 2× the Ante or fold; after the flop Turn bet 1× or check; after the
 *   turn River bet 1× or check. No decision in time: fold pre-flop, check later.
 * - THB-2 No dealer qualification: the better final hand wins; Flop, Turn and River bets pay 1:1.
 * - THB-3 The Ante pays 1:1 only on a straight or better (profile: flush or better), else pushes,
 *   when the player wins; it loses when the dealer wins; equal hands push everything.
 * - THB-4 Optional Bonus on the player's two hole cards, per its paytable [Interp.: it stands when the
 *   player folds, and the 1000:1 "both aces" award is not offered].
 */
export interface TexasHoldemBonusProfile extends BankedPokerProfileBase {
  readonly kind: 'texas-holdem-bonus';
  readonly antePaysFrom: 'straight' | 'flush';
  /** Bonus "N to 1" by hole cards (THB-4); null = not offered. */
  readonly bonus: { readonly aces: number; readonly akSuited: number; readonly aqajSuited: number; readonly akOffsuit: number; readonly kkqqjj: number; readonly aqajOffsuit: number; readonly pairs2to10: number } | null;
}

export const texasHoldemBonusProfiles: Readonly<Record<string, TexasHoldemBonusProfile>> = {
  standard: {
    id: 'standard',
    name: 'Ante on a straight or better; Bonus 30-25-20-15-10-5-3',
    kind: 'texas-holdem-bonus',
    decisionMs: 15_000,
    decks: 1,
    antePaysFrom: 'straight',
    bonus: { aces: 30, akSuited: 25, aqajSuited: 20, akOffsuit: 15, kkqqjj: 10, aqajOffsuit: 5, pairs2to10: 3 },
  },
  'flush-ante': {
    id: 'flush-ante',
    name: 'Ante on a flush or better; Bonus 30-25-20-15-10-5-3',
    kind: 'texas-holdem-bonus',
    decisionMs: 15_000,
    decks: 1,
    antePaysFrom: 'flush',
    bonus: { aces: 30, akSuited: 25, aqajSuited: 20, akOffsuit: 15, kkqqjj: 10, aqajOffsuit: 5, pairs2to10: 3 },
  },
};

/** Bonus pays on two hole cards (THB-4), 0 = loses. */
export function thbBonusPays(a: CardId, b: CardId, p: TexasHoldemBonusProfile): number {
  const t = p.bonus;
  if (!t) return 0;
  const hi = Math.max(a >> 2, b >> 2);
  const lo = Math.min(a >> 2, b >> 2);
  const suited = (a & 3) === (b & 3);
  if (hi === lo) return hi === 12 ? t.aces : hi >= 9 ? t.kkqqjj : t.pairs2to10;
  if (hi !== 12) return 0;
  if (lo === 11) return suited ? t.akSuited : t.akOffsuit;
  if (lo === 10 || lo === 9) return suited ? t.aqajSuited : t.aqajOffsuit;
  return 0;
}

const ANTE_FROM = { straight: ['straight', 'flush', 'full-house', 'four-of-a-kind', 'straight-flush'], flush: ['flush', 'full-house', 'four-of-a-kind', 'straight-flush'] } as const;
export const thbAntePays = (pv: number, p: TexasHoldemBonusProfile): boolean => (ANTE_FROM[p.antePaysFrom] as readonly string[]).includes(categoryOf(pv));

export const texasHoldemBonusSpec: BankedPokerSpec<TexasHoldemBonusProfile> = {
  game: 'texas-holdem-bonus',
  label: "Texas Hold'em Bonus",
  slots: HOLDEM_SLOTS,
  decisions: [
    { afterCards: 4, options: [{ action: 'bet', spot: 'flop', multiple: 2, folds: false }, { action: 'fold', spot: null, multiple: 0, folds: true }], timeoutAction: 'fold', onlyWithoutRaise: false, ruleId: 'THB-1' },
    { afterCards: 7, options: [{ action: 'bet', spot: 'turn', multiple: 1, folds: false }, { action: 'check', spot: null, multiple: 0, folds: false }], timeoutAction: 'check', onlyWithoutRaise: false, ruleId: 'THB-1' },
    { afterCards: 8, options: [{ action: 'bet', spot: 'river', multiple: 1, folds: false }, { action: 'check', spot: null, multiple: 0, folds: false }], timeoutAction: 'check', onlyWithoutRaise: false, ruleId: 'THB-1' },
  ],
  mainSpot: 'ante',
  spots: (p) => (p.bonus ? ['ante', 'bonus'] : ['ante']),
  decisionSpots: ['flop', 'turn', 'river'],
  needsAnte: ['bonus'],
  rules: { deal: 'THB-1', decide: 'THB-1', reveal: 'THB-2' },
  maxReturnMultiple: (p) => Math.max(p.bonus ? p.bonus.aces + 1 : 0, 2 + 4),
  paytables: (p) => {
    const b = p.bonus;
    if (!b) return [];
    return [{ spots: ['bonus'], reading: 'to-one', ruleId: 'THB-4', otherwise: 'lose', rows: [{ hand: 'hole-aa', pays: [b.aces, 1] }, { hand: 'hole-ak-suited', pays: [b.akSuited, 1] }, { hand: 'hole-aq-aj-suited', pays: [b.aqajSuited, 1] }, { hand: 'hole-ak-offsuit', pays: [b.akOffsuit, 1] }, { hand: 'hole-kk-qq-jj', pays: [b.kkqqjj, 1] }, { hand: 'hole-aq-aj-offsuit', pays: [b.aqajOffsuit, 1] }, { hand: 'hole-pair-2-10', pays: [b.pairs2to10, 1] }] }];
  },
  settlePlayer(hands: PokerHands, part, p) {
    const out: Record<string, SpotResult> = {};
    if (part.stakes['bonus'] !== undefined) {
      const pays = thbBonusPays(hands.player[0] as number, hands.player[1] as number, p);
      out['bonus'] = pays > 0 ? win(pays, 1, ['THB-4']) : lose(['THB-4']);
    }
    if (part.stakes['ante'] === undefined) return out;
    const raises = ['flop', 'turn', 'river'].filter((s) => part.stakes[s] !== undefined);
    if (part.folded || part.stakes['flop'] === undefined) {
      out['ante'] = lose(['THB-1']);
      for (const s of raises) out[s] = lose(['THB-1']);
      return out;
    }
    const pv = holdemValue(hands.player, hands.board);
    const dv = holdemValue(hands.dealer, hands.board);
    if (pv > dv) {
      out['ante'] = thbAntePays(pv, p) ? win(1, 1, ['THB-2', 'THB-3']) : push(['THB-3']);
      for (const s of raises) out[s] = win(1, 1, ['THB-2']);
    } else if (pv < dv) {
      out['ante'] = lose(['THB-2']);
      for (const s of raises) out[s] = lose(['THB-2']);
    } else {
      out['ante'] = push(['THB-2']);
      for (const s of raises) out[s] = push(['THB-2']);
    }
    return out;
  },
  describe: describeHoldem,
};
