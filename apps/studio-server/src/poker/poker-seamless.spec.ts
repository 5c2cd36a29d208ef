import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AlertsService } from '../alerts/alerts.service.js';
import { FixedClock, SequentialIds } from '../shared/clock.js';
import type { FeltConfig } from '../config/config.js';
import { InMemoryUnitOfWork } from '../persistence/in-memory.uow.js';
import { ManualScheduler } from '../shared/host/scheduler.js';
import { TableHost } from '../shared/host/table-host.js';
import { checkLedgerInvariants, depositPosting, operatorAccount, playerAccount } from '../shared/ledger.rules.js';
import { OperatorWalletSim } from '../wallet/seamless/operator-wallet.sim.js';
import { MemorySeamlessRepository } from '../wallet/seamless/seamless.repository.js';
import { SeamlessService } from '../wallet/seamless/seamless.service.js';
import { OPERATOR_SECRET } from '../../../../test/support/studio-server/seamless-studio.js';
import { InMemoryPokerTablesRepository } from './poker-table.repository.js';
import { PokerTablesService, stackAccount, type PokerUser } from './poker-tables.service.js';

/**
 * Issue 11 × issue 12: a seamless operator's player at a live poker table. The buy-in and top-ups are debits at
 * the operator (the simulated operator wallet the seamless tests use: a real signed HTTP server), the table stack
 * stays a ledger sub-account, leaving credits the operator; a refused debit refuses the seat and changes nothing.
 */
