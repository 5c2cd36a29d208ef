import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditService } from '../audit/audit.service.js';
import { AuthService } from '../auth/auth.service.js';
import { bootTestApp, type TestApp } from '../../../../test/support/studio-server/test-app.js';
import { UNIT_OF_WORK, type UnitOfWork } from '../shared/ports/persistence.port.js';
import { LedgerAuditService } from './ledger-audit.service.js';
import { betDebitPosting } from '../shared/ledger.rules.js';
import { WalletService } from './wallet.service.js';

describe('wallet (internal ledger) over HTTP', () => {
  let t: TestApp;
  let admin: string;
  let player: string;
  beforeAll(async () => {
    t = await bootTestApp({ config: { demo: false } });
    const auth = t.get(AuthService);
    admin = auth.sign({ userId: 'adm_1', role: 'admin', name: 'Ada' });
    player = auth.sign({ userId: 'p_1', role: 'player', name: 'Pia' });
  });
  afterAll(async () => {
    expect((await t.get(LedgerAuditService).check()).violations).toEqual([]);
    await t.close();
  });

  const deposit = (body: unknown): Promise<Response> =>
    fetch(`${t.url}/wallet/deposit`, { method: 'POST', headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('an admin deposit credits the player once per deposit id and is audited with who and why', async () => {
    const body = { playerId: 'p_1', amountMinor: 25_000, depositId: 'dep_cash_1', reason: 'cash at the cage' };
    const first = (await (await deposit(body)).json()) as { created: boolean; balance: { balanceMinor: number } };
    const again = (await (await deposit(body)).json()) as { created: boolean; balance: { balanceMinor: number } };
    expect([first.created, first.balance.balanceMinor]).toEqual([true, 25_000]);
    expect([again.created, again.balance.balanceMinor]).toEqual([false, 25_000]);
    const me = await fetch(`${t.url}/wallet/me`, { headers: { authorization: `Bearer ${player}` } });
    expect(await me.json()).toEqual({ playerId: 'p_1', currency: 'EUR', balanceMinor: 25_000 });
    const audit = await t.get(AuditService).list(10, 'player:p_1');
    expect(audit).toEqual([expect.objectContaining({ actor: 'adm_1', role: 'admin', action: 'wallet.deposit', reason: 'cash at the cage' })]);
  });

  it('refuses deposits that are not positive integers of minor units, or have no reason', async () => {
    for (const body of [
      { playerId: 'p_1', amountMinor: 10.5, reason: 'x' },
      { playerId: 'p_1', amountMinor: -100, reason: 'x' },
      { playerId: 'p_1', amountMinor: 100 },
      { playerId: 'p_1', amountMinor: 100, reason: 'x', bonus: true },
    ]) {
      const res = await deposit(body);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'INVALID_INPUT' });
    }
    expect((await t.get(WalletService).balance('p_1')).balanceMinor).toBe(25_000);
  });

  it('demo top-up is refused outside demo mode', async () => {
    const res = await fetch(`${t.url}/wallet/demo-top-up`, { method: 'POST', headers: { authorization: `Bearer ${player}` } });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'DEMO_ONLY' });
  });

  it('GET /admin/ledger/check reports a sound ledger, with totals at zero', async () => {
    const res = await fetch(`${t.url}/admin/ledger/check`, { headers: { authorization: `Bearer ${admin}` } });
    expect(await res.json()).toMatchObject({ ok: true, totals: { EUR: 0 }, violations: [] });
  });
});

describe('LedgerAuditService', () => {
  it('flags an accepted bet of a finished round that was never settled (NN-2)', async () => {
    const t = await bootTestApp();
    try {
      const uow = t.get<UnitOfWork>(UNIT_OF_WORK);
      await t.get(WalletService).post('d', 'p_2', 1_000);
      await uow.run(async (tx) => {
        await tx.rounds.upsert({ roundId: 'rnd_x', tableId: 'tbl_1', game: 'roulette', seq: 9, phase: 'settled', state: {}, openedAt: 1, updatedAt: 2 });
        await tx.bets.insert({ betId: 'b_x', roundId: 'rnd_x', tableId: 'tbl_1', playerId: 'p_2', spot: 'red', kind: 'red', stakeMinor: 100, currency: 'EUR', status: 'accepted', returnMinor: null, placedAt: 1, settledAt: null });
        const p = betDebitPosting({ betId: 'b_x', playerId: 'p_2', stakeMinor: 100 });
        await tx.ledger.post(p.postingId, p.entries.map((e) => ({ ...e, at: 1 })));
      });
      const report = await t.get(LedgerAuditService).check();
      expect(report.ok).toBe(false);
      expect(report.violations.map((v) => v.code)).toEqual(['BET_NOT_SETTLED']);
    } finally {
      await t.close();
    }
  });
});

describe('demo top-up', () => {
  it('raises a demo player back to 1 000.00 EUR and never above', async () => {
    const t = await bootTestApp({ config: { demo: true } });
    try {
      const wallet = t.get(WalletService);
      const user = { userId: 'player1', role: 'player' as const, name: 'P1' };
      await t.get<UnitOfWork>(UNIT_OF_WORK).run(async (tx) => {
        const p = betDebitPosting({ betId: 'b1', playerId: 'player1', stakeMinor: 30_000 });
        await tx.ledger.post(p.postingId, p.entries.map((e) => ({ ...e, at: 1 })));
      });
      expect((await wallet.balance('player1')).balanceMinor).toBe(70_000);
      expect((await wallet.demoTopUp(user)).balanceMinor).toBe(100_000);
      expect((await wallet.demoTopUp(user)).balanceMinor).toBe(100_000);
    } finally {
      await t.close();
    }
  });

  it('never tops up while the player has stakes in play: 409 STAKES_IN_PLAY, nothing minted (issue 9 finding 10)', async () => {
    const t = await bootTestApp({ config: { demo: true } });
    try {
      const wallet = t.get(WalletService);
      const uow = t.get<UnitOfWork>(UNIT_OF_WORK);
      const user = { userId: 'player1', role: 'player' as const, name: 'P1' };
      const row = { betId: 'b1', roundId: 'r1', tableId: 'tbl_1', playerId: 'player1', spot: 'red', kind: 'red', stakeMinor: 30_000, currency: 'EUR', returnMinor: null, placedAt: 1, settledAt: null };
      await uow.run(async (tx) => {
        const p = betDebitPosting({ betId: 'b1', playerId: 'player1', stakeMinor: 30_000 });
        await tx.ledger.post(p.postingId, p.entries.map((e) => ({ ...e, at: 1 })));
        await tx.bets.insert({ ...row, status: 'accepted' });
      });
      await expect(wallet.demoTopUp(user)).rejects.toMatchObject({ status: 409, body: { code: 'STAKES_IN_PLAY' } });
      expect((await wallet.balance('player1')).balanceMinor).toBe(70_000);
    } finally {
      await t.close();
    }
  });
});
