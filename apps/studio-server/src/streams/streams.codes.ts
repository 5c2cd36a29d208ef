import { defineErrorCodes, type CodesOf } from '../shared/error-codes.js';
/** Rejection codes of the table streams (issue 21 §1; registered in the shared registry). */
export const STREAMS_CODES = defineErrorCodes({
  NO_STREAM: { status: 404, ruleId: null, meaning: 'This table has no video source configured: the client shows the rendered table.' },
  STREAM_TOKEN_REFUSED: { status: 403, ruleId: null, meaning: 'A media request without a valid stream token for this table (missing, malformed, expired, forged or another table’s): ask `GET /tables/:id/stream` for fresh URLs.' },
});

declare module '../shared/error-codes.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ServerErrorCodeMap extends CodesOf<typeof STREAMS_CODES> {}
}
