import { Inject, Injectable, Optional, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { FELT_CONFIG, type FeltConfig } from '../config/config.js';
import { HttpAdapterHost } from '@nestjs/core';
import { clientAddress, type TrustFn } from '../shared/client-address.js';
import type { Violation } from '@felt-studio/games';
import { z } from 'zod';
import { CLOCK, type Clock } from '../shared/clock.js';

/** A token bucket: `perSecond` sustained, `burst` at once. */
export interface Rate {
  readonly perSecond: number;
  readonly burst: number;
}

interface Bucket {
  tokens: number;
  at: number;
}

/** Buckets kept at most; idle ones (full again) are dropped first. */
const MAX_BUCKETS = 100_000;

/** Token buckets by key (pure apart from the time passed in). */
export class TokenBuckets {
  private readonly buckets = new Map<string, Bucket>();
  constructor(private readonly rate: Rate) {}

  /** 0 when a token was taken, else the milliseconds until one is available (nothing taken). */
  take(key: string, now: number): number {
    const b = this.buckets.get(key) ?? { tokens: this.rate.burst, at: now };
    b.tokens = Math.min(this.rate.burst, b.tokens + ((now - b.at) / 1000) * this.rate.perSecond);
    b.at = now;
    if (b.tokens < 1) {
      this.buckets.set(key, b);
      return Math.ceil(((1 - b.tokens) / this.rate.perSecond) * 1000);
    }
    b.tokens -= 1;
    if (!this.buckets.has(key) && this.buckets.size >= MAX_BUCKETS) this.prune(now);
    this.buckets.set(key, b);
    return 0;
  }

  /** What `take` would answer, taking nothing: 0 when a token is available, else the milliseconds until one is. */
  peek(key: string, now: number): number {
    const b = this.buckets.get(key);
    if (b === undefined) return 0;
    const tokens = Math.min(this.rate.burst, b.tokens + ((now - b.at) / 1000) * this.rate.perSecond);
    return tokens >= 1 ? 0 : Math.ceil(((1 - tokens) / this.rate.perSecond) * 1000);
  }

  private prune(now: number): void {
    for (const [k, b] of this.buckets) if (b.tokens + ((now - b.at) / 1000) * this.rate.perSecond >= this.rate.burst) this.buckets.delete(k);
    if (this.buckets.size >= MAX_BUCKETS) this.buckets.clear();
  }
}

const rateSchema = z
  .string()
  .regex(/^\d+(\.\d+)?\/\d+$/, 'a rate is "<per second>/<burst>", e.g. 20/40')
  .transform((s): Rate => {
    const [p, b] = s.split('/');
    return { perSecond: Number(p), burst: Number(b) };
  });

export interface RateLimits {
  readonly user: Rate;
  readonly ip: Rate;
}

/** FELT_RATE_USER (players) / FELT_RATE_IP ("<per second>/<burst>", validated by the config's ENV_SCHEMA); defaults: 5/15 per player, 200/400 per IP. */
export function rateLimitsOf(user: string, ip: string): RateLimits {
  return { user: rateSchema.parse(user), ip: rateSchema.parse(ip) };
}

/** The limits of an environment (tests); the server reads them from its validated config. */
export function rateLimitsFromEnv(env: Readonly<Record<string, string | undefined>>): RateLimits {
  return rateLimitsOf(env['FELT_RATE_USER'] || '5/15', env['FELT_RATE_IP'] || '200/400');
}

export const RATE_LIMITS = Symbol('RATE_LIMITS');

/**
 * Issue 9 finding 7: per-user and per-IP request limits shared by REST (JwtAuthGuard) and WebSocket
 * messages (the realtime gateway): one flooding player is refused with `RATE_LIMITED` before their
 * requests reach a table's write path, so the other players' bets keep their latency.
 *
 * Issue 22 §7, two layers: `check` — this instance's token buckets, synchronous and allocation-free (the cheap
 * early rejection: a request already over its budget here is refused before any parsing or store call); and
 * `admit` — `check`, then, with REDIS_URL, the SAME budget shared by every instance in Redis
 * (`rate-limiter-flexible`'s RateLimiterRedis: `burst` points per `burst / perSecond` seconds per key, with an
 * in-memory insurance limiter that keeps counting while Redis is away — never open because the store is
 * down). N instances behind a balancer then give a client one budget, not N.
 */
@Injectable()
export class RateLimitService implements OnApplicationShutdown {
  private readonly users: TokenBuckets;
  private readonly ips: TokenBuckets;
  private readonly redis: Redis | null;
  private readonly sharedUsers: RateLimiterAbstract | null;
  private readonly sharedIps: RateLimiterAbstract | null;

  constructor(
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(RATE_LIMITS) limits: RateLimits,
    @Optional() @Inject(HttpAdapterHost) private readonly http: HttpAdapterHost | null = null,
    @Optional() @Inject(FELT_CONFIG) config: FeltConfig | null = null,
  ) {
    this.users = new TokenBuckets(limits.user);
    this.ips = new TokenBuckets(limits.ip);
    const url = config?.redisUrl ?? null;
    this.redis = url === null ? null : new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
    this.redis?.on('error', () => undefined); // the insurance limiter counts meanwhile
    const prefix = config?.queuePrefix ?? 'felt';
    this.sharedUsers = this.redis === null ? null : sharedLimiter(this.redis, `${prefix}:rl_user`, limits.user);
    this.sharedIps = this.redis === null ? null : sharedLimiter(this.redis, `${prefix}:rl_ip`, limits.ip);
  }

  onApplicationShutdown(): void {
    this.redis?.disconnect();
  }

  /** Resolves once the shared store is connected (tests; until then the insurance limiters count). False without Redis. */
  async sharedReady(timeoutMs = 5_000): Promise<boolean> {
    const redis = this.redis;
    if (redis === null) return false;
    const end = Date.now() + timeoutMs;
    while (redis.status !== 'ready') {
      if (Date.now() > end) return false;
      await new Promise((r) => setTimeout(r, 10));
    }
    return true;
  }

  /**
   * `check`, then the budget shared by every instance (Redis). null when allowed; else RATE_LIMITED with
   * `retryAfterMs`. Without Redis it is `check`.
   */
  async admit(who: { readonly userId?: string | null; readonly role?: string | null; readonly ip?: string | null }): Promise<Violation | null> {
    const local = this.check(who);
    if (local !== null || this.redis === null) return local;
    if (who.ip && this.sharedIps !== null) {
      const wait = await consumeShared(this.sharedIps, who.ip);
      if (wait > 0) return limited('address', wait);
    }
    if (who.userId && who.role === 'player' && this.sharedUsers !== null) {
      const wait = await consumeShared(this.sharedUsers, who.userId);
      if (wait > 0) return limited('account', wait);
    }
    return null;
  }

  /**
   * null when allowed; else the RATE_LIMITED violation (with `retryAfterMs`). The per-account limit is
   * for players (a pit boss's dashboard loading a dozen views at once is not a flood); every caller
   * counts against its address.
   */
  /**
   * A socket's client address (issue 22 §7): the same rule as REST's `req.ip` — X-Forwarded-For only
   * through the proxies FELT_TRUST_PROXY trusts (Express's compiled `trust proxy fn`).
   */
  socketAddress(handshake: { readonly headers: import('node:http').IncomingHttpHeaders; readonly address: string }): string {
    const app = this.http?.httpAdapter?.getInstance() as { get?(k: string): unknown } | undefined;
    const fn = app?.get?.('trust proxy fn');
    return clientAddress(handshake, typeof fn === 'function' ? (fn as TrustFn) : null);
  }

  /**
   * Issue 22 §5, refuse before work: the RATE_LIMITED `check` would answer now, taking nothing — for a
   * WebSocket frame that is dropped before it is even decoded (realtime/early-frames.ts); a frame that
   * passes is charged as usual when its message is processed.
   */
  wouldRefuse(who: { readonly userId?: string | null; readonly role?: string | null; readonly ip?: string | null }): Violation | null {
    const now = this.clock.now();
    const byIp = who.ip ? this.ips.peek(who.ip, now) : 0;
    if (byIp > 0) return limited('address', byIp);
    const byUser = who.userId && who.role === 'player' ? this.users.peek(who.userId, now) : 0;
    return byUser > 0 ? limited('account', byUser) : null;
  }

  check(who: { readonly userId?: string | null; readonly role?: string | null; readonly ip?: string | null }): Violation | null {
    const now = this.clock.now();
    if (who.ip) {
      const wait = this.ips.take(who.ip, now);
      if (wait > 0) return limited('address', wait);
    }
    if (who.userId && who.role === 'player') {
      const wait = this.users.take(who.userId, now);
      if (wait > 0) return limited('account', wait);
    }
    return null;
  }
}

const limited = (what: 'account' | 'address', retryAfterMs: number): Violation => ({
  code: 'RATE_LIMITED',
  ruleId: null,
  message: `Too many requests from this ${what}; try again in ${Math.max(1, Math.ceil(retryAfterMs / 100) / 10)} s.`,
  details: { retryAfterMs },
});

/** One budget in Redis: `burst` points per `burst / perSecond` seconds (a fixed window the size of a full bucket refill). */
function sharedLimiter(redis: Redis, keyPrefix: string, rate: Rate): RateLimiterAbstract {
  const duration = Math.max(1, Math.ceil(rate.burst / rate.perSecond));
  const points = Math.max(1, Math.round(rate.perSecond * duration));
  return new RateLimiterRedis({ storeClient: redis, keyPrefix, points, duration, insuranceLimiter: new RateLimiterMemory({ keyPrefix, points, duration }) });
}

/** 0 when a point was taken, else the milliseconds until the window frees one. */
async function consumeShared(limiter: RateLimiterAbstract, key: string): Promise<number> {
  try {
    await limiter.consume(key);
    return 0;
  } catch (res) {
    if (res instanceof RateLimiterRes) return Math.max(1, res.msBeforeNext);
    return 0; // the store and its insurance both failed: the local buckets already limited this request
  }
}
