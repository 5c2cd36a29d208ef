import { defineErrorCodes, type CodesOf } from '../shared/error-codes.js';
/** Rejection codes of the responsible-gambling module (status, rule and meaning; registered in the shared registry, shared/error-codes.ts). Rule: spec docs/rules/live-poker.md §2.9 ("RG-2.9"). */
export const LIMITS_CODES = defineErrorCodes({
  RG_SELF_EXCLUDED: { status: 403, ruleId: 'RG-2.9', meaning: 'The player is self-excluded until the date in `details.excludedUntil`; nobody can lift it early.' },
  RG_LOSS_LIMIT: { status: 422, ruleId: 'RG-2.9', meaning: 'The stake would take the player’s net loss of a period (session/day/week/month) past their limit; nothing was debited.' },
  RG_TIME_LIMIT: { status: 422, ruleId: 'RG-2.9', meaning: 'The player has used their play time of a period (session/day/week/month).' },
  RG_LIMIT_ORDER: { status: 422, ruleId: 'RG-2.9', meaning: 'Limits must keep daily ≤ weekly ≤ monthly (now and once pending raises apply).' },
});

export type LimitsCode = keyof typeof LIMITS_CODES;
export const RG_RULE = 'RG-2.9';

declare module '../shared/error-codes.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ServerErrorCodeMap extends CodesOf<typeof LIMITS_CODES> {}
}
