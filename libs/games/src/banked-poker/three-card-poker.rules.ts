import { cardId, type CardId } from '../poker/cards.js';
import { categoryOf, describeValue, evaluateFive, packValue, type HandCategory } from '../poker/rank.js';
import { paysFor } from '../poker/paytable.js';
import { lose, push, raiseOrFold, win, type BankedPokerProfileBase, type BankedPokerSpec, type Paytable, type SpotResult } from './spec.js';

/**
 * Three Card Poker (docs/rules "Banked poker" TCP; rule IDs assigned in RULES-COVERAGE.md):
 * - TCP-1 Ante; after the cards Play (= Ante) or fold; one shared player hand, one dealer hand, 3 cards each.
 * - TCP-2 Three-card ranking: a straight beats a flush (docs/rules/live-poker.md §1 / RAY §7.1 ranking; A-2-3 low).
 * - TCP-3 The dealer qualifies with queen-high or better.
 * - TCP-4 Dealer not qualified: Ante pays 1:1, Play pushes. Qualified: higher hand wins Ante and Play
 *   1:1, lower loses both, equal hands push both.
 * - TCP-5 Ante Bonus on a straight or better for a player who plays, regardless of the dealer's hand.
 * - TCP-6 Pair Plus pays on a pair or better per its paytable, independent of the dealer and of the
 *   player's play/fold decision [Interp.: the common casino rule; docs/rules says "independent of
 *   the dealer" only].
 * - TCP-7 Decision timer: no decision in time = fold (the published default, docs/rules/live-poker.md §0.8).
 */
export interface ThreeCardPokerProfile extends BankedPokerProfileBase {
  readonly kind: 'three-card-poker';
  /** Ante Bonus, "N to 1" (TCP-5). */
  readonly anteBonus: { readonly straightFlush: number; readonly trips: number; readonly straight: number };
  /** Pair Plus, "N to 1" (TCP-6); null = not offered. */
  readonly pairPlus: { readonly straightFlush: number; readonly trips: number; readonly straight: number; readonly flush: number; readonly pair: number } | null;
}

export const threeCardPokerProfiles: Readonly<Record<string, ThreeCardPokerProfile>> = {
  standard: {
    id: 'standard',
    name: 'Ante Bonus 1-4-5, Pair Plus 1-3-6-30-40',
    kind: 'three-card-poker',
    decisionMs: 15_000,
    decks: 1,
    anteBonus: { straightFlush: 5, trips: 4, straight: 1 },
    pairPlus: { straightFlush: 40, trips: 30, straight: 6, flush: 3, pair: 1 },
  },
  'pair-plus-35': {
    id: 'pair-plus-35',
    name: 'Ante Bonus 1-4-5, Pair Plus 1-4-6-30-35',
    kind: 'three-card-poker',
    decisionMs: 15_000,
    decks: 1,
    anteBonus: { straightFlush: 5, trips: 4, straight: 1 },
    pairPlus: { straightFlush: 35, trips: 30, straight: 6, flush: 4, pair: 1 },
  },
};

/** The Ante's own win against the dealer (TCP-4: "the better hand wins both bets 1:1"; an unqualified dealer pays the Ante 1:1), as [to, for]: settled with and shown beside the Ante Bonus. */
export const TCP_ANTE_WIN: readonly [number, number] = [1, 1];

export const TCP_OPTS = { ranking: 'three-card' } as const;
export const tcpValue = (cards: readonly CardId[]): number => evaluateFive(cards, TCP_OPTS);
/** The weakest qualifying dealer hand: Q-3-2 high card (TCP-3). */
export const TCP_QUALIFY = packValue('three-card', 'high-card', [12, 3, 2]);

export function anteBonusPays(cat: HandCategory, p: ThreeCardPokerProfile): number {
  return paysFor(p.anteBonus, cat) ?? 0;
}

export function pairPlusPays(cat: HandCategory, p: ThreeCardPokerProfile): number {
  return p.pairPlus ? (paysFor(p.pairPlus, cat) ?? 0) : 0;
}

