import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { LoggerModule, type Params } from 'nestjs-pino';
import type { DestinationStream } from 'pino';
import { Observable } from 'rxjs';
import type { LogLevelName } from '../config/config.js';
import { logFields, withLogContext } from '../shared/log-context.js';

/** Request ids: the caller's `x-request-id` when it sends a sane one (a proxy's), else a new UUID; echoed in the response. */
export function requestId(req: IncomingMessage, res: ServerResponse): string {
  const existing = (req as IncomingMessage & { id?: unknown }).id;
  if (typeof existing === 'string') return existing;
  const header = req.headers['x-request-id'];
  const id = typeof header === 'string' && /^[A-Za-z0-9._:-]{1,100}$/.test(header) ? header : randomUUID();
  res.setHeader('x-request-id', id);
  return id;
}

/**
 * Structured logs through pino (nestjs-pino): one JSON object per line, `reqId` on every line of a
 * request, `tableId`/`roundId`/`deviceId` from the log context (log-context.ts) wherever they apply,
 * secrets redacted. `destination` is for tests.
 */
export function pinoParams(level: LogLevelName, destination?: DestinationStream): Params {
  const options = {
    level,
    genReqId: requestId,
    quietReqLogger: true,
    customAttributeKeys: { reqId: 'reqId' },
    // the completion line: the route's table/round (express has matched the route by then)
    customProps: (req: IncomingMessage) => pick((req as IncomingMessage & { params?: unknown }).params),
    mixin: () => ({ ...logFields() }),
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'password', 'token', 'refreshToken', 'secret'], censor: '[redacted]' },
    timestamp: () => `,"time":"${new Date().toISOString()}"`,
    // A refused flood (429 RATE_LIMITED) is counted in /metrics, not logged line by line: a flooder must
    // not be able to flood the logs, nor make the server spend its CPU writing them (issue 9 finding 7).
    customLogLevel: (_req: IncomingMessage, res: ServerResponse, err?: Error) =>
      err !== undefined || res.statusCode >= 500 ? 'error' : res.statusCode === 429 ? 'debug' : res.statusCode >= 400 ? 'warn' : 'info',
  };
  return { pinoHttp: destination === undefined ? options : [options, destination] };
}

export const loggerModule = (level: LogLevelName, destination?: DestinationStream) => LoggerModule.forRoot(pinoParams(level, destination));

/**
 * Puts the route's `tableId` / `roundId` (and a body's) into the log context for the handler, so every
 * line it writes carries them (HTTP; WebSocket messages carry `tableId` in their data).
 */
@Injectable()
export class LogContextInterceptor implements NestInterceptor {
  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    const fields = ctx.getType() === 'http' ? fromHttp(ctx.switchToHttp().getRequest<{ params?: Record<string, unknown>; body?: unknown }>()) : ctx.getType() === 'ws' ? pick(ctx.switchToWs().getData()) : {};
    return new Observable((sub) => {
      const inner = withLogContext(fields, () => next.handle().subscribe(sub));
      return () => inner.unsubscribe();
    });
  }
}

function fromHttp(req: { params?: Record<string, unknown>; body?: unknown }): Record<string, string> {
  return { ...pick(req.body), ...pick(req.params) };
}

function pick(o: unknown): Record<string, string> {
  if (typeof o !== 'object' || o === null) return {};
  const r = o as Record<string, unknown>;
  const out: Record<string, string> = {};
  for (const k of ['tableId', 'roundId', 'deviceId'] as const) if (typeof r[k] === 'string') out[k] = r[k];
  return out;
}
