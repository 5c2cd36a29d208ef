import type { Result, Violation } from '@felt/games';
import type { ZodType } from 'zod';
import { DomainError, type DomainErrorStatus } from '../ops/domain-error.js';

/**
 * Rejections → HTTP (STYLE.md "Errors"): the body is always `{code, ruleId, message, details?}`
 * (rendered by the platform's ErrorFilter). Kernel codes are an open set; the status follows the meaning.
 */
export function httpStatusOf(code: string): DomainErrorStatus {
  if (code.endsWith('NOT_FOUND')) return 404;
  if (code === 'FORBIDDEN' || code === 'SELF_APPROVAL' || code === 'NOT_YOUR_BET' || code === 'NOT_SEAT_OWNER') return 403;
  if (code === 'INVALID_INPUT') return 400;
  if (code === 'CONFLICT_RETRY' || code === 'BET_ID_CONFLICT' || code === 'INSUFFICIENT_FUNDS') return 409;
  return 422;
}

export function rejectionError(v: Violation): DomainError {
  return new DomainError(httpStatusOf(v.code), { code: v.code, ruleId: v.ruleId, message: v.message, ...(v.details ? { details: v.details } : {}) });
}

/** Unwraps a service result for a controller, throwing the mapped HTTP error for a rejection. */
export function unwrap<T>(r: Result<T>): T {
  if (r.ok) return r.value;
  throw rejectionError(r.violation);
}

/** Validates an HTTP body / WS message with its libs/protocol schema (400 INVALID_INPUT with the issues). */
export function parseInput<T>(schema: ZodType<T>, input: unknown): Result<T> {
  const r = schema.safeParse(input);
  if (r.success) return { ok: true, value: r.data };
  const message = r.error.issues.slice(0, 10).map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`).join('; ');
  return { ok: false, violation: { code: 'INVALID_INPUT', ruleId: null, message } };
}

export function body<T>(schema: ZodType<T>, input: unknown): T {
  return unwrap(parseInput(schema, input));
}
