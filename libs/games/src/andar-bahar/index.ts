export * from './andar-bahar.rules.js';
export * from './andar-bahar.game.js';
export * from './manifest.js';