export const threeCardPokerSpec: BankedPokerSpec<ThreeCardPokerProfile> = {
  game: 'three-card-poker',
  label: 'Three Card Poker',
  slots: ['player', 'player', 'player', 'dealer', 'dealer', 'dealer'],
  decisions: [raiseOrFold(6, 'play', 'play', 1, 'TCP-7')],
  mainSpot: 'ante',
  spots: (p) => (p.pairPlus ? ['ante', 'pair-plus'] : ['ante']),
  decisionSpots: ['play'],
  needsAnte: [],
  rules: { deal: 'TCP-1', decide: 'TCP-1', reveal: 'TCP-3' },
  maxReturnMultiple: (p) => Math.max(p.pairPlus ? p.pairPlus.straightFlush + 1 : 0, 2 + p.anteBonus.straightFlush),
  paytables: (p) => {
    const a = p.anteBonus;
    const ante: Paytable = { spots: ['ante'], reading: 'to-one', ruleId: 'TCP-5', otherwise: 'push', beside: { pays: TCP_ANTE_WIN, ruleId: 'TCP-4' }, rows: [{ hand: 'straight-flush', pays: [a.straightFlush, 1] }, { hand: 'three-of-a-kind', pays: [a.trips, 1] }, { hand: 'straight', pays: [a.straight, 1] }] };
    const pp = p.pairPlus;
    if (!pp) return [ante];
    return [ante, { spots: ['pair-plus'], reading: 'to-one', ruleId: 'TCP-6', otherwise: 'lose', rows: [{ hand: 'straight-flush', pays: [pp.straightFlush, 1] }, { hand: 'three-of-a-kind', pays: [pp.trips, 1] }, { hand: 'straight', pays: [pp.straight, 1] }, { hand: 'flush', pays: [pp.flush, 1] }, { hand: 'pair', pays: [pp.pair, 1] }] }];
  },
  settlePlayer(hands, part, p) {
    const pv = tcpValue(hands.player);
    const dv = tcpValue(hands.dealer);
    const out: Record<string, SpotResult> = {};
    const cat = categoryOf(pv);
    if (part.stakes['pair-plus'] !== undefined) {
      const pays = pairPlusPays(cat, p);
      out['pair-plus'] = pays > 0 ? win(pays, 1, ['TCP-6']) : lose(['TCP-6']);
    }
    if (part.stakes['ante'] !== undefined || part.stakes['play'] !== undefined) {
      const played = !part.folded && part.stakes['play'] !== undefined;
      if (!played) {
        out['ante'] = lose(['TCP-1', ...(part.actions.length === 0 ? [] : ['TCP-7'])]);
        if (part.stakes['play'] !== undefined) out['play'] = lose(['TCP-1']);
      } else {
        const bonus = anteBonusPays(cat, p);
        const withBonus = (r: SpotResult): SpotResult => {
          if (bonus === 0) return r;
          const num = r.returns.num + bonus * r.returns.den;
          return { returns: { num, den: r.returns.den }, outcome: num > r.returns.den ? 'win' : num === r.returns.den ? 'push' : 'lose', rules: [...r.rules, 'TCP-5'] };
        };
        if (dv < TCP_QUALIFY) {
          out['ante'] = withBonus(win(TCP_ANTE_WIN[0], TCP_ANTE_WIN[1], ['TCP-3', 'TCP-4']));
          out['play'] = push(['TCP-3', 'TCP-4']);
        } else if (pv > dv) {
          out['ante'] = withBonus(win(TCP_ANTE_WIN[0], TCP_ANTE_WIN[1], ['TCP-4']));
          out['play'] = win(1, 1, ['TCP-4']);
        } else if (pv < dv) {
          out['ante'] = withBonus(lose(['TCP-4']));
          out['play'] = lose(['TCP-4']);
        } else {
          out['ante'] = withBonus(push(['TCP-4']));
          out['play'] = push(['TCP-4']);
        }
      }
    }
    return out;
  },
  describe(hands) {
    return { player: describeValue(tcpValue(hands.player)), dealer: describeValue(tcpValue(hands.dealer)) };
  },
};

export const tcpCards = (codes: readonly string[]): CardId[] => codes.map((c) => cardId(c as never));
