/** Rejection codes of the responsible-gambling module (status and meaning: ops/error-codes.ts). Rule: spec rules-poker.md §2.9 ("RG-2.9"). */
export const LIMITS_CODES = {
  RG_SELF_EXCLUDED: 'RG_SELF_EXCLUDED',
  RG_LOSS_LIMIT: 'RG_LOSS_LIMIT',
  RG_TIME_LIMIT: 'RG_TIME_LIMIT',
  RG_LIMIT_ORDER: 'RG_LIMIT_ORDER',
} as const;
export type LimitsCode = keyof typeof LIMITS_CODES;
export const RG_RULE = 'RG-2.9';
