import type { Catalogue } from '@felt-studio/ui';

/** Andar Bahar's strings in the `player` namespace (merged in by features/games.ts). */
export const andarBaharStrings: Catalogue = {
  en: {
    spots: { 'andar-bahar': { andar: 'Andar', bahar: 'Bahar', cards: '{{v}} cards' } },
    limits: { kinds: { 'andar-bahar': { andar: 'Andar', bahar: 'Bahar', cards: 'Number of cards' } } },
    andarBahar: {
      joker: 'Joker',
      sides: 'Andar and Bahar',
      sideBets: 'How many cards until the match?',
      next: 'Next card to {{side}} · {{count}} dealt',
      jokerDue: 'The joker is next',
      winner: '{{side}} wins after {{count}} cards',
      restriction: 'Andar and Bahar cannot both be backed in one round.',
    },
  },
  sv: {
    spots: { 'andar-bahar': { andar: 'Andar', bahar: 'Bahar', cards: '{{v}} kort' } },
    limits: { kinds: { 'andar-bahar': { andar: 'Andar', bahar: 'Bahar', cards: 'Antal kort' } } },
    andarBahar: {
      joker: 'Joker',
      sides: 'Andar och Bahar',
      sideBets: 'Hur många kort tills det matchar?',
      next: 'Nästa kort till {{side}} · {{count}} givna',
      jokerDue: 'Jokern vänds upp först',
      winner: '{{side}} vinner efter {{count}} kort',
      restriction: 'Andar och Bahar kan inte båda spelas i samma runda.',
    },
  },
};
