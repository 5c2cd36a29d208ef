/**
 * The ids of the games a table can run, as a plain literal list (issue 19 §4). It exists beside the
 * manifest list (games.ts) for one reason: the web apps' first bundle needs the ids (the protocol's
 * schemas) but none of the kernels, and the manifest list imports every kernel. games.ts makes the
 * compiler check that this list is exactly the live manifests' ids, so the two cannot drift.
 */
export const GAME_IDS = [
  'roulette',
  'baccarat',
  'blackjack',
  'sicbo',
  'dragon-tiger',
  'football-studio',
  'money-wheel',
  'lucky-dice',
  'three-card-poker',
  'fast-poker',
  'casino-holdem',
  'ultimate-texas-holdem',
  'texas-holdem-bonus',
  'triple-bet-poker',
  'dynamic-poker',
  'riverside-poker',
  'andar-bahar',
  'infinite-blackjack',
] as const;

export type GameId = (typeof GAME_IDS)[number];
