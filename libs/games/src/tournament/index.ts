// Poker tournaments (issue 24): the published terms, the state as a fold of events, balancing, payouts, robots' hands.
export * from './structure.js';
export * from './payouts.js';
export * from './state.js';
export * from './play.js';
export * from './replay.js';
