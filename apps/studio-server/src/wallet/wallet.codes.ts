import { defineErrorCodes, type CodesOf } from '../shared/error-codes.js';
/** Rejection codes of the wallet module (status, rule and meaning; registered in the shared registry, shared/error-codes.ts). */
export const WALLET_CODES = defineErrorCodes({
  INSUFFICIENT_FUNDS: { status: 409, ruleId: 'GEN-4', meaning: 'The player’s balance does not cover the stake; nothing was debited.' },
  DEMO_ONLY: { status: 403, ruleId: null, meaning: 'Top-ups exist only in the embedded demo mode.' },
  STAKES_IN_PLAY: { status: 409, ruleId: null, meaning: 'No demo top-up while the player has bets in play; wait for the round to settle.' },
});


declare module '../shared/error-codes.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ServerErrorCodeMap extends CodesOf<typeof WALLET_CODES> {}
}
