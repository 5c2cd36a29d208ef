/** The `player` namespace (English). Swedish in player.sv.ts has every key (tested). */
export const playerEn = {
  appName: 'Live casino',
  nav: { lobby: 'Lobby', history: 'My history' },
  lobby: {
    title: 'Live tables',
    subtitle: 'Pick a table to join. Every round is dealt live in the studio.',
    empty: 'No table is open right now.',
    join: 'Join {{name}}',
    players: '{{count}} players',
    lastResults: 'Last results',
    noResults: 'No results yet',
    limits: 'Bets {{min}} – {{max}}',
  },
};
export type PlayerCatalogue = typeof playerEn;
