import { defineErrorCodes, type CodesOf } from '../shared/error-codes.js';
/** Rejection codes of the rate-limit module (status, rule and meaning; registered in the shared registry, shared/error-codes.ts). */
export const RATE_LIMIT_CODES = defineErrorCodes({
  RATE_LIMITED: { status: 429, ruleId: null, meaning: 'Too many requests from this account or address (REST and WebSocket share the limit); nothing changed — retry after `details.retryAfterMs` (issue 9 finding 7).' },
});


declare module '../shared/error-codes.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ServerErrorCodeMap extends CodesOf<typeof RATE_LIMIT_CODES> {}
}
