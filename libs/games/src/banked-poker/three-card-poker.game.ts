import { createKernel } from '../kernel/define.js';
import type { GameModule } from '../kernel/game.js';
import { defineBankedPoker } from './banked-poker.game.js';
import { settleBankedPokerOffline } from './banked-poker.offline.js';
import { threeCardPokerRtp } from './three-card-poker.rtp.js';
import { threeCardPokerProfiles, threeCardPokerSpec } from './three-card-poker.rules.js';

/** Three Card Poker on the referee (TCP-1..7): one shared player hand, one dealer hand, Play or fold. */
export const threeCardPokerDefinition = defineBankedPoker(threeCardPokerSpec, threeCardPokerProfiles, 'standard');
export const threeCardPokerKernel = createKernel(threeCardPokerDefinition);

/** `felt rtp three-card-poker` (exact, optimal strategy) and `felt settle three-card-poker` (see banked-poker.offline.ts). */
export const threeCardPokerGame: GameModule = {
  id: 'three-card-poker',
  profiles: threeCardPokerProfiles,
  defaultProfile: 'standard',
  rtp: (profileId) => threeCardPokerRtp(threeCardPokerProfiles, profileId),
  settleOffline: (profileId, input) => settleBankedPokerOffline(threeCardPokerSpec, threeCardPokerProfiles, profileId, input),
};
