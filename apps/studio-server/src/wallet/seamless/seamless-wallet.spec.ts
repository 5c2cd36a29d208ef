import { afterEach, describe, expect, it } from 'vitest';
import { outcomeOf } from './seamless.contract.js';
import { OperatorWalletSim } from './operator-wallet.sim.js';
import { SeamlessWallet } from './seamless-wallet.js';
import { MemorySeamlessRepository } from './seamless.repository.js';
import { InProcessWalletJobs, type RetryPolicy } from './wallet-jobs.js';

const today = (): string => new Date().toISOString().slice(0, 10);
const SECRET = 'op1-secret-op1-secret';

describe('seamless contract: what an answer means (never assume a debit)', () => {
  it('maps every answer and transport failure to done / refused / retry', () => {
    expect(outcomeOf('debit', { status: 'RS_OK', request_uuid: 'r', balance: 5 })).toEqual({ type: 'done', balance: 5 });
    expect(outcomeOf('debit', { status: 'RS_ERROR_DUPLICATE_TRANSACTION', request_uuid: 'r' })).toMatchObject({ type: 'done' });
    expect(outcomeOf('debit', { status: 'RS_ERROR_NOT_ENOUGH_MONEY', request_uuid: 'r' })).toEqual({ type: 'refused', status: 'RS_ERROR_NOT_ENOUGH_MONEY' });
    expect(outcomeOf('debit', { transport: 'timeout after 500 ms' })).toEqual({ type: 'retry', reason: 'timeout after 500 ms' });
    expect(outcomeOf('debit', { status: 'RS_ERROR_UNKNOWN', request_uuid: 'r' })).toMatchObject({ type: 'retry' });
    // a credit after the session expired is retried, never refused for the token
    expect(outcomeOf('credit', { status: 'RS_ERROR_TOKEN_EXPIRED', request_uuid: 'r' })).toMatchObject({ type: 'retry' });
    // rolling back a debit the operator never booked: nothing to undo
    expect(outcomeOf('rollback', { status: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST', request_uuid: 'r' })).toMatchObject({ type: 'done' });
  });
});

describe('seamless wallet against the simulated operator wallet (issue 12 point 1)', () => {
  let sim: OperatorWalletSim;
  let wallet: SeamlessWallet;
  let repo: MemorySeamlessRepository;
  const alerts: string[] = [];
  const ref = (user: string, betId: string, round = 'rnd_1') => ({ operatorId: 'op1', playerId: `felt-${user}`, user, currency: 'EUR', round, betId });

  async function setup(policy: RetryPolicy = { attempts: 60, backoffMs: 50, maxBackoffMs: 500 }, timeoutMs = 2_000, secret = SECRET): Promise<void> {
    sim = new OperatorWalletSim('EUR', SECRET);
    await sim.start();
    repo = new MemorySeamlessRepository();
    await repo.upsertOperator({ operatorId: 'op1', walletMode: 'seamless', baseUrl: sim.url, secret, currencies: ['EUR'], timeoutMs });
    wallet = new SeamlessWallet(repo, (h, dead) => new InProcessWalletJobs(h, dead, policy), Date.now, (msg, d) => alerts.push(`${msg} ${String(d['transactionUuid'])}`));
  }
  afterEach(async () => {
    await wallet?.close();
    await sim?.stop();
    alerts.length = 0;
  });

  it('debits, credits and rolls back idempotently; a duplicate delivery changes nothing; a credit works after the session expired', async () => {
    await setup();
    const token = sim.addPlayer('p1', 10_000);
    sim.faults.duplicate = true;
    expect(await wallet.debit({ ...ref('p1', 'b1'), token, amountMinor: 1_000 })).toEqual({ accepted: true, balanceMinor: 9_000 });
    expect(await wallet.debit({ ...ref('p1', 'b1'), token, amountMinor: 1_000 })).toMatchObject({ accepted: true });
    expect(sim.balances.get('p1')).toBe(9_000);
    sim.faults.duplicate = false;
    sim.tokens.clear(); // the session expired
    await wallet.credit({ ...ref('p1', 'b1'), amountMinor: 3_600, roundClosed: true });
    await wallet.credit({ ...ref('p1', 'b1'), amountMinor: 3_600, roundClosed: true });
    await wallet.drain();
    expect(sim.balances.get('p1')).toBe(12_600);
    const r = await wallet.reconcile('op1', today(), [...sim.book.values()]);
    expect(r).toMatchObject({ balanced: true, matched: 2, ours: { debitsMinor: 1_000, creditsMinor: 3_600, netMinor: -2_600 }, theirs: { netMinor: -2_600 } });
    // the journal is the stored one (a restart reads the same rows)
    expect((await repo.forDay('op1', today())).map((j) => [j.transactionUuid, j.state])).toEqual([['dbt_b1', 'done'], ['crd_b1', 'done']]);
  });

  it('a refused debit rejects the bet with the operator code; a debit that times out is never assumed accepted: rejected and rolled back', async () => {
    await setup(undefined, 300);
    const token = sim.addPlayer('p2', 500);
    expect(await wallet.debit({ ...ref('p2', 'b2'), token, amountMinor: 1_000 })).toMatchObject({ accepted: false, code: 'SEAMLESS_DEBIT_REFUSED', status: 'RS_ERROR_NOT_ENOUGH_MONEY' });
    // the operator books the debit but its answer never comes back
    sim.faults.swallowAfterBooking = true;
    const r = await wallet.debit({ ...ref('p2', 'b3'), token, amountMinor: 200 });
    expect(r).toMatchObject({ accepted: false, code: 'SEAMLESS_DEBIT_UNCONFIRMED' });
    expect(sim.balances.get('p2')).toBe(300); // the operator took it…
    sim.faults.swallowAfterBooking = false;
    await wallet.drain();
    expect(sim.balances.get('p2')).toBe(500); // …and gave it back through the rollback
    // the same bet id again is not debited a second time after its rollback
    expect(await wallet.debit({ ...ref('p2', 'b3'), token, amountMinor: 200 })).toMatchObject({ accepted: false, code: 'SEAMLESS_DEBIT_UNCONFIRMED' });
    const rec = await wallet.reconcile('op1', today(), [...sim.book.values()]);
    expect(rec).toMatchObject({ balanced: true, ours: { debitsMinor: 200, rollbacksMinor: 200, netMinor: 0 }, theirs: { debitsMinor: 200, rollbacksMinor: 200, netMinor: 0 } });
  });

  it('every call is signed: an operator checking signatures refuses a call signed with the wrong secret (and books nothing)', async () => {
    await setup(undefined, 2_000, 'not-the-operators-secret');
    const token = sim.addPlayer('p4', 1_000);
    expect(await wallet.debit({ ...ref('p4', 'b9'), token, amountMinor: 100 })).toMatchObject({ accepted: false, code: 'SEAMLESS_DEBIT_REFUSED', status: 'RS_ERROR_INVALID_SIGNATURE' });
    expect(sim.book.size).toBe(0);
  });

  it('an operator answering errors (RS_ERROR_UNKNOWN) is retried with backoff; after the last attempt the call is dead-lettered with an alert, never dropped', async () => {
    await setup({ attempts: 3, backoffMs: 20, maxBackoffMs: 40 });
    sim.addPlayer('p3', 1_000);
    sim.faults.status = 'RS_ERROR_UNKNOWN';
    await wallet.credit({ ...ref('p3', 'b4', 'rnd_3'), amountMinor: 700, roundClosed: true });
    await wallet.drain();
    expect(await repo.get('crd_b4')).toMatchObject({ state: 'dead', attempts: 3, lastError: 'RS_ERROR_UNKNOWN' });
    expect(alerts).toEqual(['seamless wallet call dead-lettered crd_b4']);
    expect((await wallet.reconcile('op1', today(), [...sim.book.values()])).balanced).toBe(false); // the report shows it
    // once the operator is fixed, the dead call is queued again and acknowledged
    sim.faults.status = null;
    expect(await wallet.retryDead('crd_b4')).toBe(true);
    await wallet.drain();
    expect(await repo.get('crd_b4')).toMatchObject({ state: 'done' });
    expect(sim.balances.get('p3')).toBe(1_700);
  });

  it('after a restart, pending credits are queued again from the stored journal (never lost)', async () => {
    await setup({ attempts: 100, backoffMs: 50, maxBackoffMs: 200 });
    sim.addPlayer('p5', 0);
    const port = Number(new URL(sim.url).port);
    await sim.stop();
    await wallet.credit({ ...ref('p5', 'b5'), amountMinor: 900, roundClosed: true });
    await wallet.close(); // the process dies with the credit unacknowledged
    expect(await repo.get('crd_b5')).toMatchObject({ state: 'pending' });
    await sim.start(port);
    wallet = new SeamlessWallet(repo, (h, dead) => new InProcessWalletJobs(h, dead, { attempts: 10, backoffMs: 20, maxBackoffMs: 50 }));
    expect(await wallet.resume()).toBe(1);
    await wallet.drain();
    expect(sim.balances.get('p5')).toBe(900);
    expect(await repo.get('crd_b5')).toMatchObject({ state: 'done' });
  });
});
