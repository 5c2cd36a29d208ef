/**
 * Past one machine (issue 13 point 4): two studio-server instances on the same PostgreSQL, Redis and
 * Mosquitto. Players are connected to BOTH instances and bet over WebSocket on one busy table: the
 * bets reaching the standby are routed to the owner (Redis request/reply) and acked through the
 * instance the player is connected to; the owner's frames reach the standby's players through the
 * socket.io Redis adapter. The owner dies mid-round (no lease release): the standby takes the lease,
 * replays the round, resumes the table's MQTT ingest session, takes more bets (also from the dead
 * owner's players, who reconnect to it), closes betting and settles from the shaker's MQTT result
 * through the BullMQ workers. No acknowledged bet is lost, none is settled twice, every player has the
 * result frame, the ledger balances.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import mqtt from 'mqtt';
import type { Socket } from 'socket.io-client';
import { eventsTopic, statusTopic, type RoundEventFrame, type WsAck } from '@felt-studio/protocol';
import { DeviceIngestService } from '../ingest/device-ingest.service.js';
import { createTestDatabase, requireEnv, type TestDatabase } from '../../../../test/support/studio-server/test-database.js';
import { bootRoundsApp, type RoundsApp } from '../../../../test/support/studio-server/app-harness.js';
import { connect, send as sendWithin, onRoundEvent } from '../../../../test/support/studio-server/frames.js';
import { RoundsService } from '../rounds/rounds.service.js';
import { SettlementService } from '../settlement/settlement.service.js';
import { UNIT_OF_WORK, type UnitOfWork } from '../shared/ports/persistence.port.js';
import { ClusterModule } from './cluster.module.js';
import { TABLE_LEASES, type TableLeases } from './table-lease.js';
import { TableOwnershipService } from './table-ownership.service.js';
import { idsFor, until } from '../../../../test/support/studio-server/cluster-wait.js';

// Both instances share this process's event loop (a boot blocks it for seconds on a loaded machine): a TTL well above that.
const TTL = 5_000;

interface Player {
  readonly id: string;
  socket: Socket;
  readonly frames: RoundEventFrame[];
}
const send = (s: Socket, name: string, body: unknown): Promise<WsAck> => sendWithin(s, name, body, 20_000);

describe('two instances: bets through both, the owner dies mid-round, the standby finishes it (issue 13)', () => {
  let db: TestDatabase | undefined;
  const apps: RoundsApp[] = [];
  const sockets: Socket[] = [];
  const env = { root: process.env['FELT_MQTT_ROOT'], client: process.env['FELT_MQTT_CLIENT_ID'] };
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    for (const a of apps) await a.close().catch(() => undefined);
    await db?.drop();
    for (const [k, v] of [['FELT_MQTT_ROOT', env.root], ['FELT_MQTT_CLIENT_ID', env.client]] as const) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  });

  it('routes, fans out across instances, survives the owner’s death: no bet lost or settled twice, every player has the result, ledger balanced', { timeout: 180_000 }, async () => {
    db = await createTestDatabase();
    const redisUrl = requireEnv('REDIS_URL');
    const mqttUrl = requireEnv('MQTT_URL');
    const run = randomBytes(4).toString('hex');
    const root = `felt-it-cluster-${run}`;
    process.env['FELT_MQTT_ROOT'] = root;
    const cluster = { redisUrl, keyPrefix: `felt-test:${run}:lease:`, busPrefix: `felt-test:${run}:`, ingestSessionPrefix: `felt-server-it-${run}`, leaseTtlMs: TTL };
    const queuePrefix = `felt-test-${run}`;
    const boot = async (instanceId: string): Promise<RoundsApp> => {
      process.env['FELT_MQTT_CLIENT_ID'] = `it-${run}-${instanceId}`; // each instance's own command client
      const a = await bootRoundsApp({
        config: { database: { kind: 'postgres', url: db!.url }, mqttUrl, redisUrl, queuePrefix },
        ids: idsFor(instanceId),
        imports: [ClusterModule.forRoot({ ...cluster, instanceId, releaseOnShutdown: false })],
      });
      apps.push(a);
      return a;
    };

    const a = await boot('a');
    const pit = a.token('pitboss1', 'pitboss');
    const t = await a.http('POST', '/tables', pit, { name: 'Busy Sic Bo', game: 'sicbo', profileId: 'standard', limits: { currency: 'EUR', tableMinMinor: 100, tableMaxMinor: 100_000 }, betWindowS: 300, cadence: { auto: false, pauseS: 0 }, devices: [{ deviceId: 'dice-1', kind: 'dice' }] });
    expect(t.status, JSON.stringify(t.body)).toBeLessThan(300);
    const tableId = String(t.body['tableId']);
    const st = await a.http('POST', `/tables/${tableId}/status`, pit, { status: 'open', reason: 'cluster test' });
    expect(st.status, JSON.stringify(st.body)).toBeLessThan(300);
    await a.get(TableOwnershipService).tick();
    expect(await a.get<TableLeases>(TABLE_LEASES).owner(tableId)).toBe('a');

    const b = await boot('b');
    await b.get(TableOwnershipService).tick();
    expect(b.get(TableOwnershipService).ownedTables()).toEqual([]); // standby

    // Ten players on each instance, all joined to the table.
    const players: Player[] = [];
    for (let i = 0; i < 20; i++) {
      const id = `cp${i}`;
      await a.deposit(id, 100_000);
      const socket = await connect(i < 10 ? a.url : b.url, a.token(id, 'player'));
      sockets.push(socket);
      const p: Player = { id, socket, frames: [] };
      onRoundEvent(socket, (f) => p.frames.push(f));
      expect((await send(socket, 'table.join', { tableId })).ok).toBe(true);
      players.push(p);
    }
    const onA = players.slice(0, 10);
    const onB = players.slice(10);
    // Presence is merged across instances: every player counts, whichever instance they are on.
    for (const p of players) expect((await send(p.socket, 'table.presence', { tableId, present: true })).ok).toBe(true);
    const seen = await send(onA[0]!.socket, 'table.presence', { tableId, present: true });
    expect((seen as { result: { players: number } }).result.players).toBe(20);

    // Round 1, entirely through the STANDBY's REST API (forwarded to the owner's address), settled by the
    // STANDBY's worker: the postings are made there, the RoundSettled is appended by the owner.
    const dealerToken = a.token('dealer1', 'dealer');
    const shaker = await mqtt.connectAsync(mqttUrl, { clientId: `it-${run}-shaker`, clean: true });
    const roll = (roundId: string, seq: number, dice: [number, number, number]): Promise<unknown> =>
      shaker.publishAsync(eventsTopic(tableId, 'dice-1', { root }), JSON.stringify({ v: 1, tableId, deviceId: 'dice-1', seq, at: Date.now(), type: 'dice.result', payload: { dice, roundId } }), { qos: 1 });
    const o1 = await b.http('POST', `/tables/${tableId}/rounds`, dealerToken);
    expect(o1.status, JSON.stringify(o1.body)).toBeLessThan(300);
    const round1 = String(o1.body['roundId']);
    const viaRest = await b.http('POST', `/tables/${tableId}/bets`, a.token('cp10', 'player'), { betId: 'r1-cp10', spot: 'big', stakeMinor: 300 });
    expect(viaRest.status, JSON.stringify(viaRest.body)).toBe(200);
    const refusedViaRest = await b.http('POST', `/tables/${tableId}/bets`, a.token('cp11', 'player'), { betId: 'r1-cp11', spot: 'big', stakeMinor: 1 });
    expect(refusedViaRest.status).toBe(422); // the owner's rule check, its code and status carried back
    expect((await b.http('POST', `/tables/${tableId}/round/close`, dealerToken)).status).toBe(200);
    await roll(round1, 1, [1, 2, 3]);
    await until('round 1 to resolve on the owner', async () => ['resolved', 'settled'].includes((await a.get(RoundsService).currentRound(tableId))?.state.phase ?? ''));
    await b.get(SettlementService).settleNow(round1); // the standby's worker (the owner's may have done it first: idempotent)
    await until('the owner to see round 1 settled', async () => (await a.get(RoundsService).currentRound(tableId))?.state.phase === 'settled');
    await a.get(SettlementService).drain();
    await b.get(SettlementService).drain();
    const uow1 = a.get<UnitOfWork>(UNIT_OF_WORK);
    expect((await uow1.run((tx) => tx.bets.listByRound(round1))).map((x) => [x.betId, x.status])).toEqual([['r1-cp10', 'settled']]);

    // Round 2: the dealer opens it through the STANDBY's socket: routed to the owner.
    const dealer = await connect(b.url, a.token('dealer1', 'dealer'));
    sockets.push(dealer);
    expect((await send(dealer, 'table.join', { tableId })).ok).toBe(true);
    const opened = await send(dealer, 'round.open', { tableId });
    expect(opened.ok).toBe(true);
    const roundId = String((opened as { result: { roundId: string } }).result.roundId);
    expect(await a.get(RoundsService).currentRound(tableId).then((r) => r?.roundId)).toBe(roundId); // decided by the owner
    // The owner's RoundOpened frame reached the players of BOTH instances (socket.io Redis adapter).
    await until('every player to see the round open', () => players.every((p) => p.frames.some((f) => f.roundId === roundId && f.type === 'RoundOpened')));

    // A busy table: every player bets two chips at once, through whichever instance they are connected to.
    const acked: string[] = [];
    const place = async (p: Player, betId: string, spot: string, stakeMinor: number): Promise<void> => {
      const r = await send(p.socket, 'bet.place', { tableId, betId, spot, stakeMinor });
      expect(r.ok, JSON.stringify(r)).toBe(true);
      acked.push(betId);
    };
    await Promise.all(players.flatMap((p, i) => [place(p, `${p.id}-1`, i % 2 ? 'big' : 'small', 500), place(p, `${p.id}-2`, 'total:10', 200)]));
    expect(acked).toHaveLength(40);
    // A refused bet routed from the standby keeps its code (decided by the owner's rules).
    const refused = await send(onB[0]!.socket, 'bet.place', { tableId, betId: 'too-small', spot: 'big', stakeMinor: 1 });
    expect(refused.ok).toBe(false);
    // Each bettor on the standby got their own bet frames from the owner.
    await until('own bet frames on the standby', () => onB.every((p) => p.frames.filter((f) => f.roundId === roundId && f.type === 'BetAccepted').length === 2));

    // The owner dies mid-round: no lease release; its players lose their connection.
    await a.close();
    apps.splice(apps.indexOf(a), 1);
    // While nobody holds the table's ingest session (the owner is dead, its lease not yet run out), the shaker
    // reports itself offline: the broker keeps the QoS 1 message in the table's persistent session.
    await shaker.publishAsync(statusTopic(tableId, 'dice-1', { root }), JSON.stringify({ state: 'offline', model: 'shaker-sim', firmware: null, configHash: null, at: Date.now() }), { qos: 1 });
    const ownerB = b.get(TableOwnershipService);
    await until('the standby to own the table', async () => {
      await ownerB.tick();
      return ownerB.ownedTables().includes(tableId);
    });
    // The new owner resumed that session: the message published in the gap reaches it.
    await until('the new owner to receive the status sent while no instance held the session', () => b.get(DeviceIngestService).devices(tableId).some((d) => d.deviceId === 'dice-1' && d.status?.state === 'offline'));
    const taken = await b.get(RoundsService).currentRound(tableId);
    expect(taken?.roundId).toBe(roundId);
    expect(taken?.state.phase).toBe('betting');
    expect(Object.keys(taken?.state.bets ?? {}).sort()).toEqual([...acked].sort());

    // The dead owner's players reconnect (to the standby, as a load balancer would send them) and resync.
    for (const p of onA) {
      const lastSeq = Math.max(0, ...p.frames.filter((f) => f.roundId === roundId).map((f) => f.seq));
      p.socket = await connect(b.url, a.token(p.id, 'player'));
      sockets.push(p.socket);
      onRoundEvent(p.socket, (f) => p.frames.push(f));
      expect((await send(p.socket, 'table.join', { tableId, roundId, lastSeq })).ok).toBe(true);
    }
    // Everybody keeps betting on the new owner.
    await Promise.all(players.map((p) => place(p, `${p.id}-3`, 'total:11', 100)));
    expect(acked).toHaveLength(60);

    // Betting closes (dealer, through the new owner); the shaker publishes its result to the broker; the
    // new owner's ingest (the table's resumed MQTT session) applies it.
    expect((await send(dealer, 'round.close', { tableId })).ok).toBe(true);
    await roll(roundId, 2, [2, 3, 5]);
    await shaker.endAsync();
    await until('every player to have the result frame', () => players.every((p) => p.frames.some((f) => f.roundId === roundId && f.type === 'DiceRecorded')), 30_000);
    await until('the round to settle', async () => (await b.get(RoundsService).currentRound(tableId))?.state.phase === 'settled', 30_000);
    await b.get(SettlementService).drain();

    const uow = b.get<UnitOfWork>(UNIT_OF_WORK);
    const bets = await uow.run((tx) => tx.bets.listByRound(roundId));
    expect(bets.map((x) => x.betId).sort()).toEqual([...acked].sort()); // no bet lost, none extra
    expect(bets.every((x) => x.status === 'settled')).toBe(true);
    for (const x of bets) expect(await uow.run((tx) => tx.ledger.entries(`settle:${roundId}:${x.betId}`))).not.toEqual([]);
    // Settling again (a replayed job, or the dead owner's queue) changes nothing.
    expect((await b.get(SettlementService).settleNow(roundId)).posted).toBe(0);
    expect(await b.invariants()).toEqual([]); // balanced; no bet debited or settled twice
    expect(Object.values(await uow.run((tx) => tx.ledger.totals())).every((x) => x === 0)).toBe(true);
  });
});
