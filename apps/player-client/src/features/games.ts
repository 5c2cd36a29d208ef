import type { Catalogue } from '@felt/ui';
import type { ComponentType } from 'react';
import { lazy } from 'react';
import type { GameProps, PlayerGamePlugin } from './table/game';
// GAME-PLUGINS: one line per game screen
import { roulettePlugin } from './roulette';
import { baccaratPlugin } from './baccarat';
import { blackjackPlugin } from './blackjack';
import { duelPlugin, sicboPlugin } from './simple';
import { luckyDicePlugin } from './lucky-dice';
import { bankedPokerPlugin } from './banked-poker';

/** Every game screen of the player client (issue 19 §4): the table page looks a game up here, never in a switch. */
export const GAME_PLUGINS: readonly PlayerGamePlugin[] = [roulettePlugin, baccaratPlugin, blackjackPlugin, sicboPlugin, duelPlugin, luckyDicePlugin, bankedPokerPlugin];

/** Game id → its table component (each plugin's chunk loaded lazily, once). */
export const GAME_TABLES: Readonly<Record<string, ComponentType<GameProps>>> = Object.fromEntries(
  GAME_PLUGINS.flatMap((p) => {
    const Table = lazy(p.load);
    return p.games.map((g) => [g, Table] as const);
  }),
);

/** Starts loading every game's chunk (small; hls.js stays lazy) — called by the lobby and the table page. */
export function prefetchGames(): void {
  for (const p of GAME_PLUGINS) void p.load();
}

const isPlain = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
function merge(a: Record<string, unknown>, b: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...a };
  for (const [k, v] of Object.entries(b)) out[k] = isPlain(v) && isPlain(out[k]) ? merge(out[k] as Record<string, unknown>, v) : v;
  return out;
}

/** The `player` namespace with every plugin's strings merged in. */
export function withGameStrings(base: Catalogue): Catalogue {
  return GAME_PLUGINS.reduce<Catalogue>((c, p) => (p.i18n ? { en: merge(c.en, p.i18n.en), sv: merge(c.sv, p.i18n.sv) } : c), base);
}
