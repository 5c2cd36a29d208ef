/**
 * Benchmark (not a test), issue 13: device event → player frame latency, beside a bare MQTT QoS-1
 * round trip measured in the same run (a bare aedes broker — the embedded broker's engine — and the
 * external broker at MQTT_URL, default Mosquitto on 127.0.0.1:1883, on a private topic).
 *
 * Felt: the whole server on the chosen store with its embedded broker; a Sic Bo table with an
 * authenticated dice shaker; per round a player bets over socket.io, then the shaker publishes
 * `dice.result` (QoS 1) and the time until the player's socket receives the round's DiceRecorded frame
 * is recorded.
 *
 *   npx tsc -b tsconfig.build.json
 *   npx tsx test/bench/scale-device.bench.ts [rounds=100] [store=memory|pglite|postgres]
 *
 * Each round: open, one bet, the dealer closes betting ("no more bets": a dice result read while
 * betting is open is a device fault, issue 9 §2), then the timed `dice.result`.
 */
import { createServer, type AddressInfo } from 'node:net';
import aedesModule from 'aedes';
import mqtt from 'mqtt';
import { eventsTopic } from '@felt/protocol';
import { io, type Socket } from 'socket.io-client';
import { bootApp, emit, pct, type Store } from './scale-support.js';

const dist = '../../apps/studio-server/dist';
const { DeviceCredentialsService } = (await import(`${dist}/mqtt/device-credentials.js`)) as typeof import('../../apps/studio-server/src/mqtt/device-credentials.js');
const { RoundsService } = (await import(`${dist}/rounds/rounds.service.js`)) as typeof import('../../apps/studio-server/src/rounds/rounds.service.js');
const { MQTT_BROKER } = (await import(`${dist}/mqtt/mqtt.tokens.js`)) as typeof import('../../apps/studio-server/src/mqtt/mqtt.tokens.js');

const ROUNDS = Number(process.argv[2] ?? 100);
const STORE = (process.argv[3] ?? 'memory') as Store;

/** QoS-1 publish → the subscriber's receipt, `n` times on `url`. */
async function mqttRoundTrip(url: string, n: number): Promise<number[]> {
  const topic = `felt-bench/${process.pid}/${Date.now()}/rtt`;
  const sub = await mqtt.connectAsync(url, { reconnectPeriod: 0 });
  const pub = await mqtt.connectAsync(url, { reconnectPeriod: 0 });
  await sub.subscribeAsync(topic, { qos: 1 });
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const got = new Promise<void>((r) => sub.once('message', () => r()));
    const t = performance.now();
    await pub.publishAsync(topic, JSON.stringify({ v: 1, tableId: 'tbl_x', deviceId: 'dice-1', seq: i + 1, at: Date.now(), type: 'dice.result', payload: { dice: [1, 2, 4], roundId: 'rnd_x' } }), { qos: 1 });
    await got;
    out.push(performance.now() - t);
  }
  await sub.endAsync();
  await pub.endAsync();
  return out;
}

// Baselines: a bare aedes broker and the external broker.
const aedes = aedesModule.createBroker();
const server = createServer(aedes.handle);
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const bareAedes = await mqttRoundTrip(`mqtt://127.0.0.1:${(server.address() as AddressInfo).port}`, ROUNDS);
await new Promise<void>((r) => aedes.close(() => server.close(() => r())));
const externalUrl = process.env['MQTT_URL'] ?? 'mqtt://127.0.0.1:1883';
const external = await mqttRoundTrip(externalUrl, ROUNDS).catch((e: unknown) => {
  console.error(`external broker ${externalUrl}: ${String(e)}`);
  return [] as number[];
});

