import type { Catalogue } from '@felt-studio/ui';

/** Infinite blackjack's strings in the `player` namespace (merged in by app/games.ts); hit, stand, double and the results are blackjack's. */
export const infiniteBlackjackStrings: Catalogue = {
  en: {
    spots: { 'infinite-blackjack': { main: 'Main bet', 'perfect-pairs': 'Perfect Pairs', '21+3': '21+3', 'hot-3': 'Hot 3', 'bust-it': 'Bust It' } },
    limits: { kinds: { 'infinite-blackjack': { main: 'Main bet', double: 'Double', 'perfect-pairs': 'Perfect Pairs', '21+3': '21+3', 'hot-3': 'Hot 3', 'bust-it': 'Bust It' } } },
    infiniteBlackjack: {
      common: 'Common hand',
      players_one: '{{count}} player in this hand',
      players_other: '{{count}} players in this hand',
      yourHand: 'Your hand',
      splitHand: 'Your hand {{n}}',
      noHand: 'Place a main bet to play the common hand',
      decide: 'Your decision — step {{step}}',
      deciding: '{{decided}} of {{active}} hands decided',
      dealerShows: 'Dealer shows {{total}}',
      bets: 'Bets',
      sideBets: 'Side bets',
      stage: { betting: 'Place your bets', 'initial-deal': 'Dealing the common hand', decisions: 'Players decide', draw: 'Next common card', dealer: 'Dealer plays', done: 'Round over' },
      status: { waiting: 'waiting', deciding: 'your decision', 'waiting-card': 'card coming', stood: 'stands', timeout: 'timed out (stands)', doubled: 'doubled', bust: 'bust', 'twenty-one': '21', blackjack: 'Blackjack!', charlie: '6-card Charlie' },
      charlieWins: 'Charlie wins',
    },
  },
  sv: {
    spots: { 'infinite-blackjack': { main: 'Huvudinsats', 'perfect-pairs': 'Perfect Pairs', '21+3': '21+3', 'hot-3': 'Hot 3', 'bust-it': 'Bust It' } },
    limits: { kinds: { 'infinite-blackjack': { main: 'Huvudinsats', double: 'Dubbling', 'perfect-pairs': 'Perfect Pairs', '21+3': '21+3', 'hot-3': 'Hot 3', 'bust-it': 'Bust It' } } },
    infiniteBlackjack: {
      common: 'Gemensam hand',
      players_one: '{{count}} spelare i handen',
      players_other: '{{count}} spelare i handen',
      yourHand: 'Din hand',
      splitHand: 'Din hand {{n}}',
      noHand: 'Lägg en huvudinsats för att spela den gemensamma handen',
      decide: 'Ditt beslut — steg {{step}}',
      deciding: '{{decided}} av {{active}} händer har bestämt sig',
      dealerShows: 'Given visar {{total}}',
      bets: 'Insatser',
      sideBets: 'Sidoinsatser',
      stage: { betting: 'Lägg era insatser', 'initial-deal': 'Den gemensamma handen delas ut', decisions: 'Spelarna bestämmer', draw: 'Nästa gemensamma kort', dealer: 'Given spelar', done: 'Rundan är slut' },
      status: { waiting: 'väntar', deciding: 'ditt beslut', 'waiting-card': 'kort på väg', stood: 'står', timeout: 'tiden gick ut (står)', doubled: 'dubblad', bust: 'över 21', 'twenty-one': '21', blackjack: 'Blackjack!', charlie: '6-korts Charlie' },
      charlieWins: 'Charlie vinner',
    },
  },
};
