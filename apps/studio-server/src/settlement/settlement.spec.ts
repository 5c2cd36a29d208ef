import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AlertsService, type Alert } from '../alerts/alerts.service.js';
import { FixedClock } from '../shared/clock.js';
import { MetricsService } from '../ops/metrics.service.js';
import { bootTestApp, type TestApp } from '../../../../test/support/studio-server/test-app.js';
import { UNIT_OF_WORK, type UnitOfWork } from '../shared/ports/persistence.port.js';
import { LedgerAuditService } from '../wallet/ledger-audit.service.js';
import { WalletService } from '../wallet/wallet.service.js';
import { SettlementProcessor } from './settlement.processor.js';
import { SettlementService } from './settlement.service.js';
import { FakeRounds, fakeSettlementSourceModule } from '../../../../test/support/studio-server/fake-settlement-source.js';

describe('settlement (in-process queue, in-memory ledger)', () => {
  let t: TestApp;
  let rounds: FakeRounds;
  let uow: UnitOfWork;
  let settlement: SettlementService;
  let wallet: WalletService;
  let ledgerAudit: LedgerAuditService;
  const clock = new FixedClock(Date.UTC(2026, 0, 1, 12));

  beforeEach(async () => {
    rounds = new FakeRounds();
    t = await bootTestApp({ clock, imports: [fakeSettlementSourceModule(rounds)], config: { settlementAttempts: 3, settlementBackoffMs: 1 } });
    uow = t.get<UnitOfWork>(UNIT_OF_WORK);
    rounds.uow = uow;
    settlement = t.get(SettlementService);
    wallet = t.get(WalletService);
    ledgerAudit = t.get(LedgerAuditService);
    await wallet.post('d1', 'alice', 10_000);
    await wallet.post('d2', 'bob', 10_000);
  });
  afterEach(async () => {
    const report = await ledgerAudit.check();
    expect(report.violations).toEqual([]);
    await t.close();
  });

  async function playRound(roundId: string): Promise<void> {
    await rounds.openRound(roundId, clock.now());
    await rounds.placeBet(roundId, `${roundId}-a`, 'alice', 1_000, clock.now());
    await rounds.placeBet(roundId, `${roundId}-b`, 'bob', 500, clock.now());
    rounds.returns.set(`${roundId}-a`, 2_000); // alice wins even money
    await rounds.resolve(roundId, clock.advance(30_000));
  }

  it('pays winners, keeps losers\' stakes for the house, moves bets to settled and marks the round settled', async () => {
    await playRound('rnd_1');
    await settlement.enqueue('rnd_1');
    await settlement.drain();
    expect((await wallet.balance('alice')).balanceMinor).toBe(11_000);
    expect((await wallet.balance('bob')).balanceMinor).toBe(9_500);
    const bets = await uow.run((tx) => tx.bets.listByRound('rnd_1'));
    expect(bets.map((b) => [b.betId, b.status, b.returnMinor])).toEqual([
      ['rnd_1-a', 'settled', 2_000],
      ['rnd_1-b', 'settled', 0],
    ]);
    expect((await uow.run((tx) => tx.rounds.get('rnd_1')))?.phase).toBe('settled');
    expect(await uow.run((tx) => tx.ledger.balance('in-play', 'EUR'))).toBe(0);
    expect(await uow.run((tx) => tx.ledger.balance('house', 'EUR'))).toBe(-500);
  });

  it('is idempotent: settling the same round twice (queued twice, or replayed after a crash before markSettled) changes nothing', async () => {
    await playRound('rnd_2');
    rounds.failMark = 1; // postings committed, then the process "crashes" before the round is marked settled
    await expect(settlement.settleNow('rnd_2')).rejects.toThrow('event store unavailable');
    const after1 = await ledgerAudit.check();
    await settlement.settleNow('rnd_2'); // replay: no new posting, round marked settled now
    await settlement.enqueue('rnd_2');
    await settlement.enqueue('rnd_2');
    await settlement.drain();
    const after2 = await ledgerAudit.check();
    expect(after2.entries).toBe(after1.entries);
    expect((await wallet.balance('alice')).balanceMinor).toBe(11_000);
    expect((await uow.run((tx) => tx.rounds.get('rnd_2')))?.phase).toBe('settled');
  });

  it('early settlement (BetsSettled, Riverside Bonus §7.4): posted once while the round plays; the final settlement does not post it again, and catches it up when it was never posted', async () => {
    await rounds.openRound('rnd_e', clock.now());
    await rounds.placeBet('rnd_e', 'e-bonus', 'alice', 100, clock.now());
    await rounds.placeBet('rnd_e', 'e-blind', 'alice', 1_000, clock.now());
    await rounds.placeBet('rnd_e', 'e-bob', 'bob', 100, clock.now());
    rounds.returns.set('e-bonus', 1_100); // bonus 10 x net, final after the flop
    rounds.returns.set('e-blind', 2_000);
    rounds.early.add('e-bonus');
    expect((await t.get(SettlementProcessor).settleEarly('rnd_e')).posted).toBe(1);
    expect((await wallet.balance('alice')).balanceMinor).toBe(10_000 - 1_100 + 1_100);
    expect((await uow.run((tx) => tx.rounds.get('rnd_e')))?.phase).toBe('betting'); // the round plays on
    const once = await ledgerAudit.check();
    await settlement.settleEarly('rnd_e'); // a retry / a restart's catch-up: nothing new
    await settlement.drain();
    expect((await ledgerAudit.check()).entries).toBe(once.entries);
    // bob's bet settled early too, but that posting was lost (crash): the final settlement catches it up
    rounds.early.add('e-bob');
    await rounds.resolve('rnd_e', clock.advance(30_000));
    await settlement.enqueue('rnd_e');
    await settlement.drain();
    expect((await wallet.balance('alice')).balanceMinor).toBe(10_000 - 1_100 + 1_100 + 2_000);
    expect((await wallet.balance('bob')).balanceMinor).toBe(9_900);
    const bets = await uow.run((tx) => tx.bets.listByRound('rnd_e'));
    expect(bets.every((b) => b.status === 'settled')).toBe(true);
    expect((await uow.run((tx) => tx.rounds.get('rnd_e')))?.phase).toBe('settled');
    expect(await uow.run((tx) => tx.ledger.balance('in-play', 'EUR'))).toBe(0);
  });

  it('refunds every bet of a voided round', async () => {
    await rounds.openRound('rnd_v', clock.now());
    await rounds.placeBet('rnd_v', 'v-a', 'alice', 700, clock.now());
    await rounds.placeBet('rnd_v', 'v-b', 'bob', 300, clock.now());
    await rounds.resolve('rnd_v', clock.now(), 'void');
    await settlement.enqueue('rnd_v');
    await settlement.drain();
    expect((await wallet.balance('alice')).balanceMinor).toBe(10_000);
    expect((await wallet.balance('bob')).balanceMinor).toBe(10_000);
    expect((await uow.run((tx) => tx.bets.listByRound('rnd_v'))).map((b) => b.status)).toEqual(['refunded', 'refunded']);
  });

  it('retries with backoff, then succeeds without double posting', async () => {
    await playRound('rnd_r');
    rounds.failLines = 2;
    await settlement.enqueue('rnd_r');
    await settlement.drain();
    expect(rounds.linesCalls).toBe(3);
    expect((await wallet.balance('alice')).balanceMinor).toBe(11_000);
  });

  it('dead-letters after the last attempt and raises a critical alert for the pit boss; the round stays unsettled and money stays in play', async () => {
    await playRound('rnd_d');
    rounds.failLines = 99;
    const seen: Alert[] = [];
    const sub = t.get(AlertsService).alerts$.subscribe((a) => seen.push(a));
    await settlement.enqueue('rnd_d');
    await settlement.drain();
    sub.unsubscribe();
    expect(rounds.linesCalls).toBe(3);
    expect(seen.map((a) => [a.code, a.severity, a.roundId])).toEqual([['SETTLEMENT_DEAD_LETTER', 'critical', 'rnd_d']]);
    expect(await t.get(AlertsService).list(10)).toHaveLength(1);
    expect(await uow.run((tx) => tx.ledger.balance('in-play', 'EUR'))).toBe(1_500);
    expect((await uow.run((tx) => tx.rounds.get('rnd_d')))?.phase).toBe('resolved');
    expect(await t.get(MetricsService).render()).toMatch(/felt_settlements_dead_lettered_total 1/);
    // the pit boss fixes the cause; a re-enqueue settles it (so afterEach's invariant sees a clean ledger)
    rounds.failLines = 0;
    await settlement.enqueue('rnd_d');
    await settlement.drain();
    expect((await uow.run((tx) => tx.rounds.get('rnd_d')))?.phase).toBe('settled');
  });

  it('refuses to settle a round whose settlement forgets an accepted bet (every bet settled exactly once)', async () => {
    await playRound('rnd_m');
    const original = rounds.linesFor.bind(rounds);
    rounds.linesFor = async (id) => {
      const s = await original(id);
      return { ...s, lines: s.lines.slice(0, 1) };
    };
    await expect(settlement.settleNow('rnd_m')).rejects.toThrow(/without a settlement line: rnd_m-b/);
    expect(await uow.run((tx) => tx.ledger.balance('in-play', 'EUR'))).toBe(1_500); // nothing of it committed
    rounds.linesFor = original;
    await settlement.settleNow('rnd_m');
  });

  it('records the settlement lag', async () => {
    await playRound('rnd_l');
    await settlement.enqueue('rnd_l');
    await settlement.drain();
    expect(await t.get(MetricsService).render()).toMatch(/felt_settlement_lag_seconds_count 1/);
  });
});
