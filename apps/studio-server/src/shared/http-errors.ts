import type { Result, Violation } from '@felt-studio/games';
import type { ZodType } from 'zod';
import { DomainError, type DomainErrorStatus } from './domain-error.js';
import { errorBodyOf, statusOf } from './error-codes.js';

/**
 * Rejections → HTTP (STYLE.md "Errors"): the body is always `{code, ruleId, message, details?}`
 * (rendered by the platform's ErrorFilter); the status comes from the one mapping (ops/error-codes.ts).
 */
export function httpStatusOf(code: string): DomainErrorStatus {
  return statusOf(code);
}

export function rejectionError(v: Violation): DomainError {
  return new DomainError(statusOf(v.code), errorBodyOf(v));
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
