import { defineErrorCodes, type CodesOf } from '../../shared/error-codes.js';
/** Rejection codes of the seamless wallet (issue 12; status and meaning: ops/error-codes.ts). */
export const SEAMLESS_CODES = defineErrorCodes({
  SEAMLESS_DEBIT_REFUSED: { status: 422, ruleId: 'GEN-4', meaning: 'Seamless wallet: the operator refused the debit (its code in `details.operatorStatus`, e.g. RS_ERROR_NOT_ENOUGH_MONEY); the bet is not accepted.' },
  SEAMLESS_DEBIT_UNCONFIRMED: { status: 503, ruleId: 'GEN-4', meaning: 'Seamless wallet: the operator did not confirm the debit in time (timeout, network, unknown answer); the bet is not accepted and the debit is rolled back — place it again with a new bet id.' },
  OPERATOR_UNAUTHENTICATED: { status: 401, ruleId: null, meaning: 'Operator API: unknown operator (X-Felt-Operator), or X-Felt-Timestamp / X-Felt-Signature missing or X-Felt-Signature not the HMAC-SHA256 of `<timestamp>.<body>` with the operator secret.' },
  OPERATOR_NOT_FOUND: { status: 404, ruleId: null, meaning: 'No operator with this id.' },
  OPERATOR_PLAYER_UNKNOWN: { status: 404, ruleId: null, meaning: 'Operator API: the player is not a player of this operator.' },
  OPERATOR_NOT_SEAMLESS: { status: 409, ruleId: null, meaning: 'Operator API: only an operator in seamless wallet mode manages its players (sessions, limits).' },
  OPERATOR_SIGNATURE_STALE: { status: 401, ruleId: null, meaning: 'Operator API: a valid signature whose X-Felt-Timestamp is more than 5 minutes from the server clock (sign each request afresh; check the clock).' },
  OPERATOR_SIGNATURE_REPLAYED: { status: 401, ruleId: null, meaning: 'Operator API: this exact signed request was already accepted (a replay); nothing changed.' },
  SEAMLESS_BALANCE_UNAVAILABLE: { status: 503, ruleId: null, meaning: "Seamless wallet: the player's balance lives at the operator, whose wallet did not answer it (unreachable, timeout, or an error code in `details.operatorStatus`); try again." },
  OPERATOR_RSA_UNAVAILABLE: { status: 404, ruleId: null, meaning: 'This studio has no RSA key (FELT_OPERATOR_RSA_KEY): operators sign with HMAC (issue 22 §16).' },
  DEAD_LETTER_NOT_FOUND: { status: 404, ruleId: null, meaning: 'No dead-lettered wallet call with this transaction uuid for this operator (already re-queued or never dead).' },
});

export type SeamlessCode = keyof typeof SEAMLESS_CODES;

declare module '../../shared/error-codes.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ServerErrorCodeMap extends CodesOf<typeof SEAMLESS_CODES> {}
}
