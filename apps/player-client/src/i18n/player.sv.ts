import type { PlayerCatalogue } from './player.en';

/** The `player` namespace (Swedish). */
export const playerSv: PlayerCatalogue = {
  appName: 'Livecasino',
  nav: { lobby: 'Lobby', history: 'Min historik' },
  lobby: {
    title: 'Livebord',
    subtitle: 'Välj ett bord. Varje omgång spelas live i studion.',
    empty: 'Inget bord är öppet just nu.',
    join: 'Gå till {{name}}',
    players: '{{count}} spelare',
    lastResults: 'Senaste resultat',
    noResults: 'Inga resultat än',
    limits: 'Insatser {{min}} – {{max}}',
  },
};
