import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditService } from '../../audit/audit.service.js';
import { checkSignature, REPLAY_WINDOW_MS, ReplayGuard, signBody, signedHeaders, SIGNATURE_HEADER, TIMESTAMP_HEADER } from './signing.js';
import { OperatorWalletSim } from './operator-wallet.sim.js';
import { bootSeamlessStudio, OPERATOR_SECRET, type SeamlessStudio } from '../../../../../test/support/studio-server/seamless-studio.js';

/** Issue 12 point 1, the operator-facing gaps: signed timestamps with a replay window, the seamless player's balance, dead-letter re-queue by an admin. */

describe('signing with a timestamp inside the signature (pure)', () => {
  const secret = 's3cret-s3cret-s3cret';
  const body = '{"a":1}';
  const now = 1_800_000_000_000;

  it('accepts a fresh signature once; the same request again is a replay', () => {
    const seen = new ReplayGuard();
    const h = signedHeaders(secret, now, body);
    expect(checkSignature(secret, body, h, now + 1_000, seen)).toEqual({ ok: true });
    expect(checkSignature(secret, body, h, now + 2_000, seen)).toMatchObject({ ok: false, reason: 'replayed' });
    // a fresh signature of the same body is another request
    expect(checkSignature(secret, body, signedHeaders(secret, now + 1, body), now + 2_000, seen)).toEqual({ ok: true });
  });

  it('refuses a timestamp outside ±5 min as stale (either side), but only once the signature is proven', () => {
    expect(checkSignature(secret, body, signedHeaders(secret, now - REPLAY_WINDOW_MS - 1, body), now)).toMatchObject({ ok: false, reason: 'stale' });
    expect(checkSignature(secret, body, signedHeaders(secret, now + REPLAY_WINDOW_MS + 1, body), now)).toMatchObject({ ok: false, reason: 'stale' });
    expect(checkSignature(secret, body, signedHeaders(secret, now - REPLAY_WINDOW_MS, body), now)).toEqual({ ok: true });
    expect(checkSignature('another-secret', body, signedHeaders(secret, now - REPLAY_WINDOW_MS - 1, body), now)).toMatchObject({ ok: false, reason: 'bad' });
  });

  it('the timestamp is inside the signature: re-dating a captured request, a changed body or a missing header is bad', () => {
    const h = signedHeaders(secret, now - 10 * 60_000, body);
    expect(checkSignature(secret, body, { ...h, [TIMESTAMP_HEADER]: String(now) }, now)).toMatchObject({ ok: false, reason: 'bad' });
    expect(checkSignature(secret, '{"a":2}', signedHeaders(secret, now, body), now)).toMatchObject({ ok: false, reason: 'bad' });
    expect(checkSignature(secret, body, { [SIGNATURE_HEADER]: signBody(secret, now, body) }, now)).toMatchObject({ ok: false, reason: 'bad' });
    expect(checkSignature(secret, body, { [TIMESTAMP_HEADER]: String(now), [SIGNATURE_HEADER]: 'zz' }, now)).toMatchObject({ ok: false, reason: 'bad' });
  });
});

