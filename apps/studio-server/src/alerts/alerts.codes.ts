import { defineErrorCodes, type CodesOf } from '../shared/error-codes.js';
/** Rejection codes of the alerts module (status, rule and meaning; registered in the shared registry, shared/error-codes.ts). */
export const ALERTS_CODES = defineErrorCodes({
  ALERT_NOT_FOUND: { status: 404, ruleId: null, meaning: 'No alert with this id (acknowledging an alert).' },
});


declare module '../shared/error-codes.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ServerErrorCodeMap extends CodesOf<typeof ALERTS_CODES> {}
}
