import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedHeaders } from './signing.js';
import { bootSeamlessStudio, OPERATOR_SECRET, type SeamlessStudio } from '../../../../../test/support/studio-server/seamless-studio.js';

const today = (): string => new Date().toISOString().slice(0, 10);

describe('seamless wallet on the real bet path and settlement (issue 12 point 1; in-memory store)', () => {
  let s: SeamlessStudio;
  let roundId = '';
  const ext = (p: string): number => s.sim.balances.get(`ext-${p}`) ?? NaN;

  beforeAll(async () => {
    s = await bootSeamlessStudio({ timeoutMs: 1_000 });
    await s.player('sp1', 10_000);
    await s.player('sp2', 10_000);
    await s.player('sp3', 500);
    await s.app.deposit('internal1', 10_000);
    roundId = await s.openRound();
  }, 120_000);
  afterAll(async () => {
    await s?.shutdown();
  }, 60_000);

  it('an accepted bet was debited at the operator first; its stake passes through our ledger from the operator clearing account (NN-2)', async () => {
    const r = await s.bet('sp1', 'sl-1', 'big', 1_000);
    expect(r.status).toBe(200);
    expect(ext('sp1')).toBe(9_000);
    expect(s.sim.book.get('dbt_sl-1')).toMatchObject({ kind: 'debit', amountMinor: 1_000, round: roundId, gameCode: 'felt_sicbo' }); // issue 22 §16: game_code
    expect(await s.clearing()).toBe(-1_000);
    expect(await s.app.balance('sp1')).toBe(0); // the money is the operator's, in play with us
    // an internal-ledger player at the same table is not touched by the operator wallet
    expect((await s.bet('internal1', 'sl-int', 'small', 1_000)).status).toBe(200);
    expect(await s.app.balance('internal1')).toBe(9_000);
    expect(s.sim.book.has('dbt_sl-int')).toBe(false);
  });

  it('duplicate replies and a replayed bet id debit once', async () => {
    s.sim.faults.duplicate = true;
    expect((await s.bet('sp2', 'sl-2', 'small', 700)).status).toBe(200);
    s.sim.faults.duplicate = false;
    const calls = s.sim.calls;
    expect((await s.bet('sp2', 'sl-2', 'small', 700)).status).toBe(200); // the same bet again: its original acceptance
    expect(s.sim.calls).toBe(calls);
    expect(ext('sp2')).toBe(9_300);
    expect([...s.sim.book.values()].filter((t) => t.transactionUuid === 'dbt_sl-2')).toHaveLength(1);
  });

  it('a debit the operator refuses rejects the bet with SEAMLESS_DEBIT_REFUSED and its code; nothing is posted', async () => {
    const before = await s.clearing();
    const r = await s.bet('sp3', 'sl-3', 'big', 1_000);
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({ code: 'SEAMLESS_DEBIT_REFUSED', details: { operatorStatus: 'RS_ERROR_NOT_ENOUGH_MONEY' } });
    expect(await s.clearing()).toBe(before);
  });

  it('a debit that times out is never assumed accepted: the bet is rejected (503 SEAMLESS_DEBIT_UNCONFIRMED) and the debit rolled back', async () => {
    s.sim.faults.swallowAfterBooking = true; // the operator books it, its answer never comes
    const r = await s.bet('sp3', 'sl-4', 'big', 200);
    s.sim.faults.swallowAfterBooking = false;
    expect(r.status).toBe(503);
    expect(r.body).toMatchObject({ code: 'SEAMLESS_DEBIT_UNCONFIRMED' });
    await s.seamless.drain();
    expect(ext('sp3')).toBe(500);
    expect(s.sim.book.get('rbk_sl-4')).toMatchObject({ kind: 'rollback', amountMinor: 200, reference: 'dbt_sl-4' });
    expect((await s.app.http('GET', `/tables/${s.tableId}/bets/me`, s.app.token('sp3', 'player'))).body).not.toContain('sl-4');
  });

  it('a debit still in flight when betting closes: the close is enforced at commit on the server clock (NN-1); the bet is rejected and rolled back', async () => {
    s.sim.faults.latencyMs = 400;
    const pending = s.bet('sp1', 'sl-late', 'big', 300);
    const calls = s.sim.calls;
    await s.until('debit reached the operator', async () => s.sim.calls > calls || ext('sp1') < 9_000);
    await s.close();
    const r = await pending;
    s.sim.faults.latencyMs = 0;
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({ code: 'BETTING_CLOSED' });
    await s.seamless.drain();
    expect(ext('sp1')).toBe(9_000);
    expect(s.sim.book.get('rbk_sl-late')).toMatchObject({ kind: 'rollback', amountMinor: 300 });
  });

  it('settlement: credits (win; 0 with round_closed for a loss) are retried until acknowledged, after the session expired; everything reconciles', async () => {
    s.sim.tokens.clear(); // every player's session at the operator has expired
    s.sim.faults.status = 'RS_ERROR_UNKNOWN';
    await s.result(roundId, [4, 5, 6]); // 15: big wins 1:1, small loses
    await s.seamless.sweep();
    await s.until('the credit was tried more than once', async () => ((await s.seamless.repo.get('crd_sl-1'))?.attempts ?? 0) >= 2);
    expect(ext('sp1')).toBe(9_000);
    s.sim.faults.status = null;
    await s.seamless.drain();
    expect(ext('sp1')).toBe(11_000);
    expect(ext('sp2')).toBe(9_300);
    expect(s.sim.book.get('crd_sl-1')).toMatchObject({ kind: 'credit', amountMinor: 2_000, reference: 'dbt_sl-1', gameCode: 'felt_sicbo' }); // the credit carries the debit's game_code
    expect(s.sim.book.get('crd_sl-2')).toMatchObject({ kind: 'credit', amountMinor: 0 });
    expect((await s.seamless.repo.get('crd_sl-2'))?.call.body.round_closed).toBe(true);
    expect(await s.app.balance('sp1')).toBe(0);
    const report = await s.seamless.report('op1', today());
    expect(report).toMatchObject({ balanced: true, differences: [], pending: 0, dead: 0, acknowledged: { netMinor: -300 }, ledger: { netMinor: -300 } });
    expect(await s.clearing()).toBe(-report.ledger.netMinor); // +300: the operator's players won 300 net, which we owe back through the credits
    expect(await s.app.invariants()).toEqual([]);
  });

  it('void: every seamless bet of the round is rolled back at the operator', async () => {
    const r2 = await s.openRound();
    // the sessions expired in the previous test: a debit needs a live one (RS_ERROR_INVALID_TOKEN is refused)
    expect((await s.bet('sp1', 'sl-v0', 'big', 100)).body).toMatchObject({ code: 'SEAMLESS_DEBIT_REFUSED', details: { operatorStatus: 'RS_ERROR_INVALID_TOKEN' } });
    for (const p of ['sp1', 'sp2']) s.sim.tokens.set(`tok-ext-${p}`, `ext-${p}`); // the players log in again at the operator
    expect((await s.bet('sp1', 'sl-v1', 'big', 1_500)).body).toMatchObject({ roundId: r2 });
    expect((await s.bet('sp2', 'sl-v2', 'small', 800)).status).toBe(200);
    expect(ext('sp1')).toBe(9_500);
    await s.voidRound(r2);
    await s.seamless.drain();
    expect(ext('sp1')).toBe(11_000);
    expect(ext('sp2')).toBe(9_300);
    expect(s.sim.book.get('rbk_sl-v1')).toMatchObject({ kind: 'rollback', amountMinor: 1_500, reference: 'dbt_sl-v1' });
    expect((await s.app.http('GET', `/admin/operators/op1/reconciliation?day=${today()}`, s.app.token('admin1', 'admin'))).body).toMatchObject({ balanced: true, differences: [] });
    // a cancelled bet is rolled back too
    const r3 = await s.openRound();
    expect((await s.bet('sp2', 'sl-c1', 'big', 400)).status).toBe(200);
    expect((await s.app.http('DELETE', `/tables/${s.tableId}/bets/sl-c1`, s.app.token('sp2', 'player'))).status).toBe(200);
    await s.seamless.drain();
    expect(ext('sp2')).toBe(9_300);
    expect(s.sim.book.get('rbk_sl-c1')).toMatchObject({ kind: 'rollback', amountMinor: 400 });
    expect(r3).not.toBe(r2);
    expect(await s.clearing()).toBe(11_000 - 10_000 + (9_300 - 10_000)); // our clearing account mirrors what the operator's players won net (we sent back 300 more than we took)
    expect(await s.app.invariants()).toEqual([]);
  });

  it('operator API: a signed session links a player; pushed limits follow the RG rules; a bad signature changes nothing', async () => {
    const call = async (path: string, body: unknown, secret = OPERATOR_SECRET): Promise<{ status: number; body: Record<string, unknown> }> => {
      const raw = JSON.stringify(body);
      const res = await fetch(`${s.app.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-felt-operator': 'op1', ...signedHeaders(secret, Date.now(), raw) }, body: raw });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    expect(await call('/operator/v1/sessions', { playerId: 'sp9', user: 'ext-sp9', token: 'tok-9', currency: 'EUR' }, 'wrong-secret-wrong-secret')).toMatchObject({ status: 401, body: { code: 'OPERATOR_UNAUTHENTICATED' } });
    expect(s.seamless.linkOf('sp9')).toBeNull();
    expect(await call('/operator/v1/sessions', { playerId: 'sp9', user: 'ext-sp9', token: 'tok-9', currency: 'EUR' })).toMatchObject({ status: 200, body: { playerId: 'sp9', operatorId: 'op1' } });
    expect(s.seamless.linkOf('sp9')).toMatchObject({ operatorId: 'op1', token: 'tok-9' });
    expect(await call('/operator/v1/players/sp9/limits', { kind: 'loss', period: 'day', value: 1_000 })).toMatchObject({ status: 200, body: { settings: { limits: { loss: { day: 1_000 } } } } });
    // raising waits for the next period; daily above weekly is refused
    expect((await call('/operator/v1/players/sp9/limits', { kind: 'loss', period: 'day', value: 5_000 })).body).toMatchObject({ settings: { limits: { loss: { day: 1_000 } }, pending: [{ kind: 'loss', period: 'day', value: 5_000 }] } });
    expect(await call('/operator/v1/players/sp9/limits', { kind: 'loss', period: 'week', value: 500 })).toMatchObject({ status: 422, body: { code: 'RG_LIMIT_ORDER' } });
    // a player of nobody (or of another operator) is not theirs
    expect(await call('/operator/v1/players/internal1/limits', { kind: 'loss', period: 'day', value: 1 })).toMatchObject({ status: 404, body: { code: 'OPERATOR_PLAYER_UNKNOWN' } });
    const ex = await call('/operator/v1/players/sp9/self-exclusion', { period: '1m' });
    expect(ex.status).toBe(200);
    const until = (ex.body['settings'] as { excludedUntil: number }).excludedUntil;
    expect(((await call('/operator/v1/players/sp9/self-exclusion', { period: '12h' })).body['settings'] as { excludedUntil: number }).excludedUntil).toBe(until);
    s.sim.addPlayer('ext-sp9', 10_000, 'tok-9');
    const r = await s.bet('sp9', 'sl-x', 'big', 100);
    expect(r.body).toMatchObject({ code: 'RG_SELF_EXCLUDED' });
    expect(s.sim.book.has('dbt_sl-x')).toBe(false); // refused before any debit
  });
});
