import type { GameModule } from '../kernel/game.js';
import { moneyWheelSettleOffline } from './money-wheel.offline.js';
import { moneyWheelRtp } from './money-wheel.rtp.js';
import { moneyWheelProfiles } from './money-wheel.rules.js';

/** `felt rtp money-wheel` (exact, MW-1/MW-2) and `felt settle money-wheel` (the dispute tool, GEN-8). */
export const moneyWheelGame: GameModule = {
  id: 'money-wheel',
  profiles: moneyWheelProfiles,
  defaultProfile: 'standard',
  rtp: (profileId) => moneyWheelRtp(profileId),
  settleOffline: moneyWheelSettleOffline,
};
