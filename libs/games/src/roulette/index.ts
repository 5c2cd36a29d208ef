// Roulette (ROU-1..ROU-8, RES-1): wheel data, spot grammar, profiles, payouts, round kernel, module.
export * from './wheel.js';
export * from './profiles.js';
export * from './spots.js';
export * from './payout.js';
export * from './kernel.js';
export * from './module.js';