// Felt.
const b = await bootApp(STORE);
const { app } = b;
const pit = app.token('pitboss-bench', 'pitboss');
const t = await app.http('POST', '/tables', pit, { name: 'Device bench', game: 'sicbo', profileId: 'standard', limits: { currency: 'EUR', tableMinMinor: 100, tableMaxMinor: 10_000 }, betWindowS: 300, cadence: { auto: false, pauseS: 0 }, devices: [{ deviceId: 'dice-1', kind: 'dice' }] });
const tableId = String(t.body['tableId']);
await app.http('POST', `/tables/${tableId}/status`, pit, { status: 'open', reason: 'bench' });
await app.deposit('dp1', 100_000_000);
const cred = await app.get(DeviceCredentialsService).issue(tableId, 'dice-1');
const brokerUrl = app.get<{ url: string }>(MQTT_BROKER).url;
const device = await mqtt.connectAsync(brokerUrl, { username: cred.username, password: cred.password, reconnectPeriod: 0 });
const player: Socket = await new Promise((resolve, reject) => {
  const s = io(app.url, { auth: { token: app.token('dp1', 'player') }, transports: ['websocket'], reconnection: false, forceNew: true });
  s.once('connect', () => resolve(s));
  s.once('connect_error', reject);
});
await player.timeout(5_000).emitWithAck('table.join', { tableId });
const dealer = app.token('dealer-bench', 'dealer');
const rounds = app.get(RoundsService);
const felt: number[] = [];
for (let r = 0; r < ROUNDS; r++) {
  const o = await app.http('POST', `/tables/${tableId}/rounds`, dealer);
  if (o.status >= 300) throw new Error(`open: ${JSON.stringify(o.body)}`);
  const roundId = String(o.body['roundId']);
  const ack = (await player.timeout(5_000).emitWithAck('bet.place', { tableId, betId: `db${r}`, spot: 'big', stakeMinor: 100 })) as { ok: boolean };
  if (!ack.ok) throw new Error(`bet: ${JSON.stringify(ack)}`);
  // "No more bets" before the shake: dice read while betting is open are a device fault, never an
  // outcome (issue 9 §2) — without this close the frame never comes and the bench used to wait forever.
  const c = await app.http('POST', `/tables/${tableId}/round/close`, dealer);
  if (c.status >= 300) throw new Error(`close: ${JSON.stringify(c.body)}`);
  const seen = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`round ${roundId}: no DiceRecorded frame within 10 s of dice.result (refused? see the server's warnings)`)), 10_000);
    const on = (f: { roundId: string; type: string }): void => {
      if (f.roundId === roundId && f.type === 'DiceRecorded') {
        clearTimeout(timer);
        player.off('round.event', on);
        resolve();
      }
    };
    player.on('round.event', on);
  });
  const t0 = performance.now();
  await device.publishAsync(eventsTopic(tableId, 'dice-1'), JSON.stringify({ v: 1, tableId, deviceId: 'dice-1', seq: r + 1, at: Date.now(), type: 'dice.result', payload: { dice: [1, 2, 4], roundId } }), { qos: 1 });
  await seen;
  felt.push(performance.now() - t0);
  // Let the settlement of this round finish before the next one opens.
  for (let i = 0; i < 400; i++) {
    if ((await rounds.currentRound(tableId))?.state.phase === 'settled') break;
    await new Promise((res) => setTimeout(res, 10));
  }
}
player.disconnect();
await device.endAsync();
const inv = await app.invariants();
await b.close();

const stats = (xs: number[]): { p50: number; p99: number; max: number } => ({ p50: pct(xs, 0.5), p99: pct(xs, 0.99), max: pct(xs, 1) });
const f = stats(felt);
const a = stats(bareAedes);
const m = stats(external);
emit({ bench: 'scale-device', store: STORE, rounds: ROUNDS, feltMs: f, bareAedesMs: a, externalBrokerMs: external.length ? m : null, ratioP99VsAedes: Number((f.p99 / Math.max(0.01, a.p99)).toFixed(2)), ledgerInvariantViolations: inv.length });
process.exit(0);
