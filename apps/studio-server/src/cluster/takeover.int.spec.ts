/**
 * Past one machine (issue 13): two studio-server instances on the same PostgreSQL and Redis. The
 * owner of a busy table dies mid-round (no graceful release: its lease just stops being renewed); the
 * standby takes the lease, replays the open round from the event log, keeps taking bets, closes
 * betting at the round's own deadline and finishes the round from the dice event. No acknowledged bet
 * is lost, none is settled twice, the ledger balances.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { eventsTopic } from '@felt-studio/protocol';
import { BettingService } from '../betting/betting.service.js';
import { DeviceIngestService } from '../ingest/device-ingest.service.js';
import { createTestDatabase, requireEnv, type TestDatabase } from '../../../../test/support/studio-server/test-database.js';
import { bootRoundsApp, type RoundsApp } from '../../../../test/support/studio-server/app-harness.js';
import { RoundsService } from '../rounds/rounds.service.js';
import { SettlementService } from '../settlement/settlement.service.js';
import { UNIT_OF_WORK, type UnitOfWork } from '../shared/ports/persistence.port.js';
import { ClusterModule } from './cluster.module.js';
import { TABLE_LEASES, type TableLeases } from './table-lease.js';
import { TableOwnershipService } from './table-ownership.service.js';
import { idsFor, until } from '../../../../test/support/studio-server/cluster-wait.js';

// Both instances share this process's event loop (a boot blocks it for seconds on a loaded machine): a TTL well above that.
const TTL = 5_000;

describe('two instances: the standby finishes the round of a dead owner (issue 13)', () => {
  let db: TestDatabase;
  const apps: RoundsApp[] = [];
  afterAll(async () => {
    for (const a of apps) await a.close().catch(() => undefined);
    await db?.drop();
  });

  it('kills the owner of a busy table mid-round: the standby takes over, no bet lost, none settled twice, ledger balanced', { timeout: 120_000 }, async () => {
    db = await createTestDatabase();
    const redisUrl = requireEnv('REDIS_URL');
    const keyPrefix = `felt-test:${process.pid}:${Date.now()}:lease:`;
    const boot = async (instanceId: string, releaseOnShutdown: boolean): Promise<RoundsApp> => {
      const a = await bootRoundsApp({ config: { database: { kind: 'postgres', url: db.url } }, ids: idsFor(instanceId), imports: [ClusterModule.forRoot({ redisUrl, keyPrefix, instanceId, leaseTtlMs: TTL, releaseOnShutdown })] });
      apps.push(a);
      return a;
    };

    const a = await boot('a', false);
    const pit = a.token('pitboss1', 'pitboss');
    const t = await a.http('POST', '/tables', pit, { name: 'Busy Sic Bo', game: 'sicbo', profileId: 'standard', limits: { currency: 'EUR', tableMinMinor: 100, tableMaxMinor: 100_000 }, betWindowS: 15, cadence: { auto: false, pauseS: 0 }, devices: [{ deviceId: 'dice-1', kind: 'dice' }] });
    const tableId = String(t.body['tableId']);
    expect((await a.http('POST', `/tables/${tableId}/status`, pit, { status: 'open', reason: 'cluster test' })).status).toBeLessThan(300);
    await a.get(TableOwnershipService).tick();
    expect(await a.get<TableLeases>(TABLE_LEASES).owner(tableId)).toBe('a');

    const b = await boot('b', true);
    await b.get(TableOwnershipService).tick();
    expect(b.get(TableOwnershipService).ownedTables()).toEqual([]); // standby

    const players = Array.from({ length: 30 }, (_, i) => `cp${i}`);
    for (const p of players) await a.deposit(p, 100_000);
    const opened = await a.http('POST', `/tables/${tableId}/rounds`, a.token('dealer1', 'dealer'));
    expect(opened.status).toBeLessThan(300);
    const roundId = String(opened.body['roundId']);

    // A busy table on the owner: 30 players, two chips each, all at once (group commits).
    const bettingA = a.get(BettingService);
    const acked: string[] = [];
    const resA = await Promise.all(
      players.flatMap((p, i) => [
        bettingA.place(tableId, { userId: p, role: 'player' }, { betId: `ca-${i}-1`, spot: i % 2 ? 'big' : 'small', stakeMinor: 500 }),
        bettingA.place(tableId, { userId: p, role: 'player' }, { betId: `ca-${i}-2`, spot: 'total:10', stakeMinor: 200 }),
      ]),
    );
    for (const r of resA) if (r.ok) acked.push(...r.value.events.filter((e) => e.type === 'BetAccepted').map((e) => (e.payload as { bet: { betId: string } }).bet.betId));
    expect(acked).toHaveLength(60);

    // The owner dies mid-round: no release, its lease runs out.
    await a.close();
    apps.splice(apps.indexOf(a), 1);
    const ownerB = b.get(TableOwnershipService);
    await until('the standby to own the table', async () => {
      await ownerB.tick();
      return ownerB.ownedTables().includes(tableId);
    }, 20_000);
    const roundsB = b.get(RoundsService);
    const taken = await roundsB.currentRound(tableId);
    expect(taken?.roundId).toBe(roundId);
    expect(taken?.state.phase).toBe('betting');
    expect(Object.keys(taken?.state.bets ?? {}).sort()).toEqual([...acked].sort());

    // The new owner serves bets too, then closes betting at the round's own deadline (re-armed by the replay).
    const late = await b.get(BettingService).place(tableId, { userId: 'cp0', role: 'player' }, { betId: 'cb-0-3', spot: 'total:11', stakeMinor: 100 });
    expect(late.ok).toBe(true);
    acked.push('cb-0-3');
    await until('betting to close on the standby', async () => (await roundsB.currentRound(tableId))?.state.phase !== 'betting', 25_000);

    // The shaker's result reaches the new owner (as its MQTT subscription delivers it).
    const out = await b.get(DeviceIngestService).handle(eventsTopic(tableId, 'dice-1'), JSON.stringify({ v: 1, tableId, deviceId: 'dice-1', seq: 1, at: Date.now(), type: 'dice.result', payload: { dice: [2, 3, 5], roundId } }));
    expect(JSON.stringify(out)).not.toMatch(/reject|error/i);
    await until('the round to settle', async () => (await roundsB.currentRound(tableId))?.state.phase === 'settled');
    await b.get(SettlementService).drain();

    const uow = b.get<UnitOfWork>(UNIT_OF_WORK);
    const bets = await uow.run((tx) => tx.bets.listByRound(roundId));
    expect(bets.map((x) => x.betId).sort()).toEqual([...acked].sort()); // no bet lost
    expect(bets.every((x) => x.status === 'settled')).toBe(true);
    for (const x of bets) expect(await uow.run((tx) => tx.ledger.entries(`settle:${roundId}:${x.betId}`))).not.toEqual([]);
    // Settling again (a replayed job, or the dead owner's queue) changes nothing.
    expect((await b.get(SettlementService).settleNow(roundId)).posted).toBe(0);
    expect(await b.invariants()).toEqual([]); // balanced; no bet debited or settled twice
    expect(Object.values(await uow.run((tx) => tx.ledger.totals())).every((x) => x === 0)).toBe(true);
  });
});
