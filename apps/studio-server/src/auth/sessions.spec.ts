import jwt from 'jsonwebtoken';
import { io, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { FeltClient } from '@felt-studio/client-sdk';
import { bootTestApp, type TestApp } from '../../../../test/support/studio-server/test-app.js';
import { ACCESS_TOKEN_TTL_S, AuthService, USER_CHECK_CACHE_MS } from './auth.service.js';
import { USERS_REPOSITORY, type UsersRepository } from './users.repository.js';

/**
 * Issue 9 finding 9: tokens never outlive their users. Tokens are checked against the user store (cached
 * ≤ 5 s), a disabled/deleted/revoked user's token stops working on REST and socket.io, `exp` is required,
 * and a short access token is renewed with a refresh token.
 */
class ManualClock {
  constructor(public t = Date.now()) {}
  now(): number {
    return this.t;
  }
}

const json = (token: string | null, body?: unknown): RequestInit => ({
  method: body === undefined ? 'GET' : 'POST',
  headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
});

async function loginPair(t: TestApp, username: string, password = 'long-enough-pw'): Promise<{ token: string; refreshToken: string; expiresIn: number; user: { userId: string } }> {
  const res = await fetch(`${t.url}/auth/login`, json(null, { username, password }));
  expect(res.status).toBe(200);
  return (await res.json()) as { token: string; refreshToken: string; expiresIn: number; user: { userId: string } };
}

const connectSocket = (url: string, token: string): Promise<Socket> =>
  new Promise((resolve, reject) => {
    const s = io(url, { auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
    s.once('connect', () => resolve(s));
    s.once('connect_error', reject);
  });

describe('sessions: tokens checked against the user store (issue 9 finding 9)', () => {
  let t: TestApp | null = null;
  const sockets: Socket[] = [];
  afterEach(async () => {
    for (const s of sockets.splice(0)) s.disconnect();
    await t?.close();
    t = null;
  });

  async function boot(clock = new ManualClock()): Promise<{ t: TestApp; admin: string; clock: ManualClock }> {
    // allowUnknownTokenUsers: false — the production rule: a token's user must exist.
    t = await bootTestApp({ full: true, clock, config: { demo: false, allowUnknownTokenUsers: false } });
    const auth = t.get(AuthService);
    await auth.createUser({ userId: 'adm_1', username: 'ada', name: 'Ada', role: 'admin', password: 'long-enough-pw' });
    await auth.createUser({ userId: 'usr_p', username: 'pia', name: 'Pia', role: 'player', password: 'long-enough-pw' });
    const admin = (await loginPair(t, 'ada')).token;
    return { t, admin, clock };
  }

  it('issue 22 §4: a user disabled any other way (straight in the user store, not through the API) loses the open socket on its next command within 5 s', async () => {
    const { t, clock } = await boot();
    const pia = await loginPair(t, 'pia');
    const sock = await connectSocket(t.url, pia.token);
    sockets.push(sock);
    const first = (await sock.timeout(5000).emitWithAck('table.join', { tableId: 'tbl_none' })) as { ok: boolean; error?: { code: string } };
    expect(first.error?.code).not.toBe('SESSION_REVOKED');
    // Another path: the user store itself (an admin tool, another instance, SQL), no revocation event here.
    await t.get<UsersRepository>(USERS_REPOSITORY).setDisabled('usr_p', true);
    clock.t += USER_CHECK_CACHE_MS + 1; // the cached record (≤ 5 s) has expired
    const dropped = new Promise<{ code: string }>((r) => sock.once('error', r));
    const ack = (await sock.timeout(5000).emitWithAck('bet.place', { tableId: 'tbl_none', betId: 'pia_b1', spot: 'red', stakeMinor: 100 })) as { ok: boolean; error?: { code: string } };
    expect(ack.ok).toBe(false);
    expect(ack.error?.code).toBe('SESSION_REVOKED');
    expect((await dropped).code).toBe('SESSION_REVOKED');
  });

  it('a disabled user is refused at once on REST and their live socket is disconnected; re-enabled they log in again', async () => {
    const { t, admin } = await boot();
    const pia = await loginPair(t, 'pia');
    expect((await fetch(`${t.url}/auth/me`, json(pia.token))).status).toBe(200);
    const sock = await connectSocket(t.url, pia.token);
    sockets.push(sock);
    const dropped = new Promise<{ code: string }>((r) => sock.once('error', r));
    expect((await fetch(`${t.url}/users/usr_p/disable`, json(admin, { reason: 'fraud review' }))).status).toBe(200);
    expect((await dropped).code).toBe('SESSION_REVOKED');
    const me = await fetch(`${t.url}/auth/me`, json(pia.token));
    expect(me.status).toBe(401);
    expect(((await me.json()) as { code: string }).code).toBe('UNAUTHENTICATED');
    expect((await fetch(`${t.url}/auth/refresh`, json(null, { refreshToken: pia.refreshToken }))).status).toBe(401);
    expect((await fetch(`${t.url}/auth/login`, json(null, { username: 'pia', password: 'long-enough-pw' }))).status).toBe(401);
    // A new socket with the old token is refused too.
    const again = io(t.url, { auth: { token: pia.token }, transports: ['websocket'], reconnection: false, forceNew: true });
    sockets.push(again);
    expect(((await new Promise<{ code: string }>((r) => again.once('error', r))) as { code: string }).code).toBe('UNAUTHENTICATED');
    expect((await fetch(`${t.url}/users/usr_p/enable`, json(admin, { reason: 'cleared' }))).status).toBe(200);
    expect((await fetch(`${t.url}/auth/me`, json((await loginPair(t, 'pia')).token))).status).toBe(200);
  });

  it('a deleted user’s tokens stop working; revoke-sessions and logout end every token, new logins work', async () => {
    const { t, admin } = await boot();
    const pia = await loginPair(t, 'pia');
    expect((await fetch(`${t.url}/users/usr_p/revoke-sessions`, json(admin, { reason: 'lost phone' }))).status).toBe(200);
    expect((await fetch(`${t.url}/auth/me`, json(pia.token))).status).toBe(401);
    expect((await fetch(`${t.url}/auth/refresh`, json(null, { refreshToken: pia.refreshToken }))).status).toBe(401);
    const fresh = await loginPair(t, 'pia');
    expect((await fetch(`${t.url}/auth/me`, json(fresh.token))).status).toBe(200);
    expect((await fetch(`${t.url}/auth/logout`, json(fresh.token, {}))).status).toBe(200);
    expect((await fetch(`${t.url}/auth/me`, json(fresh.token))).status).toBe(401);
    const last = await loginPair(t, 'pia');
    expect((await fetch(`${t.url}/users/usr_p`, { ...json(admin, { reason: 'account closed' }), method: 'DELETE' })).status).toBe(200);
    expect((await fetch(`${t.url}/auth/me`, json(last.token))).status).toBe(401);
    expect((await fetch(`${t.url}/users/usr_p/disable`, json(admin, { reason: 'x' }))).status).toBe(404);
  });

  it('a change made behind the server’s back (another instance) is seen within the 5 s user cache', async () => {
    const { t, clock } = await boot();
    const pia = await loginPair(t, 'pia');
    expect((await fetch(`${t.url}/auth/me`, json(pia.token))).status).toBe(200);
    const { USERS_REPOSITORY } = await import('./users.repository.js');
    await t.get<import('./users.repository.js').UsersRepository>(USERS_REPOSITORY).setDisabled('usr_p', true);
    clock.t += USER_CHECK_CACHE_MS;
    expect((await fetch(`${t.url}/auth/me`, json(pia.token))).status).toBe(401);
  });

  it('refuses tokens without exp, for unknown users, and with a stale role; access tokens expire and the refresh token renews them', async () => {
    const { t, clock } = await boot();
    const secret = t.config.jwtSecret;
    const noExp = jwt.sign({ sub: 'usr_p', role: 'player', name: 'Pia', ver: 0, typ: 'access' }, secret, { algorithm: 'HS256' });
    const ghost = t.get(AuthService).sign({ userId: 'usr_ghost', role: 'admin', name: 'Ghost' });
    const promoted = t.get(AuthService).sign({ userId: 'usr_p', role: 'admin', name: 'Pia' });
    for (const tok of [noExp, ghost, promoted]) expect((await fetch(`${t.url}/auth/me`, json(tok))).status).toBe(401);
    const pia = await loginPair(t, 'pia');
    expect(pia.expiresIn).toBe(ACCESS_TOKEN_TTL_S);
    clock.t += (ACCESS_TOKEN_TTL_S + 1) * 1000;
    expect((await fetch(`${t.url}/auth/me`, json(pia.token))).status).toBe(401);
    const renewed = await fetch(`${t.url}/auth/refresh`, json(null, { refreshToken: pia.refreshToken }));
    expect(renewed.status).toBe(200);
    const pair = (await renewed.json()) as { token: string };
    expect((await fetch(`${t.url}/auth/me`, json(pair.token))).status).toBe(200);
    // An access token is not a refresh token and vice versa.
    expect((await fetch(`${t.url}/auth/refresh`, json(null, { refreshToken: pair.token }))).status).toBe(401);
    expect((await fetch(`${t.url}/auth/me`, json(pia.refreshToken))).status).toBe(401);
  });

  it('refresh-token reuse: a rotated refresh token presented again revokes its family and ends the current pair too (REFRESH_TOKEN_REUSED, audited)', async () => {
    const { t, admin } = await boot();
    const pia = await loginPair(t, 'pia');
    const sock = await connectSocket(t.url, pia.token);
    sockets.push(sock);
    // The owner rotates normally: the new pair works, the old refresh token is spent.
    const r1 = await fetch(`${t.url}/auth/refresh`, json(null, { refreshToken: pia.refreshToken }));
    expect(r1.status).toBe(200);
    const current = (await r1.json()) as { token: string; refreshToken: string };
    expect(current.refreshToken).not.toBe(pia.refreshToken);
    expect((await fetch(`${t.url}/auth/me`, json(current.token))).status).toBe(200);
    // A copy of the spent token (stolen) comes back: refused with its own code, and everything of the family dies.
    const dropped = new Promise<{ code: string }>((r) => sock.once('error', r));
    const reuse = await fetch(`${t.url}/auth/refresh`, json(null, { refreshToken: pia.refreshToken }));
    expect(reuse.status).toBe(401);
    expect(await reuse.json()).toMatchObject({ code: 'REFRESH_TOKEN_REUSED' });
    expect((await dropped).code).toBe('SESSION_REVOKED');
    expect((await fetch(`${t.url}/auth/me`, json(current.token))).status).toBe(401);
    const next = await fetch(`${t.url}/auth/refresh`, json(null, { refreshToken: current.refreshToken }));
    expect(next.status).toBe(401);
    expect(((await next.json()) as { code: string }).code).toBe('INVALID_REFRESH_TOKEN');
    // Audited: who, which family, why.
    const all = (await (await fetch(`${t.url}/audit`, json(admin))).json()) as { action: string; target: string; actor: string }[];
    expect(all.filter((a) => a.action === 'auth.refresh.reuse' && a.actor === 'usr_p' && a.target.startsWith('user:usr_p:family:rtf_'))).toHaveLength(1);
    // The owner logs in again: a new family works.
    const fresh = await loginPair(t, 'pia');
    expect((await fetch(`${t.url}/auth/me`, json(fresh.token))).status).toBe(200);
    expect((await fetch(`${t.url}/auth/refresh`, json(null, { refreshToken: fresh.refreshToken }))).status).toBe(200);
  });

  it('refresh-token reuse of one login does not touch a token of another family that was never rotated twice; a forged family is refused', async () => {
    const { t } = await boot();
    const a = await loginPair(t, 'pia');
    const b = await loginPair(t, 'pia');
    expect((await fetch(`${t.url}/auth/refresh`, json(null, { refreshToken: a.refreshToken }))).status).toBe(200);
    expect((await fetch(`${t.url}/auth/refresh`, json(null, { refreshToken: b.refreshToken }))).status).toBe(200);
    // A validly signed token of a family the server never issued (e.g. from before rotation existed) is just invalid.
    const forged = jwt.sign({ sub: 'usr_p', ver: 0, typ: 'refresh', jti: 'x', fam: 'rtf_none', exp: Math.floor(Date.now() / 1000) + 600 }, t.config.jwtSecret, { algorithm: 'HS256' });
    const r = await fetch(`${t.url}/auth/refresh`, json(null, { refreshToken: forged }));
    expect(r.status).toBe(401);
    expect(((await r.json()) as { code: string }).code).toBe('INVALID_REFRESH_TOKEN');
  });

  it('@felt-studio/client-sdk: concurrent 401s share one refresh (a second use of the token would end the session)', async () => {
    const { t, clock } = await boot();
    const c = new FeltClient({ baseUrl: t.url });
    const seen: string[] = [];
    c.onTokens = (r) => seen.push(r.token);
    await c.login('pia', 'long-enough-pw');
    clock.t += (ACCESS_TOKEN_TTL_S + 1) * 1000;
    const users = await Promise.all([c.me(), c.me(), c.me()]);
    expect(users.map((u) => u.userId)).toEqual(['usr_p', 'usr_p', 'usr_p']);
    expect(seen).toHaveLength(1);
    expect((await c.me()).userId).toBe('usr_p');
  });

  it('@felt-studio/client-sdk: login keeps working and a 401 from an expired access token is refreshed once, transparently', async () => {
    const { t, clock } = await boot();
    const c = new FeltClient({ baseUrl: t.url });
    const seen: string[] = [];
    c.onTokens = (r) => seen.push(r.token);
    await c.login('pia', 'long-enough-pw');
    expect(c.refreshToken).not.toBeNull();
    clock.t += (ACCESS_TOKEN_TTL_S + 1) * 1000;
    expect((await c.me()).userId).toBe('usr_p');
    expect(seen).toHaveLength(1);
    await c.signOut();
    expect(c.token).toBeNull();
  });
});
