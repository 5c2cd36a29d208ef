// @felt-studio/games — PURE rules of every studio game. No I/O, no clock, no randomness (seeds are arguments).
export * from './common/result.js';
export * from './common/money.js';
export * from './common/random.js';
export * from './cards/card.js';
export * from './cards/shoe.js';
export * from './kernel/kernel.js';
export * from './kernel/game.js';
export * from './kernel/define.js';
export * from './kernel/book.js';
export * from './kernel/errors.js';
export * from './common/pmap.js';
export * from './cards/shoe-tracking.js';
export * from './kernel/manifest.js';
export * from './games.js';
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
export * as moneyWheel from './money-wheel/index.js';
export * as luckyDice from './lucky-dice/index.js';
export * as poker from './poker/index.js';
export * as bankedPoker from './banked-poker/index.js';
export * as rayPoker from './ray-poker/index.js';
export * as pokerTable from './poker-table/index.js';
export * as tournament from './tournament/index.js';
export * as andarBahar from './andar-bahar/index.js';
export * as infiniteBlackjack from './infinite-blackjack/index.js';
export * as integrity from './integrity/index.js';
// Display derivations for the web apps (pure; flat names, no kernel state):
export * from './cards/shoe-counts.js';
export * from './baccarat/roads.js';
export * from './roulette/stats.js';
export * from './roulette/layout.js';
export * from './roulette/racetrack-display.js';
export * from './blackjack/hand-display.js';
export * from './display/restrictions.js';
export * from './display/history.js';
export * from './display/racetrack-layout.js';
