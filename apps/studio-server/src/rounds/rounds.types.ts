import { violation, type Violation } from '@felt/games';

/** Who issued a command: a person (from the JWT), a device, or the server itself (deadlines, recovery). */
export interface Actor {
  readonly userId: string;
  readonly role: 'player' | 'dealer' | 'pitboss' | 'admin' | 'device' | 'system';
  readonly name?: string;
}

export const SYSTEM_ACTOR: Actor = { userId: 'system', role: 'system' };

/** Server-side rejection codes (kernel codes pass through unchanged). */
export const SERVER_CODES = {
  TABLE_NOT_FOUND: 'TABLE_NOT_FOUND',
  TABLE_NOT_OPEN: 'TABLE_NOT_OPEN',
  NO_ROUND: 'NO_ROUND',
  ROUND_IN_PROGRESS: 'ROUND_IN_PROGRESS',
  UNKNOWN_GAME: 'UNKNOWN_GAME',
  UNKNOWN_PROFILE: 'UNKNOWN_PROFILE',
  INSUFFICIENT_FUNDS: 'INSUFFICIENT_FUNDS',
  PRE_OPEN_CHECK_MISSING: 'PRE_OPEN_CHECK_MISSING',
  FORBIDDEN: 'FORBIDDEN',
  SELF_APPROVAL: 'SELF_APPROVAL',
  REQUEST_NOT_FOUND: 'REQUEST_NOT_FOUND',
  NOTHING_TO_REBET: 'NOTHING_TO_REBET',
  NOTHING_TO_DOUBLE: 'NOTHING_TO_DOUBLE',
  INVALID_INPUT: 'INVALID_INPUT',
  CONFLICT_RETRY: 'CONFLICT_RETRY',
} as const;

export const rejection = (code: string, ruleId: string | null, message: string, details?: Record<string, unknown>): Violation =>
  violation(code, ruleId, message, details).violation;
