/**
 * Benchmark (not a test), issue 25 §5: the closing burst. N players joined to one roulette table, each
 * sending one bet at a time drawn uniformly in the last T seconds of the betting window (and the 100 ms
 * after the close, so the burst straddles it). Reported, for the bets SENT before the close (each load
 * client records its send time; same machine, same clock): accepted, refused as late (must be 0),
 * refused otherwise; for the bets sent after it: accepted (must be 0); the time from the close to the
 * last answer; the server's event-loop delay during the burst (perf_hooks.monitorEventLoopDelay, 1 ms
 * resolution); the close barrier's drain (felt_close_drain_seconds); the load clients' own send delay —
 * beside a bare socket.io echo server driven by the same clients and schedule in the same run.
 *
 *   npx tsc -b tsconfig.build.json && npm run bench:build
 *   npx tsx test/bench/closing-burst.bench.ts [players=1000] [store=memory|postgres|pglite] [burstMs=3000]
 *   (DATABASE_URL for postgres; clients in ⌈N/5000⌉ processes, BENCH_PROCS to change it;
 *    BENCH_UNCHUNKED=1 writes every broadcast in one go, as before issue 25, for comparison)
 *
 * BENCH_INSTANCES=2 (PostgreSQL, REDIS_URL; issue 25 §3): the table on two studio-server instances in the cluster
 * mode — A (this process, the table's owner) and B (its own process, instance-worker.ts) — with the load
 * processes split between them (at least two; process k connects to A when k is even, else to B). B's bets
 * reach the owner over the cluster's command routing. Reported beside the one-instance figures of a run
 * without it: the same accepted / refused-late split, close → last answer, and each instance's loop delay
 * and CPU over the burst. BENCH_SKEW_MS=ε sets FELT_FORWARD_STAMP_SKEW_MS on both (B's bets keep their arrival
 * stamp, within ε, at the owner).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { startEchoServer } from './echo-server.js';
import { bootApp, emit, pct, players, rouletteTable, type Store } from './scale-support.js';

const N = Number(process.argv[2] ?? 1000);
const STORE = (process.argv[3] ?? 'memory') as Store;
const BURST_MS = Number(process.argv[4] ?? 3000);
const AFTER_MS = 100;
const INSTANCES = Number(process.env['BENCH_INSTANCES'] ?? 1);
/** BENCH_SKEW_MS (with BENCH_INSTANCES=2): FELT_FORWARD_STAMP_SKEW_MS on both instances — B's bets keep their arrival stamp within it. */
const SKEW_MS = process.env['BENCH_SKEW_MS'] !== undefined ? Number(process.env['BENCH_SKEW_MS']) : null;
if (INSTANCES !== 1 && (INSTANCES !== 2 || STORE !== 'postgres')) throw new Error('BENCH_INSTANCES=2 runs on postgres only (two processes on one database)');
const PROCS = Number(process.env['BENCH_PROCS'] ?? Math.max(INSTANCES, Math.ceil(N / 5000)));
const WINDOW_S = Math.ceil(BURST_MS / 1000) + 3;
const support = '../support/dist';
const worker = fileURLToPath(new URL('./burst-worker.ts', import.meta.url));

interface Report {
  readonly closesAt: number;
  readonly due: number[];
  readonly sent: number[];
  readonly answered: number[];
  readonly codes: string[];
}

