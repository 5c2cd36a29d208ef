import type { PlayerGamePlugin } from '../../table/game';

export const baccaratPlugin: PlayerGamePlugin = { games: ['baccarat'], load: () => import('./components/BaccaratTable') };
