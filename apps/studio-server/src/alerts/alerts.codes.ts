/** Rejection codes of the alerts module (status and meaning: ops/error-codes.ts). */
export const ALERTS_CODES = {
  ALERT_NOT_FOUND: 'ALERT_NOT_FOUND',
} as const;
