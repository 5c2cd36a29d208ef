// @felt/games — PURE rules of every studio game. No I/O, no clock, no randomness (seeds are arguments).
export * from './common/result.js';
export * from './common/money.js';
export * from './common/random.js';
export * from './cards/card.js';
export * from './cards/shoe.js';
export * from './kernel/kernel.js';
export * from './kernel/common.js';
export * from './kernel/game.js';
export * from './kernel/define.js';
export * from './kernel/book.js';
export * from './kernel/errors.js';
export * from './common/pmap.js';
export * from './cards/shoe-tracking.js';
export * from './definitions.js';
export * from './registry.js';
// Games (each helper adds exactly its own line):
// GAME-EXPORTS
export * as roulette from './roulette/index.js';
export * as blackjack from './blackjack/index.js';
export * as baccarat from './baccarat/index.js';
export * as dragonTiger from './dragon-tiger/index.js';
export * as footballStudio from './football-studio/index.js';
export * as sicbo from './sicbo/index.js';
