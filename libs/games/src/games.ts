import type { GameManifest } from './kernel/manifest.js';
import type { GameId } from './game-ids.js';
// GAME-MANIFESTS: one line per game, the ONLY list of games in the system
import { rouletteManifest } from './roulette/manifest.js';
import { baccaratManifest } from './baccarat/manifest.js';
import { blackjackManifest } from './blackjack/manifest.js';
import { sicboManifest } from './sicbo/manifest.js';
import { dragonTigerManifest } from './dragon-tiger/manifest.js';
import { footballStudioManifest } from './football-studio/manifest.js';
import { moneyWheelManifest } from './money-wheel/manifest.js';
import { luckyDiceManifest } from './lucky-dice/manifest.js';
import { casinoHoldemManifest, texasHoldemBonusManifest, threeCardPokerManifest, ultimateTexasHoldemManifest } from './banked-poker/manifest.js';
import { andarBaharManifest } from './andar-bahar/manifest.js';
import { infiniteBlackjackManifest } from './infinite-blackjack/manifest.js';
import { dynamicPokerManifest, fastPokerManifest, rayPokerManifest, riversidePokerManifest, tripleBetPokerManifest } from './ray-poker/manifest.js';

/**
 * THE list of games (issue 19 §4). Every registry is derived from it: `GAME_IDS` / `GameId` (games a
 * table can run: a manifest with a kernel), `OFFLINE_GAME_IDS` (tools only), `GAME_KERNELS` and
 * `GAME_DEFINITIONS` (definitions.ts), `GAMES` (registry.ts, the CLI's modules). The contract suite runs
 * over every kernel in it. A new game is its folder plus one line here.
 */
export const GAME_MANIFESTS = [
  rouletteManifest,
  baccaratManifest,
  blackjackManifest,
  sicboManifest,
  dragonTigerManifest,
  footballStudioManifest,
  moneyWheelManifest,
  luckyDiceManifest,
  threeCardPokerManifest,
  fastPokerManifest,
  casinoHoldemManifest,
  ultimateTexasHoldemManifest,
  texasHoldemBonusManifest,
  tripleBetPokerManifest,
  dynamicPokerManifest,
  riversidePokerManifest,
  rayPokerManifest,
  andarBaharManifest,
  infiniteBlackjackManifest,
] as const;

export type AnyManifest = (typeof GAME_MANIFESTS)[number];
/** A manifest of a game a table can run (it has a referee kernel). */
export type LiveManifest = Exclude<AnyManifest, { readonly kernel: null }>;
/**
 * Every live game's id (the tables' `game`): the literal list in game-ids.ts, which the browser loads
 * without any kernel (it keeps the apps' first bundle small). The compiler holds it to the manifests:
 * a manifest without its id there, or an id without a manifest, does not compile (below).
 */
export type { GameId } from './game-ids.js';
type SameIds = [LiveManifest['id']] extends [GameId] ? ([GameId] extends [LiveManifest['id']] ? true : false) : false;
const idsMatchManifests: SameIds = true;
void idsMatchManifests;
/** Ids only the offline tools know (`felt rtp`, `felt settle`): no table runs them. */
export type OfflineGameId = Extract<AnyManifest, { readonly kernel: null }>['id'];
/** What a game module (CLI tool) is keyed by: a live game id or an offline-only one. */
export type ToolGameId = AnyManifest['id'];
/** Each live game's kernel type, by id (the typed view of a table: `ReturnType<GameKernels[G]['view']>`). */
export type GameKernels = { readonly [M in LiveManifest as M['id']]: M['kernel'] };

const manifests: readonly GameManifest[] = GAME_MANIFESTS;
const isLive = (m: GameManifest): boolean => m.kernel !== null;

export { GAME_IDS } from './game-ids.js';
export const OFFLINE_GAME_IDS: readonly OfflineGameId[] = manifests.filter((m) => !isLive(m)).map((m) => m.id as OfflineGameId);

/** The manifest of a game id (live or offline), or undefined. */
export function gameManifest(id: string): GameManifest | undefined {
  return manifests.find((m) => m.id === id);
}

{
  const seen = new Set<string>();
  for (const m of manifests) {
    if (seen.has(m.id)) throw new Error(`two manifests for game ${m.id}`);
    seen.add(m.id);
  }
}
