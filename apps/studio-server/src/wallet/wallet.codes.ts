/** Rejection codes of the wallet module (status and meaning: ops/error-codes.ts). */
export const WALLET_CODES = {
  INSUFFICIENT_FUNDS: 'INSUFFICIENT_FUNDS',
  DEMO_ONLY: 'DEMO_ONLY',
  STAKES_IN_PLAY: 'STAKES_IN_PLAY',
} as const;
