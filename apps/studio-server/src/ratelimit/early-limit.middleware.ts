import { errorBodyOf } from '../shared/error-codes.js';
import type { RateLimitService } from './rate-limit.service.js';

/** What the early limit reads of a raw request (node:http, before Express has touched it). */
export interface EarlyReq {
  readonly method?: string | undefined;
  readonly headers: import('node:http').IncomingHttpHeaders;
  readonly socket?: { readonly remoteAddress?: string | undefined };
  /** Set here: the budgets already charged for this request, so JwtAuthGuard does not charge them twice. */
  feltRate?: EarlyCharge;
}
export interface EarlyRes {
  statusCode: number;
  setHeader(name: string, value: string): unknown;
  end(body: string): unknown;
}
export interface EarlyCharge {
  /** The address's budget was charged. */
  readonly ip: true;
  /** The player whose budget was charged too (the token's identity was already known), or null. */
  readonly userId: string | null;
}

/** The identity behind a bearer token this instance already verified (AuthService.knownIdentity). */
export interface KnownIdentities {
  knownIdentity(token: string): { readonly userId: string; readonly role: string } | null;
}

/**
 * Issue 22 §5, refuse before work: the rate limit on the raw HTTP server's requests, ahead of Express
 * itself (its request setup, the body parsers, pino-http, the router), authentication and zod; the
 * address is Express's `req.ip` rule (`addressOf`: X-Forwarded-For through FELT_TRUST_PROXY only, issue 22 §7). A request that carries a bearer token is charged to its address and —
 * when it changes state and its token was already verified by this instance (the claims are kept until
 * `exp`: a flood re-sends one token) — to its player; over either budget it is answered
 * `429 RATE_LIMITED` with `details.retryAfterMs` and `Retry-After` at once: its body is never read (Node
 * discards it), no JSON parse, no zod, no signature check, no store. Requests without a bearer token
 * (login, probes, the web apps) are left to their own limits; JwtAuthGuard charges what was not charged
 * here (a token not seen before: its player after authentication).
 */
export function earlyRateLimit(limits: Pick<RateLimitService, 'admit'>, auth: KnownIdentities, addressOf: (req: EarlyReq) => string): (req: EarlyReq, res: EarlyRes, next: () => void, refused?: () => void) => void {
  return (req, res, next, refused) => {
    const header = req.headers['authorization'];
    const value = Array.isArray(header) ? header[0] : header;
    if (value === undefined || !value.startsWith('Bearer ')) {
      next();
      return;
    }
    const writes = req.method !== 'GET' && req.method !== 'HEAD';
    const who = writes ? auth.knownIdentity(value.slice(7).trim()) : null;
    const userId = who?.role === 'player' ? who.userId : null;
    limits.admit({ ip: addressOf(req), userId, role: who?.role ?? null }).then(
      (v) => {
        if (v === null) {
          req.feltRate = { ip: true, userId };
          next();
          return;
        }
        const retryAfterMs = typeof v.details?.['retryAfterMs'] === 'number' ? v.details['retryAfterMs'] : 1000;
        res.statusCode = 429;
        res.setHeader('Content-Type', 'application/json; charset=utf-8');
        res.setHeader('Retry-After', String(Math.max(1, Math.ceil(retryAfterMs / 1000))));
        const body = JSON.stringify(errorBodyOf(v));
        res.setHeader('Content-Length', String(Buffer.byteLength(body)));
        res.end(body);
        refused?.();
      },
      () => next(), // the limiter failed: the guard's own check still runs
    );
  };
}
