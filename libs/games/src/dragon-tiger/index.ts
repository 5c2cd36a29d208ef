export * from './duel.rules.js';
export * from './duel.kernel.js';
export * from './duel.game.js';
export * from './dragon-tiger.rules.js';
export * from './dragon-tiger.game.js';
