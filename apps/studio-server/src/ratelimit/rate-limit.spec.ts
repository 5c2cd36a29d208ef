import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { bootRoundsApp, type RoundsApp } from '../../../../test/support/studio-server/app-harness.js';
import { rateLimitsFromEnv, TokenBuckets } from './rate-limit.service.js';
import { ackIdOf } from '../realtime/early-frames.js';

describe('token buckets (issue 9 finding 7)', () => {
  it('allows the burst, then one request per 1/rate seconds, per key', () => {
    const b = new TokenBuckets({ perSecond: 10, burst: 3 });
    expect([0, 0, 0].map(() => b.take('p1', 1_000))).toEqual([0, 0, 0]);
    expect(b.take('p1', 1_000)).toBe(100);
    expect(b.take('p2', 1_000)).toBe(0);
    expect(b.take('p1', 1_100)).toBe(0);
    expect(b.take('p1', 1_100)).toBeGreaterThan(0);
  });
  it('peek answers what take would, taking nothing (issue 22 §5)', () => {
    const b = new TokenBuckets({ perSecond: 10, burst: 2 });
    expect(b.peek('p1', 1_000)).toBe(0);
    b.take('p1', 1_000);
    b.take('p1', 1_000);
    expect(b.peek('p1', 1_000)).toBe(100);
    expect(b.peek('p1', 1_000)).toBe(100);
    expect(b.peek('p1', 1_100)).toBe(0);
    expect(b.take('p1', 1_100)).toBe(0);
  });
  it("reads a socket.io EVENT packet's ack id without decoding it", () => {
    expect(ackIdOf('212["bet.place",{}]')).toBe(12);
    expect(ackIdOf('2/admin,7["x"]')).toBe(7);
    expect(ackIdOf('2["x"]')).toBeNull();
    expect(ackIdOf('2/admin,["x"]')).toBeNull();
  });
  it('reads "<per second>/<burst>" from the environment and refuses anything else', () => {
    expect(rateLimitsFromEnv({ FELT_RATE_USER: '5/10' }).user).toEqual({ perSecond: 5, burst: 10 });
    expect(() => rateLimitsFromEnv({ FELT_RATE_IP: 'lots' })).toThrow();
  });
});

