/**
 * Boots the whole studio server for tests (in-memory persistence, embedded MQTT on a free port,
 * in-process jobs by default) and listens on a random port. Used by platform and rounds specs.
 */
import type { DynamicModule, INestApplication, Provider, Type } from '@nestjs/common';
import type { DestinationStream } from 'pino';
import { Test } from '@nestjs/testing';
import { CLOCK, IDS, SequentialIds, type Clock, type Ids } from '../../../apps/studio-server/src/shared/clock.js';
import { testConfig, type FeltConfig } from '../../../apps/studio-server/src/config/config.js';
import { configureApp } from '../../../apps/studio-server/src/app.factory.js';
import { RATE_LIMITS, rateLimitsFromEnv } from '../../../apps/studio-server/src/ratelimit/rate-limit.service.js';
import { PlatformModule } from '../../../apps/studio-server/src/platform.module.js';
import type { TableCommandDefinition } from '../../../apps/studio-server/src/shared/commands/command.types.js';

export interface TestAppOptions {
  /** true: the whole AppModule (platform + rounds modules); default: PlatformModule only (+ `imports`). */
  readonly full?: boolean;
  readonly config?: Partial<FeltConfig>;
  /** Extra modules (e.g. a fake SETTLEMENT_SOURCE module, or the rounds modules). */
  readonly imports?: readonly (Type<unknown> | DynamicModule)[];
  readonly providers?: readonly Provider[];
  readonly clock?: Clock;
  readonly ids?: Ids;
  /** Called with the app before `configureApp` (e.g. extra middleware such as the web apps). */
  readonly configure?: (app: INestApplication) => void;
  /** Table-command definitions of no module (with `full`): each gets its REST route, WS message, OpenAPI operation and forwarding. */
  readonly commands?: readonly TableCommandDefinition[];
  /** Capture the pino log lines (with `config.logLevel`, default silent). */
  readonly logDestination?: DestinationStream;
}

export interface TestApp {
  readonly app: INestApplication;
  readonly url: string;
  readonly config: FeltConfig;
  get<T>(token: string | symbol | Type<T>): T;
  close(): Promise<void>;
}

export async function bootTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const config = testConfig(opts.config);
  // The rounds modules are loaded only when asked for, so platform tests never depend on them.
  const root = opts.full === true ? (await import('../../../apps/studio-server/src/app.module.js')).AppModule.forRoot(config, { logDestination: opts.logDestination }, opts.commands ?? []) : PlatformModule.forRoot(config, { logDestination: opts.logDestination });
  let builder = Test.createTestingModule({ imports: [{ ...root, imports: [...(root.imports ?? []), ...(opts.imports ?? [])], providers: [...(root.providers ?? []), ...(opts.providers ?? [])] }] });
  if (opts.clock !== undefined) builder = builder.overrideProvider(CLOCK).useValue(opts.clock);
  builder = builder.overrideProvider(IDS).useValue(opts.ids ?? new SequentialIds());
  // Tests and benchmarks fire bets as fast as they can: no rate limit unless FELT_RATE_USER / FELT_RATE_IP ask for one.
  builder = builder.overrideProvider(RATE_LIMITS).useValue(rateLimitsFromEnv({ FELT_RATE_USER: '1000000/1000000', FELT_RATE_IP: '1000000/1000000', ...process.env }));
  const moduleRef = await builder.compile();
  const app = moduleRef.createNestApplication({ logger: false, rawBody: true });
  opts.configure?.(app);
  configureApp(app);
  await app.listen(0, '127.0.0.1');
  const url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  return {
    app,
    url,
    config,
    get: <T>(token: string | symbol | Type<T>): T => app.get<T>(token as never, { strict: false }),
    close: () => app.close(),
  };
}
