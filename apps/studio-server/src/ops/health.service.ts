import { Inject, Injectable, ServiceUnavailableException, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { HealthCheckService, HealthIndicatorService, type HealthCheckResult, type HealthIndicatorResult } from '@nestjs/terminus';
import { Redis } from 'ioredis';
import { FELT_CONFIG, type FeltConfig } from '../config/config.js';

/** The components `/health` reports (issue 12 point 5: database, Redis, broker, queues). */
export const HEALTH_COMPONENTS = ['db', 'redis', 'broker', 'queue'] as const;
export type HealthComponent = (typeof HEALTH_COMPONENTS)[number];
export type ProbeResult = 'up' | 'down';

/** `GET /health` (200 ok / 503 error): Terminus's result (`info`, `error`, `details` per component) plus one flat field per component. */
export interface HealthReport extends Record<HealthComponent, ProbeResult> {
  readonly status: 'ok' | 'error';
  readonly info: HealthCheckResult['info'];
  readonly error: HealthCheckResult['error'];
  /** Why each down component is down. */
  readonly details: Partial<Record<HealthComponent, string>>;
}

/**
 * Health through @nestjs/terminus: every module registers a probe for its component (persistence → db,
 * mqtt → broker, settlement → queue; Redis is probed here when REDIS_URL is set); a probe throws (or
 * times out) when its service is unreachable, and Terminus's HealthCheckService runs them all.
 */
@Injectable()
export class HealthService implements OnModuleInit, OnApplicationShutdown {
  private readonly probes = new Map<HealthComponent, () => Promise<void>>();
  private redis: Redis | null = null;
  private lastRedisError: string | null = null;

  constructor(
    private readonly terminus: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
    @Inject(FELT_CONFIG) private readonly config: FeltConfig,
  ) {}

  onModuleInit(): void {
    const url = this.config.redisUrl;
    if (url === null) {
      this.register('redis', async () => undefined); // not used: jobs run in-process
      return;
    }
    this.register('redis', async () => {
      // one connection per probe attempt cycle: no background reconnect loop, the next probe connects again
      if (this.redis === null) {
        this.redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 1500, retryStrategy: () => null });
        this.redis.on('error', (e: Error) => {
          this.lastRedisError = e.message; // reported by the failing probe; ioredis would print it otherwise
        });
      }
      if (this.redis.status === 'wait' || this.redis.status === 'end') await this.redis.connect();
      if ((await this.redis.ping()) !== 'PONG') throw new Error(`redis did not answer PING${this.lastRedisError ? ` (${this.lastRedisError})` : ''}`);
    });
  }

  async onApplicationShutdown(): Promise<void> {
    this.redis?.disconnect();
    this.redis = null;
  }

  private draining = false;

  /**
   * SIGTERM (issue 22 §10): from now on readiness answers 503 so the load balancer stops sending new
   * requests, while this instance finishes what it has (liveness stays 200: do not restart it).
   */
  markDraining(): void {
    this.draining = true;
  }

  isDraining(): boolean {
    return this.draining;
  }

  register(component: HealthComponent, probe: () => Promise<void>): void {
    this.probes.set(component, probe);
  }

  async check(timeoutMs = 2000): Promise<HealthReport> {
    let result: HealthCheckResult;
    try {
      result = await this.terminus.check(HEALTH_COMPONENTS.map((c) => () => this.indicate(c, timeoutMs)));
    } catch (e) {
      if (!(e instanceof ServiceUnavailableException)) throw e;
      result = e.getResponse() as HealthCheckResult;
    }
    const flat = Object.fromEntries(HEALTH_COMPONENTS.map((c) => [c, result.details[c]?.status === 'up' ? 'up' : 'down'])) as Record<HealthComponent, ProbeResult>;
    const details: Partial<Record<HealthComponent, string>> = {};
    for (const c of HEALTH_COMPONENTS) {
      const d = result.details[c];
      if (d?.status !== 'up') details[c] = typeof d?.['message'] === 'string' ? d['message'] : 'down';
    }
    return { status: result.status === 'ok' ? 'ok' : 'error', ...flat, info: result.info, error: result.error, details };
  }

  private async indicate(c: HealthComponent, timeoutMs: number): Promise<HealthIndicatorResult<HealthComponent>> {
    const session = this.indicators.check(c);
    const probe = this.probes.get(c);
    if (probe === undefined) return session.down({ message: 'no probe registered' });
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        probe(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
        }),
      ]);
      return session.up();
    } catch (err) {
      return session.down({ message: err instanceof Error ? err.message : String(err) });
    } finally {
      clearTimeout(timer);
    }
  }
}