describe('live poker with a seamless operator wallet (issue 12 × S1-STACK)', () => {
  const clock = new FixedClock();
  const uow = new InMemoryUnitOfWork(clock);
  const scheduler = new ManualScheduler();
  const alerts = { raise: vi.fn(async (a: unknown) => a) } as unknown as AlertsService;
  const sim = new OperatorWalletSim('EUR', OPERATOR_SECRET, () => clock.now());
  const seamless = new SeamlessService(new MemorySeamlessRepository(), uow, clock, { redisUrl: null, queuePrefix: 'pk-seamless' } as unknown as FeltConfig, alerts, { attempts: 20, backoffMs: 10, maxBackoffMs: 50 });
  const service = new PokerTablesService(uow, new InMemoryPokerTablesRepository(), clock, new SequentialIds(), new TableHost(scheduler), alerts, { nextHandMs: 2000, robotMs: 500, robots: false, cardWaitMs: 60_000 }, seamless);
  const T = 'pks1';
  const who = (userId: string): PokerUser => ({ userId, name: userId, role: 'player' });
  const ext = (p: string): number => sim.balances.get(`ext-${p}`) ?? NaN;
  const bal = (account: string): Promise<number> => uow.run((tx) => tx.ledger.balance(account, 'EUR'));
  const link = async (playerId: string, balanceMinor: number): Promise<void> => {
    const token = sim.addPlayer(`ext-${playerId}`, balanceMinor);
    await seamless.linkPlayer({ playerId, operatorId: 'op1', externalUser: `ext-${playerId}`, token, currency: 'EUR' });
  };
  const invariants = async () => checkLedgerInvariants((await uow.snapshot()).entries, []);
  const sessionOf = (userId: string): string => {
    const s = service.stateOf(T)!;
    return s.wallets![service.keyOf(s, userId)!]!.sessionId;
  };

  beforeAll(async () => {
    await sim.start();
    await seamless.start({ sweepEveryMs: null });
    await seamless.upsertOperator({ operatorId: 'op1', walletMode: 'seamless', baseUrl: sim.url, secret: OPERATOR_SECRET, currencies: ['EUR'], timeoutMs: 500 });
    expect((await service.createTable({ tableId: T, name: "Hold'em S", dealing: 'rng', config: { variant: 'holdem', structure: 'no-limit', smallBlindMinor: 50, bigBlindMinor: 100, actionMs: 10_000 }, seats: { seatCount: 6, minBuyInMinor: 1000, maxBuyInMinor: 10_000 } })).ok).toBe(true);
    await link('sp1', 10_000);
    await link('sp2', 500);
    await link('sp3', 5_000);
    const dep = depositPosting('d-internal1', 'internal1', 5_000);
    await uow.run((tx) => tx.ledger.post(dep.postingId, dep.entries.map((e) => ({ ...e, at: clock.now() }))));
  });
  afterAll(async () => {
    service.onModuleDestroy();
    await seamless.onApplicationShutdown();
    await sim.stop();
  });

  it('a buy-in is a debit at the operator (its round is the seat session); the stack is a ledger sub-account; the transit account stays 0', async () => {
    const r = await service.command(T, who('sp1'), 'poker.sit', { tableId: T, seat: 1, buyInMinor: 3000, postToEnter: false });
    expect(r.ok).toBe(true);
    const session = sessionOf('sp1');
    expect(ext('sp1')).toBe(7000);
    expect(sim.book.get(`dbt_${session}`)).toMatchObject({ kind: 'debit', amountMinor: 3000, round: `poker:${T}:${session}` });
    expect(await bal(stackAccount('sp1', T))).toBe(3000);
    expect(await bal(playerAccount('sp1'))).toBe(0);
    expect(await bal(operatorAccount('op1'))).toBe(-3000);
    // the frame's balance is the operator's (not our transit account's 0); an internal player's is the ledger's
    expect(await service.balanceOf('sp1', 'EUR')).toBe(7000);
    expect(await service.balanceOf('sp1', 'SEK')).toBeNull();
    expect(await service.balanceOf('internal1', 'EUR')).toBe(5000);
    // an internal-ledger player at the same table is not touched by the operator wallet
    expect((await service.command(T, who('internal1'), 'poker.sit', { tableId: T, seat: 2, buyInMinor: 2000, postToEnter: false })).ok).toBe(true);
    expect(await bal(playerAccount('internal1'))).toBe(3000);
    expect([...sim.book.values()].some((t) => t.user === 'ext-internal1')).toBe(false);
    // the sweep leaves a live seat's debit alone, however old
    clock.advance(60_000);
    await seamless.drain();
    expect(sim.book.has(`rbk_${session}`)).toBe(false);
    expect(await invariants()).toEqual([]);
  });

  it('the operator refuses the debit: the sit is refused with SEAMLESS_DEBIT_REFUSED and its code, and nothing changes', async () => {
    const seq = service.stateOf(T)!.seq;
    const clearing = await bal(operatorAccount('op1'));
    const r = await service.command(T, who('sp2'), 'poker.sit', { tableId: T, seat: 3, buyInMinor: 1000, postToEnter: false });
    expect(r).toMatchObject({ ok: false, violation: { code: 'SEAMLESS_DEBIT_REFUSED', details: { operatorStatus: 'RS_ERROR_NOT_ENOUGH_MONEY' } } });
    expect(service.stateOf(T)!.seq).toBe(seq);
    expect(service.keyOf(service.stateOf(T)!, 'sp2')).toBeNull();
    expect(await bal(operatorAccount('op1'))).toBe(clearing);
    // the table's own refusals never reach the operator
    const calls = sim.calls;
    expect(await service.command(T, who('sp3'), 'poker.sit', { tableId: T, seat: 1, buyInMinor: 1000, postToEnter: false })).toMatchObject({ ok: false, violation: { code: 'POKER_SEAT_TAKEN' } });
    expect(await service.command(T, who('sp3'), 'poker.sit', { tableId: T, seat: 3, buyInMinor: 20_000, postToEnter: false })).toMatchObject({ ok: false, violation: { code: 'POKER_BUY_IN_TOO_LARGE' } });
    expect(sim.calls).toBe(calls);
  });

  it('a debit that times out is never assumed: the sit is refused (SEAMLESS_DEBIT_UNCONFIRMED) and the debit rolled back', async () => {
    sim.faults.swallowAfterBooking = true;
    const r = await service.command(T, who('sp3'), 'poker.sit', { tableId: T, seat: 3, buyInMinor: 1000, postToEnter: false });
    sim.faults.swallowAfterBooking = false;
    expect(r).toMatchObject({ ok: false, violation: { code: 'SEAMLESS_DEBIT_UNCONFIRMED' } });
    await seamless.drain();
    expect(ext('sp3')).toBe(5000);
    expect(service.keyOf(service.stateOf(T)!, 'sp3')).toBeNull();
    expect(await invariants()).toEqual([]);
  });

  it('a debit that never reached the table (a crash between the two) is rolled back by the sweep after the grace', async () => {
    const l = seamless.linkOf('sp3')!;
    expect((await seamless.debitChips(l, `poker:${T}:pks_lost`, 'pks_lost', 700, 'EUR')).ok).toBe(true);
    expect(ext('sp3')).toBe(4300);
    await seamless.drain();
    expect(ext('sp3')).toBe(4300); // still within the grace: maybe in flight
    clock.advance(31_000);
    await seamless.drain();
    expect(ext('sp3')).toBe(5000);
    expect(sim.book.get('rbk_pks_lost')).toMatchObject({ kind: 'rollback', amountMinor: 700 });
    expect(await bal(playerAccount('sp3'))).toBe(0);
  });

  it('a top-up is one more debit of the session; a hand is played; leaving credits the stack back to the operator and closes its round', async () => {
    expect((await service.command(T, who('sp1'), 'poker.top-up', { tableId: T, amountMinor: 1000 })).ok).toBe(true);
    expect(ext('sp1')).toBe(6000);
    expect(await bal(stackAccount('sp1', T))).toBe(4000);
    // a hand: everyone times out (the SB folds, the BB checks): chips move between the stacks only
    await service.startNextHand(T);
    for (let i = 0; i < 10 && service.stateOf(T)!.hand!.phase.type !== 'complete'; i++) {
      clock.advance(10_001);
      scheduler.runDue(clock.now());
      for (let k = 0; k < 20; k++) await new Promise((r) => setImmediate(r));
    }
    const stack = service.stateOf(T)!.seats.seats.find((r) => r.seat === 1)!.stackMinor;
    expect(stack).not.toBe(4000);
    const session = sessionOf('sp1');
    expect((await service.command(T, who('sp1'), 'poker.stand-up', { tableId: T })).ok).toBe(true);
    expect(service.stateOf(T)!.wallets).toEqual({});
    // the cash-out went on to the operator's clearing account in the same change; the credit follows
    expect(await bal(stackAccount('sp1', T))).toBe(0);
    expect(await bal(playerAccount('sp1'))).toBe(0);
    await seamless.drain();
    expect(ext('sp1')).toBe(6000 + stack);
    expect(sim.book.get(`crd_${session}`)).toMatchObject({ kind: 'credit', amountMinor: stack, reference: `dbt_${session}` });
    const topUp = [...sim.book.values()].find((t) => t.kind === 'debit' && t.transactionUuid.startsWith(`dbt_${session}-t_`))!;
    expect(topUp.amountMinor).toBe(1000);
    expect(sim.book.get(topUp.transactionUuid.replace('dbt_', 'crd_'))).toMatchObject({ kind: 'credit', amountMinor: 0 });
    // our ledger against the operator's acknowledgements: balanced; the ledger invariant holds
    const report = await seamless.report('op1', new Date(clock.now()).toISOString().slice(0, 10));
    expect(report.differences).toEqual([]);
    expect(report.balanced).toBe(true);
    expect(await bal(operatorAccount('op1'))).toBe(-(10_000 - ext('sp1')) + 0);
    expect(await invariants()).toEqual([]);
  });

  it('a seat bought in from one wallet cannot be topped up from another (POKER_WALLET_CHANGED)', async () => {
    // internal1 sat from Felt's ledger; their operator links them afterwards
    const token = sim.addPlayer('ext-internal1', 5_000);
    await seamless.linkPlayer({ playerId: 'internal1', operatorId: 'op1', externalUser: 'ext-internal1', token, currency: 'EUR' });
    expect(await service.command(T, who('internal1'), 'poker.top-up', { tableId: T, amountMinor: 500 })).toMatchObject({ ok: false, violation: { code: 'POKER_WALLET_CHANGED' } });
    // leaving still returns the stack to where it came from: Felt's ledger
    const stack = service.stateOf(T)!.seats.seats.find((r) => r.seat === 2)!.stackMinor;
    expect((await service.command(T, who('internal1'), 'poker.stand-up', { tableId: T })).ok).toBe(true);
    expect(await bal(playerAccount('internal1'))).toBe(3000 + stack);
    expect(ext('internal1')).toBe(5000);
    expect(await invariants()).toEqual([]);
  });
});
