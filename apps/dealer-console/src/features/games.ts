import { mergeCatalogues, type Catalogue } from '@felt/ui';
import { BUILTIN_GAMES } from './console/model/builtin-games';
import type { DealerGamePlugin } from './console/model/plugin';
// GAME-PLUGINS: one line per game
import { andarBaharPlugin } from './andar-bahar';

/** Every game the dealer console runs (issue 19 §4): the console finds a game's part here, never in a switch. */
export const DEALER_GAME_PLUGINS: readonly DealerGamePlugin[] = [...BUILTIN_GAMES, andarBaharPlugin];

export const dealerPlugin = (game: string): DealerGamePlugin | undefined => DEALER_GAME_PLUGINS.find((p) => p.games.includes(game));

/** The `dealer` namespace with every plugin's strings merged in. */
export const withGameStrings = (base: Catalogue): Catalogue => mergeCatalogues(base, ...DEALER_GAME_PLUGINS.map((p) => p.i18n));
