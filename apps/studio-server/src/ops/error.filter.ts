import { Catch, HttpException, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { ZodError } from 'zod';
import { ConcurrencyConflict, InsufficientFunds } from '../ports/persistence.port.js';
import { DomainError, type ErrorBody } from './domain-error.js';

interface HttpResponseLike {
  status(code: number): { json(body: unknown): void };
}

export interface MappedError {
  readonly status: number;
  readonly body: ErrorBody;
}

/** The one mapping of errors to HTTP (STYLE.md "Errors"): module codes → 4xx, unknown → logged 500. */
export function mapError(err: unknown): MappedError | null {
  if (err instanceof DomainError) return { status: err.status, body: err.body };
  if (err instanceof InsufficientFunds) return { status: 409, body: { code: 'INSUFFICIENT_FUNDS', ruleId: null, message: `insufficient funds: ${err.neededMinor} needed, ${err.balanceMinor} available` } };
  if (err instanceof ConcurrencyConflict) return { status: 409, body: { code: 'CONCURRENT_UPDATE', ruleId: null, message: 'the round changed concurrently, retry' } };
  if (err instanceof ZodError) {
    return { status: 400, body: { code: 'INVALID_INPUT', ruleId: null, message: err.issues.map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`).join('; ') } };
  }
  if (err instanceof HttpException) {
    const status = err.getStatus();
    const res = err.getResponse();
    const message = typeof res === 'string' ? res : typeof res === 'object' && res !== null && 'message' in res ? String((res as { message: unknown }).message) : err.message;
    const code = status === 401 ? 'UNAUTHENTICATED' : status === 403 ? 'FORBIDDEN' : status === 404 ? 'NOT_FOUND' : status === 400 ? 'INVALID_INPUT' : `HTTP_${status}`;
    return { status, body: { code, ruleId: null, message } };
  }
  return null;
}

@Catch()
export class ErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('ErrorFilter');

  catch(err: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') throw err; // WebSocket/RPC transports map their own errors
    const res = host.switchToHttp().getResponse<HttpResponseLike>();
    const mapped = mapError(err);
    if (mapped !== null) {
      if (mapped.status >= 500) this.logger.error(err instanceof Error ? err : String(err));
      res.status(mapped.status).json(mapped.body);
      return;
    }
    this.logger.error(err instanceof Error ? err : String(err));
    res.status(500).json({ code: 'INTERNAL', ruleId: null, message: 'internal error' });
  }
}
