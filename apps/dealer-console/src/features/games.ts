import { mergeCatalogues, type Catalogue } from '@felt/ui';
import type { DealerGamePlugin } from './console/model/plugin';
// GAME-PLUGINS: one line per game
import { roulettePlugin } from './roulette';
import { baccaratPlugin } from './baccarat';
import { blackjackPlugin } from './blackjack';
import { sicboPlugin } from './sicbo';
import { duelPlugin } from './duel';
import { luckyDicePlugin } from './lucky-dice';
import { bankedPokerPlugin } from './banked-poker';
import { andarBaharPlugin } from './andar-bahar';

/** Every game the dealer console runs (issue 19 §4): the console finds a game's part here, never in a switch. */
export const DEALER_GAME_PLUGINS: readonly DealerGamePlugin[] = [roulettePlugin, baccaratPlugin, blackjackPlugin, sicboPlugin, duelPlugin, luckyDicePlugin, bankedPokerPlugin, andarBaharPlugin];

export const dealerPlugin = (game: string): DealerGamePlugin | undefined => DEALER_GAME_PLUGINS.find((p) => p.games.includes(game));

/** The `dealer` namespace with every plugin's strings merged in. */
export const withGameStrings = (base: Catalogue): Catalogue => mergeCatalogues(base, ...DEALER_GAME_PLUGINS.map((p) => p.i18n));
