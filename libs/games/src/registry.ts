import type { GameModule } from './kernel/game.js';
import type { ToolGameId } from './games.js';
import type { GameManifest } from './kernel/manifest.js';
import { GAME_MANIFESTS } from './games.js';

/** Every game module (`felt rtp`, `felt settle`), by id: derived from the manifests (games.ts). */
export const GAMES: Partial<Record<ToolGameId, GameModule>> = Object.fromEntries(
  (GAME_MANIFESTS as readonly GameManifest[]).filter((m) => m.tools !== null).map((m) => [m.id, m.tools as GameModule]),
);

export function gameModule(id: string): GameModule | undefined {
  return Object.prototype.hasOwnProperty.call(GAMES, id) ? (GAMES as Record<string, GameModule>)[id] : undefined;
}
