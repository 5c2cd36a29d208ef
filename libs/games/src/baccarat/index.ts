// Baccarat (Punto Banco): rules, profiles, payouts, round kernel and game module (docs/rules BAC).
export * from './baccarat.rules.js';
export * from './baccarat.profiles.js';
export * from './baccarat.payouts.js';
export * from './baccarat.kernel.js';
export * from './baccarat.module.js';
