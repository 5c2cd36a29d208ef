import { afterAll, describe, expect, it } from 'vitest';
import { requireEnv, runId } from '../../../../test/support/services.js';
import { testConfig } from '../config/config.js';
import { systemClock } from '../shared/clock.js';
import { RateLimitService } from './rate-limit.service.js';

/**
 * Issue 22 §7 (drill): limits shared by every instance. Two instances behind a balancer used to give a client
 * two budgets; with REDIS_URL the budget lives in Redis: a player's 6 requests spread over two instances with a
 * burst of 4 get 4 through, whichever instance they reach.
 */
describe('rate limits shared by every instance through Redis', () => {
  const redisUrl = requireEnv('REDIS_URL');
  const limits = { user: { perSecond: 1, burst: 4 }, ip: { perSecond: 1_000, burst: 1_000 } };
  const prefix = `felt-rl-${runId()}`;
  const a = new RateLimitService(systemClock, limits, null, testConfig({ redisUrl, queuePrefix: prefix }));
  const b = new RateLimitService(systemClock, limits, null, testConfig({ redisUrl, queuePrefix: prefix }));
  const alone = new RateLimitService(systemClock, limits, null, testConfig({ redisUrl: null }));
  afterAll(() => {
    a.onApplicationShutdown();
    b.onApplicationShutdown();
  });

  it("one player's burst is one budget across two instances; another player has their own", async () => {
    expect(await a.sharedReady()).toBe(true);
    expect(await b.sharedReady()).toBe(true);
    const who = { userId: 'p-shared', role: 'player' };
    const results: (string | null)[] = [];
    for (const inst of [a, b, a, b, a, b]) results.push((await inst.admit(who))?.code ?? null);
    expect(results.filter((r) => r === null)).toHaveLength(4);
    expect(results.slice(4)).toEqual(['RATE_LIMITED', 'RATE_LIMITED']);
    const refused = await b.admit(who);
    expect(refused?.details?.['retryAfterMs']).toBeGreaterThan(0);
    expect(await a.admit({ userId: 'p-other', role: 'player' })).toBeNull();
    // staff are limited by address only
    for (let i = 0; i < 6; i += 1) expect(await b.admit({ userId: 'boss', role: 'pitboss' })).toBeNull();
  });

  it('Redis unreachable: never open — the instance keeps limiting (local buckets + the insurance limiter)', async () => {
    const down = new RateLimitService(systemClock, limits, null, testConfig({ redisUrl: 'redis://127.0.0.1:1', queuePrefix: prefix }));
    try {
      const results: (string | null)[] = [];
      for (let i = 0; i < 6; i += 1) results.push((await down.admit({ userId: 'p-down', role: 'player' }))?.code ?? null);
      expect(results.filter((r) => r === null)).toHaveLength(4);
    } finally {
      down.onApplicationShutdown();
    }
  });

  it('without Redis each instance counts alone (the old behaviour: N instances, N budgets)', async () => {
    const who = { userId: 'p-alone', role: 'player' };
    const results: (string | null)[] = [];
    for (let i = 0; i < 6; i += 1) results.push((await alone.admit(who))?.code ?? null);
    expect(results.filter((r) => r === null)).toHaveLength(4);
  });
});
