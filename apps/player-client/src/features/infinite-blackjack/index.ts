import type { PlayerGamePlugin } from '../../table/game';
import { infiniteBlackjackStrings } from './i18n';

/** Infinite blackjack (libs/games/src/infinite-blackjack, IBJ-1..IBJ-12): one common hand, any number of players. */
export const infiniteBlackjackPlugin: PlayerGamePlugin = { games: ['infinite-blackjack'], load: () => import('./components/InfiniteBlackjackTable'), i18n: infiniteBlackjackStrings };
