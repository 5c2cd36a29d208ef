import { violation, type Violation } from '@felt-studio/games';
import type { ServerErrorCode } from './error-codes.js';
import type { SeatConnection } from './connection-fingerprint.js';

/** Who issued a command: a person (from the JWT), a device, or the server itself (deadlines, recovery). */
export interface Actor {
  readonly userId: string;
  readonly role: 'player' | 'dealer' | 'pitboss' | 'admin' | 'device' | 'system';
  readonly name?: string;
  /** Issue 23 §4: the socket's connection, hashed (a player's live poker commands carry it to the table's owner, for the shared-connection finding). */
  readonly connection?: SeatConnection;
}

export const SYSTEM_ACTOR: Actor = { userId: 'system', role: 'system' };

/**
 * A server rejection: only a code of a module's closed set (status, rule and meaning of each in the
 * registry, shared/error-codes.ts); kernel violations are passed on as they are.
 */
export const rejection = (code: ServerErrorCode, ruleId: string | null, message: string, details?: Record<string, unknown>): Violation =>
  violation(code, ruleId, message, details).violation;
