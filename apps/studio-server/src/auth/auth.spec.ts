import { isRobotPlayerId } from '@felt-studio/protocol';
import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlertsService } from '../alerts/alerts.service.js';
import { AuditService } from '../audit/audit.service.js';
import { bootTestApp, type TestApp } from '../../../../test/support/studio-server/test-app.js';
import { DemoSeeder } from '../wallet/demo.seeder.js';
import { WalletService } from '../wallet/wallet.service.js';
import { AuthService } from './auth.service.js';
import { ROLES, type Role } from './auth.types.js';

async function login(t: TestApp, username: string, password = 'demo'): Promise<Response> {
  return fetch(`${t.url}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
}

const tokens: Partial<Record<Role, string>> = {};
const as = (role: Role | null): Record<string, string> => (role === null ? {} : { authorization: `Bearer ${tokens[role]}` });

describe('auth: login, JWT guard, roles (demo mode)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp({ config: { demo: true } });
    for (const [role, user] of [['player', 'player1'], ['dealer', 'dealer1'], ['pitboss', 'pitboss1'], ['admin', 'admin1']] as const) {
      const res = await login(t, user);
      expect(res.status).toBe(200);
      tokens[role] = ((await res.json()) as { token: string }).token;
    }
  });
  afterAll(async () => {
    await t.close();
  });

  it('logs a demo user in and returns a token that identifies them', async () => {
    const res = await login(t, 'pitboss1');
    const body = (await res.json()) as { token: string; user: unknown };
    expect(body.user).toEqual({ userId: 'pitboss1', role: 'pitboss', name: 'Pit Boss One' });
    const me = await fetch(`${t.url}/auth/me`, { headers: { authorization: `Bearer ${body.token}` } });
    expect(await me.json()).toEqual({ userId: 'pitboss1', role: 'pitboss', name: 'Pit Boss One' });
  });

  it('rejects a wrong password and an unknown user alike (401 INVALID_CREDENTIALS)', async () => {
    for (const res of [await login(t, 'player1', 'nope'), await login(t, 'ghost')]) {
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    }
  });

  it('rejects a malformed login body with 400 INVALID_INPUT', async () => {
    const res = await fetch(`${t.url}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'player1' }) });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'INVALID_INPUT' });
  });

  it('refuses missing, forged, expired and alg-none tokens (401 UNAUTHENTICATED)', async () => {
    const forged = jwt.sign({ sub: 'admin1', role: 'admin', name: 'x' }, 'not-the-secret', { algorithm: 'HS256' });
    const expired = jwt.sign({ sub: 'admin1', role: 'admin', name: 'x', exp: Math.floor(Date.now() / 1000) - 10 }, t.config.jwtSecret, { algorithm: 'HS256' });
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from('{"sub":"admin1","role":"admin","name":"x"}').toString('base64url')}.`;
    for (const headers of [{}, { authorization: `Bearer ${forged}` }, { authorization: `Bearer ${expired}` }, { authorization: `Bearer ${none}` }, { authorization: 'Basic abc' }]) {
      const res = await fetch(`${t.url}/admin/ledger/check`, { headers });
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    }
  });

  it('verifies WebSocket handshake tokens: the user for a valid one, null otherwise', () => {
    const auth = t.get(AuthService);
    expect(auth.verify(tokens.dealer)).toEqual({ userId: 'dealer1', role: 'dealer', name: 'Dealer One' });
    expect(auth.verify('garbage')).toBeNull();
    expect(auth.verify(undefined)).toBeNull();
    expect(auth.verify(jwt.sign({ sub: 'x', role: 'croupier', name: 'x' }, t.config.jwtSecret))).toBeNull(); // unknown role
  });

  // The authorization matrix of the platform endpoints (every endpoint × role).
  const matrix: { method: 'GET' | 'POST'; path: string; allowed: readonly Role[]; body?: unknown }[] = [
    { method: 'GET', path: '/wallet/me', allowed: ['player'] },
    { method: 'POST', path: '/wallet/deposit', allowed: ['admin'], body: { playerId: 'player2', amountMinor: 100, reason: 'matrix test', depositId: 'dep_matrix' } },
    { method: 'POST', path: '/wallet/demo-top-up', allowed: ['player'] },
    { method: 'GET', path: '/admin/ledger/check', allowed: ['admin'] },
    { method: 'GET', path: '/alerts', allowed: ['pitboss'] },
    { method: 'GET', path: '/audit', allowed: ['pitboss', 'admin'] },
    { method: 'GET', path: '/auth/me', allowed: [...ROLES] },
    { method: 'GET', path: '/users', allowed: ['admin'] },
  ];
  for (const row of matrix) {
    it(`${row.method} ${row.path}: allowed for ${row.allowed.join('/')} only; 403 FORBIDDEN for other roles, 401 without a token`, async () => {
      for (const role of [null, ...ROLES]) {
        const res = await fetch(`${t.url}${row.path}`, {
          method: row.method,
          headers: { ...as(role), 'content-type': 'application/json' },
          ...(row.body === undefined ? {} : { body: JSON.stringify(row.body) }),
        });
        const expected = role === null ? 401 : row.allowed.includes(role) ? 200 : 403;
        expect({ role, status: res.status }).toEqual({ role, status: expected });
        if (expected === 403) expect(await res.json()).toMatchObject({ code: 'FORBIDDEN' });
      }
    });
  }

  it('seeds demo players with 1 000.00 EUR, and a restart does not seed twice', async () => {
    const wallet = t.get(WalletService);
    const before = (await wallet.balance('player3')).balanceMinor;
    expect(before).toBe(100_000);
    await t.get(DemoSeeder).seed();
    expect((await wallet.balance('player3')).balanceMinor).toBe(100_000);
    expect((await t.get(AuthService).listUsers()).map((u) => u.username)).toEqual(['admin1', 'dealer1', 'pitboss1', 'player1', 'player2', 'player3', 'robot1', 'robot2', 'robot3']);
  });

  it('seeds the demo robots on their own accounts, flagged as robots, with their own money (issue 20 defect 1)', async () => {
    const users = await t.get(AuthService).listUsers();
    const robots = users.filter((u) => u.username.startsWith('robot'));
    expect(robots.map((u) => [u.userId, isRobotPlayerId(u.userId)])).toEqual([
      ['bot_robot1', true],
      ['bot_robot2', true],
      ['bot_robot3', true],
    ]);
    // the people's accounts are not robots
    expect(users.filter((u) => u.username.startsWith('player')).map((u) => isRobotPlayerId(u.userId))).toEqual([false, false, false]);
    expect((await t.get(WalletService).balance('bot_robot1')).balanceMinor).toBe(100_000);
    expect((await login(t, 'robot2')).status).toBe(200);
  });

  it('lets a pit boss read alerts and audit, newest first', async () => {
    await t.get(AlertsService).raise({ tableId: 'tbl_1', severity: 'warning', code: 'DEVICE_GAP', message: 'seq gap 4..6' });
    await t.get(AuditService).record({ actor: 'pitboss1', role: 'pitboss', action: 'round.void.approve', reason: 'ball left the wheel', target: 'rnd_9', at: 5 });
    const alerts = (await (await fetch(`${t.url}/alerts`, { headers: as('pitboss') })).json()) as { code: string }[];
    expect(alerts[0]?.code).toBe('DEVICE_GAP');
    const audit = (await (await fetch(`${t.url}/audit?target=rnd_9`, { headers: as('pitboss') })).json()) as { action: string; actor: string; reason: string }[];
    expect(audit).toEqual([expect.objectContaining({ action: 'round.void.approve', actor: 'pitboss1', reason: 'ball left the wheel' })]);
  });
});

describe('users (admin)', () => {
  it('an admin creates a dealer who can then log in; the creation is audited; a taken username is refused', async () => {
    const t = await bootTestApp({ config: { demo: false } });
    try {
      const admin = t.get(AuthService).sign({ userId: 'adm_1', role: 'admin', name: 'Ada' });
      const create = (body: unknown): Promise<Response> =>
        fetch(`${t.url}/users`, { method: 'POST', headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const body = { username: 'dealer7', name: 'Dee', role: 'dealer', password: 'long-enough-pw', reason: 'new hire' };
      const res = await create(body);
      expect(res.status).toBe(201);
      expect(await res.json()).toMatchObject({ username: 'dealer7', role: 'dealer' });
      expect((await login(t, 'dealer7', 'long-enough-pw')).status).toBe(200);
      expect((await create(body)).status).toBe(409);
      expect((await create({ ...body, username: 'x', role: 'croupier' })).status).toBe(400);
      expect(await t.get(AuditService).list(10)).toEqual([expect.objectContaining({ actor: 'adm_1', action: 'user.create', reason: 'new hire' })]);
    } finally {
      await t.close();
    }
  });
});

describe('auth outside demo mode', () => {
  it('seeds no demo users (issue §9: only in the embedded demo mode)', async () => {
    const t = await bootTestApp({ config: { demo: false } });
    try {
      expect(await t.get(AuthService).listUsers()).toEqual([]);
      expect((await login(t, 'admin1')).status).toBe(401);
    } finally {
      await t.close();
    }
  });
});
