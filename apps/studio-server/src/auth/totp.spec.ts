import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditService } from '../audit/audit.service.js';
import { bootTestApp, type TestApp } from '../../../../test/support/studio-server/test-app.js';
import type { Clock } from '../shared/clock.js';
import { totpCode, totpStep, TOTP_PERIOD_S } from './totp.js';

/** A clock the test moves (TOTP codes are per 30 s step; a code is accepted once). */
class StepClock implements Clock {
  t = 1_800_000_000_000;
  now(): number {
    return this.t;
  }
  step(): void {
    this.t += TOTP_PERIOD_S * 1000;
  }
}

describe('TOTP codes (pure)', () => {
  it('a code is valid within ±1 step of its own and names its step; other strings are not codes', () => {
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const t = 1_800_000_000_000;
    const step = Math.floor(t / 1000 / TOTP_PERIOD_S);
    expect(totpStep(secret, totpCode(secret, t), t)).toBe(step);
    expect(totpStep(secret, totpCode(secret, t), t + 30_000)).toBe(step); // a step later: still that step
    expect(totpStep(secret, totpCode(secret, t), t + 90_000)).toBeNull(); // three steps later: expired
    expect(totpStep(secret, '12345', t)).toBeNull();
    expect(totpStep(secret, 'abcdef', t)).toBeNull();
  });
});

/** Issue 22 §8: TOTP for staff — enrol, confirm, log in with a code, codes used once, disable, admin reset. */
describe('staff TOTP through the API', () => {
  let t: TestApp;
  const clock = new StepClock();
  beforeAll(async () => {
    t = await bootTestApp({ config: { demo: true }, clock });
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = async (path: string, body: unknown, token?: string): Promise<{ status: number; body: Record<string, unknown> }> => {
    const res = await fetch(`${t.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const login = (username: string, totp?: string) => post('/auth/login', { username, password: 'demo', ...(totp !== undefined ? { totp } : {}) });

  it('a pit boss enrols, confirms with a code, and from then on logs in only with a fresh code', async () => {
    const first = await login('pitboss1');
    expect(first.status).toBe(200);
    const token = String(first.body['token']);
    const enrol = await post('/auth/totp/enrol', {}, token);
    expect(enrol.status).toBe(200);
    const secret = String(enrol.body['secret']);
    expect(String(enrol.body['uri'])).toMatch(/^otpauth:\/\/totp\/.*pitboss1\?.*secret=/);
    // not yet confirmed: the login still needs no code
    expect((await login('pitboss1')).status).toBe(200);
    expect(await post('/auth/totp/confirm', { code: '000000' }, token)).toMatchObject({ status: 401, body: { code: 'TOTP_INVALID' } });
    expect(await post('/auth/totp/confirm', { code: totpCode(secret, clock.now()) }, token)).toMatchObject({ status: 200, body: { enabled: true } });
    expect(await post('/auth/totp/enrol', {}, token)).toMatchObject({ status: 409, body: { code: 'TOTP_ALREADY_ENABLED' } });

    expect(await login('pitboss1')).toMatchObject({ status: 401, body: { code: 'TOTP_REQUIRED' } });
    // the code that confirmed is used: the same step again is a replay
    expect(await login('pitboss1', totpCode(secret, clock.now()))).toMatchObject({ status: 401, body: { code: 'TOTP_INVALID' } });
    clock.step();
    const code = totpCode(secret, clock.now());
    const ok = await login('pitboss1', code);
    expect(ok.status).toBe(200);
    expect(await login('pitboss1', code)).toMatchObject({ status: 401, body: { code: 'TOTP_INVALID' } }); // once only
    expect(await post('/auth/login', { username: 'pitboss1', password: 'demo', totp: '12ab56' })).toMatchObject({ status: 400 });

    // an admin resets it (lost phone): audited, and the password alone works again
    const admin = String((await login('admin1')).body['token']);
    expect(await post('/users/pitboss1/totp/reset', {}, admin)).toMatchObject({ status: 400 });
    expect(await post('/users/pitboss1/totp/reset', { reason: 'lost phone, ticket 12' }, admin)).toMatchObject({ status: 200 });
    expect((await login('pitboss1')).status).toBe(200);
    const audit = await t.get(AuditService).list(50);
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['auth.totp.enabled', 'auth.totp.reset']));
  });

  it('a dealer disables it with a current code; players cannot enrol', async () => {
    const token = String((await login('dealer1')).body['token']);
    const secret = String((await post('/auth/totp/enrol', {}, token)).body['secret']);
    clock.step();
    expect((await post('/auth/totp/confirm', { code: totpCode(secret, clock.now()) }, token)).status).toBe(200);
    expect(await post('/auth/totp/disable', { code: totpCode(secret, clock.now()) }, token)).toMatchObject({ status: 401, body: { code: 'TOTP_INVALID' } }); // used
    clock.step();
    expect(await post('/auth/totp/disable', { code: totpCode(secret, clock.now()) }, token)).toMatchObject({ status: 200, body: { enabled: false } });
    expect((await login('dealer1')).status).toBe(200);
    const player = String((await login('player1')).body['token']);
    expect(await post('/auth/totp/enrol', {}, player)).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
  });

  it('wrong codes count against the login throttle like wrong passwords', async () => {
    const token = String((await login('admin1')).body['token']);
    const secret = String((await post('/auth/totp/enrol', {}, token)).body['secret']);
    clock.step();
    expect((await post('/auth/totp/confirm', { code: totpCode(secret, clock.now()) }, token)).status).toBe(200);
    const codes: unknown[] = [];
    for (let i = 0; i < 8; i += 1) codes.push((await login('admin1', '000000')).body['code']);
    expect(codes.slice(0, 5)).toEqual(Array(5).fill('TOTP_INVALID'));
    expect(codes.slice(5)).toEqual(Array(3).fill('RATE_LIMITED'));
  });
});
