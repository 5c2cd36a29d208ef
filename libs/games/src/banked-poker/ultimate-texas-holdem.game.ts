import { createKernel } from '../kernel/define.js';
import type { GameModule } from '../kernel/game.js';
import { defineBankedPoker } from './banked-poker.game.js';
import { settleBankedPokerOffline } from './banked-poker.offline.js';
import { ultimateTexasHoldemRtp } from './ultimate-texas-holdem.rtp.js';
import { ultimateTexasHoldemProfiles, ultimateTexasHoldemSpec } from './ultimate-texas-holdem.rules.js';

/** Ultimate Texas Hold'em on the referee (UTH-1..5): Ante = Blind, one Play of 4×/3×, 2× or 1×, Trips. */
export const ultimateTexasHoldemDefinition = defineBankedPoker(ultimateTexasHoldemSpec, ultimateTexasHoldemProfiles, 'standard');
export const ultimateTexasHoldemKernel = createKernel(ultimateTexasHoldemDefinition);

export const ultimateTexasHoldemGame: GameModule = {
  id: 'ultimate-texas-holdem',
  profiles: ultimateTexasHoldemProfiles,
  defaultProfile: 'standard',
  rtp: (profileId, opts) => ultimateTexasHoldemRtp(ultimateTexasHoldemProfiles, profileId, opts),
  settleOffline: (profileId, input) => settleBankedPokerOffline(ultimateTexasHoldemSpec, ultimateTexasHoldemProfiles, profileId, input),
};
