import { createKernel } from '../kernel/define.js';
import type { GameModule } from '../kernel/game.js';
import { defineBankedPoker } from './banked-poker.game.js';
import { settleBankedPokerOffline } from './banked-poker.offline.js';
import { casinoHoldemRtp } from './casino-holdem.rtp.js';
import { casinoHoldemProfiles, casinoHoldemSpec } from './casino-holdem.rules.js';

/** Casino Hold'em on the referee (CHE-1..5): shared player hand, hidden dealer hand, Call 2× or fold after the flop. */
export const casinoHoldemDefinition = defineBankedPoker(casinoHoldemSpec, casinoHoldemProfiles, 'standard');
export const casinoHoldemKernel = createKernel(casinoHoldemDefinition);

/** `felt rtp casino-holdem` (Ante by seeded simulation with the stated strategy, AA Bonus exact) and `felt settle casino-holdem`. */
export const casinoHoldemGame: GameModule = {
  id: 'casino-holdem',
  profiles: casinoHoldemProfiles,
  defaultProfile: 'standard',
  rtp: (profileId, opts) => casinoHoldemRtp(casinoHoldemProfiles, profileId, opts),
  settleOffline: (profileId, input) => settleBankedPokerOffline(casinoHoldemSpec, casinoHoldemProfiles, profileId, input),
};
