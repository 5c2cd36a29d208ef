import { defineErrorCodes, type CodesOf } from '../shared/error-codes.js';
/** Rejection codes of the integrity monitors (issue 23; registered in the shared registry). */
export const INTEGRITY_CODES = defineErrorCodes({
  PLAYER_FLAG_UNKNOWN_PLAYER: { status: 404, ruleId: null, meaning: 'No player account with this id: only a player account can be flagged.' },
  PLAYER_ALREADY_FLAGGED: { status: 409, ruleId: null, meaning: 'The player has a standing flag: lift it (with a reason) before flagging again.' },
  PLAYER_FLAG_NOT_FOUND: { status: 404, ruleId: null, meaning: 'The player has no standing flag to lift.' },
  INTEGRITY_WHEEL_NOT_FOUND: { status: 404, ruleId: null, meaning: 'No spin of this wheel is in the monitor (an unknown wheel id, or a wheel with no result since the history window).' },
});

declare module '../shared/error-codes.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ServerErrorCodeMap extends CodesOf<typeof INTEGRITY_CODES> {}
}
