import { categoryOf, packValue } from '../poker/rank.js';
import { isRoyal, paysFor } from '../poker/paytable.js';
import { describeHoldem, HOLDEM_SLOTS, holdemValue } from './holdem.js';
import { lose, push, win, type BankedPokerProfileBase, type BankedPokerSpec, type Paytable, type PokerHands, type SpotResult } from './spec.js';

/**
 * Ultimate Texas Hold'em (docs/rules "Banked poker" UTH; rule IDs assigned in RULES-COVERAGE.md):
 * - UTH-1 Ante and Blind, equal [Interp.: a player whose Ante and Blind differ when betting closes
 *   does not play the hand; both are returned]; optional Trips.
 * - UTH-2 Play once per hand: 4× or 3× the Ante before the flop, 2× after the flop, 1× after the
 *   river, else check (fold at the river). No decision in time = check (fold at the river).
 * - UTH-3 The dealer qualifies with a pair or better; not qualified: the Ante pushes.
 * - UTH-4 Better hand: Play 1:1, Ante 1:1 (push if the dealer did not qualify), Blind per its
 *   paytable on a straight or better, else push. Worse hand: Play and Blind lose; Ante loses (pushes
 *   if the dealer did not qualify). Equal: everything pushes. A fold loses Ante and Blind.
 * - UTH-5 Trips pays on the player's final hand per its paytable, whatever the dealer holds
 *   [Interp.: also when the player folds, as at the common tables].
 */
export interface UltimateTexasHoldemProfile extends BankedPokerProfileBase {
  readonly kind: 'ultimate-texas-holdem';
  /** Blind paytable, "num:den to 1" (UTH-4); hands below a straight push. */
  readonly blind: { readonly royalFlush: number; readonly straightFlush: number; readonly quads: number; readonly fullHouse: number; readonly flush: readonly [number, number]; readonly straight: number };
  /** Trips paytable, "N to 1" (UTH-5); null = not offered. */
  readonly trips: { readonly royalFlush: number; readonly straightFlush: number; readonly quads: number; readonly fullHouse: number; readonly flush: number; readonly straight: number; readonly trips: number } | null;
}

export const ultimateTexasHoldemProfiles: Readonly<Record<string, UltimateTexasHoldemProfile>> = {
  standard: {
    id: 'standard',
    name: 'Blind 500-50-10-3-3/2-1, Trips 50-40-30-8-6-5-3',
    kind: 'ultimate-texas-holdem',
    decisionMs: 15_000,
    decks: 1,
    blind: { royalFlush: 500, straightFlush: 50, quads: 10, fullHouse: 3, flush: [3, 2], straight: 1 },
    trips: { royalFlush: 50, straightFlush: 40, quads: 30, fullHouse: 8, flush: 6, straight: 5, trips: 3 },
  },
};

export const UTH_QUALIFY = packValue('standard', 'pair', [2]);

/** Blind result "num/den to 1", or null for a push (UTH-4). */
export function blindPays(v: number, p: UltimateTexasHoldemProfile): readonly [number, number] | null {
  // the Blind pays from a straight up (UTH-4); a flush may pay a fraction
  const pays = paysFor<number | readonly [number, number]>(p.blind, categoryOf(v), isRoyal(v));
  return pays === undefined ? null : typeof pays === 'number' ? [pays, 1] : pays;
}

export function tripsPays(v: number, p: UltimateTexasHoldemProfile): number {
  return p.trips ? (paysFor(p.trips, categoryOf(v), isRoyal(v)) ?? 0) : 0;
}

const check = { action: 'check', spot: null, multiple: 0, folds: false } as const;

