export * from './profiles.js';
export * from './side-bets.rules.js';
export * from './infinite-blackjack.game.js';
export * from './infinite-blackjack.rtp.js';
