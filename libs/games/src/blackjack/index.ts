export * from './hand.rules.js';
export * from './profiles.js';
export * from './settle.rules.js';
export * from './strategy.js';
export * from './derive.js';
export * from './kernel.js';
export * from './simulate.js';
export * from './module.js';
