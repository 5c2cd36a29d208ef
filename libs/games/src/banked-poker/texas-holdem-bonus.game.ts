import { createKernel } from '../kernel/define.js';
import type { GameModule } from '../kernel/game.js';
import { defineBankedPoker } from './banked-poker.game.js';
import { settleBankedPokerOffline } from './banked-poker.offline.js';
import { texasHoldemBonusRtp } from './texas-holdem-bonus.rtp.js';
import { texasHoldemBonusProfiles, texasHoldemBonusSpec } from './texas-holdem-bonus.rules.js';

/** Texas Hold'em Bonus on the referee (THB-1..4): Flop 2× or fold, Turn and River 1× or check, no qualification. */
export const texasHoldemBonusDefinition = defineBankedPoker(texasHoldemBonusSpec, texasHoldemBonusProfiles, 'standard');
export const texasHoldemBonusKernel = createKernel(texasHoldemBonusDefinition);

export const texasHoldemBonusGame: GameModule = {
  id: 'texas-holdem-bonus',
  profiles: texasHoldemBonusProfiles,
  defaultProfile: 'standard',
  rtp: (profileId, opts) => texasHoldemBonusRtp(texasHoldemBonusProfiles, profileId, opts),
  settleOffline: (profileId, input) => settleBankedPokerOffline(texasHoldemBonusSpec, texasHoldemBonusProfiles, profileId, input),
};
