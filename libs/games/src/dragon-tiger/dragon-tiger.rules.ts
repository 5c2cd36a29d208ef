import { ratio } from '../common/money.js';
import type { DuelProfile, DuelSpec } from './duel.rules.js';

/**
 * Dragon Tiger (docs/rules DT-1..DT-5, docs/rules RES-4).
 *
 * Canonical bet spot keys (also the limit `kind`): `dragon`, `tiger`, `tie`, and `suited-tie` on
 * profiles that pay it. Cards: the first RecordCard goes to Dragon, the second to Tiger. Rank only,
 * A lowest (1) … K highest (13).
 */
export const DRAGON_TIGER: DuelSpec = {
  game: 'dragon-tiger',
  label: 'Dragon Tiger',
  sides: ['dragon', 'tiger'],
  tie: 'tie',
  suitedTie: 'suited-tie',
  rules: { deal: 'DT-1', pays: 'DT-2', halfLoss: 'DT-3', restriction: 'RES-4' },
};

/** DT defaults: 8 decks, A low, sides 1:1, tie 8:1, no suited tie, half loss on a tie, burn at a new shoe. */
export const DT_STANDARD: DuelProfile = {
  id: 'standard',
  name: 'Dragon Tiger (tie 8:1)',
  decks: 8,
  aceHigh: false,
  sidePays: ratio(1),
  tiePays: ratio(8),
  suitedTiePays: null,
  halfLossOnTie: true,
  halfLossRounding: 'down',
  payoutRounding: 'down',
  burnOnNewShoe: true,
  burnFaceCardsAs: 10,
};

/** DT-2 "some tables 11:1". */
export const DT_TIE_11: DuelProfile = { ...DT_STANDARD, id: 'tie-11', name: 'Dragon Tiger (tie 11:1)', tiePays: ratio(11) };

/** DT-2 optional suited tie 50:1. */
export const DT_SUITED_TIE: DuelProfile = { ...DT_STANDARD, id: 'suited-tie', name: 'Dragon Tiger (tie 8:1, suited tie 50:1)', suitedTiePays: ratio(50) };

export const dragonTigerProfiles: Readonly<Record<string, DuelProfile>> = { standard: DT_STANDARD, 'tie-11': DT_TIE_11, 'suited-tie': DT_SUITED_TIE };
