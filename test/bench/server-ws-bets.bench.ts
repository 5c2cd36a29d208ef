/**
 * Benchmark (not a test): bets per second ACCEPTED over WebSocket (socket.io) on this machine.
 * Boots the whole studio server (all modules, embedded MQTT broker), opens one Sic Bo table, connects
 * N socket.io player clients and lets each place bets back-to-back (each awaits its ack) for S seconds.
 *
 *   npm run build && npm run bench:build      # imports the built server: tsx emits no decorator metadata, Nest DI needs it
 *   npx tsx test/bench/server-ws-bets.bench.ts [clients=20] [seconds=5] [store=memory|postgres]
 */
import { io, type Socket } from 'socket.io-client';

// The server and its test support, compiled together for the benchmarks (test/support/tsconfig.json; never in the server's dist).
const support = '../support/dist';
const { bootRoundsApp } = (await import(`${support}/test/support/studio-server/app-harness.js`)) as typeof import('../support/studio-server/app-harness.js');
const { createTestDatabase } = (await import(`${support}/test/support/studio-server/test-database.js`)) as typeof import('../support/studio-server/test-database.js');

const CLIENTS = Number(process.argv[2] ?? 20);
const SECONDS = Number(process.argv[3] ?? 5);
const STORE = process.argv[4] ?? 'memory';

const db = STORE === 'postgres' ? await createTestDatabase() : null;
const app = await bootRoundsApp(db ? { config: { database: { kind: 'postgres', url: db.url } } } : {});
const pit = app.token('pitboss-bench', 'pitboss');
const t = await app.http('POST', '/tables', pit, { name: 'WS bench', game: 'sicbo', profileId: 'standard', limits: { currency: 'EUR', tableMinMinor: 100, tableMaxMinor: 1_000_000_000, spots: {} }, betWindowS: 300 });
const tableId = String(t.body['tableId']);
await app.http('POST', `/tables/${tableId}/status`, pit, { status: 'open', reason: 'bench' });
await app.http('POST', `/tables/${tableId}/rounds`, app.token('dealer-bench', 'dealer'));
for (let i = 0; i < CLIENTS; i++) await app.deposit(`wsb${i}`, 1_000_000_000);

const sockets: Socket[] = await Promise.all(
  Array.from(
    { length: CLIENTS },
    (_, i) =>
      new Promise<Socket>((resolve, reject) => {
        const s = io(app.url, { auth: { token: app.token(`wsb${i}`, 'player') }, transports: ['websocket'], reconnection: false, forceNew: true });
        s.once('connect', () => resolve(s));
        s.once('connect_error', reject);
      }),
  ),
);
for (const s of sockets) await s.emitWithAck('table.join', { tableId });

let accepted = 0;
let rejected = 0;
const latencies: number[] = [];
const until = Date.now() + SECONDS * 1000;
const started = performance.now();
await Promise.all(
  sockets.map(async (s, i) => {
    for (let n = 0; Date.now() < until; n++) {
      const t0 = performance.now();
      const ack = (await s.emitWithAck('bet.place', { tableId, betId: `wsb${i}-${n}`, spot: n % 2 === 0 ? 'big' : 'total:10', stakeMinor: 100 })) as { ok: boolean };
      latencies.push(performance.now() - t0);
      if (ack.ok) accepted++;
      else rejected++;
    }
  }),
);
const secs = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const pct = (p: number): number => Number((latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0).toFixed(2));
const inv = await app.invariants();
console.log(JSON.stringify({ bench: 'server-ws-bets', store: STORE, clients: CLIENTS, seconds: Number(secs.toFixed(2)), accepted, rejected, acceptedPerSecond: Number((accepted / secs).toFixed(0)), latencyMs: { p50: pct(0.5), p95: pct(0.95), p99: pct(0.99) }, ledgerInvariantViolations: inv.length }));
for (const s of sockets) s.disconnect();
await app.close();
if (db) await db.drop();