export const ultimateTexasHoldemSpec: BankedPokerSpec<UltimateTexasHoldemProfile> = {
  game: 'ultimate-texas-holdem',
  label: "Ultimate Texas Hold'em",
  slots: HOLDEM_SLOTS,
  decisions: [
    {
      afterCards: 4,
      options: [{ action: 'bet-4x', spot: 'play', multiple: 4, folds: false }, { action: 'bet-3x', spot: 'play', multiple: 3, folds: false }, check],
      timeoutAction: 'check',
      onlyWithoutRaise: true,
      ruleId: 'UTH-2',
    },
    { afterCards: 7, options: [{ action: 'bet-2x', spot: 'play', multiple: 2, folds: false }, check], timeoutAction: 'check', onlyWithoutRaise: true, ruleId: 'UTH-2' },
    {
      afterCards: 9,
      options: [
        { action: 'bet-1x', spot: 'play', multiple: 1, folds: false },
        { action: 'fold', spot: null, multiple: 0, folds: true },
      ],
      timeoutAction: 'fold',
      onlyWithoutRaise: true,
      ruleId: 'UTH-2',
    },
  ],
  mainSpot: 'ante',
  spots: (p) => (p.trips ? ['ante', 'blind', 'trips'] : ['ante', 'blind']),
  decisionSpots: ['play'],
  needsAnte: ['blind', 'trips'],
  playsHand: (m) => (m['ante'] ?? 0) > 0 && m['ante'] === m['blind'],
  rules: { deal: 'UTH-1', decide: 'UTH-2', reveal: 'UTH-3' },
  maxReturnMultiple: (p) => Math.max(p.trips ? p.trips.royalFlush + 1 : 0, p.blind.royalFlush + 1),
  paytables: (p) => {
    const b = p.blind;
    const blind: Paytable = { spots: ['blind'], reading: 'to-one', ruleId: 'UTH-4', otherwise: 'push', rows: [{ hand: 'royal-flush', pays: [b.royalFlush, 1] }, { hand: 'straight-flush', pays: [b.straightFlush, 1] }, { hand: 'four-of-a-kind', pays: [b.quads, 1] }, { hand: 'full-house', pays: [b.fullHouse, 1] }, { hand: 'flush', pays: b.flush }, { hand: 'straight', pays: [b.straight, 1] }] };
    const t = p.trips;
    if (!t) return [blind];
    return [blind, { spots: ['trips'], reading: 'to-one', ruleId: 'UTH-5', otherwise: 'lose', rows: [{ hand: 'royal-flush', pays: [t.royalFlush, 1] }, { hand: 'straight-flush', pays: [t.straightFlush, 1] }, { hand: 'four-of-a-kind', pays: [t.quads, 1] }, { hand: 'full-house', pays: [t.fullHouse, 1] }, { hand: 'flush', pays: [t.flush, 1] }, { hand: 'straight', pays: [t.straight, 1] }, { hand: 'three-of-a-kind', pays: [t.trips, 1] }] }];
  },
  settlePlayer(hands: PokerHands, part, p) {
    const out: Record<string, SpotResult> = {};
    const pv = holdemValue(hands.player, hands.board);
    if (part.stakes['trips'] !== undefined) {
      const pays = tripsPays(pv, p);
      out['trips'] = pays > 0 ? win(pays, 1, ['UTH-5']) : lose(['UTH-5']);
    }
    const plays = (part.stakes['ante'] ?? 0) > 0 && part.stakes['ante'] === part.stakes['blind'];
    if (!plays) {
      for (const spot of ['ante', 'blind', 'play']) if (part.stakes[spot] !== undefined) out[spot] = { returns: { num: 1, den: 1 }, outcome: 'refund', rules: ['UTH-1'] };
      return out;
    }
    if (part.folded) {
      out['ante'] = lose(['UTH-2']);
      out['blind'] = lose(['UTH-2']);
      if (part.stakes['play'] !== undefined) out['play'] = lose(['UTH-2']);
      return out;
    }
    const dv = holdemValue(hands.dealer, hands.board);
    const qualified = dv >= UTH_QUALIFY;
    if (pv > dv) {
      out['ante'] = qualified ? win(1, 1, ['UTH-3', 'UTH-4']) : push(['UTH-3', 'UTH-4']);
      const b = blindPays(pv, p);
      out['blind'] = b ? win(b[0], b[1], ['UTH-4']) : push(['UTH-4']);
      if (part.stakes['play'] !== undefined) out['play'] = win(1, 1, ['UTH-4']);
    } else if (pv < dv) {
      out['ante'] = qualified ? lose(['UTH-3', 'UTH-4']) : push(['UTH-3', 'UTH-4']);
      out['blind'] = lose(['UTH-4']);
      if (part.stakes['play'] !== undefined) out['play'] = lose(['UTH-4']);
    } else {
      out['ante'] = push(['UTH-4']);
      out['blind'] = push(['UTH-4']);
      if (part.stakes['play'] !== undefined) out['play'] = push(['UTH-4']);
    }
    return out;
  },
  describe: describeHoldem,
};
