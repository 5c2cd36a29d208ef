import { RejectionSchema, type Rejection } from '@felt-studio/protocol';

/**
 * Codes the SDK itself produces (the server's codes are an open set and pass through unchanged).
 * `status` is 0 for these: nothing reached the server, or no HTTP status applies.
 */
export const CLIENT_ERROR_CODES = {
  /** The body failed its @felt-studio/protocol schema before sending (same code the server uses). */
  INVALID_INPUT: 'INVALID_INPUT',
  /** fetch itself failed (server down, DNS, CORS …). */
  NETWORK_ERROR: 'NETWORK_ERROR',
  /** A WebSocket acknowledgement did not arrive in time. */
  TIMEOUT: 'TIMEOUT',
  /** The server answered 2xx with something that is not JSON. */
  BAD_RESPONSE: 'BAD_RESPONSE',
  /** A call that needs a token was made before login / without a token. */
  NO_TOKEN: 'NO_TOKEN',
} as const;
export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[keyof typeof CLIENT_ERROR_CODES];

/**
 * Every failure of an SDK call: a server rejection (HTTP 4xx/5xx body or a WebSocket ack
 * `{ok:false}`, both `{code, ruleId, message}` — RejectionSchema) or a client-side failure
 * (`status` 0, a CLIENT_ERROR_CODES code). `ruleId` cites the spec rule (`RES-1`, `GEN-3`) when
 * the rejection is a rule breach.
 */
export class FeltApiError extends Error {
  override readonly name = 'FeltApiError';

  constructor(
    /** HTTP status; 0 when the request was never answered by the server (see CLIENT_ERROR_CODES). */
    readonly status: number,
    readonly code: string,
    readonly ruleId: string | null,
    message: string,
    readonly details?: Readonly<Record<string, unknown>>,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  /** The rejection as the server sent it (also what a UI shows: code, rule, message). */
  get rejection(): Rejection {
    return { code: this.code, ruleId: this.ruleId, message: this.message, ...(this.details ? { details: { ...this.details } } : {}) };
  }

  static fromRejection(status: number, r: Rejection): FeltApiError {
    return new FeltApiError(status, r.code, r.ruleId, r.message, r.details);
  }

  /** Maps a non-2xx HTTP answer: a RejectionSchema body is taken as is, anything else becomes `HTTP_<status>`. */
  static fromHttp(status: number, bodyText: string): FeltApiError {
    let json: unknown = undefined;
    try {
      json = bodyText === '' ? undefined : JSON.parse(bodyText);
    } catch (_e) {
      json = undefined; // not JSON (a proxy's HTML page, …): handled below
    }
    const r = RejectionSchema.safeParse(json);
    if (r.success) return FeltApiError.fromRejection(status, r.data);
    const text = bodyText.trim().slice(0, 200);
    return new FeltApiError(status, `HTTP_${status}`, null, text === '' ? `HTTP ${status}` : `HTTP ${status}: ${text}`);
  }

  static client(code: ClientErrorCode, message: string, cause?: unknown): FeltApiError {
    return new FeltApiError(0, code, null, message, undefined, cause === undefined ? undefined : { cause });
  }
}

/** A zod issue list as one line, like the server's INVALID_INPUT message (`path: message; …`). */
export function describeIssues(issues: readonly { readonly path: readonly PropertyKey[]; readonly message: string }[]): string {
  return issues
    .slice(0, 10)
    .map((i) => `${i.path.map(String).join('.') || '(body)'}: ${i.message}`)
    .join('; ');
}
