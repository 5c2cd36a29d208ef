import { defineErrorCodes, type CodesOf } from '../shared/error-codes.js';
/** Rejection codes of the cluster (issue 13): both mean "retry", the bet was not decided by a known owner. */
export const CLUSTER_CODES = defineErrorCodes({
  TABLE_OWNER_UNAVAILABLE: { status: 503, ruleId: 'GEN-3', meaning: 'Several instances (issue 13): the instance that owns this table is not known or did not answer in time (it died and its lease has not moved yet). Nothing was decided by this instance; retry shortly (a timed-out bet may have been taken by the owner: the resync or `bets/mine` shows it; a retry with the same bet id cannot place it twice).' },
});


declare module '../shared/error-codes.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ServerErrorCodeMap extends CodesOf<typeof CLUSTER_CODES> {}
}
