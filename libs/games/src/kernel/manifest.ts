import type { GameModule } from './game.js';

/**
 * A game's one manifest (issue 19 §4, STYLE.md "A game is one manifest"): everything the registries,
 * the CLI, the server and the apps need to know about a game, exported from the game's own folder.
 * `games.ts` holds the ONE list of manifests; `GAME_IDS`, `GAME_KERNELS`, `GAME_DEFINITIONS`, `GAMES`
 * and `OFFLINE_GAME_IDS` are all derived from it.
 *
 * - `kernel`: the referee kernel a live table runs (`createKernel(defineGame(...))`; its `definition`
 *   carries the name, profiles, device map, commands, view and redaction); null = offline tools only.
 * - `tools`: what `felt rtp` and `felt settle` call (exact RTP per bet, the dispute settlement GEN-8);
 *   null = no offline tools.
 */
export interface GameManifest<Id extends string = string, K = unknown> {
  readonly id: Id;
  readonly kernel: K;
  readonly tools: GameModule | null;
}

/** A game declares its manifest with `defineManifest({...})` (the id stays a literal type). */
export function defineManifest<const Id extends string, K>(m: { readonly id: Id; readonly kernel: K; readonly tools: GameModule | null }): GameManifest<Id, K> {
  if (m.tools !== null && m.tools.id !== m.id) throw new Error(`manifest ${m.id}: its tools are for ${m.tools.id}`);
  return m;
}
