import type { GameModule } from '../kernel/game.js';
import { defineDuel } from './duel.kernel.js';
import { createKernel } from '../kernel/define.js';
import { createDuelGame } from './duel.game.js';
import { DRAGON_TIGER, dragonTigerProfiles } from './dragon-tiger.rules.js';

/** The Dragon Tiger round kernel (DT-1..4, RES-4) over the standard profiles. */
export const dragonTigerDefinition = defineDuel(DRAGON_TIGER, dragonTigerProfiles);
export const dragonTigerKernel = createKernel(dragonTigerDefinition);

/**
 * Dragon Tiger GameModule. `rtp` is exact over an 8-deck shoe (rationals). `settleOffline` input
 * (untrusted JSON, the dispute tool GEN-8):
 *
 * ```json
 * { "cards": ["KH", "7S"],
 *   "bets": [ { "spot": "dragon", "stakeMinor": 1000 },
 *             { "betId": "bet_2", "playerId": "p2", "spot": "tie", "stakeMinor": 500 } ] }
 * ```
 *
 * - `roundId`: optional string, echoed in the settlement (default `offline`). Unknown fields are rejected.
 * - `cards`: exactly two card codes, Dragon's first then Tiger's (`AS`, `TD`, `9H`, `QC`; `10D` and
 *   lower case accepted). Otherwise INVALID_CARDS / INVALID_CARD (DT-1).
 * - `bets[]`: `spot` one of `dragon`, `tiger`, `tie`, `suited-tie` (only on the `suited-tie` profile),
 *   `stakeMinor` a positive integer, optional `betId` (default `bet_<n>`) and `playerId` (default
 *   `player`). One player may not hold dragon and tiger (RES-4). On a tie, dragon/tiger bets return
 *   half the stake, rounded down (DT-3, profile `halfLossRounding`).
 */
export const dragonTigerGame: GameModule = createDuelGame(DRAGON_TIGER, dragonTigerProfiles, 'standard');
