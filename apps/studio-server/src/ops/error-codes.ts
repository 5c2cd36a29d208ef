import { GAME_ERRORS, type GameErrorCode, type Violation } from '@felt/games';
import { ALERTS_CODES } from '../alerts/alerts.codes.js';
import { AUDIT_CODES } from '../audit/audit.codes.js';
import { AUTH_CODES } from '../auth/auth.codes.js';
import { BETTING_CODES } from '../betting/betting.codes.js';
import { LIMITS_CODES } from '../limits/limits.codes.js';
import { MQTT_CODES } from '../mqtt/mqtt.codes.js';
import { ROUNDS_CODES } from '../rounds/rounds.codes.js';
import { TABLES_CODES } from '../tables/tables.codes.js';
import { WALLET_CODES } from '../wallet/wallet.codes.js';
import { DomainError, type DomainErrorStatus, type ErrorBody } from './domain-error.js';
import { PLATFORM_CODES } from './platform.codes.js';
import { RATE_LIMIT_CODES } from '../ratelimit/rate-limit.codes.js';
import { CLUSTER_CODES } from '../cluster/cluster.codes.js';
import { SEAMLESS_CODES } from '../wallet/seamless/seamless.codes.js';
import { POKER_CODES } from '../poker/poker.codes.js';

/** Every code the server itself produces: the union of the modules' closed code sets. */
export const SERVER_ERROR_CODES = { ...PLATFORM_CODES, ...AUTH_CODES, ...AUDIT_CODES, ...WALLET_CODES, ...TABLES_CODES, ...ROUNDS_CODES, ...BETTING_CODES, ...MQTT_CODES, ...ALERTS_CODES, ...LIMITS_CODES, ...RATE_LIMIT_CODES, ...SEAMLESS_CODES, ...CLUSTER_CODES, ...POKER_CODES } as const;
export type ServerErrorCode = keyof typeof SERVER_ERROR_CODES;

export type ErrorStatus = DomainErrorStatus;

export interface CodeSpec {
  readonly status: ErrorStatus;
  /** The rule the code enforces when the rejection itself names none (D-3). */
  readonly ruleId: string | null;
  readonly meaning: string;
}

/**
 * THE mapping of rejection codes to transports (STYLE.md "Errors"): the HTTP status of a REST answer
 * and the `status` of a WebSocket error come from here and nowhere else. Exhaustive over the server's
 * codes (a code added to a module's set without a row here does not compile).
 */
