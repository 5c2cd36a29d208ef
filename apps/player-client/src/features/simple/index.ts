import type { PlayerGamePlugin } from '../../table/game';

export const sicboPlugin: PlayerGamePlugin = { games: ['sicbo'], load: () => import('./components/SicboTable') };
/** Dragon Tiger (RES-4) and Football Studio (RES-5): one card per side. */
export const duelPlugin: PlayerGamePlugin = { games: ['dragon-tiger', 'football-studio'], load: () => import('./components/DuelTable') };
