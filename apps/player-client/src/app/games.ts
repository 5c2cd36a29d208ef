import { mergeCatalogues, type Catalogue } from '@felt-studio/ui';
import type { ComponentType } from 'react';
import { lazy } from 'react';
import type { GameProps, PlayerGamePlugin } from '../table/game';
// GAME-PLUGINS: one line per game screen
import { roulettePlugin } from '../features/roulette';
import { baccaratPlugin } from '../features/baccarat';
import { blackjackPlugin } from '../features/blackjack';
import { duelPlugin, sicboPlugin } from '../features/simple';
import { luckyDicePlugin } from '../features/lucky-dice';
import { bankedPokerPlugin } from '../features/banked-poker';
import { andarBaharPlugin } from '../features/andar-bahar';
import { moneyWheelPlugin } from '../features/money-wheel';
import { infiniteBlackjackPlugin } from '../features/infinite-blackjack';

/** Every game screen of the player client (issue 19 §4): the table page looks a game up here, never in a switch. */
export const GAME_PLUGINS: readonly PlayerGamePlugin[] = [roulettePlugin, baccaratPlugin, blackjackPlugin, sicboPlugin, duelPlugin, luckyDicePlugin, bankedPokerPlugin, andarBaharPlugin, moneyWheelPlugin, infiniteBlackjackPlugin];

/** Game id → its table component (each plugin's chunk loaded lazily, once). */
export const GAME_TABLES: Readonly<Record<string, ComponentType<GameProps>>> = Object.fromEntries(
  GAME_PLUGINS.flatMap((p) => {
    const Table = lazy(p.load);
    return p.games.map((g) => [g, Table] as const);
  }),
);

/** The plugin of a game id, or undefined (the table page says the game cannot be played here). */
export const playerPlugin = (game: string): PlayerGamePlugin | undefined => GAME_PLUGINS.find((p) => p.games.includes(game));

/** Starts loading every game's chunk (small; hls.js stays lazy) — called by the lobby and the table page. */
export function prefetchGames(): void {
  for (const p of GAME_PLUGINS) void p.load();
}

/** The `player` namespace with every plugin's strings merged in. */
export function withGameStrings(base: Catalogue): Catalogue {
  return mergeCatalogues(base, ...GAME_PLUGINS.map((p) => p.i18n));
}
