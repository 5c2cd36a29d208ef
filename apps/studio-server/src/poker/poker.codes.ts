/** Rejection codes of the live poker tables module (status and meaning: ops/error-codes.ts). Rule codes of the hand itself (`POKER_*` of libs/games) are game codes. */
export const POKER_CODES = {
  POKER_TABLE_NOT_FOUND: 'POKER_TABLE_NOT_FOUND',
  POKER_TABLE_EXISTS: 'POKER_TABLE_EXISTS',
  POKER_WRONG_HAND: 'POKER_WRONG_HAND',
  POKER_NOT_IN_HAND: 'POKER_NOT_IN_HAND',
  POKER_HAND_NOT_FOUND: 'POKER_HAND_NOT_FOUND',
  POKER_NOT_SHOE_TABLE: 'POKER_NOT_SHOE_TABLE',
  POKER_CARD_UNREADABLE: 'POKER_CARD_UNREADABLE',
  POKER_WALLET_CHANGED: 'POKER_WALLET_CHANGED',
} as const;
