import { Catch, HttpException, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { ZodError } from 'zod';
import { ConcurrencyConflict, DuplicateKey, InsufficientFunds } from '../shared/ports/persistence.port.js';
import { DomainError, type ErrorBody } from '../shared/domain-error.js';
import { errorBodyOf, statusOf, type ServerErrorCode } from '../shared/error-codes.js';
import { isStoreUnavailable, STORE_RETRY_AFTER_MS } from '../shared/store-unavailable.js';

interface HttpResponseLike {
  status(code: number): { json(body: unknown): void };
  setHeader?(name: string, value: string): void;
}

export interface MappedError {
  readonly status: number;
  readonly body: ErrorBody;
}

const coded = (code: ServerErrorCode, message: string, details?: Record<string, unknown>): MappedError => ({ status: statusOf(code), body: errorBodyOf({ code, ruleId: null, message, ...(details ? { details } : {}) }) });

/** The framework's own HTTP errors, by status, onto the closed code set. */
const httpCode = (status: number): ServerErrorCode => (status === 401 ? 'UNAUTHENTICATED' : status === 403 ? 'FORBIDDEN' : status === 404 ? 'NOT_FOUND' : status === 413 ? 'PAYLOAD_TOO_LARGE' : status >= 500 ? 'INTERNAL' : 'INVALID_INPUT');

/**
 * Errors → HTTP (STYLE.md "Errors"): every code and status from the one mapping (ops/error-codes.ts);
 * null → the caller logs it and answers 500 INTERNAL.
 */
export function mapError(err: unknown): MappedError | null {
  if (err instanceof DomainError) return { status: err.status, body: err.body };
  if (err instanceof InsufficientFunds) return coded('INSUFFICIENT_FUNDS', `insufficient funds: ${err.neededMinor} needed, ${err.balanceMinor} available`, { balanceMinor: err.balanceMinor, neededMinor: err.neededMinor });
  if (err instanceof ConcurrencyConflict) return coded('CONCURRENT_UPDATE', 'the round changed concurrently, retry');
  if (err instanceof DuplicateKey && err.entity === 'bet') return coded('BET_ID_CONFLICT', `Bet id ${err.key} was already used for another bet.`, { betId: err.key });
  if (isStoreUnavailable(err)) return coded('STORE_UNAVAILABLE', 'The database cannot be reached right now; nothing was accepted. Retry shortly.', { retryable: true, retryAfterMs: STORE_RETRY_AFTER_MS });
  if (err instanceof ZodError) return coded('INVALID_INPUT', err.issues.map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`).join('; '));
  // body-parser's own errors (issue 22 §9): a body over the limit is 413, unreadable JSON 400 — never a 500 with a stack.
  const bp = bodyParserError(err);
  if (bp !== null) return bp;
  if (err instanceof HttpException) {
    const status = err.getStatus();
    const res = err.getResponse();
    const message = typeof res === 'string' ? res : typeof res === 'object' && res !== null && 'message' in res ? String((res as { message: unknown }).message) : err.message;
    const code = httpCode(status);
    return code === 'INTERNAL' ? null : coded(code, message);
  }
  return null;
}

/** body-parser (http-errors) failures: `{ status, type: 'entity.too.large' | 'entity.parse.failed' | … , expose: true }`. */
function bodyParserError(err: unknown): MappedError | null {
  if (!(err instanceof Error)) return null;
  const e = err as Error & { status?: unknown; type?: unknown; limit?: unknown };
  if (typeof e.type !== 'string' || typeof e.status !== 'number' || e.status < 400 || e.status >= 500) return null;
  if (e.type === 'entity.too.large') return coded('PAYLOAD_TOO_LARGE', `The request body is larger than the server accepts${typeof e.limit === 'number' ? ` (${e.limit} bytes)` : ''}.`);
  return coded('INVALID_INPUT', `The request body could not be read (${e.type}): ${e.message}`);
}

/** The methods a path has in the app (issue 22 §9: a known path with another method is 405, not 404). */
export type MethodsOf = (path: string) => readonly string[];

@Catch()
export class ErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('ErrorFilter');

  constructor(private readonly methodsOf: MethodsOf | null = null) {}

  catch(err: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') throw err; // WebSocket/RPC transports map their own errors
    const res = host.switchToHttp().getResponse<HttpResponseLike>();
    if (err instanceof HttpException && err.getStatus() === 404 && this.methodsOf !== null) {
      const req = host.switchToHttp().getRequest<{ readonly path?: string; readonly method?: string }>();
      const allowed = req.path === undefined ? [] : this.methodsOf(req.path).filter((m) => m !== req.method);
      if (allowed.length > 0) {
        res.setHeader?.('Allow', allowed.join(', '));
        res.status(405).json(coded('METHOD_NOT_ALLOWED', `${req.method ?? '?'} is not allowed on ${req.path ?? '?'} (allowed: ${allowed.join(', ')}).`).body);
        return;
      }
    }
    const mapped = mapError(err);
    if (mapped !== null) {
      if (mapped.status >= 500) this.logger.error(err instanceof Error ? err : String(err));
      const retryAfterMs = mapped.body.details?.['retryAfterMs'];
      if (typeof retryAfterMs === 'number' && typeof res.setHeader === 'function') res.setHeader('Retry-After', String(Math.max(1, Math.ceil(retryAfterMs / 1000))));
      res.status(mapped.status).json(mapped.body);
      return;
    }
    this.logger.error(err instanceof Error ? err : String(err));
    res.status(500).json({ code: 'INTERNAL', ruleId: null, message: 'internal error' });
  }
}
