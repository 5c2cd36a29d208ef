import type { PlayerGamePlugin } from '../../table/game';

export const luckyDicePlugin: PlayerGamePlugin = { games: ['lucky-dice'], load: () => import('./components/LuckyDiceTable') };
