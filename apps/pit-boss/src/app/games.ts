import { mergeCatalogues, type Catalogue } from '@felt-studio/ui';
import type { PitGamePlugin } from '../lib/plugin';
import { registerPitPlugins } from '../lib/plugins';
// GAME-PLUGINS: one line per game
import { andarBaharPlugin } from '../features/andar-bahar';
import { moneyWheelPlugin } from '../features/money-wheel';
import { infiniteBlackjackPlugin } from '../features/infinite-blackjack';

/** The games that came before the plugin list: their correction presets. */
const BUILTIN_GAMES: readonly PitGamePlugin[] = [
  { games: ['roulette'], presets: ['rouletteNoSpin', 'custom'] },
  { games: ['sicbo'], presets: ['dice', 'custom'] },
  { games: ['baccarat'], presets: ['cards', 'misdealVoid', 'custom'] },
  { games: ['blackjack'], presets: ['resume', 'custom'] },
  { games: ['dragon-tiger', 'football-studio'], presets: ['card', 'custom'] },
];

/** Every game's pit-boss plugin (issue 19 §4): the screens look a game up here, never in a switch. */
export const PIT_GAME_PLUGINS: readonly PitGamePlugin[] = [...BUILTIN_GAMES, andarBaharPlugin, moneyWheelPlugin, infiniteBlackjackPlugin];

registerPitPlugins(PIT_GAME_PLUGINS); // the screens find them through lib/plugins (features never import the app shell)
export { pitPlugin, presetsOf } from '../lib/plugins';

/** The `pit` namespace with every plugin's strings merged in. */
export const withGameStrings = (base: Catalogue): Catalogue => mergeCatalogues(base, ...PIT_GAME_PLUGINS.map((p) => p.i18n));
