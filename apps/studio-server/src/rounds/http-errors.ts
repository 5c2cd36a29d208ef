import { HttpException } from '@nestjs/common';
import type { Result, Violation } from '@felt/games';

/**
 * Rejections → HTTP (STYLE.md "Errors"): the body is always `{code, ruleId, message, details?}`.
 * Kernel codes are an open set; the status is chosen by the code's meaning.
 */
export function httpStatusOf(code: string): number {
  if (code.endsWith('NOT_FOUND')) return 404;
  if (code === 'FORBIDDEN' || code === 'SELF_APPROVAL' || code === 'NOT_YOUR_BET') return 403;
  if (code === 'INVALID_INPUT') return 400;
  if (code === 'CONFLICT_RETRY' || code === 'BET_ID_CONFLICT') return 409;
  return 422;
}

export function rejectionException(v: Violation): HttpException {
  return new HttpException({ code: v.code, ruleId: v.ruleId, message: v.message, ...(v.details ? { details: v.details } : {}) }, httpStatusOf(v.code));
}

/** Unwraps a service result for a controller, throwing the mapped HTTP error for a rejection. */
export function unwrap<T>(r: Result<T>): T {
  if (r.ok) return r.value;
  throw rejectionException(r.violation);
}
