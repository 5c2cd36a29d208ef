export * from './sicbo.rules.js';
export * from './sicbo.kernel.js';
export * from './sicbo.game.js';
