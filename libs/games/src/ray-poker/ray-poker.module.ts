import type { GameModule } from '../kernel/game.js';
import { rayPokerSettleOffline } from './ray-poker.offline.js';
import { rayPokerRtp } from './ray-poker.rtp.js';
import { rayPokerProfiles } from './ray-poker.rules.js';

/** `felt rtp ray-poker --profile fast|triple-bet|dynamic|riverside` and `felt settle ray-poker --profile …` (RAY 2011 (docs/rules) §7). */
export const rayPokerGame: GameModule = {
  id: 'ray-poker',
  profiles: rayPokerProfiles,
  defaultProfile: 'fast',
  rtp: (profileId, opts) => rayPokerRtp(profileId, opts),
  settleOffline: rayPokerSettleOffline,
};
