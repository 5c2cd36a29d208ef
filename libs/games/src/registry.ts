import type { GameModule } from './kernel/game.js';
import type { GameId } from './kernel/kernel.js';
// GAME-IMPORTS
import { sicboGame } from './sicbo/sicbo.game.js';

/** Every game module, by id (used by the `felt` CLI and the studio server). */
export const GAMES: Partial<Record<GameId, GameModule>> = {
  // GAME-ENTRIES
  sicbo: sicboGame,
};

export function gameModule(id: string): GameModule | undefined {
  return (GAMES as Record<string, GameModule | undefined>)[id];
}
