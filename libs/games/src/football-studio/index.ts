export * from './football-studio.rules.js';
export * from './football-studio.game.js';
