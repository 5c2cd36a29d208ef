/**
 * Typed results for the pure rules layer. Rule breaches are values, never exceptions
 * (STYLE.md "Errors"): a Violation carries a machine code, the spec rule ID and a human message.
 */
export interface Violation {
  /** Machine-readable reason code, SCREAMING_SNAKE (e.g. `BETTING_CLOSED`, `COVERAGE_LIMIT`). */
  readonly code: string;
  /** Rule ID from ../shared/spec (e.g. `GEN-3`, `RES-1`, `BAC-16`), or null for pure input errors. */
  readonly ruleId: string | null;
  /** Human message, suitable for a player, a dealer or a log reader. */
  readonly message: string;
  readonly details?: Readonly<Record<string, unknown>>;
}

export type Result<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly violation: Violation };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });

export const violation = (
  code: string,
  ruleId: string | null,
  message: string,
  details?: Record<string, unknown>,
): { readonly ok: false; readonly violation: Violation } => ({
  ok: false,
  violation: details === undefined ? { code, ruleId, message } : { code, ruleId, message, details },
});

/** Exhaustiveness guard for closed unions (STYLE.md habit 9). Throws: reaching it is a programmer error. */
export function assertNever(x: never, what = 'value'): never {
  throw new Error(`unexpected ${what}: ${JSON.stringify(x)}`);
}
