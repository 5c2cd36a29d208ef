import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';

/**
 * Login protection (issue 22 §8), with `rate-limiter-flexible` (memory per instance, or Redis shared by
 * every instance when REDIS_URL is set): the check runs BEFORE the password hash is computed, so a
 * refused attempt costs no scrypt.
 * - per account + address: 5 wrong passwords in an hour lock that pair, 1 min the first time and
 *   doubling with each further lockout that day, at most 1 h (a success clears the count);
 * - per account from any address: 20 wrong passwords in an hour lock the account for 15 min
 *   (a distributed guess);
 * - per address: 100 wrong passwords in a day block the address for the rest of the day.
 */
export interface LoginThrottleOptions {
  readonly pairFailures: number;
  readonly accountFailures: number;
  readonly addressFailuresPerDay: number;
  readonly baseLockS: number;
  readonly maxLockS: number;
}

export const LOGIN_THROTTLE_DEFAULTS: LoginThrottleOptions = { pairFailures: 5, accountFailures: 20, addressFailuresPerDay: 100, baseLockS: 60, maxLockS: 3600 };

export interface LoginLock {
  /** The lock that just began (seconds) and why; null when this failure locked nothing new. */
  readonly lockedS: number;
  readonly scope: 'account+address' | 'account' | 'address';
}

const HOUR = 3600;
const DAY = 86_400;

export class LoginThrottle {
  private readonly pair: RateLimiterAbstract;
  private readonly lockouts: RateLimiterAbstract;
  private readonly account: RateLimiterAbstract;
  private readonly address: RateLimiterAbstract;

  constructor(
    redis: Redis | null,
    private readonly o: LoginThrottleOptions = LOGIN_THROTTLE_DEFAULTS,
    prefix = 'felt',
  ) {
    const make = (keyPrefix: string, points: number, duration: number, blockDuration = 0): RateLimiterAbstract =>
      redis === null
        ? new RateLimiterMemory({ keyPrefix, points, duration, blockDuration })
        : // Redis away: this instance's memory keeps counting (never open the door because the store is down)
          new RateLimiterRedis({ storeClient: redis, keyPrefix: `${prefix}:${keyPrefix}`, points, duration, blockDuration, insuranceLimiter: new RateLimiterMemory({ keyPrefix, points, duration, blockDuration }) });
    this.pair = make('login_pair', o.pairFailures, HOUR);
    this.lockouts = make('login_lockouts', 1000, DAY);
    this.account = make('login_account', o.accountFailures, HOUR, 15 * 60);
    this.address = make('login_address', o.addressFailuresPerDay, DAY, DAY);
  }

  /** 0 when the attempt may be checked; else the milliseconds until it may (nothing is counted). */
  async retryAfterMs(username: string, address: string): Promise<number> {
    const [p, a, ip] = await Promise.all([this.pair.get(pairKey(username, address)), this.account.get(username.toLowerCase()), this.address.get(address)]);
    const over = (r: Awaited<ReturnType<RateLimiterAbstract['get']>>, points: number): number => (r !== null && r.consumedPoints > points ? r.msBeforeNext : 0);
    return Math.max(over(p, this.o.pairFailures), over(a, this.o.accountFailures), over(ip, this.o.addressFailuresPerDay));
  }

  /** A wrong password: counted everywhere; returns the lock that began with it, if any. */
  async failed(username: string, address: string): Promise<LoginLock | null> {
    const [p, a, ip] = await Promise.all([consume(this.pair, pairKey(username, address)), consume(this.account, username.toLowerCase()), consume(this.address, address)]);
    if (p === this.o.pairFailures) {
      const n = await consume(this.lockouts, pairKey(username, address));
      const lockedS = Math.min(this.o.maxLockS, this.o.baseLockS * 2 ** Math.max(0, n - 1));
      await this.pair.block(pairKey(username, address), lockedS);
      return { lockedS, scope: 'account+address' };
    }
    if (a === this.o.accountFailures + 1) return { lockedS: 15 * 60, scope: 'account' };
    if (ip === this.o.addressFailuresPerDay + 1) return { lockedS: DAY, scope: 'address' };
    return null;
  }

  /** The right password: the pair's count starts again (the lockout history of the day stays). */
  async succeeded(username: string, address: string): Promise<void> {
    await this.pair.delete(pairKey(username, address));
  }
}

const pairKey = (username: string, address: string): string => `${username.toLowerCase()}|${address}`;

/** Consumes a point; the points consumed now (a refusal past the limit still reports them). */
async function consume(l: RateLimiterAbstract, key: string): Promise<number> {
  try {
    return (await l.consume(key)).consumedPoints;
  } catch (r) {
    if (r instanceof Error) throw r; // the store failed
    return (r as { consumedPoints: number }).consumedPoints;
  }
}
