export * from './lucky-dice.rules.js';
export * from './lucky-dice.game.js';
export * from './lucky-dice.module.js';
