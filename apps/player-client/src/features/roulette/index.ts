import type { PlayerGamePlugin } from '../../table/game';

export const roulettePlugin: PlayerGamePlugin = { games: ['roulette'], load: () => import('./components/RouletteTable') };
