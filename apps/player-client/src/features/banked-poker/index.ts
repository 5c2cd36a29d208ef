import type { PlayerGamePlugin } from '../../table/game';

/** Live banked poker (docs/rules CHE/TCP/UTH/THB, RAY §7.1 Fast Poker): one screen driven by each game's spec. */
export const bankedPokerPlugin: PlayerGamePlugin = {
  games: ['casino-holdem', 'three-card-poker', 'ultimate-texas-holdem', 'texas-holdem-bonus', 'fast-poker'],
  load: () => import('./components/BankedPokerTable'),
  // issue 20 defect 12: the lobby shows each round's shared player hand (as the table names it)
  lastResult: (view) => {
    const hand = (view as { hand?: { player?: unknown } } | null)?.hand?.player;
    return typeof hand === 'string' && hand.length > 0 ? { spot: 'player', tone: 'tie', text: hand } : null;
  },
};
