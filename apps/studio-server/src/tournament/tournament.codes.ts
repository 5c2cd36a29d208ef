import { defineErrorCodes, type CodesOf } from '../shared/error-codes.js';
/** Rejection codes of poker tournaments (issue 24; rules TRN-… and S1-FAIL-STT/MTT in docs/tournaments.md; registered in the shared registry). */
export const TOURNAMENT_CODES = defineErrorCodes({
  TOURNAMENT_NOT_FOUND: { status: 404, ruleId: null, meaning: 'No tournament with this id.' },
  TOURNAMENT_INVALID_DEF: { status: 422, ruleId: 'TRN-DEF', meaning: 'The published terms are inconsistent (structure, fees, seats, the payout table); `details.field` names the field.' },
  TOURNAMENT_ENTRY_EXISTS: { status: 409, ruleId: 'TRN-REG', meaning: 'An entry with this id exists for another player or tournament; nothing was posted.' },
  TOURNAMENT_REGISTRATION_CLOSED: { status: 409, ruleId: 'TRN-LATE', meaning: 'Registration is closed: the late-registration levels have passed or the tournament is over.' },
  TOURNAMENT_ALREADY_REGISTERED: { status: 409, ruleId: 'TRN-REG', meaning: 'The player already has an entry in play in this tournament.' },
  TOURNAMENT_REENTRY_CLOSED: { status: 409, ruleId: 'TRN-REENTRY', meaning: 'No re-entry: the tournament has none, its period is over, or the player used every re-entry.' },
  TOURNAMENT_FULL: { status: 409, ruleId: 'TRN-REG', meaning: 'Every seat of the tournament is taken (maxPlayers).' },
  TOURNAMENT_INSUFFICIENT_FUNDS: { status: 409, ruleId: 'GEN-4', meaning: "The player's balance does not cover the buy-in and the fee; nothing was debited." },
  TOURNAMENT_NOT_REGISTERING: { status: 409, ruleId: 'TRN-START', meaning: 'The tournament has already started or ended.' },
  TOURNAMENT_TOO_FEW_PLAYERS: { status: 409, ruleId: 'TRN-START', meaning: 'Fewer players registered than the terms need to start.' },
  TOURNAMENT_NOT_RUNNING: { status: 409, ruleId: 'S1-PAUSE', meaning: 'The tournament is not running (pause, add time).' },
  TOURNAMENT_NOT_PAUSED: { status: 409, ruleId: 'S1-PAUSE', meaning: 'The tournament is not paused (resume).' },
  TOURNAMENT_INVALID_TIME: { status: 422, ruleId: 'TRN-TIME', meaning: 'Time is added in 1 ms to 1 hour, to a level that has an end.' },
  TOURNAMENT_DEAL_REFUSED: { status: 409, ruleId: 'TRN-DEAL', meaning: 'Deals are not offered: the prizes are paid by the published table.' },
  TOURNAMENT_NO_HAND: { status: 409, ruleId: 'TRN-PLAY', meaning: 'The player has no hand in play in this tournament to act in: between hands, or their seat is played by the robot while they are not sitting in.' },
  TOURNAMENT_NOT_PLAYING: { status: 409, ruleId: 'TRN-PLAY', meaning: 'The player has no entry in play in this tournament (not registered, or out).' },
  TOURNAMENT_OVER: { status: 409, ruleId: 'TRN-CANCEL', meaning: 'The tournament is already finished or cancelled.' },
});

declare module '../shared/error-codes.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ServerErrorCodeMap extends CodesOf<typeof TOURNAMENT_CODES> {}
}
