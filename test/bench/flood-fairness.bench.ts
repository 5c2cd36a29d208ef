/**
 * Flood fairness (issue 9 finding 7): the calm player's median bet-accept latency on a table, alone and
 * while another player floods the same table with bets (closed loops, as fast as the server answers),
 * beside each other in the same run. The server is a child process (`apps/studio-server/dist/main.js`,
 * embedded PGlite + broker); the flooder runs in its own process (as it would on its own machine) so
 * that the measuring process is not slowed by the flood's own client work — `FLOOD_IN_PROCESS=1` runs it
 * in this process instead (what the drill in test/drills/outages.int.spec.ts does). Prints numbers; never
 * fails on timing.
 *
 * Issue 22 §5: `streams` is the number of the flooder's requests in flight (the audit's figure: 64 at
 * ~2 000 requests/s). The flooder (test/bench/flood-worker.mjs) writes prebuilt requests on raw keep-alive
 * connections (`FLOOD_CONNECTIONS`, default one per request in flight, the rest pipelined; `FLOOD_RATE`
 * caps its requests/s) and only frames the answers, so it needs little CPU; the bench prints the rate it
 * reached, its own CPU time and how many were refused, beside the calm player's medians.
 *
 *   npx tsc -b tsconfig.build.json && npx tsx test/bench/flood-fairness.bench.ts [streams=8] [calmBets=30] [pglite|postgres]
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createTestDatabase } from '../support/studio-server/test-database.js';
import { freePort, ROOT, ServerProcess } from '../support/processes.js';

const streams = Number(process.argv[2] ?? 8);
const calmBets = Number(process.argv[3] ?? 30);
const inProcess = process.env['FLOOD_IN_PROCESS'] === '1';
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

// Store: embedded PGlite in memory (default) or a throw-away PostgreSQL database (`postgres`, DATABASE_URL).
const store = process.argv[4] ?? 'pglite';
const db = store === 'postgres' ? await createTestDatabase() : null;
const server = new ServerProcess(await freePort(), {
  ...process.env,
  DATABASE_URL: db?.url ?? '',
  REDIS_URL: '',
  MQTT_URL: '',
  FELT_DATA_DIR: 'memory',
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
  FELT_DEMO: '1',
  FELT_DEMO_ON_DATABASE: '1',
  FELT_DEMO_SEAMLESS: '0',
  FELT_RATE_IP: '100000/100000',
  FELT_RATE_USER: process.env['FELT_RATE_USER'] ?? '5/15',
  FELT_LOG_LEVEL: 'warn',
  NODE_OPTIONS: process.env['BENCH_SERVER_NODE_OPTIONS'] ?? '',
  // e.g. FELT_SERVER_EXEC_ARGV="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the server under the flood
  // (node refuses --cpu-prof in NODE_OPTIONS)
  FELT_SERVER_EXEC_ARGV: process.env['FELT_SERVER_EXEC_ARGV'] ?? '',
});
await server.start();
const url = server.url;

async function http(method: string, path: string, token: string | null, body?: unknown): Promise<{ status: number; body: Record<string, unknown>; ms: number }> {
  const t0 = performance.now();
  const res = await fetch(`${url}${path}`, { method, headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {}, ms: performance.now() - t0 };
}
const login = async (u: string): Promise<string> => String((await http('POST', '/auth/login', null, { username: u, password: 'demo' })).body['token']);
const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const p90 = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.9)] ?? 0;

try {
  const boss = await login('pitboss1');
  const dealer = await login('dealer1');
  const calm = await login('player2');
  const flooder = await login('player1');
  const t = await http('POST', '/tables', boss, { name: 'Flood bench', game: 'sicbo', profileId: 'standard', limits: { currency: 'EUR', tableMinMinor: 100, tableMaxMinor: 100_000 }, betWindowS: 300, devices: [{ deviceId: 'dice-1', kind: 'dice' }] });
  if (t.status !== 201) throw new Error(`create table: ${t.status} ${JSON.stringify(t.body)}`);
  const tableId = String(t.body['tableId']);
  await http('POST', `/tables/${tableId}/status`, boss, { status: 'open', reason: 'bench' });
  await http('POST', `/tables/${tableId}/rounds`, dealer);
  const calmRun = async (tag: string): Promise<number[]> => {
    const ms: number[] = [];
    for (let i = 0; i < calmBets; i++) {
      const r = await http('POST', `/tables/${tableId}/bets`, calm, { betId: `${tag}-${i}`, spot: 'small', stakeMinor: 100 });
      if (r.status !== 200) throw new Error(`calm bet refused: ${r.status} ${JSON.stringify(r.body)}`);
      ms.push(r.ms);
      await sleep(300);
    }
    return ms;
  };
  for (let i = 0; i < 5; i++) await http('POST', `/tables/${tableId}/bets`, calm, { betId: `warm-${i}`, spot: 'small', stakeMinor: 100 });
  const alone = await calmRun('alone');
  const floodMs = calmBets * 300 + 4_000;
  type Flood = { sent: number; byStatus: Record<string, number>; cpuMs?: number; connections?: number; pipeline?: number };
  let flood: Promise<Flood>;
  if (inProcess) {
    flood = (async () => {
      const cpu0 = process.cpuUsage();
      const byStatus: Record<string, number> = {};
      let sent = 0;
      const end = Date.now() + floodMs;
      await Promise.all(
        Array.from({ length: streams }, async (_, w) => {
          for (let i = 0; Date.now() < end; i++) {
            const r = await http('POST', `/tables/${tableId}/bets`, flooder, { betId: `fl-${w}-${i}`, spot: 'big', stakeMinor: 100 });
            sent++;
            byStatus[r.status] = (byStatus[r.status] ?? 0) + 1;
          }
        }),
      );
      const cpu = process.cpuUsage(cpu0);
      return { sent, byStatus, cpuMs: Math.round((cpu.user + cpu.system) / 1000) };
    })();
  } else {
    // The flooder stands for a client on another machine: on this one it runs at the lowest CPU priority
    // (`nice -n 19`), so what is measured is the server's fairness, not the attacker's own CPU taking the
    // shared cores from the server and its database (FLOOD_NICE=0 runs it at normal priority).
    const worker = [process.execPath, join(ROOT, 'test/bench/flood-worker.mjs'), url, flooder, tableId, String(streams), String(floodMs), 'fl'];
    const [cmd, ...args] = process.env['FLOOD_NICE'] === '0' ? worker : ['nice', '-n', '19', ...worker];
    const child = spawn(cmd as string, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    flood = new Promise((resolve, reject) => child.once('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as Flood) : reject(new Error(`flooder exited ${code}`)))));
  }
  await sleep(1_500); // the flood is in full swing
  const under = await calmRun('under');
  const f = await flood;
  const res = {
    streams,
    store,
    flooder: inProcess ? 'same process' : process.env['FLOOD_NICE'] === '0' ? 'own process' : 'own process, nice 19',
    calmAloneMedianMs: Math.round(median(alone)),
    calmAloneP90Ms: Math.round(p90(alone)),
    calmUnderFloodMedianMs: Math.round(median(under)),
    calmUnderFloodP90Ms: Math.round(p90(under)),
    ratio: Number((median(under) / median(alone)).toFixed(2)),
    floodRequests: f.sent,
    floodRequestsPerS: Math.round(f.sent / (floodMs / 1000)),
    floodByStatus: f.byStatus,
    floodRefused: f.byStatus['429'] ?? 0,
    flooderCpuMs: f.cpuMs ?? null,
    flooderCpuShare: f.cpuMs === undefined ? null : Number((f.cpuMs / floodMs).toFixed(2)),
    flooderConnections: f.connections ?? null,
    flooderPipeline: f.pipeline ?? null,
  };
  process.stdout.write(
    `flood: ${res.floodRequestsPerS} requests/s with ${streams} in flight (${res.floodRequests} sent, ${res.floodRefused} refused RATE_LIMITED), flooder CPU ${res.flooderCpuMs ?? '?'} ms over ${floodMs} ms; calm player's median ${res.calmAloneMedianMs} ms alone → ${res.calmUnderFloodMedianMs} ms under the flood (${res.ratio}×)\n`,
  );
  process.stdout.write(`RESULT ${JSON.stringify(res)}\n`);
} finally {
  await server.stop();
  await db?.drop();
}
