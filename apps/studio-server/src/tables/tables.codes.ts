import { defineErrorCodes, type CodesOf } from '../shared/error-codes.js';
/** Rejection codes of the tables module (status, rule and meaning; registered in the shared registry, shared/error-codes.ts). */
export const TABLES_CODES = defineErrorCodes({
  TABLE_NOT_FOUND: { status: 404, ruleId: null, meaning: 'No table with this id.' },
  TABLE_NOT_OPEN: { status: 422, ruleId: null, meaning: 'Rounds open only on an open table.' },
  UNKNOWN_GAME: { status: 422, ruleId: null, meaning: 'The game has no definition in the registry.' },
  UNKNOWN_PROFILE: { status: 422, ruleId: 'D-2', meaning: 'The game has no rule profile with this id.' },
  PRE_OPEN_CHECK_MISSING: { status: 422, ruleId: 'ROU-7', meaning: 'The table opens only after today’s pre-open check is recorded.' },
});


declare module '../shared/error-codes.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ServerErrorCodeMap extends CodesOf<typeof TABLES_CODES> {}
}
