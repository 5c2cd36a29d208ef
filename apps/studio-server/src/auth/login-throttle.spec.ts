import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuditService } from '../audit/audit.service.js';
import { bootTestApp } from '../../../../test/support/studio-server/test-app.js';
import { LoginThrottle } from './login-throttle.js';

describe('login throttle (issue 22 §8): per account+address with back-off, per account, per address', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('5 wrong passwords lock the pair 1 min, the next lockout that day 2 min; a success clears the count', async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 27, 12) });
    const t = new LoginThrottle(null);
    for (let i = 1; i <= 4; i++) expect(await t.failed('admin1', '10.0.0.1')).toBeNull();
    expect(await t.retryAfterMs('admin1', '10.0.0.1')).toBe(0);
    expect(await t.failed('admin1', '10.0.0.1')).toEqual({ lockedS: 60, scope: 'account+address' });
    expect(await t.retryAfterMs('admin1', '10.0.0.1')).toBeGreaterThan(59_000);
    expect(await t.retryAfterMs('ADMIN1', '10.0.0.1')).toBeGreaterThan(59_000); // usernames are not case-tricks
    expect(await t.retryAfterMs('admin1', '10.0.0.2')).toBe(0); // another address is not locked out by this pair
    vi.advanceTimersByTime(61_000);
    expect(await t.retryAfterMs('admin1', '10.0.0.1')).toBe(0);
    for (let i = 1; i <= 4; i++) await t.failed('admin1', '10.0.0.1');
    expect(await t.failed('admin1', '10.0.0.1')).toEqual({ lockedS: 120, scope: 'account+address' });
    vi.advanceTimersByTime(121_000);
    for (let i = 1; i <= 4; i++) await t.failed('player1', '10.0.0.9');
    await t.succeeded('player1', '10.0.0.9');
    for (let i = 1; i <= 4; i++) expect(await t.failed('player1', '10.0.0.9')).toBeNull(); // counted from zero again
  });

  it('a guess spread over many addresses locks the account; one address guessing many accounts is blocked for the day', async () => {
    const t = new LoginThrottle(null);
    let lock = null;
    for (let i = 0; i < 21; i++) lock = (await t.failed('pitboss1', `10.1.0.${i}`)) ?? lock;
    expect(lock).toEqual({ lockedS: 900, scope: 'account' });
    expect(await t.retryAfterMs('pitboss1', '10.9.9.9')).toBeGreaterThan(800_000);
    let ip = null;
    for (let i = 0; i < 101; i++) ip = (await t.failed(`user${i}`, '10.2.0.1')) ?? ip;
    expect(ip).toMatchObject({ scope: 'address' });
    expect(await t.retryAfterMs('someone-else', '10.2.0.1')).toBeGreaterThan(80_000_000);
  });
});

describe('POST /auth/login under a brute force (issue 22 §8, the audit: 25 wrong passwords were all 401)', () => {
  it('is refused with 429 RATE_LIMITED + Retry-After after 5 wrong passwords, audited; behind a trusted proxy another client is not affected (issue 22 §7)', async () => {
    const t = await bootTestApp({ full: true, config: { demo: true, trustProxy: 'loopback' } });
    try {
      const login = (password: string, client: string) => fetch(`${t.url}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': client }, body: JSON.stringify({ username: 'admin1', password }) });
      const statuses: number[] = [];
      let last: Response | null = null;
      for (let i = 0; i < 25; i++) {
        last = await login(`wrong-${i}`, '203.0.113.7');
        statuses.push(last.status);
      }
      expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
      expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
      expect(last?.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(await last?.json()).toMatchObject({ code: 'RATE_LIMITED', details: { scope: 'login' } });
      // the right password from the attacker's address waits too; from the real admin's address it works
      expect((await login('demo', '203.0.113.7')).status).toBe(429);
      expect((await login('demo', '198.51.100.4')).status).toBe(200);
      const audit = await t.get(AuditService).list(50);
      expect(audit.some((a) => a.action === 'auth.login.locked' && a.target === 'user:admin1' && a.reason.includes('203.0.113.7'))).toBe(true);
    } finally {
      await t.close();
    }
  });
});
