import { mergeCatalogues, type Catalogue } from '@felt/ui';
import type { PitGamePlugin, Preset } from './plugin';
// GAME-PLUGINS: one line per game
import { andarBaharPlugin } from './andar-bahar';

/** The games that came before the plugin list: their correction presets. */
const BUILTIN_GAMES: readonly PitGamePlugin[] = [
  { games: ['roulette'], presets: ['rouletteNoSpin', 'custom'] },
  { games: ['sicbo'], presets: ['dice', 'custom'] },
  { games: ['baccarat'], presets: ['cards', 'misdealVoid', 'custom'] },
  { games: ['blackjack'], presets: ['resume', 'custom'] },
  { games: ['dragon-tiger', 'football-studio'], presets: ['card', 'custom'] },
];

/** Every game's pit-boss plugin (issue 19 §4): the screens look a game up here, never in a switch. */
export const PIT_GAME_PLUGINS: readonly PitGamePlugin[] = [...BUILTIN_GAMES, andarBaharPlugin];

export const pitPlugin = (game: string): PitGamePlugin | undefined => PIT_GAME_PLUGINS.find((p) => p.games.includes(game));
export const presetsOf = (game: string): readonly Preset[] => pitPlugin(game)?.presets ?? ['custom'];

/** The `pit` namespace with every plugin's strings merged in. */
export const withGameStrings = (base: Catalogue): Catalogue => mergeCatalogues(base, ...PIT_GAME_PLUGINS.map((p) => p.i18n));
