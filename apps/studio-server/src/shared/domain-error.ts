/**
 * A module error with its HTTP mapping (STYLE.md "Errors": module codes mapped per transport).
 * Throw it from services/controllers; the global ErrorFilter renders `{code, ruleId, message}`.
 */
export type DomainErrorStatus = 400 | 401 | 403 | 404 | 405 | 409 | 413 | 422 | 429 | 500 | 503;

export interface ErrorBody {
  readonly code: string;
  readonly ruleId: string | null;
  readonly message: string;
  readonly details?: Readonly<Record<string, unknown>>;
}

export class DomainError extends Error {
  constructor(
    readonly status: DomainErrorStatus,
    readonly body: ErrorBody,
  ) {
    super(`${body.code}${body.ruleId ? ` (${body.ruleId})` : ''}: ${body.message}`);
  }
}
