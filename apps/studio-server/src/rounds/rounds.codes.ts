import { defineErrorCodes, type CodesOf } from '../shared/error-codes.js';
/** Rejection codes of the rounds module (status, rule and meaning; registered in the shared registry, shared/error-codes.ts). */
export const ROUNDS_CODES = defineErrorCodes({
  NO_ROUND: { status: 422, ruleId: 'GEN-3', meaning: 'The table has no (such) round.' },
  ROUND_NOT_FOUND: { status: 404, ruleId: null, meaning: 'No round with this id.' },
  ROUND_IN_PROGRESS: { status: 422, ruleId: 'GEN-5', meaning: 'The current round is not finished; the next one cannot open.' },
  SELF_APPROVAL: { status: 403, ruleId: 'GEN-6', meaning: 'Nobody approves their own request (void, manual entry, correction): a second pit boss or an admin signs off.' },
  CORRECTION_WHILE_BETTING: { status: 409, ruleId: 'GEN-3', meaning: 'A correction or manual outcome is refused while betting is open: close betting first (issue 9 finding 3).' },
  REQUEST_NOT_FOUND: { status: 404, ruleId: null, meaning: 'No pending void / manual-entry request with this id on this table.' },
  INVALID_COMMAND: { status: 422, ruleId: null, meaning: 'A hand-entered game command is malformed for this game.' },
  UNKNOWN_COMMAND: { status: 422, ruleId: null, meaning: 'The table’s game has no such command.' },
  CONFLICT_RETRY: { status: 409, ruleId: null, meaning: 'A concurrent change won; retry the request.' },
  CONCURRENT_UPDATE: { status: 409, ruleId: null, meaning: 'The round changed concurrently; retry.' },
});


declare module '../shared/error-codes.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ServerErrorCodeMap extends CodesOf<typeof ROUNDS_CODES> {}
}
