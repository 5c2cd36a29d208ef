export * from './money-wheel.rules.js';
export * from './money-wheel.settle.js';
export * from './money-wheel.rtp.js';
export * from './money-wheel.offline.js';
export * as bigRational from './big-rational.js';
export * from './money-wheel.device.js';
export * from './money-wheel.moves.js';
export * from './money-wheel.module.js';
export * from './money-wheel.game.js';
