import { violation, type Violation } from '@felt/games';
import { SERVER_ERROR_CODES, type ServerErrorCode } from '../ops/error-codes.js';

/** Who issued a command: a person (from the JWT), a device, or the server itself (deadlines, recovery). */
export interface Actor {
  readonly userId: string;
  readonly role: 'player' | 'dealer' | 'pitboss' | 'admin' | 'device' | 'system';
  readonly name?: string;
}

export const SYSTEM_ACTOR: Actor = { userId: 'system', role: 'system' };

/**
 * Server-side rejection codes: every module's closed set (status, rule and meaning of each in
 * ops/error-codes.ts, the one mapping). Kernel codes pass through unchanged.
 */
export const SERVER_CODES = SERVER_ERROR_CODES;

/** A server rejection: only a code of the closed set (kernel violations are passed on as they are). */
export const rejection = (code: ServerErrorCode, ruleId: string | null, message: string, details?: Record<string, unknown>): Violation =>
  violation(code, ruleId, message, details).violation;
