import { createDuelGame } from '../dragon-tiger/duel.game.js';
import { defineDuel } from '../dragon-tiger/duel.kernel.js';
import { createKernel } from '../kernel/define.js';
import type { GameModule } from '../kernel/game.js';
import { FOOTBALL_STUDIO, footballStudioProfiles } from './football-studio.rules.js';

/** The Football Studio round kernel (FS-1..3, RES-5) over the standard profiles. */
export const footballStudioDefinition = defineDuel(FOOTBALL_STUDIO, footballStudioProfiles);
export const footballStudioKernel = createKernel(footballStudioDefinition);

/**
 * Football Studio GameModule. `rtp` is exact over an 8-deck shoe (rationals). `settleOffline` input
 * (untrusted JSON, the dispute tool GEN-8):
 *
 * ```json
 * { "cards": ["AH", "KS"],
 *   "bets": [ { "spot": "home", "stakeMinor": 1000 },
 *             { "betId": "bet_2", "playerId": "p2", "spot": "draw", "stakeMinor": 500 } ] }
 * ```
 *
 * - `roundId`: optional string, echoed in the settlement (default `offline`). Unknown fields are rejected.
 * - `cards`: exactly two card codes, Home's first then Away's (`AS`, `TD`, `9H`, `QC`; `10D` and lower
 *   case accepted). Otherwise INVALID_CARDS / INVALID_CARD (FS-1).
 * - `bets[]`: `spot` one of `home`, `away`, `draw`, `stakeMinor` a positive integer, optional `betId`
 *   (default `bet_<n>`) and `playerId` (default `player`). One player may not hold home and away
 *   (RES-5). On a draw, home/away bets return half the stake, rounded down (FS-2, profile
 *   `halfLossRounding`).
 */
export const footballStudioGame: GameModule = createDuelGame(FOOTBALL_STUDIO, footballStudioProfiles, 'standard');
