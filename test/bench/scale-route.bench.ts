/**
 * Benchmark (not a test), issue 13 point 4: what routing a bet to the table's owner costs. Two studio
 * server instances (FELT_CLUSTER on one PostgreSQL + Redis) share one roulette table owned by A; half
 * the players are connected to A (their bets are decided in place: the same-run baseline), half to B
 * (each bet goes B → Redis → A → Redis → B). Both halves bet at the same time, chip by chip awaiting
 * each ack, so they share the same load; the numbers are each half's ack latency and rate.
 *
 *   npm run build && npm run bench:build
 *   DATABASE_URL=… REDIS_URL=… npx tsx test/bench/scale-route.bench.ts [players=100] [chips=10]
 */
import { randomBytes } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import { emit, pct, players as mint, rouletteTable, openRound, FULL } from './scale-support.js';

// The server and its test support, compiled together for the benchmarks (test/support/tsconfig.json; never in the server's dist).
const support = '../support/dist';
const dist = `${support}/apps/studio-server/src`;
const harness = (await import(`${support}/test/support/studio-server/app-harness.js`)) as typeof import('../support/studio-server/app-harness.js');
const testDb = (await import(`${support}/test/support/studio-server/test-database.js`)) as typeof import('../support/studio-server/test-database.js');
const clusterMod = (await import(`${dist}/cluster/cluster.module.js`)) as typeof import('../../apps/studio-server/src/cluster/cluster.module.js');
const ownership = (await import(`${dist}/cluster/table-ownership.service.js`)) as typeof import('../../apps/studio-server/src/cluster/table-ownership.service.js');

const N = Number(process.argv[2] ?? (FULL ? 1000 : 100));
const CHIPS = Number(process.argv[3] ?? 10);
const redisUrl = process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';
const run = randomBytes(4).toString('hex');

const db = await testDb.createTestDatabase();
const boot = (instanceId: string): ReturnType<typeof harness.bootRoundsApp> =>
  harness.bootRoundsApp({
    config: { database: { kind: 'postgres', url: db.url } },
    ids: { next: (() => { let n = 0; return (p: string) => `${p}_${instanceId}${String(++n).padStart(7, '0')}`; })() },
    imports: [clusterMod.ClusterModule.forRoot({ redisUrl, instanceId, keyPrefix: `felt-bench:${run}:lease:`, busPrefix: `felt-bench:${run}:`, leaseTtlMs: 10_000 })],
  });
const a = await boot('a');
const tableId = await rouletteTable(a);
await a.get(ownership.TableOwnershipService).tick();
const b = await boot('b');
await b.get(ownership.TableOwnershipService).tick();
await a.get(ownership.TableOwnershipService).tick(); // advertise A's URL (it listens now)
if (!a.get(ownership.TableOwnershipService).owns(tableId)) throw new Error('instance a does not own the bench table');

const ps = await mint(a, N, `rt${run}-`);
await openRound(a, tableId);
const connect = (url: string, token: string): Promise<Socket> =>
  new Promise((resolve, reject) => {
    const s = io(url, { auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
    s.once('connect', () => resolve(s));
    s.once('connect_error', reject);
  });
const sockets = await Promise.all(ps.map((p, i) => connect(i % 2 === 0 ? a.url : b.url, p.token)));
await Promise.all(sockets.map((s) => s.timeout(30_000).emitWithAck('table.join', { tableId })));

interface Side {
  readonly latencies: number[];
  errors: number;
  readonly codes: Record<string, number>;
}
const sides: Record<'direct' | 'routed', Side> = { direct: { latencies: [], errors: 0, codes: {} }, routed: { latencies: [], errors: 0, codes: {} } };
const started = performance.now();
let ends: Record<'direct' | 'routed', number> = { direct: 0, routed: 0 };
await Promise.all(
  sockets.map(async (s, i) => {
    const side = i % 2 === 0 ? 'direct' : 'routed';
    for (let c = 0; c < CHIPS; c++) {
      const t0 = performance.now();
      const ack = (await s.timeout(30_000).emitWithAck('bet.place', { tableId, betId: `rt${run}-${i}-${c}`, spot: `straight:${(i + c) % 37}`, stakeMinor: 100 })) as { ok: boolean; error?: { code: string } };
      sides[side].latencies.push(performance.now() - t0);
      if (!ack.ok) {
        sides[side].errors++;
        const code = ack.error?.code ?? '?';
        sides[side].codes[code] = (sides[side].codes[code] ?? 0) + 1;
      }
    }
    ends = { ...ends, [side]: Math.max(ends[side], performance.now() - started) };
  }),
);
for (const s of sockets) s.disconnect();

const report = (name: 'direct' | 'routed'): Record<string, unknown> => {
  const x = sides[name];
  return { bets: x.latencies.length, errors: x.errors, errorsByCode: x.codes, perSecond: Number((x.latencies.length / (ends[name] / 1000)).toFixed(1)), p50Ms: pct(x.latencies, 0.5), p99Ms: pct(x.latencies, 0.99) };
};
const direct = report('direct');
const routed = report('routed');
emit({
  bench: 'scale-route',
  store: 'postgres',
  players: N,
  chipsEach: CHIPS,
  felt: routed,
  baseline: { what: 'the same bets from players connected to the owner (decided in place), same run', ...direct },
  ratio: Number(((direct['p50Ms'] as number) / Math.max(0.01, routed['p50Ms'] as number)).toFixed(2)),
  note: 'ratio = direct p50 / routed p50 (1 = routing costs nothing)',
});
await b.close();
await a.close();
await db.drop();
process.exit(0);