/** Fork the load processes, wait for every player joined; `go(closesAt)` starts the burst and resolves with every bet. */
async function clients(baseUrls: readonly string[], tableId: string, ps: readonly { userId: string; token: string }[]): Promise<{ connected: number; go: (closesAt: number) => Promise<Report[]>; stop: () => void }> {
  const dir = mkdtempSync(join(tmpdir(), 'felt-burst-'));
  const per = Math.ceil(ps.length / PROCS);
  const kids: ChildProcess[] = [];
  const ready: Promise<number>[] = [];
  const reports: Promise<Report>[] = [];
  const execArgv = process.execArgv.filter((a) => !a.startsWith('--cpu-prof'));
  for (let k = 0; k < PROCS; k++) {
    const cfg = join(dir, `w${k}.json`);
    writeFileSync(cfg, JSON.stringify({ baseUrl: baseUrls[k % baseUrls.length], tableId, players: ps.slice(k * per, (k + 1) * per), seed: 1 + k }));
    const c = fork(worker, [cfg], { execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    kids.push(c);
    ready.push(new Promise((r) => c.on('message', (m: { type: string; connected?: number }) => m.type === 'ready' && r(m.connected ?? 0))));
    reports.push(new Promise((r) => c.on('message', (m: { type: string } & Report) => m.type === 'report' && r(m))));
  }
  const connected = (await Promise.all(ready)).reduce((a, b) => a + b, 0);
  return {
    connected,
    go: async (closesAt) => {
      for (const c of kids) c.send({ type: 'go', closesAt, fromMs: BURST_MS, afterMs: AFTER_MS });
      return Promise.all(reports);
    },
    stop: () => {
      for (const c of kids) if (c.exitCode === null) c.kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Loop delay over the burst (ms), sampled in this (the server's) process. */
function loopMonitor(): { start: () => void; stop: () => { p50: number; p99: number; max: number } } {
  const h = monitorEventLoopDelay({ resolution: 1 });
  return {
    start: () => {
      h.reset();
      h.enable();
    },
    stop: () => {
      h.disable();
      const ms = (ns: number): number => Number((ns / 1e6).toFixed(2));
      return { p50: ms(h.percentile(50)), p99: ms(h.percentile(99)), max: ms(h.max) };
    },
  };
}

/** BENCH_MARKS=1: the burst in the clock of a `node --cpu-prof` profile of this process (µs), to cut the profile to it. */
const mark = (what: string): void => void (process.env['BENCH_MARKS'] === '1' && console.error(`MARK ${what} ${process.hrtime.bigint() / 1000n}`));

const sleepUntil = (t: number): Promise<void> => new Promise((r) => setTimeout(r, Math.max(0, t - Date.now())));

/** What the bets say, split at the close by their SEND time. */
function analyse(rs: readonly Report[], closesAt: number): Record<string, unknown> {
  const before = { sent: 0, accepted: 0, refusedLate: 0, unanswered: 0, other: {} as Record<string, number> };
  const after = { sent: 0, accepted: 0, refusedLate: 0, unanswered: 0, other: {} as Record<string, number> };
  const sendDelay: number[] = [];
  const lastSecond: number[] = [];
  let lastAnswer = 0;
  let lateSentAtMost = 0;
  /** Per load process (with BENCH_INSTANCES=2, process k is on instance A when k is even, else on B). */
  const lateByProcess = rs.map(() => 0);
  for (const [k, r] of rs.entries()) {
    for (let i = 0; i < r.sent.length; i++) {
      const sent = r.sent[i]!;
      const code = r.codes[i]!;
      const ans = r.answered[i]!;
      if (sent === 0) continue;
      sendDelay.push(sent - r.due[i]!);
      const side = sent < closesAt ? before : after;
      side.sent++;
      if (code === 'ok') side.accepted++;
      else if (code === 'BETTING_CLOSED') side.refusedLate++;
      else if (code === 'none') side.unanswered++;
      else side.other[code] = (side.other[code] ?? 0) + 1;
      if (sent < closesAt && code === 'BETTING_CLOSED') {
        lateSentAtMost = Math.max(lateSentAtMost, closesAt - sent);
        lateByProcess[k] = (lateByProcess[k] ?? 0) + 1;
      }
      if (ans > 0 && sent < closesAt) lastAnswer = Math.max(lastAnswer, ans);
      if (ans > 0 && sent >= closesAt - 1000 && sent < closesAt) lastSecond.push(ans - sent);
    }
  }
  return {
    sentBeforeClose: before,
    sentAfterClose: after,
    refusedLateSentUpToMsBeforeClose: lateSentAtMost,
    refusedLateByLoadProcess: lateByProcess,
    closeToLastAnswerMs: lastAnswer > 0 ? lastAnswer - closesAt : null,
    lastSecondLatencyMs: { p50: pct(lastSecond, 0.5), p99: pct(lastSecond, 0.99), max: pct(lastSecond, 1) },
    clientSendDelayMs: { p50: pct(sendDelay, 0.5), p99: pct(sendDelay, 0.99), max: pct(sendDelay, 1) },
  };
}

const loop = loopMonitor();

/**
 * BENCH_INSTANCES=2: A (this process, cluster mode, the table's owner) and B (instance-worker.ts in its own
 * process) on one throw-away PostgreSQL database and this run's Redis prefix.
 */
async function secondInstance(): Promise<{ a: Awaited<ReturnType<typeof bootApp>>; url: string; own: (tableId: string) => Promise<void>; loopStart: () => void; loopStop: () => Promise<{ p50: number; p99: number; max: number; cpuMs: number }>; stop: () => Promise<void> }> {
  const { randomBytes } = await import('node:crypto');
  const dist = `${support}/apps/studio-server/src`;
  const harness = (await import(`${support}/test/support/studio-server/app-harness.js`)) as typeof import('../support/studio-server/app-harness.js');
  const testDb = (await import(`${support}/test/support/studio-server/test-database.js`)) as typeof import('../support/studio-server/test-database.js');
  const clusterMod = (await import(`${dist}/cluster/cluster.module.js`)) as typeof import('../../apps/studio-server/src/cluster/cluster.module.js');
  const ownership = (await import(`${dist}/cluster/table-ownership.service.js`)) as typeof import('../../apps/studio-server/src/cluster/table-ownership.service.js');
  const redisUrl = process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';
  const run = randomBytes(4).toString('hex');
  const db = await testDb.createTestDatabase();
  const ids = (instanceId: string) => ({ next: (() => { let n = 0; return (p: string) => `${p}_${instanceId}${String(++n).padStart(7, '0')}`; })() });
  const app = await harness.bootRoundsApp({
    config: { database: { kind: 'postgres', url: db.url } },
    ids: ids('a'),
    imports: [clusterMod.ClusterModule.forRoot({ redisUrl, instanceId: 'a', keyPrefix: `felt-bench:${run}:lease:`, busPrefix: `felt-bench:${run}:`, leaseTtlMs: 30_000, forwardStampSkewMs: SKEW_MS })],
  });
  const dir = mkdtempSync(join(tmpdir(), 'felt-burst-b-'));
  const cfg = join(dir, 'b.json');
  writeFileSync(cfg, JSON.stringify({ dbUrl: db.url, redisUrl, run, instanceId: 'b' }));
  const execArgv = process.execArgv.filter((x) => !x.startsWith('--cpu-prof'));
  const kid = fork(fileURLToPath(new URL('./instance-worker.ts', import.meta.url)), [cfg], { execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const next = <T>(type: string): Promise<T> => new Promise((r) => { const on = (m: { type: string } & T): void => { if (m.type === type) { kid.off('message', on); r(m); } }; kid.on('message', on); });
  const ready = await next<{ url: string }>('ready');
  const own = ownership.TableOwnershipService;
  return {
    a: { app, store: 'postgres', close: async () => { await app.close(); await db.drop(); rmSync(dir, { recursive: true, force: true }); } },
    url: ready.url,
    own: async (tableId) => {
      await app.get(own).tick();
      kid.send({ type: 'tick' });
      await next('ticked');
      await app.get(own).tick(); // advertise A's URL (it listens now)
      if (!app.get(own).owns(tableId)) throw new Error('instance a does not own the bench table');
    },
    loopStart: () => kid.send({ type: 'loop-start' }),
    loopStop: async () => {
      kid.send({ type: 'loop-stop' });
      return next('loop');
    },
    stop: async () => {
      kid.send({ type: 'stop' });
      await new Promise((r) => kid.once('exit', r));
    },
  };
}

// ── baseline: the bare socket.io echo, same clients and schedule (its "close" is only an instant) ──
const echo = await startEchoServer();
const ec = await clients([echo.url], 'tbl_echo', Array.from({ length: N }, (_, i) => ({ userId: `e${i}`, token: 'none' })));
const echoClose = Date.now() + BURST_MS + 1500;
await sleepUntil(echoClose - BURST_MS - 200);
loop.start();
const echoReports = await ec.go(echoClose);
const echoLoop = loop.stop();
ec.stop();
await echo.close();
const echoR = analyse(echoReports, echoClose);

// ── Felt ──
if (process.env['BENCH_UNCHUNKED'] === '1') {
  const { ChunkedAdapter } = (await import(`${support}/apps/studio-server/src/shared/host/sliced-adapter.js`)) as typeof import('../../apps/studio-server/src/shared/host/sliced-adapter.js');
  ChunkedAdapter.sliceMs = Number.POSITIVE_INFINITY;
}
const { RoundsService } = (await import(`${support}/apps/studio-server/src/rounds/rounds.service.js`)) as typeof import('../../apps/studio-server/src/rounds/rounds.service.js');
const second = INSTANCES === 2 ? await secondInstance() : null;
const b = second ? second.a : await bootApp(STORE);
const { app } = b;
const tableId = await rouletteTable(app, 'Closing burst', WINDOW_S);
if (second) await second.own(tableId);
const ps = await players(app, N, 'cb');
const t0 = Date.now();
const fc = await clients(second ? [app.url, second.url] : [app.url], tableId, ps);
const connectSeconds = (Date.now() - t0) / 1000;
const open = await app.http('POST', `/tables/${tableId}/rounds`, app.token('dealer-bench', 'dealer'));
if (open.status >= 300) throw new Error(`open round: ${JSON.stringify(open.body)}`);
const rounds = app.get(RoundsService);
const closesAt = (await rounds.currentRound(tableId))?.state.bettingClosesAt ?? 0;
await sleepUntil(closesAt - BURST_MS - 200);
const cpu0 = process.cpuUsage();
loop.start();
second?.loopStart();
mark('burst-start');
const feltReports = await fc.go(closesAt);
mark('burst-end');
const feltLoop = loop.stop();
const cpu = process.cpuUsage(cpu0);
const secondLoop = second ? await second.loopStop() : null;
fc.stop();
const feltR = analyse(feltReports, closesAt);
const metrics = await fetch(`${app.url}/metrics`).then((r) => r.text());
const metric = (re: RegExp): number => Number(re.exec(metrics)?.[1] ?? 0);
const drain = {
  closes: metric(/^felt_close_drain_seconds_count\{outcome="drained"\} (\S+)$/m) + metric(/^felt_close_drain_seconds_count\{outcome="overran"\} (\S+)$/m),
  overran: metric(/^felt_close_drain_seconds_count\{outcome="overran"\} (\S+)$/m),
  ms: Number(((metric(/^felt_close_drain_seconds_sum\{outcome="drained"\} (\S+)$/m) + metric(/^felt_close_drain_seconds_sum\{outcome="overran"\} (\S+)$/m)) * 1000).toFixed(1)),
};
const phase = (await rounds.currentRound(tableId))?.state.phase;
const inv = await app.invariants();
if (second) await second.stop();
await b.close();
emit({
  bench: 'closing-burst',
  store: STORE,
  players: N,
  burstMs: BURST_MS,
  procs: PROCS,
  instances: INSTANCES,
  forwardStampSkewMs: SKEW_MS,
  connected: fc.connected,
  connectSeconds: Number(connectSeconds.toFixed(1)),
  unchunked: process.env['BENCH_UNCHUNKED'] === '1',
  felt: { ...feltR, loopDelayMs: feltLoop, closeDrain: drain, phaseAfter: phase, serverCpuMs: Number(((cpu.user + cpu.system) / 1000).toFixed(0)), ...(secondLoop ? { second: { loopDelayMs: { p50: secondLoop.p50, p99: secondLoop.p99, max: secondLoop.max }, serverCpuMs: secondLoop.cpuMs } } : {}) },
  echo: { ...echoR, loopDelayMs: echoLoop },
  ledgerInvariantViolations: inv.length,
  loadAverage: (await import('node:os')).loadavg().map((x) => Number(x.toFixed(2))),
});
process.exit(0);
