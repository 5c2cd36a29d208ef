import type { GameModule } from './kernel/game.js';
import type { GameId } from './kernel/kernel.js';
// GAME-IMPORTS
import { rouletteModule } from './roulette/module.js';
import { blackjackModule } from './blackjack/module.js';
import { baccaratModule } from './baccarat/baccarat.module.js';
import { dragonTigerGame } from './dragon-tiger/dragon-tiger.game.js';
import { footballStudioGame } from './football-studio/football-studio.game.js';
import { sicboGame } from './sicbo/sicbo.game.js';
import { moneyWheelGame } from './money-wheel/money-wheel.module.js';

/** Every game module, by id (used by the `felt` CLI and the studio server). */
export const GAMES: Partial<Record<GameId, GameModule>> = {
  // GAME-ENTRIES
  roulette: rouletteModule,
  blackjack: blackjackModule,
  baccarat: baccaratModule,
  'dragon-tiger': dragonTigerGame,
  'football-studio': footballStudioGame,
  sicbo: sicboGame,
  'money-wheel': moneyWheelGame,
};

export function gameModule(id: string): GameModule | undefined {
  return (GAMES as Record<string, GameModule | undefined>)[id];
}
