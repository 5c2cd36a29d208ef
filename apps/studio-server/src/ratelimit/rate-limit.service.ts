import { Inject, Injectable, Optional } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { clientAddress, type TrustFn } from '../shared/client-address.js';
import type { Violation } from '@felt/games';
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
 * requests reach a table's write path, so the other players' bets keep their latency. In memory per
 * instance (a limit per instance is what protects that instance's tables).
 */
@Injectable()
export class RateLimitService {
  private readonly users: TokenBuckets;
  private readonly ips: TokenBuckets;

  constructor(
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(RATE_LIMITS) limits: RateLimits,
    @Optional() @Inject(HttpAdapterHost) private readonly http: HttpAdapterHost | null = null,
  ) {
    this.users = new TokenBuckets(limits.user);
    this.ips = new TokenBuckets(limits.ip);
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
