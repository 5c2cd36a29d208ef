/** Integrity monitors (issue 23): pure detectors over the event log, with their statistics and simulators. */
export * from './stats.js';
export * from './wheel-bias.js';
export * from './shoe-integrity.js';
export * from './advantage-play.js';
export * from './late-bets.js';
export * from './shared-patterns.js';
export * from './simulate-patterns.js';
export * from './simulate.js';
export * from './poker-collusion.js';
export * from './poker-cross-table.js';
export * from './simulate-poker.js';
