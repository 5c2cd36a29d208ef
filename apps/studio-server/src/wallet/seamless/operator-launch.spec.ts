import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashLaunchCode, InMemoryLaunchCodes, LAUNCH_CODE_TTL_MS } from '../../auth/launch-codes.js';
import { signedHeaders } from './signing.js';
import { bootSeamlessStudio, OPERATOR_SECRET, type SeamlessStudio } from '../../../../../test/support/studio-server/seamless-studio.js';

/** Issue 22 §16: the game launch an aggregator expects — a signed request, a one-time URL, the player logged in once. */
describe('operator game launch: POST /operator/v1/launch → a one-time URL → POST /auth/launch', () => {
  let s: SeamlessStudio;
  beforeAll(async () => {
    s = await bootSeamlessStudio({ timeoutMs: 1_000 });
  }, 120_000);
  afterAll(async () => {
    await s?.shutdown();
  }, 60_000);

  const launch = async (body: Record<string, unknown>, sign = true): Promise<{ status: number; body: Record<string, unknown> }> => {
    const raw = JSON.stringify(body);
    const res = await fetch(`${s.app.url}/operator/v1/launch`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-felt-operator': 'op1', ...(sign ? signedHeaders(OPERATOR_SECRET, Date.now(), raw) : {}) }, body: raw });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const redeem = async (code: string): Promise<{ status: number; body: Record<string, unknown> }> => {
    const res = await fetch(`${s.app.url}/auth/launch`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code }) });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it("launches the operator's player at a table: the URL logs them in once, and their bets are debited at the operator with game_code", async () => {
    const token = s.sim.addPlayer('ext-l1', 20_000);
    const r = await launch({ user: 'ext-l1', token, currency: 'EUR', tableId: s.tableId, lang: 'sv' });
    expect(r.status).toBe(200);
    const url = new URL(String(r.body['url']));
    expect(url.pathname).toBe('/play/');
    expect([url.searchParams.get('table'), url.searchParams.get('lang')]).toEqual([s.tableId, 'sv']);
    const code = url.searchParams.get('launch') ?? '';
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const playerId = String(r.body['playerId']);
    expect(playerId).toMatch(/^op1-[0-9a-f]{12}$/);

    const session = await redeem(code);
    expect(session).toMatchObject({ status: 200, body: { user: { userId: playerId, role: 'player' }, tableId: s.tableId } });
    expect(await redeem(code)).toMatchObject({ status: 401, body: { code: 'INVALID_LAUNCH_CODE' } }); // once only

    const roundId = await s.openRound();
    const bet = await s.app.http('POST', `/tables/${s.tableId}/bets`, String(session.body['token']), { betId: 'launch-1', spot: 'big', stakeMinor: 500 });
    expect(bet.status).toBe(200);
    expect(s.sim.book.get('dbt_launch-1')).toMatchObject({ user: 'ext-l1', amountMinor: 500, round: roundId, gameCode: 'felt_sicbo' });
    expect(s.sim.balances.get('ext-l1')).toBe(19_500);

    // the same user launched again: the same Felt player, a new code
    const again = await launch({ user: 'ext-l1', token, currency: 'EUR' });
    expect(again.body['playerId']).toBe(playerId);
    expect(new URL(String(again.body['url'])).searchParams.get('launch')).not.toBe(code);
  });

  it('refuses an unsigned request, a session the operator does not confirm, a disabled player and a wrong currency; no code is issued', async () => {
    const token = s.sim.addPlayer('ext-l2', 1_000);
    expect(await launch({ user: 'ext-l2', token, currency: 'EUR' }, false)).toMatchObject({ status: 401, body: { code: 'OPERATOR_UNAUTHENTICATED' } });
    expect(await launch({ user: 'ext-l2', token: 'not-their-token', currency: 'EUR' })).toMatchObject({ status: 404, body: { code: 'OPERATOR_PLAYER_UNKNOWN', details: { operatorStatus: 'RS_ERROR_INVALID_TOKEN' } } });
    s.sim.disabled.add('ext-l2');
    expect(await launch({ user: 'ext-l2', token, currency: 'EUR' })).toMatchObject({ body: { code: 'OPERATOR_PLAYER_UNKNOWN', details: { operatorStatus: 'RS_ERROR_USER_DISABLED' } } });
    s.sim.disabled.delete('ext-l2');
    expect(await launch({ user: 'ext-l2', token, currency: 'SEK' })).toMatchObject({ status: 400, body: { code: 'INVALID_INPUT' } });
    expect(await launch({ user: 'ext-l2', token, currency: 'EUR', extra: 1 })).toMatchObject({ status: 400 });
    expect(await redeem('A'.repeat(43))).toMatchObject({ status: 401, body: { code: 'INVALID_LAUNCH_CODE' } });
    expect(await redeem('short')).toMatchObject({ status: 400 });
  });
});

describe('launch codes (store)', () => {
  it('a code is good once, for a minute; only its hash is kept', async () => {
    const store = new InMemoryLaunchCodes();
    await store.put(hashLaunchCode('c1'), { userId: 'u', tableId: null }, 1_000 + LAUNCH_CODE_TTL_MS);
    await store.put(hashLaunchCode('c2'), { userId: 'u', tableId: 't' }, 1_000 + LAUNCH_CODE_TTL_MS);
    expect(await store.take('c1', 1_000)).toBeNull(); // the code itself is not a key
    expect(await store.take(hashLaunchCode('c1'), 1_000 + LAUNCH_CODE_TTL_MS)).toEqual({ userId: 'u', tableId: null });
    expect(await store.take(hashLaunchCode('c1'), 1_000)).toBeNull();
    expect(await store.take(hashLaunchCode('c2'), 1_001 + LAUNCH_CODE_TTL_MS)).toBeNull(); // expired
  });
});
