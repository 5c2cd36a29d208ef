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
 *   npm run build && npm run bench:build
 *   npx tsx test/bench/scale-device.bench.ts [rounds=100] [store=memory|pglite|postgres]
 *
 * Each round: open, one bet, the dealer closes betting ("no more bets": a dice result read while
 * betting is open is a device fault, issue 9 §2), then the timed `dice.result`.
 */
import { createServer, type AddressInfo } from 'node:net';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import aedesModule from 'aedes';
import mqtt from 'mqtt';
import { eventsTopic } from '@felt-studio/protocol';
import { io, type Socket } from 'socket.io-client';
import { bootApp, emit, pct, type Store } from './scale-support.js';

// The server and its test support, compiled together for the benchmarks (test/support/tsconfig.json; never in the server's dist).
const support = '../support/dist';
const dist = `${support}/apps/studio-server/src`;
const { DeviceCredentialsService } = (await import(`${dist}/mqtt/device-credentials.js`)) as typeof import('../../apps/studio-server/src/mqtt/device-credentials.js');
const { RoundsService } = (await import(`${dist}/rounds/rounds.service.js`)) as typeof import('../../apps/studio-server/src/rounds/rounds.service.js');
const { MQTT_BROKER } = (await import(`${dist}/shared/ports/mqtt.tokens.js`)) as typeof import('../../apps/studio-server/src/shared/ports/mqtt.tokens.js');
const { DeviceIngestService } = (await import(`${dist}/ingest/device-ingest.service.js`)) as typeof import('../../apps/studio-server/src/ingest/device-ingest.service.js');
/** BENCH_MARKS=1: the Felt window in the clock of `node --cpu-prof` profiles (µs), to cut a profile to it. */
const mark = (what: string): void => void (process.env['BENCH_MARKS'] === '1' && console.error(`MARK ${what} ${process.hrtime.bigint() / 1000n}`));

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
// Where each round's time goes (all in this process): publish → the ingest takes the message off the
// broker (`submit`), → the DiceRecorded commit is done (the frame leaves `frames$`, after the commit),
// → the player's socket has it. Plus event-loop delay and GC pauses over the Felt rounds.
const ingest = app.get(DeviceIngestService);
let tIn = 0;
let tCommitted = 0;
// PostgreSQL: the statements (round trips) between the ingest taking the message and the frame.
let sqlInRound: { text: string; ms: number }[] = [];
let sqlCounting = false;
if (STORE === 'postgres') {
  const pg = (await import('pg')).default;
  const q = pg.Client.prototype.query as (...a: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: unknown, ...a: unknown[]) {
    if (!sqlCounting) return q.apply(this, a);
    // Each statement with its time from the call to its answer (ms).
    const text = String(typeof a[0] === 'string' ? a[0] : (a[0] as { text?: string }).text).slice(0, 60).replace(/\s+/g, ' ');
    const t = performance.now();
    const entry = { text, ms: -1 };
    sqlInRound.push(entry);
    const done = (): void => void (entry.ms = Math.round((performance.now() - t) * 100) / 100);
    const cb = a.findIndex((x) => typeof x === 'function');
    if (cb >= 0) {
      const f = a[cb] as (...r: unknown[]) => unknown;
      a[cb] = (...r: unknown[]) => (done(), f(...r));
      return q.apply(this, a);
    }
    const r = q.apply(this, a) as Promise<unknown> | undefined;
    void r?.then?.(done, done);
    return r;
  } as typeof pg.Client.prototype.query;
}
const sqlPerRound: number[] = [];
let sqlSample: { text: string; ms: number }[] = [];
let sqlSlowest: { ms: number; sql: { text: string; ms: number }[] } = { ms: 0, sql: [] };
const origSubmit = ingest.submit.bind(ingest);
ingest.submit = (topic: string, payload: Buffer | string) => {
  if (topic.includes('/events')) {
    tIn = performance.now();
    sqlInRound = [];
    sqlCounting = true;
  }
  return origSubmit(topic, payload);
};
const frameSub = rounds.frames$.subscribe((fr) => {
  if (fr.events.some((e) => e.type === 'DiceRecorded')) {
    tCommitted = performance.now();
    sqlCounting = false;
    sqlPerRound.push(sqlInRound.length);
    sqlSample = sqlInRound;
  }
});
const split = { brokerToIngest: [] as number[], ingestToCommitted: [] as number[], committedToSocket: [] as number[] };
const loop = monitorEventLoopDelay({ resolution: 1 });
const gcPauses: number[] = [];
const gcObs = new PerformanceObserver((l) => {
  for (const e of l.getEntries()) gcPauses.push(e.duration);
});
gcObs.observe({ entryTypes: ['gc'] });
loop.enable();
mark('felt-start');
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
  const t1 = performance.now();
  felt.push(t1 - t0);
  split.brokerToIngest.push(tIn - t0);
  split.ingestToCommitted.push(tCommitted - tIn);
  split.committedToSocket.push(t1 - tCommitted);
  if (tCommitted - tIn > sqlSlowest.ms) sqlSlowest = { ms: Math.round((tCommitted - tIn) * 100) / 100, sql: sqlSample };
  // Let the settlement of this round finish before the next one opens.
  for (let i = 0; i < 400; i++) {
    if ((await rounds.currentRound(tableId))?.state.phase === 'settled') break;
    await new Promise((res) => setTimeout(res, 10));
  }
}
mark('felt-end');
loop.disable();
gcObs.disconnect();
frameSub.unsubscribe();
player.disconnect();
await device.endAsync();
const inv = await app.invariants();
await b.close();

const r2 = (x: number): number => Math.round(x * 100) / 100;
const stats = (xs: number[]): { p50: number; p99: number; max: number } => ({ p50: pct(xs, 0.5), p99: pct(xs, 0.99), max: pct(xs, 1) });
const f = stats(felt);
const a = stats(bareAedes);
const m = stats(external);
emit({ bench: 'scale-device', store: STORE, rounds: ROUNDS, feltMs: f, bareAedesMs: a, externalBrokerMs: external.length ? m : null, ratioP99VsAedes: Number((f.p99 / Math.max(0.01, a.p99)).toFixed(2)), ledgerInvariantViolations: inv.length,
  // The slowest round's split and each part's p50/p99 (ms); the event loop's delay and GC pauses over the Felt rounds.
  slowest: ((i) => ({ totalMs: r2(felt[i]!), brokerToIngestMs: r2(split.brokerToIngest[i]!), ingestToCommittedMs: r2(split.ingestToCommitted[i]!), committedToSocketMs: r2(split.committedToSocket[i]!) }))(felt.indexOf(Math.max(...felt))),
  splitMs: Object.fromEntries(Object.entries(split).map(([k, xs]) => [k, { p50: r2(pct(xs, 0.5)), p99: r2(pct(xs, 0.99)) }])),
  eventLoopDelayMs: { p50: r2(loop.percentile(50) / 1e6), p99: r2(loop.percentile(99) / 1e6), max: r2(loop.max / 1e6) },
  ...(STORE === 'postgres' ? { sqlStatementsIngestToFrame: { p50: pct(sqlPerRound, 0.5), max: pct(sqlPerRound, 1), lastRound: sqlSample, slowestIngestToCommitted: sqlSlowest } } : {}),
  gcPausesMs: { count: gcPauses.length, total: r2(gcPauses.reduce((x, y) => x + y, 0)), max: r2(Math.max(0, ...gcPauses)) } });
process.exit(0);
