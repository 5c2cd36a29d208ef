import { type dragonTiger } from '@felt-studio/games';
import { type DealerGamePlugin, isGameView } from '../../round/plugin';
import type { HandModel } from '../../round/round.types';

function duelHands(game: 'dragon-tiger' | 'football-studio', view: dragonTiger.DuelView | null, phase: string): HandModel[] {
  const sides = game === 'dragon-tiger' ? ['dragon', 'tiger'] : ['home', 'away'];
  return sides.map((s, i) => {
    const c = view?.cards[s];
    return { id: s, label: s, labelParams: {}, cards: c ? [c] : [], total: null, active: (phase === 'closed' && i === 0) || (phase === 'play' && i === 1) };
  });
}

/** Dragon Tiger and Football Studio on the dealer console: one card per side. */
export const duelPlugin: DealerGamePlugin = {
  games: ['dragon-tiger', 'football-studio'],
  cards: true,
  derive: (game, view, rawPhase) => ({ hands: duelHands(game as 'dragon-tiger' | 'football-studio', isGameView<dragonTiger.DuelView>(view) ? view : null, rawPhase) }),
};

