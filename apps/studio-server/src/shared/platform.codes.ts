import { defineErrorCodes, type CodesOf } from './error-codes.js';
/** Rejection codes of the platform (validation, routing, the store unreachable, the last-resort 500). */
export const PLATFORM_CODES = defineErrorCodes({
  INVALID_INPUT: { status: 400, ruleId: null, meaning: 'The body, message or parameter does not match its schema (libs/protocol); nothing changed.' },
  NOT_FOUND: { status: 404, ruleId: null, meaning: 'No such route.' },
  METHOD_NOT_ALLOWED: { status: 405, ruleId: null, meaning: 'The route exists but not with this method; the `Allow` header lists the ones it has (issue 22 §9).' },
  PAYLOAD_TOO_LARGE: { status: 413, ruleId: null, meaning: 'The request body is larger than the server accepts.' },
  INTERNAL: { status: 500, ruleId: null, meaning: 'An unexpected server fault (logged); nothing is half-written (one transaction per command).' },
  STORE_UNAVAILABLE: { status: 503, ruleId: null, meaning: 'The database cannot be reached right now (connection lost or refused); nothing was accepted or changed — retry after `details.retryAfterMs` (issue 9 "PostgreSQL connection loss").' },
});


declare module './error-codes.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ServerErrorCodeMap extends CodesOf<typeof PLATFORM_CODES> {}
}
