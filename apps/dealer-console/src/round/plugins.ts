import type { DealerGamePlugin } from './plugin';
import type { GameId } from './round.types';

/**
 * The game plugins the app registered (app/games.ts, at start-up — issue 19 §4). The console reads them
 * here: a feature never imports the app shell or another feature (the layer rules, issue 19 §1).
 */
let registered: readonly DealerGamePlugin[] = [];

export function registerDealerPlugins(list: readonly DealerGamePlugin[]): void {
  registered = list;
}

export const dealerPlugins = (): readonly DealerGamePlugin[] => registered;
export const dealerPlugin = (game: string): DealerGamePlugin | undefined => registered.find((p) => p.games.includes(game));
/** Every game the console has screens for. */
export const gameIds = (): readonly GameId[] => registered.flatMap((p) => p.games);