describe('seamless operations through the studio server (in-memory store)', () => {
  let s: SeamlessStudio;
  let roundId = '';
  let admin = '';

  beforeAll(async () => {
    // two attempts, so a credit the operator keeps refusing dead-letters quickly
    s = await bootSeamlessStudio({ timeoutMs: 1_000, config: { seamlessRetry: { attempts: 2, backoffMs: 10, maxBackoffMs: 20 } } });
    admin = s.app.token('admin1', 'admin');
    await s.player('so1', 10_000);
    await s.app.deposit('internal2', 3_000);
    roundId = await s.openRound();
  }, 120_000);
  afterAll(async () => {
    await s?.shutdown();
  }, 60_000);

  it("GET /wallet/me of a seamless player answers the operator's balance (not our transit account); an internal player's stays the ledger's", async () => {
    const me = await s.app.http('GET', '/wallet/me', s.app.token('so1', 'player'));
    expect(me).toMatchObject({ status: 200, body: { playerId: 'so1', currency: 'EUR', balanceMinor: 10_000 } });
    expect((await s.bet('so1', 'so-1', 'big', 1_500)).status).toBe(200);
    expect((await s.app.http('GET', '/wallet/me', s.app.token('so1', 'player'))).body).toMatchObject({ balanceMinor: 8_500 });
    expect(await s.app.balance('so1')).toBe(0); // our side holds nothing for them
    s.sim.balances.set('ext-so1', 42_000); // the player topped up at the operator
    expect((await s.app.http('GET', '/wallet/me', s.app.token('so1', 'player'))).body).toMatchObject({ balanceMinor: 42_000 });
    expect((await s.app.http('GET', '/wallet/me', s.app.token('internal2', 'player'))).body).toMatchObject({ playerId: 'internal2', balanceMinor: 3_000 });
  });

  it('an operator wallet that does not answer the balance → 503 SEAMLESS_BALANCE_UNAVAILABLE (never a made-up 0); an error answer carries its code', async () => {
    s.sim.faults.status = 'RS_ERROR_TOKEN_EXPIRED';
    expect(await s.app.http('GET', '/wallet/me', s.app.token('so1', 'player'))).toMatchObject({ status: 503, body: { code: 'SEAMLESS_BALANCE_UNAVAILABLE', details: { operatorId: 'op1', operatorStatus: 'RS_ERROR_TOKEN_EXPIRED' } } });
    s.sim.faults.status = null;
    await s.sim.stop();
    try {
      expect(await s.app.http('GET', '/wallet/me', s.app.token('so1', 'player'))).toMatchObject({ status: 503, body: { code: 'SEAMLESS_BALANCE_UNAVAILABLE' } });
    } finally {
      await s.sim.start();
    }
    expect((await s.app.http('GET', '/wallet/me', s.app.token('so1', 'player'))).status).toBe(200);
  });

  it('operator API: a stale timestamp → 401 OPERATOR_SIGNATURE_STALE, the same signed request twice → 401 OPERATOR_SIGNATURE_REPLAYED, no timestamp → OPERATOR_UNAUTHENTICATED; nothing changes', async () => {
    const send = async (raw: string, headers: Record<string, string>): Promise<{ status: number; body: Record<string, unknown> }> => {
      const res = await fetch(`${s.app.url}/operator/v1/sessions`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-felt-operator': 'op1', ...headers }, body: raw });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    const raw = (p: string): string => JSON.stringify({ playerId: p, user: `ext-${p}`, token: `tok-${p}`, currency: 'EUR' });
    expect(await send(raw('so7'), signedHeaders(OPERATOR_SECRET, Date.now() - REPLAY_WINDOW_MS - 60_000, raw('so7')))).toMatchObject({ status: 401, body: { code: 'OPERATOR_SIGNATURE_STALE' } });
    expect(await send(raw('so7'), { [SIGNATURE_HEADER]: signBody(OPERATOR_SECRET, Date.now(), raw('so7')) })).toMatchObject({ status: 401, body: { code: 'OPERATOR_UNAUTHENTICATED' } });
    expect(s.seamless.linkOf('so7')).toBeNull();
    const h = signedHeaders(OPERATOR_SECRET, Date.now(), raw('so8'));
    expect(await send(raw('so8'), h)).toMatchObject({ status: 200, body: { playerId: 'so8', operatorId: 'op1' } });
    expect(await send(raw('so8'), h)).toMatchObject({ status: 401, body: { code: 'OPERATOR_SIGNATURE_REPLAYED' } });
  });

  it('a credit dead-lettered by the operator is listed for the admin and re-queued by POST …/dead-letter/retry (audited); it then settles once', async () => {
    await s.close();
    s.sim.faults.status = 'RS_ERROR_UNKNOWN'; // the operator's wallet is broken at settlement time
    await s.result(roundId, [6, 6, 5]); // 17: big wins 1:1 → 3 000 back
    await s.until('credit dead-lettered', async () => (await s.seamless.repo.get('crd_so-1'))?.state === 'dead');
    const list = await s.app.http('GET', '/admin/operators/op1/dead-letter', admin);
    expect(list.status).toBe(200);
    expect(list.body).toEqual([expect.objectContaining({ transactionUuid: 'crd_so-1', kind: 'credit', amountMinor: 3_000, playerId: 'so1', attempts: 2, lastError: 'RS_ERROR_UNKNOWN' })]);
    // only admins; an unknown uuid re-queues nothing; a reason is required
    expect((await s.app.http('POST', '/admin/operators/op1/dead-letter/retry', s.app.token('pitboss1', 'pitboss'), { reason: 'operator fixed' })).status).toBe(403);
    expect(await s.app.http('POST', '/admin/operators/op1/dead-letter/retry', admin, { transactionUuids: ['crd_so-1', 'crd_nope'], reason: 'operator fixed' })).toMatchObject({ status: 404, body: { code: 'DEAD_LETTER_NOT_FOUND' } });
    expect(await s.app.http('POST', '/admin/operators/op1/dead-letter/retry', admin, {})).toMatchObject({ status: 400 });
    expect(await s.app.http('POST', '/admin/operators/nobody/dead-letter/retry', admin, { reason: 'operator fixed' })).toMatchObject({ status: 404, body: { code: 'OPERATOR_NOT_FOUND' } });
    expect((await s.seamless.repo.get('crd_so-1'))?.state).toBe('dead');
    const before = s.sim.balances.get('ext-so1') ?? NaN;
    s.sim.faults.status = null;
    const r = await s.app.http('POST', '/admin/operators/op1/dead-letter/retry', admin, { reason: 'operator fixed its wallet (ticket 4711)' });
    expect(r).toMatchObject({ status: 200, body: { operatorId: 'op1', requeued: ['crd_so-1'] } });
    await s.until('credit acknowledged', async () => (await s.seamless.repo.get('crd_so-1'))?.state === 'done');
    expect(s.sim.balances.get('ext-so1')).toBe(before + 3_000);
    expect((await s.app.http('GET', '/admin/operators/op1/dead-letter', admin)).body).toEqual([]);
    // re-queued again: nothing is dead any more, nothing is sent twice
    expect(await s.app.http('POST', '/admin/operators/op1/dead-letter/retry', admin, { transactionUuids: ['crd_so-1'], reason: 'again' })).toMatchObject({ status: 404, body: { code: 'DEAD_LETTER_NOT_FOUND' } });
    expect([...s.sim.book.values()].filter((t) => t.transactionUuid === 'crd_so-1')).toHaveLength(1);
    const audit = await s.app.get(AuditService).list(20);
    expect(audit).toEqual(expect.arrayContaining([expect.objectContaining({ actor: 'admin1', action: 'seamless.dead-letter.retry', reason: 'operator fixed its wallet (ticket 4711)', target: 'operator:op1:crd_so-1' })]));
    expect((await s.app.http('GET', `/admin/operators/op1/reconciliation`, admin)).body).toMatchObject({ balanced: true, dead: 0, pending: 0 });
  }, 120_000);

  it('CSV exports (issue 22 §16): the operator statement, the rounds and the audit log — admin/pit only, formula-safe', async () => {
    const get = async (path: string, token: string): Promise<{ status: number; type: string | null; disposition: string | null; text: string }> => {
      const res = await fetch(`${s.app.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
      return { status: res.status, type: res.headers.get('content-type'), disposition: res.headers.get('content-disposition'), text: await res.text() };
    };
    const day = new Date().toISOString().slice(0, 10);
    const statement = await get(`/admin/operators/op1/reconciliation.csv?day=${day}`, admin);
    expect(statement).toMatchObject({ status: 200, type: 'text/csv; charset=utf-8', disposition: `attachment; filename="felt-op1-${day}.csv"` });
    const lines = statement.text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('transaction_uuid,kind,state,bet_id,player_id,user,amount_minor,currency,round,game_code,day,at,at_ms,attempts,last_error');
    expect(lines).toEqual(expect.arrayContaining([expect.stringMatching(/^dbt_so-1,debit,done,so-1,so1,ext-so1,1500,EUR,rnd_[^,]+,felt_sicbo,/), expect.stringMatching(/^crd_so-1,credit,done,so-1,so1,ext-so1,3000,EUR,/)]));
    expect((await get('/admin/operators/op1/reconciliation.csv', s.app.token('pitboss1', 'pitboss'))).status).toBe(403);
    expect((await get('/admin/operators/nobody/reconciliation.csv', admin)).status).toBe(404);

    const rounds = await get(`/rounds/export.csv?roundId=${roundId}`, s.app.token('pitboss1', 'pitboss'));
    expect(rounds.status).toBe(200);
    const [head, row] = rounds.text.trimEnd().split('\r\n');
    expect(head).toBe('round_id,table_id,game,phase,opened_at,opened_at_ms,updated_at_ms,bets,players,staked_minor,hold_minor');
    expect(row).toMatch(new RegExp(`^${roundId},${s.tableId},sicbo,settled,\\d{4}-`));
    expect((await get('/rounds/export.csv', s.app.token('so1', 'player'))).status).toBe(403);

    // an audit reason that a spreadsheet would run as a formula is written as text
    await s.app.get(AuditService).record({ actor: 'admin1', role: 'admin', action: 'test.csv', reason: '=HYPERLINK("http://x","click")', target: 'csv', at: Date.now() });
    const audit = await get('/audit/export.csv?target=csv', admin);
    expect(audit.status).toBe(200);
    expect(audit.text).toContain(`csv,"'=HYPERLINK(""http://x"",""click"")"`);
  });
});

describe('outgoing calls carry the timestamp inside the signature', () => {
  it("an operator whose clock is 10 min away refuses our calls as stale (the simulated wallet checks the window) and books nothing", async () => {
    const { SeamlessWallet } = await import('./seamless-wallet.js');
    const { MemorySeamlessRepository } = await import('./seamless.repository.js');
    const { InProcessWalletJobs } = await import('./wallet-jobs.js');
    const sim = new OperatorWalletSim('EUR', 'op-secret-op-secret', () => Date.now() + 10 * 60_000);
    await sim.start();
    try {
      const repo = new MemorySeamlessRepository();
      await repo.upsertOperator({ operatorId: 'op1', walletMode: 'seamless', baseUrl: sim.url, secret: 'op-secret-op-secret', currencies: ['EUR'], timeoutMs: 2_000 });
      const wallet = new SeamlessWallet(repo, (h, dead) => new InProcessWalletJobs(h, dead, { attempts: 1, backoffMs: 10, maxBackoffMs: 10 }));
      const token = sim.addPlayer('u1', 1_000);
      const ref = { operatorId: 'op1', playerId: 'p1', user: 'u1', currency: 'EUR', round: 'rnd_1', betId: 'b1' };
      expect(await wallet.debit({ ...ref, token, amountMinor: 100 })).toMatchObject({ accepted: false, code: 'SEAMLESS_DEBIT_REFUSED', status: 'RS_ERROR_INVALID_SIGNATURE' });
      expect(await wallet.balance({ operatorId: 'op1', user: 'u1', token, currency: 'EUR' })).toMatchObject({ ok: false, status: 'RS_ERROR_INVALID_SIGNATURE' });
      expect(sim.book.size).toBe(0);
      await wallet.close();
    } finally {
      await sim.stop();
    }
  });
});
