import type { PlayerGamePlugin } from '../../table/game';

export const blackjackPlugin: PlayerGamePlugin = { games: ['blackjack'], load: () => import('./components/BlackjackTable') };
