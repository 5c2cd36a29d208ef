export * from './ray-poker.hand.js';
export * from './ray-poker.rules.js';
export * from './ray-poker.rtp.js';
export * from './ray-poker.offline.js';
export * from './ray-poker.module.js';
export * from './fast-poker.game.js';
export * from './ray-poker.live.js';
