import { defineErrorCodes, type CodesOf } from '../shared/error-codes.js';
/** Rejection codes of the integrity monitors (issue 23; registered in the shared registry). */
export const INTEGRITY_CODES = defineErrorCodes({
  INTEGRITY_WHEEL_NOT_FOUND: { status: 404, ruleId: null, meaning: 'No spin of this wheel is in the monitor (an unknown wheel id, or a wheel with no result since the history window).' },
});

declare module '../shared/error-codes.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ServerErrorCodeMap extends CodesOf<typeof INTEGRITY_CODES> {}
}
