import { defineErrorCodes, type CodesOf } from '../shared/error-codes.js';
/** Rejection codes of the live poker tables module (status, rule and meaning; registered in the shared registry, shared/error-codes.ts). Rule codes of the hand itself (`POKER_*` of libs/games) are game codes. */
export const POKER_CODES = defineErrorCodes({
  POKER_TABLE_NOT_FOUND: { status: 404, ruleId: null, meaning: 'No live poker table with this id (issue 11).' },
  POKER_TABLE_EXISTS: { status: 409, ruleId: null, meaning: 'A poker table with this id exists.' },
  POKER_WRONG_HAND: { status: 409, ruleId: 'GEN-6', meaning: 'The message names a hand that is not the one in play (late or duplicate: it never reopens a hand, non-negotiable 1).' },
  POKER_NOT_IN_HAND: { status: 409, ruleId: null, meaning: 'The player is not dealt in the hand in play.' },
  POKER_HAND_NOT_FOUND: { status: 404, ruleId: null, meaning: 'No hand with this id at this poker table.' },
  POKER_NOT_SHOE_TABLE: { status: 422, ruleId: 'S1-DEAL-1', meaning: 'Cards come from the server\'s certified shuffle at this table (RNG-dealt), not from a device.' },
  POKER_CARD_UNREADABLE: { status: 422, ruleId: 'P4-IRR', meaning: 'The table\'s shoe could not read a card: nothing was dealt; the dealer or pit boss decides (misdeal, void).' },
  POKER_PLAYER_FLAGGED: { status: 403, ruleId: null, meaning: 'A pit boss flagged this player account (issue 23, Integrity view): no new seat at a live poker table while the flag stands (a seat already taken is kept; the pit boss watches it).' },
  POKER_WALLET_CHANGED: { status: 409, ruleId: 'S1-STACK', meaning: "The seat's chips came from another wallet than the player's wallet now (a seamless operator's, issue 12, or Felt's ledger): no top-up; standing up returns the stack to where it came from." },
});


declare module '../shared/error-codes.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ServerErrorCodeMap extends CodesOf<typeof POKER_CODES> {}
}
