import type { andarBahar } from '@felt-studio/games';
import type { DealerGamePlugin, GamePart } from '../../round/plugin';
import type { HandModel } from '../../round/round.types';

type View = andarBahar.AndarBaharView;

/**
 * Andar Bahar on the dealer console (AB-1..AB-4): the joker and the cards to Andar and Bahar as
 * scanned, the place the next card goes marked. Read from the game's own dealer view type (no
 * re-parsing): the server sends exactly `andarBaharDefinition.view(state, dealer)`.
 */
export function andarBaharPart(view: View | null): GamePart {
  if (view === null) return {};
  const hand = (id: 'joker' | 'andar' | 'bahar', label: string, cards: HandModel['cards']): HandModel => ({ id, label, labelParams: { n: view.dealtCount }, cards, total: null, active: view.nextTo === id });
  return {
    hands: [hand('joker', 'abJoker', view.joker ? [view.joker] : []), hand('andar', view.winner === 'andar' ? 'abAndarWins' : 'abAndar', view.andar), hand('bahar', view.winner === 'bahar' ? 'abBaharWins' : 'abBahar', view.bahar)],
  };
}

const isView = (v: unknown): v is View => typeof v === 'object' && v !== null && (v as { game?: unknown }).game === 'andar-bahar';

export const andarBaharPlugin: DealerGamePlugin = {
  games: ['andar-bahar'],
  // dealt from a one-deck shoe: a card the shoe could not read is entered by hand (S-3); the deck is fresh every round, no cut card
  cards: true,
  derive: (_game, view) => andarBaharPart(isView(view) ? view : null),
  i18n: {
    en: { hands: { abJoker: 'Joker', abAndar: 'Andar', abBahar: 'Bahar', abAndarWins: 'Andar — wins', abBaharWins: 'Bahar — wins' } },
    sv: { hands: { abJoker: 'Joker', abAndar: 'Andar', abBahar: 'Bahar', abAndarWins: 'Andar — vinner', abBaharWins: 'Bahar — vinner' } },
  },
};