export const SERVER_ERRORS: Readonly<Record<ServerErrorCode, CodeSpec>> = {
  INVALID_INPUT: { status: 400, ruleId: null, meaning: 'The body, message or parameter does not match its schema (libs/protocol); nothing changed.' },
  NOT_FOUND: { status: 404, ruleId: null, meaning: 'No such route.' },
  PAYLOAD_TOO_LARGE: { status: 413, ruleId: null, meaning: 'The request body is larger than the server accepts.' },
  INTERNAL: { status: 500, ruleId: null, meaning: 'An unexpected server fault (logged); nothing is half-written (one transaction per command).' },
  STORE_UNAVAILABLE: { status: 503, ruleId: null, meaning: 'The database cannot be reached right now (connection lost or refused); nothing was accepted or changed — retry after `details.retryAfterMs` (issue 9 "PostgreSQL connection loss").' },
  UNAUTHENTICATED: { status: 401, ruleId: null, meaning: 'No valid bearer token (REST) or connection token (WebSocket).' },
  FORBIDDEN: { status: 403, ruleId: null, meaning: 'The caller’s role may not do this, or the command may not be issued by this path.' },
  INVALID_CREDENTIALS: { status: 401, ruleId: null, meaning: 'Unknown user or wrong password.' },
  INVALID_REFRESH_TOKEN: { status: 401, ruleId: null, meaning: 'The refresh token is invalid, expired or revoked: log in again.' },
  REFRESH_TOKEN_REUSED: { status: 401, ruleId: null, meaning: 'An already-rotated refresh token was presented again (a copy exists): its family is revoked and every session of the account ends; log in again (audited, issue 9 finding 9).' },
  USER_NOT_FOUND: { status: 404, ruleId: null, meaning: 'No user with this id.' },
  SESSION_REVOKED: { status: 401, ruleId: null, meaning: 'The user was disabled, deleted or signed out everywhere: the socket is closed and the token no longer works.' },
  STAKES_IN_PLAY: { status: 409, ruleId: null, meaning: 'No demo top-up while the player has bets in play; wait for the round to settle.' },
  ROUND_NOT_FOUND: { status: 404, ruleId: null, meaning: 'No round with this id.' },
  INVALID_DEVICE_ID: { status: 400, ruleId: null, meaning: 'A table or device id is not 1-64 characters of A-Z a-z 0-9 _ . : - (it is part of MQTT topics and usernames).' },
  DEVICE_CREDENTIAL_NOT_FOUND: { status: 404, ruleId: null, meaning: 'The device has no MQTT credential to revoke.' },
  USERNAME_TAKEN: { status: 409, ruleId: null, meaning: 'A user with this username exists.' },
  REASON_REQUIRED: { status: 400, ruleId: null, meaning: 'An audited action needs a non-empty reason (who/when/why).' },
  INSUFFICIENT_FUNDS: { status: 409, ruleId: 'GEN-4', meaning: 'The player’s balance does not cover the stake; nothing was debited.' },
  DEMO_ONLY: { status: 403, ruleId: null, meaning: 'Top-ups exist only in the embedded demo mode.' },
  TABLE_NOT_FOUND: { status: 404, ruleId: null, meaning: 'No table with this id.' },
  TABLE_NOT_OPEN: { status: 422, ruleId: null, meaning: 'Rounds open only on an open table.' },
  UNKNOWN_GAME: { status: 422, ruleId: null, meaning: 'The game has no definition in the registry.' },
  UNKNOWN_PROFILE: { status: 422, ruleId: 'D-2', meaning: 'The game has no rule profile with this id.' },
  PRE_OPEN_CHECK_MISSING: { status: 422, ruleId: 'ROU-7', meaning: 'The table opens only after today’s pre-open check is recorded.' },
  NO_ROUND: { status: 422, ruleId: 'GEN-3', meaning: 'The table has no (such) round.' },
  ROUND_IN_PROGRESS: { status: 422, ruleId: 'GEN-5', meaning: 'The current round is not finished; the next one cannot open.' },
  SELF_APPROVAL: { status: 403, ruleId: 'GEN-6', meaning: 'Nobody approves their own request (void, manual entry, correction): a second pit boss or an admin signs off.' },
  CORRECTION_WHILE_BETTING: { status: 409, ruleId: 'GEN-3', meaning: 'A correction or manual outcome is refused while betting is open: close betting first (issue 9 finding 3).' },
  REQUEST_NOT_FOUND: { status: 404, ruleId: null, meaning: 'No pending void / manual-entry request with this id on this table.' },
  INVALID_COMMAND: { status: 422, ruleId: null, meaning: 'A hand-entered game command is malformed for this game.' },
  UNKNOWN_COMMAND: { status: 422, ruleId: null, meaning: 'The table’s game has no such command.' },
  CONFLICT_RETRY: { status: 409, ruleId: null, meaning: 'A concurrent change won; retry the request.' },
  CONCURRENT_UPDATE: { status: 409, ruleId: null, meaning: 'The round changed concurrently; retry.' },
  NOTHING_TO_REBET: { status: 422, ruleId: null, meaning: 'The player had no bets in the table’s previous round.' },
  NOTHING_TO_DOUBLE: { status: 422, ruleId: null, meaning: 'The player has no bets on the table to double.' },
  RATE_LIMITED: { status: 429, ruleId: null, meaning: 'Too many requests from this account or address (REST and WebSocket share the limit); nothing changed — retry after `details.retryAfterMs` (issue 9 finding 7).' },
  TABLE_OWNER_UNAVAILABLE: { status: 503, ruleId: 'GEN-3', meaning: 'Several instances (issue 13): the instance that owns this table is not known or did not answer in time (it died and its lease has not moved yet). Nothing was decided by this instance; retry shortly (a timed-out bet may have been taken by the owner: the resync or `bets/mine` shows it; a retry with the same bet id cannot place it twice).' },
  ALERT_NOT_FOUND: { status: 404, ruleId: null, meaning: 'No alert with this id (acknowledging an alert).' },
  RG_SELF_EXCLUDED: { status: 403, ruleId: 'RG-2.9', meaning: 'The player is self-excluded until the date in `details.excludedUntil`; nobody can lift it early.' },
  RG_LOSS_LIMIT: { status: 422, ruleId: 'RG-2.9', meaning: 'The stake would take the player’s net loss of a period (session/day/week/month) past their limit; nothing was debited.' },
  RG_TIME_LIMIT: { status: 422, ruleId: 'RG-2.9', meaning: 'The player has used their play time of a period (session/day/week/month).' },
  RG_LIMIT_ORDER: { status: 422, ruleId: 'RG-2.9', meaning: 'Limits must keep daily ≤ weekly ≤ monthly (now and once pending raises apply).' },
  SEAMLESS_DEBIT_REFUSED: { status: 422, ruleId: 'GEN-4', meaning: 'Seamless wallet: the operator refused the debit (its code in `details.operatorStatus`, e.g. RS_ERROR_NOT_ENOUGH_MONEY); the bet is not accepted.' },
  SEAMLESS_DEBIT_UNCONFIRMED: { status: 503, ruleId: 'GEN-4', meaning: 'Seamless wallet: the operator did not confirm the debit in time (timeout, network, unknown answer); the bet is not accepted and the debit is rolled back — place it again with a new bet id.' },
  OPERATOR_UNAUTHENTICATED: { status: 401, ruleId: null, meaning: 'Operator API: unknown operator (X-Felt-Operator), or X-Felt-Timestamp / X-Felt-Signature missing or X-Felt-Signature not the HMAC-SHA256 of `<timestamp>.<body>` with the operator secret.' },
  OPERATOR_SIGNATURE_STALE: { status: 401, ruleId: null, meaning: 'Operator API: a valid signature whose X-Felt-Timestamp is more than 5 minutes from the server clock (sign each request afresh; check the clock).' },
  OPERATOR_SIGNATURE_REPLAYED: { status: 401, ruleId: null, meaning: 'Operator API: this exact signed request was already accepted (a replay); nothing changed.' },
  SEAMLESS_BALANCE_UNAVAILABLE: { status: 503, ruleId: null, meaning: "Seamless wallet: the player's balance lives at the operator, whose wallet did not answer it (unreachable, timeout, or an error code in `details.operatorStatus`); try again." },
  DEAD_LETTER_NOT_FOUND: { status: 404, ruleId: null, meaning: 'No dead-lettered wallet call with this transaction uuid for this operator (already re-queued or never dead).' },
  OPERATOR_NOT_FOUND: { status: 404, ruleId: null, meaning: 'No operator with this id.' },
  OPERATOR_PLAYER_UNKNOWN: { status: 404, ruleId: null, meaning: 'Operator API: the player is not a player of this operator.' },
  OPERATOR_NOT_SEAMLESS: { status: 409, ruleId: null, meaning: 'Operator API: only an operator in seamless wallet mode manages its players (sessions, limits).' },
  BET_ID_CONFLICT: { status: 409, ruleId: null, meaning: 'The bet id was already used for a different bet (bet ids are global idempotency keys); the same bet again returns its original acceptance.' },
  POKER_TABLE_NOT_FOUND: { status: 404, ruleId: null, meaning: 'No live poker table with this id (issue 11).' },
  POKER_TABLE_EXISTS: { status: 409, ruleId: null, meaning: 'A poker table with this id exists.' },
  POKER_WRONG_HAND: { status: 409, ruleId: 'GEN-6', meaning: 'The message names a hand that is not the one in play (late or duplicate: it never reopens a hand, non-negotiable 1).' },
  POKER_NOT_IN_HAND: { status: 409, ruleId: null, meaning: 'The player is not dealt in the hand in play.' },
  POKER_HAND_NOT_FOUND: { status: 404, ruleId: null, meaning: 'No hand with this id at this poker table.' },
  POKER_NOT_SHOE_TABLE: { status: 422, ruleId: 'S1-DEAL-1', meaning: 'Cards come from the server\'s certified shuffle at this table (RNG-dealt), not from a device.' },
  POKER_CARD_UNREADABLE: { status: 422, ruleId: 'P4-IRR', meaning: 'The table\'s shoe could not read a card: nothing was dealt; the dealer or pit boss decides (misdeal, void).' },
  POKER_WALLET_CHANGED: { status: 409, ruleId: 'S1-STACK', meaning: "The seat's chips came from another wallet than the player's wallet now (a seamless operator's, issue 12, or Felt's ledger): no top-up; standing up returns the stack to where it came from." },
};