describe('a flooding player gets RATE_LIMITED on REST and WebSocket; another player is unaffected (issue 9 finding 7)', () => {
  let app: RoundsApp;
  let tableId = '';
  beforeAll(async () => {
    process.env['FELT_RATE_USER'] = '2/20';
    process.env['FELT_RATE_IP'] = '100000/100000';
    app = await bootRoundsApp();
    const boss = app.token('pitboss1', 'pitboss');
    const t = await app.http('POST', '/tables', boss, { name: 'Flood', game: 'sicbo', profileId: 'standard', limits: { currency: 'EUR', tableMinMinor: 100, tableMaxMinor: 100_000 }, betWindowS: 300, devices: [{ deviceId: 'dice-1', kind: 'dice' }] });
    tableId = String(t.body['tableId']);
    expect(t.body).toMatchObject({ tableId: expect.any(String) });
    await app.http('POST', `/tables/${tableId}/status`, boss, { status: 'open', reason: 'test' });
    await app.http('POST', `/tables/${tableId}/rounds`, app.token('dealer1', 'dealer'));
    await app.deposit('flooder', 10_000_000);
    await app.deposit('calm', 100_000);
  });
  afterAll(async () => {
    delete process.env['FELT_RATE_USER'];
    delete process.env['FELT_RATE_IP'];
    await app.close();
  });

  it('REST: 200 bets at once from one player → the excess is 429 RATE_LIMITED, never a 5xx; the calm player’s bets are all accepted', async () => {
    const flooder = app.token('flooder', 'player');
    const calm = app.token('calm', 'player');
    const flood = Array.from({ length: 200 }, (_, i) => app.http('POST', `/tables/${tableId}/bets`, flooder, { betId: `fl-${i}`, spot: 'big', stakeMinor: 100 }));
    const calmBets: { status: number }[] = [];
    for (let i = 0; i < 10; i++) calmBets.push(await app.http('POST', `/tables/${tableId}/bets`, calm, { betId: `calm-${i}`, spot: 'small', stakeMinor: 100 }));
    const res = await Promise.all(flood);
    const limited = res.filter((r) => r.status === 429);
    expect(limited.length).toBeGreaterThan(100);
    expect(limited[0]?.body).toMatchObject({ code: 'RATE_LIMITED' });
    expect([...new Set(res.map((r) => `${r.status}:${String(r.body.code ?? '')}`))].sort()).toEqual(['200:', '429:RATE_LIMITED']);
    expect(calmBets.map((r) => r.status)).toEqual(Array(10).fill(200));
  });

  it('refuse before work (issue 22 §5): over budget, a bet whose body is not even JSON is 429 RATE_LIMITED — never read, never 400', async () => {
    const token = app.token('early', 'player');
    await app.deposit('early', 100_000);
    // One ordinary bet: this instance has now verified the token (its identity is known without a signature check).
    expect((await app.http('POST', `/tables/${tableId}/bets`, token, { betId: 'early-0', spot: 'big', stakeMinor: 100 })).status).toBe(200);
    const broken = async (): Promise<{ status: number; code: unknown; retryAfter: string | null }> => {
      const res = await fetch(`${app.url}/tables/${tableId}/bets`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: '{"betId": "x", not json at all' });
      const body = (await res.json()) as { code?: unknown };
      return { status: res.status, code: body.code, retryAfter: res.headers.get('retry-after') };
    };
    const answers: { status: number; code: unknown; retryAfter: string | null }[] = [];
    for (let i = 0; i < 40; i++) answers.push(await broken());
    // Within the budget the body parser refuses it (400); past the budget it is refused before the parser.
    expect([...new Set(answers.map((a) => `${a.status}:${String(a.code)}`))].sort()).toEqual(['400:INVALID_INPUT', '429:RATE_LIMITED']);
    const last = answers.at(-1);
    expect(last).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    expect(Number(last?.retryAfter)).toBeGreaterThanOrEqual(1);
    // Reads are charged to the address only: the over-budget player still reads.
    expect((await app.http('GET', `/tables/${tableId}/round`, token)).status).toBe(200);
  });

  it('WebSocket: the same limit answers bet.place with a RATE_LIMITED error', async () => {
    const s: Socket = io(app.url, { auth: { token: app.token('wsflooder', 'player') }, transports: ['websocket'], reconnection: false, forceNew: true });
    await new Promise<void>((r) => s.once('connect', () => r()));
    await app.deposit('wsflooder', 1_000_000);
    const acks = (await Promise.all(Array.from({ length: 80 }, (_, i) => s.timeout(10_000).emitWithAck('bet.place', { tableId, betId: `ws-fl-${i}`, spot: 'big', stakeMinor: 100 })))) as { ok: boolean; error?: { code: string; status: number } }[];
    const refused = acks.filter((a) => !a.ok);
    expect(refused.length).toBeGreaterThan(20);
    expect([...new Set(refused.map((a) => `${a.error?.code}:${a.error?.status}`))]).toEqual(['RATE_LIMITED:429']);
    s.disconnect();
  });
  it('WebSocket, refuse before work (issue 22 §5): over budget, a frame that is not even JSON is answered RATE_LIMITED — never decoded, the socket stays', async () => {
    const s: Socket = io(app.url, { auth: { token: app.token('wsearly', 'player') }, transports: ['websocket'], reconnection: false, forceNew: true });
    await new Promise<void>((r) => s.once('connect', () => r()));
    await app.deposit('wsearly', 1_000_000);
    await Promise.all(Array.from({ length: 40 }, (_, i) => s.timeout(10_000).emitWithAck('bet.place', { tableId, betId: `ws-early-${i}`, spot: 'big', stakeMinor: 100 })));
    // A raw socket.io EVENT packet asking for ack 90001 whose JSON is broken: decoding it would fail and
    // close the connection; over budget it is refused before socket.io decodes it.
    const acks = (s as unknown as { acks: Record<number, (a: unknown) => void> }).acks;
    const answer = new Promise<unknown>((resolve) => {
      acks[90_001] = resolve;
      setTimeout(() => resolve('no answer'), 5_000);
    });
    (s.io.engine as unknown as { write(m: string): void }).write('290001["bet.place",{not json');
    expect(await answer).toMatchObject({ ok: false, error: { code: 'RATE_LIMITED', status: 429, details: { retryAfterMs: expect.any(Number) } } });
    expect(s.connected).toBe(true);
    s.disconnect();
  });
});
