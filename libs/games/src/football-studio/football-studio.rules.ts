import { ratio } from '../common/money.js';
import type { DuelProfile, DuelSpec } from '../dragon-tiger/duel.rules.js';

/**
 * Football Studio (docs/rules FS-1..FS-3, docs/rules RES-5) — the card duel of
 * `dragon-tiger/duel.*` with its own names, rule IDs and profiles.
 *
 * Canonical bet spot keys (also the limit `kind`): `home`, `away`, `draw`. Cards: the first
 * RecordCard goes to Home, the second to Away. Rank 2 lowest … A highest (profile `ace-low`: A lowest).
 */
export const FOOTBALL_STUDIO: DuelSpec = {
  game: 'football-studio',
  label: 'Football Studio',
  sides: ['home', 'away'],
  tie: 'draw',
  suitedTie: null,
  rules: { deal: 'FS-1', pays: 'FS-2', halfLoss: 'FS-2', restriction: 'RES-5' },
};

/** FS defaults: 8 decks, A high, Home/Away 1:1, Draw 11:1, half loss on a draw. No burn rule. */
export const FS_STANDARD: DuelProfile = {
  id: 'standard',
  name: 'Football Studio (ace high)',
  decks: 8,
  aceHigh: true,
  sidePays: ratio(1),
  tiePays: ratio(11),
  suitedTiePays: null,
  halfLossOnTie: true,
  halfLossRounding: 'down',
  payoutRounding: 'down',
  burnOnNewShoe: false,
  burnFaceCardsAs: 10,
};

/** FS-1 "A low on some tables". */
export const FS_ACE_LOW: DuelProfile = { ...FS_STANDARD, id: 'ace-low', name: 'Football Studio (ace low)', aceHigh: false };

export const footballStudioProfiles: Readonly<Record<string, DuelProfile>> = { standard: FS_STANDARD, 'ace-low': FS_ACE_LOW };
