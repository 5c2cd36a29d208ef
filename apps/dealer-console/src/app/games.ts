import { mergeCatalogues, type Catalogue } from '@felt-studio/ui';
import type { DealerGamePlugin } from '../round/plugin';
import { registerDealerPlugins } from '../round/plugins';
// GAME-PLUGINS: one line per game
import { roulettePlugin } from '../features/roulette';
import { baccaratPlugin } from '../features/baccarat';
import { blackjackPlugin } from '../features/blackjack';
import { sicboPlugin } from '../features/sicbo';
import { duelPlugin } from '../features/duel';
import { luckyDicePlugin } from '../features/lucky-dice';
import { bankedPokerPlugin } from '../features/banked-poker';
import { andarBaharPlugin } from '../features/andar-bahar';
import { moneyWheelPlugin } from '../features/money-wheel';
import { infiniteBlackjackPlugin } from '../features/infinite-blackjack';

/** Every game the dealer console runs (issue 19 §4): the console finds a game's part here, never in a switch. */
export const DEALER_GAME_PLUGINS: readonly DealerGamePlugin[] = [roulettePlugin, baccaratPlugin, blackjackPlugin, sicboPlugin, duelPlugin, luckyDicePlugin, bankedPokerPlugin, andarBaharPlugin, moneyWheelPlugin, infiniteBlackjackPlugin];

registerDealerPlugins(DEALER_GAME_PLUGINS); // the console finds them through round/plugins (features never import the app shell)
export { dealerPlugin } from '../round/plugins';

/** The `dealer` namespace with every plugin's strings merged in. */
export const withGameStrings = (base: Catalogue): Catalogue => mergeCatalogues(base, ...DEALER_GAME_PLUGINS.map((p) => p.i18n));
