import { defineErrorCodes, type CodesOf } from '../shared/error-codes.js';
/** Rejection codes of the audit module (status, rule and meaning; registered in the shared registry, shared/error-codes.ts). */
export const AUDIT_CODES = defineErrorCodes({
  REASON_REQUIRED: { status: 400, ruleId: null, meaning: 'An audited action needs a non-empty reason (who/when/why).' },
});


declare module '../shared/error-codes.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ServerErrorCodeMap extends CodesOf<typeof AUDIT_CODES> {}
}
