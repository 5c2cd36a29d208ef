/** Rejection codes of the rate-limit module (status and meaning: ops/error-codes.ts). */
export const RATE_LIMIT_CODES = {
  RATE_LIMITED: 'RATE_LIMITED',
} as const;
