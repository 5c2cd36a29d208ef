/** Rejection codes of the audit module (status and meaning: ops/error-codes.ts). */
export const AUDIT_CODES = {
  REASON_REQUIRED: 'REASON_REQUIRED',
} as const;
