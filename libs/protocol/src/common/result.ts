/**
 * Typed results for protocol parsing. Bad input from outside is a value, never an exception
 * (STYLE.md "Errors"): an error carries a machine code and a human message.
 */
export type ParseResult<T, C extends string = string> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: ParseError<C> };

export interface ParseError<C extends string = string> {
  readonly code: C;
  readonly message: string;
  /** Optional structured detail (e.g. zod issue paths). */
  readonly issues?: readonly { readonly path: string; readonly message: string }[];
}

export const parsed = <T>(value: T): { readonly ok: true; readonly value: T } => ({ ok: true, value });

export const parseError = <C extends string>(
  code: C,
  message: string,
  issues?: readonly { readonly path: string; readonly message: string }[],
): { readonly ok: false; readonly error: ParseError<C> } => ({
  ok: false,
  error: issues === undefined ? { code, message } : { code, message, issues },
});

/** Exhaustiveness guard for closed unions (STYLE.md habit 9). Reaching it is a programmer error. */
export function assertNever(x: never, what = 'value'): never {
  throw new Error(`unexpected ${what}: ${JSON.stringify(x)}`);
}

/** Printable, bounded excerpt of a raw line for fault reports (control bytes escaped). */
export function excerpt(raw: string, max = 80): string {
  let out = '';
  for (let i = 0; i < raw.length && out.length < max; i++) {
    const c = raw.charCodeAt(i);
    out += c >= 0x20 && c < 0x7f ? raw[i] : `\\x${c.toString(16).padStart(2, '0')}`;
  }
  return raw.length > max ? `${out}…` : out;
}
