import { defineBankedPoker } from '../banked-poker/banked-poker.game.js';
import { settleBankedPokerOffline } from '../banked-poker/banked-poker.offline.js';
import { raiseOrFold, type BankedPokerProfileBase, type BankedPokerSpec, type SpotResult } from '../banked-poker/spec.js';
import { ok, violation } from '../common/result.js';
import { createKernel } from '../kernel/define.js';
import type { GameModule } from '../kernel/game.js';
import { describeValue } from '../poker/index.js';
import { threeCardValue } from './ray-poker.hand.js';
import { fastRtp } from './ray-poker.rtp.js';
import { FAST_POKER, fastResults, maxReturnMultiple, rayPaytables, type BetResult, type FastProfile } from './ray-poker.rules.js';

/**
 * Fast Poker (RAY 2011 (docs/rules) §7.1) live on the referee, through the banked-poker definition the
 * studio's poker games share (one dealer hand against every player, cards from the scanning shoe,
 * Play or fold within a decision timer — fold on timeout, the dealer's cards hidden until revealed).
 * Live-studio adaptation [Interp.]: every remote player plays ONE shared three-card hand (the seed
 * deals one hand per seat at a physical table); settlement is exactly §7.1 (FP-1..FP-4,
 * ray-poker.rules.ts). Cards are dealt one at a time, player and dealer alternately (§7.1).
 */
export interface FastPokerLiveProfile extends BankedPokerProfileBase {
  readonly rules: FastProfile;
}

export const fastPokerProfiles: Readonly<Record<string, FastPokerLiveProfile>> = {
  ray: { id: 'ray', name: 'Fast Poker (RAY 2011 §7.1), one shared player hand', decisionMs: 15_000, decks: 1, rules: FAST_POKER },
};

const spot = (r: BetResult): SpotResult => ({ returns: { num: r.returnMultiple, den: 1 }, outcome: r.outcome, rules: r.rules });

export const fastPokerSpec: BankedPokerSpec<FastPokerLiveProfile> = {
  game: 'fast-poker',
  label: 'Fast Poker',
  slots: ['player', 'dealer', 'player', 'dealer', 'player', 'dealer'],
  decisions: [raiseOrFold(6, 'play', 'play', 1, 'FP-1')],
  mainSpot: 'bet',
  spots: () => ['bet', 'bonus'],
  decisionSpots: ['play'],
  // FP-4: "the bonus cannot be played without the main game"
  needsAnte: ['bonus'],
  rules: { deal: 'FP-1', decide: 'FP-1', reveal: 'FP-2' },
  maxReturnMultiple: (p) => maxReturnMultiple(p.rules),
  paytables: (p) => rayPaytables(p.rules),
  settlePlayer(hands, part, p) {
    const played = !part.folded && part.stakes['play'] !== undefined;
    const r = fastResults({ cards: hands.player, decision: played ? 'play' : 'fold' }, hands.dealer, p.rules);
    const out: Record<string, SpotResult> = {};
    if (part.stakes['bet'] !== undefined) out['bet'] = spot(r.bet);
    if (part.stakes['play'] !== undefined) out['play'] = spot(r.play ?? r.bet);
    if (part.stakes['bonus'] !== undefined) out['bonus'] = spot(r.bonus);
    return out;
  },
  describe(hands) {
    return { player: describeValue(threeCardValue(hands.player)), dealer: describeValue(threeCardValue(hands.dealer)) };
  },
};

export const fastPokerDefinition = defineBankedPoker(fastPokerSpec, fastPokerProfiles, 'ray');
export const fastPokerKernel = createKernel(fastPokerDefinition);

/** `felt rtp fast-poker` (exact, FP-1..FP-4) and `felt settle fast-poker` (the banked-poker input, one shared hand). */
export const fastPokerGame: GameModule = {
  id: 'fast-poker',
  profiles: fastPokerProfiles,
  defaultProfile: 'ray',
  rtp: (profileId) => {
    const p = fastPokerProfiles[profileId];
    if (!p) return violation('UNKNOWN_PROFILE', 'D-2', `Unknown Fast Poker profile "${profileId}".`);
    return ok({ game: 'fast-poker', profile: p.id, rows: fastRtp(p.rules) });
  },
  settleOffline: (profileId, input) => settleBankedPokerOffline(fastPokerSpec, fastPokerProfiles, profileId, input),
};
