import type { INestApplication } from '@nestjs/common';
import { Logger } from 'nestjs-pino';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module.js';
import { FELT_CONFIG, settingOf, type FeltConfig } from './config/config.js';
import { clientAddress, trustProxySetting, type TrustFn } from './shared/client-address.js';
import type { IncomingMessage, Server as HttpServer, ServerResponse } from 'node:http';
import { ErrorFilter } from './ops/error.filter.js';
import { MetricsService } from './ops/metrics.service.js';
import { serveOpenApi } from './openapi/openapi.js';
import { serveWebApps } from './ops/web-apps.js';
import { INTAKE_BARRIER, type IntakeBarrier } from './shared/host/intake-barrier.js';
import { arrivalMiddleware } from './commands/arrival.middleware.js';
import { RateLimitService } from './ratelimit/rate-limit.service.js';
import { AuthService } from './auth/auth.service.js';
import { earlyRateLimit } from './ratelimit/early-limit.middleware.js';

/** What the error filter reads of an Express 5 router layer (router@2). */
interface RouterLayer {
  readonly route?: { readonly methods: Readonly<Record<string, boolean>> };
  match(path: string): boolean;
}

interface RouteReq {
  readonly method: string;
  readonly baseUrl?: string;
  readonly route?: { readonly path?: string };
}
interface FinishRes {
  readonly statusCode: number;
  once(event: 'finish', fn: () => void): unknown;
}

/** Applies what every instance of the HTTP app needs (also used by tests on a TestingModule's app). Signals: main.ts (ops/stop.ts). */
export function configureApp(app: INestApplication): INestApplication {
  const metrics = app.get(MetricsService);
  // Issue 25 §1: bets stamped as the HTTP layer reads them (first), the close waits for them.
  const intake = app.get<IntakeBarrier | undefined>(INTAKE_BARRIER, { strict: false });
  const arrival = intake ? arrivalMiddleware(intake) : null;
  // …on the raw server ahead of the early rate limit (issue 22 §5) when it is there, else as Express's first middleware.
  if (arrival !== null && !refuseBeforeWork(app, metrics, arrival)) app.use(arrival);
  app.use((req: RouteReq, res: FinishRes, next: () => void) => {
    const end = metrics.httpDuration.startTimer();
    res.once('finish', () => end({ method: req.method, route: `${req.baseUrl ?? ''}${req.route?.path ?? ''}` || 'unmatched', status: String(res.statusCode) }));
    next();
  });
  const express = app.getHttpAdapter().getInstance() as { set(k: string, v: unknown): void; disable(k: string): void; router?: { stack?: readonly RouterLayer[] } };
  // Issue 22 §9: a known path with another method answers 405 with `Allow` (the routes as Express holds them).
  const methodsOf = (path: string): string[] => {
    const out = new Set<string>();
    for (const layer of express.router?.stack ?? []) {
      // a catch-all route (`app.all`, e.g. a proxy or the web apps' fallback) says nothing about this path's methods
      if (layer.route === undefined || layer.route.methods['_all'] === true || Object.keys(layer.route.methods).length > 8 || !layer.match(path)) continue;
      for (const [m, on] of Object.entries(layer.route.methods)) if (on && m !== '_all') out.add(m.toUpperCase());
    }
    if (out.has('GET')) out.add('HEAD');
    return [...out];
  };
  app.useGlobalFilters(new ErrorFilter(methodsOf));
  const config = app.get<FeltConfig>(FELT_CONFIG, { strict: false });
  express.disable('x-powered-by'); // issue 22 §9: no framework banner
  // Issue 22 §7: behind a load balancer the client's address comes from X-Forwarded-For of trusted proxies only.
  express.set('trust proxy', trustProxySetting(config.trustProxy ?? null));
  // Issue 22 §9: no `Access-Control-Allow-Origin: *` — only the configured origins (the apps are same-origin).
  if ((config.corsOrigins ?? []).length > 0) app.enableCors({ origin: [...(config.corsOrigins ?? [])], credentials: false });
  serveOpenApi(app); // every operation's schemas from @felt-studio/protocol (ops/openapi)
  if (arrival === null) refuseBeforeWork(app, metrics, null);
  return app;
}

/**
 * Issue 22 §5, refuse before work: the HTTP server's requests go through the early rate limit before
 * Express sees them — over its budget a request is answered 429 at once (counted in the request-duration
 * metric as `early-refused`): no Express request setup, body parser, logging, routing, authentication or zod.
 * A bet is stamped (`arrival`, issue 25 §1) first, synchronously, as before. False when the app has no limiter.
 */
function refuseBeforeWork(app: INestApplication, metrics: MetricsService, arrival: ReturnType<typeof arrivalMiddleware> | null): boolean {
  const limits = optional(app, RateLimitService);
  const auth = optional(app, AuthService);
  const server = app.getHttpServer() as HttpServer | undefined;
  if (limits === undefined || auth === undefined || server === undefined) return false;
  const express = app.getHttpAdapter().getInstance() as { get(k: string): unknown };
  const trust = (): TrustFn | null => {
    const fn = express.get('trust proxy fn');
    return typeof fn === 'function' ? (fn as TrustFn) : null;
  };
  const early = earlyRateLimit(limits, auth, (req) => clientAddress(req, trust()));
  const handlers = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const t0 = performance.now();
    arrival?.(req as IncomingMessage & { method: string; url: string }, res, () => undefined);
    early(
      req,
      res,
      () => {
        for (const h of handlers) h.call(server, req, res);
      },
      () => metrics.httpDuration.observe({ method: req.method ?? '?', route: 'early-refused', status: '429' }, (performance.now() - t0) / 1000),
    );
  });
  return true;
}

/** A provider if the app has it (test apps assemble only some modules). */
function optional<T>(app: INestApplication, type: abstract new (...args: never[]) => T): T | undefined {
  try {
    return app.get(type, { strict: false });
  } catch {
    return undefined;
  }
}

/** The production app: every Nest log line through pino (nestjs-pino's Logger, buffered until it exists). */
export async function createApp(config: FeltConfig): Promise<INestApplication> {
  const app = await NestFactory.create(AppModule.forRoot(config), { bufferLogs: true, rawBody: true });
  app.useLogger(app.get(Logger));
  const webRoot = settingOf(config, 'webRoot');
  if (webRoot !== null) serveWebApps(app, webRoot);
  else serveWebApps(app); // /play, /dealer, /pit: the web apps' production builds (when built)
  return configureApp(app);
}
