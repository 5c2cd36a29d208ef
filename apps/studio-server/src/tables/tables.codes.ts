/** Rejection codes of the tables module (status and meaning: ops/error-codes.ts). */
export const TABLES_CODES = {
  TABLE_NOT_FOUND: 'TABLE_NOT_FOUND',
  TABLE_NOT_OPEN: 'TABLE_NOT_OPEN',
  UNKNOWN_GAME: 'UNKNOWN_GAME',
  UNKNOWN_PROFILE: 'UNKNOWN_PROFILE',
  PRE_OPEN_CHECK_MISSING: 'PRE_OPEN_CHECK_MISSING',
} as const;
