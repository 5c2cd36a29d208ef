import { afterAll, describe, expect, it } from 'vitest';
import { requireEnv, runId } from '../../../../../test/support/services.js';
import { createTestDatabase, type TestDatabase } from '../../../../../test/support/studio-server/test-database.js';
import type { RoundsApp } from '../../../../../test/support/studio-server/app-harness.js';
import { operatorAccount } from '../../shared/ledger.rules.js';
import { UNIT_OF_WORK, type UnitOfWork } from '../../shared/ports/persistence.port.js';
import { SeamlessService } from './seamless.service.js';
import { bootSeamlessApp, bootSeamlessStudio, type SeamlessStudio } from '../../../../../test/support/studio-server/seamless-studio.js';

const today = (): string => new Date().toISOString().slice(0, 10);
const OUTAGE_MS = 30_000;

/**
 * Drill (issue 12 point 1) on PostgreSQL + Redis (BullMQ wallet jobs), through the real bet path and
 * settlement: the operator wallet is unreachable for 30 s in the middle of a round, and the server is
 * restarted during the outage. No money is created or lost on either side; everything reconciles.
 */
describe('drill: the operator wallet unreachable for 30 s mid-round (PostgreSQL + Redis)', () => {
  const redisUrl = requireEnv('REDIS_URL');
  const prefix = `felt-seamless-${runId()}`;
  let db: TestDatabase;
  let s: SeamlessStudio;
  let restarted: RoundsApp | null = null;

  afterAll(async () => {
    await restarted?.close();
    await s?.sim.stop();
    await db?.drop();
  }, 60_000);

  it('bets before, a bet during, settlement during and a restart during the outage: credits arrive after it, zero differences', async () => {
    db = await createTestDatabase();
    const config = { database: { kind: 'postgres' as const, url: db.url }, redisUrl, queuePrefix: prefix, seamlessRetry: { attempts: 1_000, backoffMs: 250, maxBackoffMs: 2_000 } };
    s = await bootSeamlessStudio({ config, timeoutMs: 1_500 });
    const start = { dp1: 10_000, dp2: 10_000, dp3: 10_000 };
    for (const [p, b] of Object.entries(start)) await s.player(p, b);
    const ext = (p: string): number => s.sim.balances.get(`ext-${p}`) ?? NaN;
    const roundId = await s.openRound();
    expect((await s.bet('dp1', 'drill-1', 'big', 1_000)).status).toBe(200);
    expect((await s.bet('dp2', 'drill-2', 'small', 600)).status).toBe(200);

    // ── the operator's wallet goes away ──
    const port = Number(new URL(s.sim.url).port);
    await s.sim.stop();
    const t0 = Date.now();
    // a bet during the outage: the debit cannot be confirmed → rejected, its rollback queued (never assumed)
    const during = await s.bet('dp3', 'drill-3', 'big', 500);
    expect(during.status).toBe(503);
    expect(during.body).toMatchObject({ code: 'SEAMLESS_DEBIT_UNCONFIRMED' });
    // the round closes and settles in our ledger during the outage: 4-5-6 = 15, big wins, small loses
    await s.close();
    await s.result(roundId, [4, 5, 6]);
    await s.seamless.sweep();
    const seamless1 = s.seamless;
    await s.until('credits tried during the outage', async () => ((await seamless1.repo.get('crd_drill-1'))?.attempts ?? 0) >= 1);

    // ── the server restarts in the middle of the outage (BullMQ keeps the jobs; the journal is in PostgreSQL) ──
    await new Promise((r) => setTimeout(r, OUTAGE_MS / 2 - (Date.now() - t0)));
    await s.app.close();
    restarted = await bootSeamlessApp(config);
    const seamless = restarted.get(SeamlessService);
    const pending = (await seamless.journal('op1', today())).filter((j) => j.state === 'pending').map((j) => j.transactionUuid).sort();
    expect(pending).toEqual(['crd_drill-1', 'crd_drill-2', 'rbk_drill-3']); // nothing lost, nothing given up
    expect([ext('dp1'), ext('dp2'), ext('dp3')]).toEqual([9_000, 9_400, 10_000]);

    await new Promise((r) => setTimeout(r, Math.max(0, OUTAGE_MS - (Date.now() - t0))));
    // ── back ──
    await s.sim.start(port);
    await seamless.drain();
    expect([ext('dp1'), ext('dp2'), ext('dp3')]).toEqual([11_000, 9_400, 10_000]);

    // idempotent on replay: another sweep and drain change nothing at the operator
    const bookSize = s.sim.book.size;
    await seamless.sweep();
    await seamless.drain();
    expect(s.sim.book.size).toBe(bookSize);

    // no money created or lost on either side: what the operator's players gained is exactly what our clearing account sent back net
    const uow = restarted.get<UnitOfWork>(UNIT_OF_WORK);
    const clearing = await uow.run((tx) => tx.ledger.balance(operatorAccount('op1'), 'EUR'));
    const moved = ext('dp1') + ext('dp2') + ext('dp3') - (start.dp1 + start.dp2 + start.dp3);
    expect(moved).toBe(400);
    expect(clearing).toBe(moved);
    for (const p of Object.keys(start)) expect(await uow.run((tx) => tx.ledger.balance(`player:${p}`, 'EUR'))).toBe(0);
    // everything reconciles: our ledger against their acknowledgements, and our journal against their book
    const report = await seamless.report('op1', today());
    expect(report).toMatchObject({ balanced: true, differences: [], pending: 0, dead: 0, ledger: { inMinor: 1_600, outMinor: 2_000, netMinor: -400 }, acknowledged: { debitsMinor: 1_600, creditsMinor: 2_000, netMinor: -400 } });
    const book = await seamless.reconcileWithBook('op1', today(), [...s.sim.book.values()]);
    expect(book).toMatchObject({ balanced: true, mismatches: [], theirs: { debitsMinor: 1_600, creditsMinor: 2_000, rollbacksMinor: 0 } });
    // the rollback of the debit the operator never saw was a no-op for it
    expect(await seamless.repo.get('rbk_drill-3')).toMatchObject({ state: 'done', effective: false });
    // the admin report over REST
    const r = await restarted.http('GET', `/admin/operators/op1/reconciliation?day=${today()}`, restarted.token('admin1', 'admin'));
    expect(r.body).toMatchObject({ balanced: true, differences: [] });
    expect(await restarted.invariants()).toEqual([]);
  }, 240_000);
});
