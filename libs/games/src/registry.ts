import type { GameModule, ToolGameId } from './kernel/game.js';
// GAME-IMPORTS
import { rouletteModule } from './roulette/module.js';
import { blackjackModule } from './blackjack/module.js';
import { baccaratModule } from './baccarat/baccarat.module.js';
import { dragonTigerGame } from './dragon-tiger/dragon-tiger.game.js';
import { footballStudioGame } from './football-studio/football-studio.game.js';
import { sicboGame } from './sicbo/sicbo.game.js';
import { moneyWheelGame } from './money-wheel/money-wheel.module.js';
import { luckyDiceGame } from './lucky-dice/lucky-dice.module.js';
import { threeCardPokerGame } from './banked-poker/three-card-poker.game.js';
import { rayPokerGame } from './ray-poker/ray-poker.module.js';
import { fastPokerGame } from './ray-poker/fast-poker.game.js';
import { casinoHoldemGame } from './banked-poker/casino-holdem.game.js';
import { ultimateTexasHoldemGame } from './banked-poker/ultimate-texas-holdem.game.js';
import { texasHoldemBonusGame } from './banked-poker/texas-holdem-bonus.game.js';
import { dynamicPokerGame, riversidePokerGame, tripleBetPokerGame } from './ray-poker/ray-poker.live.js';

/** Every game module, by id (used by the `felt` CLI and the studio server). */
export const GAMES: Partial<Record<ToolGameId, GameModule>> = {
  // GAME-ENTRIES
  roulette: rouletteModule,
  blackjack: blackjackModule,
  baccarat: baccaratModule,
  'dragon-tiger': dragonTigerGame,
  'football-studio': footballStudioGame,
  sicbo: sicboGame,
  'money-wheel': moneyWheelGame,
  'lucky-dice': luckyDiceGame,
  'three-card-poker': threeCardPokerGame,
  'ray-poker': rayPokerGame,
  'fast-poker': fastPokerGame,
  'casino-holdem': casinoHoldemGame,
  'ultimate-texas-holdem': ultimateTexasHoldemGame,
  'texas-holdem-bonus': texasHoldemBonusGame,
  'triple-bet-poker': tripleBetPokerGame,
  'dynamic-poker': dynamicPokerGame,
  'riverside-poker': riversidePokerGame,
};

export function gameModule(id: string): GameModule | undefined {
  return (GAMES as Record<string, GameModule | undefined>)[id];
}
