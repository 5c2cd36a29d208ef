/** Rejection codes of the betting module (status and meaning: ops/error-codes.ts). */
export const BETTING_CODES = {
  NOTHING_TO_REBET: 'NOTHING_TO_REBET',
  NOTHING_TO_DOUBLE: 'NOTHING_TO_DOUBLE',
  BET_ID_CONFLICT: 'BET_ID_CONFLICT',
} as const;
