import { defineErrorCodes, type CodesOf } from '../shared/error-codes.js';
/** Rejection codes of the betting module (status, rule and meaning; registered in the shared registry, shared/error-codes.ts). */
export const BETTING_CODES = defineErrorCodes({
  NOTHING_TO_REBET: { status: 422, ruleId: null, meaning: 'The player had no bets in the table’s previous round.' },
  NOTHING_TO_DOUBLE: { status: 422, ruleId: null, meaning: 'The player has no bets on the table to double.' },
  BET_ID_CONFLICT: { status: 409, ruleId: null, meaning: 'The bet id was already used for a different bet (bet ids are global idempotency keys); the same bet again returns its original acceptance.' },
});


declare module '../shared/error-codes.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ServerErrorCodeMap extends CodesOf<typeof BETTING_CODES> {}
}
