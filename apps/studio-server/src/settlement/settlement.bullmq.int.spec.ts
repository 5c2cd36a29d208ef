import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlertsService } from '../alerts/alerts.service.js';
import { bootTestApp, type TestApp } from '../../../../test/support/studio-server/test-app.js';
import { createTestDatabase, requireEnv, type TestDatabase } from '../../../../test/support/studio-server/test-database.js';
import { UNIT_OF_WORK, type UnitOfWork } from '../shared/ports/persistence.port.js';
import { LedgerAuditService } from '../wallet/ledger-audit.service.js';
import { WalletService } from '../wallet/wallet.service.js';
import { Redis } from 'ioredis';
import { BullMqSettlementQueue, orphanedActive } from './bullmq.queue.js';
import { SETTLEMENT_QUEUE } from '../shared/ports/settlement.port.js';
import { SettlementService } from './settlement.service.js';
import { FakeRounds, fakeSettlementSourceModule } from '../../../../test/support/studio-server/fake-settlement-source.js';

describe('settlement on BullMQ (real Redis) + PostgreSQL', () => {
  let db: TestDatabase;
  let t: TestApp;
  let rounds: FakeRounds;
  let uow: UnitOfWork;
  let settlement: SettlementService;
  let wallet: WalletService;
  const at = Date.UTC(2026, 0, 1, 12);

  beforeAll(async () => {
    const redisUrl = requireEnv('REDIS_URL');
    db = await createTestDatabase();
    rounds = new FakeRounds();
    t = await bootTestApp({
      imports: [fakeSettlementSourceModule(rounds)],
      config: { database: { kind: 'postgres', url: db.url }, redisUrl, queuePrefix: `felt-test-${randomBytes(5).toString('hex')}`, settlementAttempts: 3, settlementBackoffMs: 20 },
    });
    uow = t.get<UnitOfWork>(UNIT_OF_WORK);
    rounds.uow = uow;
    settlement = t.get(SettlementService);
    wallet = t.get(WalletService);
    await wallet.post('d1', 'alice', 10_000);
  });
  afterAll(async () => {
    if (t !== undefined) {
      expect((await t.get(LedgerAuditService).check()).violations).toEqual([]);
      await t.get<BullMqSettlementQueue>(SETTLEMENT_QUEUE).obliterate();
      await t.close();
    }
    await db?.drop();
  });

  async function play(roundId: string, stake: number, ret: number): Promise<void> {
    await rounds.openRound(roundId, at);
    await rounds.placeBet(roundId, `${roundId}-a`, 'alice', stake, at);
    rounds.returns.set(`${roundId}-a`, ret);
    await rounds.resolve(roundId, at + 1000);
  }

  it('uses the BullMQ adapter and reports the queue healthy', async () => {
    expect(t.get(SETTLEMENT_QUEUE)).toBeInstanceOf(BullMqSettlementQueue);
    expect(await (await fetch(`${t.url}/health`)).json()).toMatchObject({ status: 'ok', db: 'up', queue: 'up', broker: 'up' });
  });

  it('settles a round once even when it is enqueued three times (job id settle-<roundId>, postings keyed by (round, bet))', async () => {
    await play('rnd_b1', 1_000, 3_600);
    await Promise.all([settlement.enqueue('rnd_b1'), settlement.enqueue('rnd_b1'), settlement.enqueue('rnd_b1')]);
    await settlement.drain();
    expect((await wallet.balance('alice')).balanceMinor).toBe(10_000 - 1_000 + 3_600);
    expect((await uow.run((tx) => tx.rounds.get('rnd_b1')))?.phase).toBe('settled');
    await settlement.enqueue('rnd_b1'); // after completion: runs again, changes nothing
    await settlement.drain();
    expect((await wallet.balance('alice')).balanceMinor).toBe(12_600);
    expect(await uow.run((tx) => tx.ledger.entries('settle:rnd_b1:rnd_b1-a'))).toHaveLength(3);
  });

  it('retries with exponential backoff, then dead-letters and raises a critical alert', async () => {
    await play('rnd_b2', 500, 0);
    rounds.failLines = 99;
    const calls = rounds.linesCalls;
    await settlement.enqueue('rnd_b2');
    await settlement.drain();
    expect(rounds.linesCalls - calls).toBe(3);
    const queue = t.get<BullMqSettlementQueue>(SETTLEMENT_QUEUE);
    expect(await queue.deadLetterCount()).toBe(1);
    const alerts = await t.get(AlertsService).list(10);
    expect(alerts.map((a) => [a.code, a.roundId])).toContainEqual(['SETTLEMENT_DEAD_LETTER', 'rnd_b2']);
    rounds.failLines = 0;
    await settlement.enqueue('rnd_b2');
    await settlement.drain();
    expect((await uow.run((tx) => tx.rounds.get('rnd_b2')))?.phase).toBe('settled');
  });

  it('an active job is orphaned only while it has no lock — one read, so a job between attempts never looks orphaned', async () => {
    const r = new Redis(requireEnv('REDIS_URL'));
    const k = `felt-test-orphan-${randomBytes(5).toString('hex')}`;
    try {
      expect(await orphanedActive(r, `${k}:active`, `${k}:j1:lock`, 'j1')).toBe(false); // not active (delayed, waiting, gone)
      await r.rpush(`${k}:active`, 'j0', 'j1');
      await r.set(`${k}:j1:lock`, 'token');
      expect(await orphanedActive(r, `${k}:active`, `${k}:j1:lock`, 'j1')).toBe(false); // its worker holds it
      await r.del(`${k}:j1:lock`);
      expect(await orphanedActive(r, `${k}:active`, `${k}:j1:lock`, 'j1')).toBe(true); // its worker died
    } finally {
      await r.del(`${k}:active`, `${k}:j1:lock`);
      r.disconnect();
    }
  });
});
