import type { PlayerGamePlugin } from '../../table/game';

/** Live banked poker (docs/rules CHE/TCP/UTH/THB, RAY §7.1 Fast Poker): one screen driven by each game's spec. */
export const bankedPokerPlugin: PlayerGamePlugin = { games: ['casino-holdem', 'three-card-poker', 'ultimate-texas-holdem', 'texas-holdem-bonus', 'fast-poker'], load: () => import('./components/BankedPokerTable') };
