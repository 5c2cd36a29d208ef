import { defineErrorCodes, type CodesOf } from '../shared/error-codes.js';
/** Rejection codes of the auth module (status, rule and meaning; registered in the shared registry, shared/error-codes.ts). */
export const AUTH_CODES = defineErrorCodes({
  UNAUTHENTICATED: { status: 401, ruleId: null, meaning: 'No valid bearer token (REST) or connection token (WebSocket).' },
  FORBIDDEN: { status: 403, ruleId: null, meaning: 'The caller’s role may not do this, or the command may not be issued by this path.' },
  INVALID_CREDENTIALS: { status: 401, ruleId: null, meaning: 'Unknown user or wrong password.' },
  USERNAME_TAKEN: { status: 409, ruleId: null, meaning: 'A user with this username exists.' },
  INVALID_REFRESH_TOKEN: { status: 401, ruleId: null, meaning: 'The refresh token is invalid, expired or revoked: log in again.' },
  REFRESH_TOKEN_REUSED: { status: 401, ruleId: null, meaning: 'An already-rotated refresh token was presented again (a copy exists): its family is revoked and every session of the account ends; log in again (audited, issue 9 finding 9).' },
  USER_NOT_FOUND: { status: 404, ruleId: null, meaning: 'No user with this id.' },
  TOTP_REQUIRED: { status: 401, ruleId: null, meaning: 'The password was right and the account has TOTP on: send the 6-digit code of its authenticator app as `totp` (issue 22 §8).' },
  TOTP_INVALID: { status: 401, ruleId: null, meaning: 'The authenticator code is wrong, out of its ±30 s window or already used; counted by the login throttle.' },
  TOTP_ALREADY_ENABLED: { status: 409, ruleId: null, meaning: 'TOTP is already on for this account: disable it with a code, or an admin resets it.' },
  TOTP_NOT_ENROLLED: { status: 409, ruleId: null, meaning: 'No TOTP secret for this account: enrol first (POST /auth/totp/enrol).' },
  INVALID_LAUNCH_CODE: { status: 401, ruleId: null, meaning: 'The game-launch code is unknown, already used or older than a minute: the player opens the game again from the operator (issue 22 §16).' },
  SESSION_REVOKED: { status: 401, ruleId: null, meaning: 'The user was disabled, deleted or signed out everywhere: the socket is closed and the token no longer works.' },
});


declare module '../shared/error-codes.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ServerErrorCodeMap extends CodesOf<typeof AUTH_CODES> {}
}
