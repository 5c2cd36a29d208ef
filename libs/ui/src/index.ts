// @felt-studio/ui — what the three web apps share (player /play, dealer /dealer, pit boss /pit).
// Exports are stable: add, do not rename.
export * from './money.js';
export * from './ids.js';
export * from './i18n/i18n.js';
export * from './i18n/common.js';
export * from './session.js';
export * from './data.js';
export * from './reveal-gate.js';
export * from './poker.js';
export * from './mount.js';
export * from './components/Chip.js';
export * from './components/PlayingCard.js';
export * from './components/Dice.js';
export * from './components/BetTimer.js';
export * from './components/TableIdentity.js';
export * from './components/TableCamera.js';
export * from './components/ErrorNotice.js';
export * from './rejection.js';
export * from './components/Login.js';
export * from './components/LanguageSwitch.js';
export * from './components/Shell.js';
export * from './components/Money.js';
export * from './components/Dialog.js';
export * from './components/ColumnHeads.js';
export * from './components/PokerSeatsTable.js';
export * from './view-totals.js';
export * from './chat.js';
