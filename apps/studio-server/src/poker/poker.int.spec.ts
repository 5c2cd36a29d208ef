import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mqtt, { type MqttClient } from 'mqtt';
import { SortableIds } from '../shared/clock.js';
import { createTestDatabase, requireEnv, type TestDatabase } from '../../../../test/support/studio-server/test-database.js';
import { bootRoundsApp, type RoundsApp } from '../../../../test/support/studio-server/app-harness.js';
import { DeviceIngestService } from '../ingest/device-ingest.service.js';
import { SettlementService } from '../settlement/settlement.service.js';
import { PokerModule } from './poker.module.js';
import { ClusterModule } from '../cluster/cluster.module.js';
import { TABLE_LEASES, type TableLeases } from '../cluster/table-lease.js';
import { TableOwnershipService } from '../cluster/table-ownership.service.js';
import { PokerTablesService, stackAccount } from './poker-tables.service.js';
import { accountBalance, shoeDealer, sixPlayerHand } from '../../../../test/support/studio-server/poker.acceptance.js';

/**
 * Issue 11 acceptance on the real services (PostgreSQL, Redis, Mosquitto — CI's `test:int`): a 6-player
 * Hold'em hand over socket.io on a SHOE table fed by a simulated scanning shoe over the real broker, with
 * side pots, the ledger check and the hole-card wire check; then a crash mid-hand and a restart on the
 * same database: the hand is voided at boot (S1-FAIL-RING), the stacks are right, the pit boss alerted.
 */
describe('live poker over real PostgreSQL + Redis + Mosquitto', () => {
  let db: TestDatabase;
  let app: RoundsApp;
  let shoe: MqttClient;
  const apps: RoundsApp[] = [];
  const root = `felt-pk-${Date.now().toString(36)}`;
  const boot = async (): Promise<RoundsApp> => {
    const a = await bootRoundsApp({ config: { database: { kind: 'postgres', url: db.url }, redisUrl: requireEnv('REDIS_URL'), mqttUrl: requireEnv('MQTT_URL'), queuePrefix: root }, ids: new SortableIds(), imports: [PokerModule] });
    apps.push(a);
    return a;
  };

  beforeAll(async () => {
    process.env['FELT_POKER_NEXT_HAND_MS'] = String(3_600_000);
    process.env['FELT_POKER_ROBOTS'] = '0';
    db = await createTestDatabase();
    app = await boot();
    shoe = await mqtt.connectAsync(requireEnv('MQTT_URL'), { clientId: `${root}-shoe`, reconnectPeriod: 0 });
  });
  afterAll(async () => {
    await shoe?.endAsync();
    for (const a of apps) {
      await a.get(DeviceIngestService).drain();
      await a.get(SettlementService).drain();
      await a.close();
    }
    await db?.drop();
  });

  it('a 6-player hand on a shoe table with side pots: ledger balanced, nobody saw another hole card before showdown', async () => {
    const tableId = `${root}-shoe`;
    await sixPlayerHand(app, { tableId, deal: shoeDealer(shoe, tableId, 'shoe-1') });
  });

  it('a crash mid-hand: at the restart the hand is void, every contribution back in the stacks, an alert for the pit boss', async () => {
    const tableId = `${root}-crash`;
    const pit = app.token('pit-int', 'pitboss');
    expect((await app.http('POST', '/poker-tables', pit, { tableId, name: 'Crash', dealing: 'rng', config: { variant: 'holdem', structure: 'no-limit', smallBlindMinor: 50, bigBlindMinor: 100 }, seats: { seatCount: 6, minBuyInMinor: 1000, maxBuyInMinor: 10_000 } })).status).toBe(201);
    const service = app.get(PokerTablesService);
    for (const i of [1, 2, 3]) {
      await app.deposit(`${tableId}-u${i}`, 5000);
      expect((await service.command(tableId, { userId: `${tableId}-u${i}`, name: `P${i}`, role: 'player' }, 'poker.sit', { tableId, seat: i, buyInMinor: 2000, postToEnter: false })).ok).toBe(true);
    }
    expect((await service.startNextHand(tableId)).ok).toBe(true);
    const h = service.stateOf(tableId)!.hand!;
    const key = h.seats[h.toAct!]!.playerId;
    const userId = service.stateOf(tableId)!.players[key]!.userId;
    expect((await service.command(tableId, { userId, name: 'x', role: 'player' }, 'poker.act', { tableId, handId: h.handId, action: 'raise', toMinor: 400 })).ok).toBe(true);
    service.onModuleDestroy(); // the process dies (its timers with it)
    app = await boot();
    const s = app.get(PokerTablesService).stateOf(tableId)!;
    expect(s.hand?.phase.type).toBe('void');
    expect(s.seats.seats.map((r) => r.stackMinor)).toEqual([2000, 2000, 2000]);
    for (const i of [1, 2, 3]) expect(await accountBalance(app, stackAccount(`${tableId}-u${i}`, tableId))).toBe(2000);
    const alerts = (await app.http('GET', `/alerts?tableId=${tableId}`, pit)).body as unknown as { code: string }[];
    expect(alerts.map((a) => a.code)).toContain('POKER_HAND_VOIDED');
    expect(await app.invariants()).toEqual([]);
  });

  it("several instances: a shoe table holds its lease in the one lease space and its cards come through the owner's per-table ingest session (issue 19 §2)", async () => {
    const run = randomBytes(4).toString('hex');
    const instanceId = `pk-${run}`;
    const owner = await bootRoundsApp({ config: { database: { kind: 'postgres', url: db.url }, redisUrl: requireEnv('REDIS_URL'), mqttUrl: requireEnv('MQTT_URL'), queuePrefix: `${root}-${run}` }, ids: new SortableIds(), imports: [PokerModule, ClusterModule.forRoot({ redisUrl: requireEnv('REDIS_URL'), keyPrefix: `felt-test:${run}:lease:`, busPrefix: `felt-test:${run}:`, ingestSessionPrefix: `felt-server-it-${run}`, leaseTtlMs: 5000, instanceId })] });
    apps.push(owner);
    await owner.get(TableOwnershipService).tick();
    const tableId = `${root}-cl-shoe`;
    await sixPlayerHand(owner, { tableId, deal: shoeDealer(shoe, tableId, 'shoe-1') });
    const leases = owner.get<TableLeases>(TABLE_LEASES);
    expect(await leases.owner(tableId)).toBe(instanceId);
    expect(await leases.owner(`poker:${tableId}`)).toBeNull();
  });
});