/**
 * Codes of the games' closed set (`GAME_ERRORS`, libs/games) whose status is not the default 422. Every
 * other game code is a rule refusing the command: 422 with the kernel's rule ID.
 */
const GAME_STATUS: Readonly<Partial<Record<GameErrorCode | 'DUPLICATE_BET_ID', ErrorStatus>>> = {
  NOT_YOUR_BET: 403,
  NOT_SEAT_OWNER: 403,
  DUPLICATE_BET_ID: 409,
  BET_ID_CONFLICT: 409,
  INVALID_INPUT: 400,
};
const GAME_DEFAULT: ErrorStatus = 422;

const isServerCode = (code: string): code is ServerErrorCode => Object.hasOwn(SERVER_ERRORS, code);

export function statusOf(code: string): ErrorStatus {
  return isServerCode(code) ? SERVER_ERRORS[code].status : ((GAME_STATUS as Readonly<Record<string, ErrorStatus>>)[code] ?? GAME_DEFAULT);
}

/** The wire body of a rejection (REST and WebSocket): the code's rule ID fills in when the rejection names none. */
export function errorBodyOf(v: Violation): ErrorBody {
  const ruleId = v.ruleId ?? (isServerCode(v.code) ? SERVER_ERRORS[v.code].ruleId : null);
  return { code: v.code, ruleId, message: v.message, ...(v.details ? { details: v.details } : {}) };
}

/** A module's coded error for a controller/guard to throw (status from the one mapping). */
export function codedError(code: ServerErrorCode, message: string, details?: Readonly<Record<string, unknown>>): DomainError {
  return new DomainError(statusOf(code), errorBodyOf({ code, ruleId: null, message, ...(details ? { details } : {}) }));
}

/** The README's table of every server code → HTTP status → rule → meaning. */
export function errorCodeTable(): string {
  const rows = (Object.entries(SERVER_ERRORS) as [ServerErrorCode, CodeSpec][]).map(([code, s]) => `| \`${code}\` | ${s.status} | ${s.ruleId ?? '—'} | ${s.meaning} |`);
  const game = (Object.entries(GAME_ERRORS) as [GameErrorCode, string][]).filter(([code]) => !isServerCode(code)).map(([code, meaning]) => `| \`${code}\` | ${statusOf(code)} | (in the meaning) | ${meaning} |`);
  return [
    '| code | HTTP | rule | meaning |',
    '|---|---|---|---|',
    ...rows,
    '',
    "Game rule codes (`GAME_ERRORS`, libs/games; the kernel's violation carries the rule ID):",
    '',
    '| code | HTTP | rule | meaning |',
    '|---|---|---|---|',
    ...game,
  ].join('\n');
}
