import { afterEach, describe, expect, it } from 'vitest';
import { outcomeOf } from './seamless.contract.js';
import { OperatorWalletSim } from './operator-wallet.sim.js';
import { SeamlessWallet, type OperatorConfig } from './seamless-wallet.js';
import { InProcessWalletJobs, type RetryPolicy } from './wallet-jobs.js';

const today = (): string => new Date().toISOString().slice(0, 10);

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
  const alerts: string[] = [];

  async function setup(policy: RetryPolicy = { attempts: 60, backoffMs: 100, maxBackoffMs: 1000 }, timeoutMs = 2_000): Promise<OperatorConfig> {
    sim = new OperatorWalletSim('EUR');
    await sim.start();
    const op: OperatorConfig = { operatorId: 'op1', baseUrl: sim.url, currency: 'EUR', timeoutMs };
    wallet = new SeamlessWallet([op], (h, dead) => new InProcessWalletJobs(h, dead, policy), Date.now, (msg, d) => alerts.push(`${msg} ${String(d['transactionUuid'])}`));
    return op;
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
    expect(await wallet.debit({ operatorId: 'op1', user: 'p1', token, round: 'rnd_1', betId: 'b1', amountMinor: 1_000 })).toEqual({ accepted: true, balanceMinor: 9_000 });
    expect(await wallet.debit({ operatorId: 'op1', user: 'p1', token, round: 'rnd_1', betId: 'b1', amountMinor: 1_000 })).toMatchObject({ accepted: true });
    expect(sim.balances.get('p1')).toBe(9_000);
    sim.faults.duplicate = false;
    sim.tokens.clear(); // the session expired
    await wallet.credit({ operatorId: 'op1', user: 'p1', round: 'rnd_1', betId: 'b1', amountMinor: 3_600, roundClosed: true });
    await wallet.credit({ operatorId: 'op1', user: 'p1', round: 'rnd_1', betId: 'b1', amountMinor: 3_600, roundClosed: true });
    await wallet.drain();
    expect(sim.balances.get('p1')).toBe(12_600);
    const r = wallet.reconcile('op1', today(), [...sim.book.values()]);
    expect(r).toMatchObject({ balanced: true, matched: 2, ours: { debitsMinor: 1_000, creditsMinor: 3_600, netMinor: -2_600 }, theirs: { netMinor: -2_600 } });
  });

  it('a refused debit rejects the bet with the operator code; a debit that times out is never assumed accepted: rejected and rolled back', async () => {
    await setup();
    const token = sim.addPlayer('p2', 500);
    expect(await wallet.debit({ operatorId: 'op1', user: 'p2', token, round: 'rnd_2', betId: 'b2', amountMinor: 1_000 })).toMatchObject({ accepted: false, code: 'RS_ERROR_NOT_ENOUGH_MONEY' });
    // the operator books the debit but its answer never comes back
    sim.faults.swallowAfterBooking = true;
    const r = await wallet.debit({ operatorId: 'op1', user: 'p2', token, round: 'rnd_2', betId: 'b3', amountMinor: 200 });
    expect(r).toMatchObject({ accepted: false, code: 'DEBIT_UNCONFIRMED' });
    expect(sim.balances.get('p2')).toBe(300); // the operator took it…
    sim.faults.swallowAfterBooking = false;
    await wallet.drain();
    expect(sim.balances.get('p2')).toBe(500); // …and gave it back through the rollback
    const rec = wallet.reconcile('op1', today(), [...sim.book.values()]);
    expect(rec).toMatchObject({ balanced: true, ours: { debitsMinor: 200, rollbacksMinor: 200, netMinor: 0 }, theirs: { debitsMinor: 200, rollbacksMinor: 200, netMinor: 0 } });
  });

  it('an operator answering errors (RS_ERROR_UNKNOWN) is retried with backoff; after the last attempt the call is dead-lettered with an alert, never dropped', async () => {
    await setup({ attempts: 3, backoffMs: 20, maxBackoffMs: 40 });
    sim.addPlayer('p3', 1_000);
    sim.faults.status = 'RS_ERROR_UNKNOWN';
    await wallet.credit({ operatorId: 'op1', user: 'p3', round: 'rnd_3', betId: 'b4', amountMinor: 700, roundClosed: true });
    await wallet.drain();
    const e = wallet.entries().find((x) => x.call.body.transaction_uuid === 'crd_b4');
    expect(e).toMatchObject({ state: 'dead', attempts: 3, lastError: 'RS_ERROR_UNKNOWN' });
    expect(alerts).toEqual(['seamless wallet call dead-lettered crd_b4']);
    expect(wallet.reconcile('op1', today(), [...sim.book.values()]).balanced).toBe(false); // the report shows it
  });

  it('drill: the operator wallet unreachable for 30 s mid-round — no money created or lost on either side, and everything reconciles', async () => {
    await setup({ attempts: 200, backoffMs: 200, maxBackoffMs: 2_000 }, 2_000);
    const start = { p1: 10_000, p2: 10_000, p3: 10_000 };
    const tok = { p1: sim.addPlayer('p1', start.p1), p2: sim.addPlayer('p2', start.p2), p3: sim.addPlayer('p3', start.p3) };
    const round = 'rnd_drill';
    expect(await wallet.debit({ operatorId: 'op1', user: 'p1', token: tok.p1, round, betId: 'd1', amountMinor: 1_000 })).toMatchObject({ accepted: true });
    expect(await wallet.debit({ operatorId: 'op1', user: 'p2', token: tok.p2, round, betId: 'd2', amountMinor: 1_000 })).toMatchObject({ accepted: true });
    const port = Number(new URL(sim.url).port);
    await sim.stop(); // unreachable from here
    const t0 = Date.now();
    // a bet during the outage: the debit cannot be confirmed → rejected, rollback queued
    expect(await wallet.debit({ operatorId: 'op1', user: 'p3', token: tok.p3, round, betId: 'd3', amountMinor: 500 })).toMatchObject({ accepted: false, code: 'DEBIT_UNCONFIRMED' });
    // the round settles during the outage: p1 wins 2 000, p2 loses (a 0 credit closes the round)
    await wallet.credit({ operatorId: 'op1', user: 'p1', round, betId: 'd1', amountMinor: 2_000, roundClosed: true });
    await wallet.credit({ operatorId: 'op1', user: 'p2', round, betId: 'd2', amountMinor: 0, roundClosed: true });
    await new Promise((r) => setTimeout(r, Math.max(0, 30_000 - (Date.now() - t0))));
    expect(wallet.entries().filter((e) => e.state === 'pending').length).toBe(3); // nothing lost, nothing given up
    await sim.start(port); // back
    await wallet.drain();
    expect(Object.fromEntries(sim.balances)).toEqual({ p1: 11_000, p2: 9_000, p3: 10_000 });
    // no money created or lost: the players' total moved by exactly what Felt's journal says the house paid out net
    const moved = [...sim.balances.values()].reduce((a, b) => a + b, 0) - (start.p1 + start.p2 + start.p3);
    const rec = wallet.reconcile('op1', today(), [...sim.book.values()]);
    expect(moved + rec.ours.netMinor).toBe(0);
    expect(rec).toMatchObject({ balanced: true, mismatches: [], ours: { pending: 0, dead: 0, debitsMinor: 2_000, creditsMinor: 2_000 }, theirs: { debitsMinor: 2_000, creditsMinor: 2_000, rollbacksMinor: 0 } });
    // the rollback of the debit the operator never saw was a no-op for it
    expect(wallet.entries().find((e) => e.call.body.transaction_uuid === 'rbk_d3')).toMatchObject({ state: 'done', effective: false });
  }, 90_000);
});
