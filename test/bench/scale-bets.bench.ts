/**
 * Benchmark (not a test), issue 13: bet acceptance and round-event fan-out with N connected players,
 * beside a bare socket.io echo server measured in the same run with the same client code.
 *
 * Both sides are driven by the load generator (test/load/load.ts, @felt-studio/client-sdk): N players join one
 * roulette table and each sends a realistic layout (9–10 chips incl. a racetrack bet and, for some, a
 * bet the server refuses), chip by chip awaiting each ack (`chip`) or as one `bet.layout` (`layout`).
 * When every layout is answered the round's betting is closed (Felt: the dealer's close; echo: one room
 * broadcast) and the time until the last player received that frame is the fan-out.
 *
 *   npx tsc -b tsconfig.build.json
 *   npx tsx test/bench/scale-bets.bench.ts [players=1000] [store=memory|pglite|postgres] [mode=chip|layout]
 *   (each side in a fresh child process; BENCH_SPLIT=0 runs both in this one)
 *
 * Clients in their own processes (`--procs K`): the server (Felt or the echo) alone in its process, the
 * players spread over K load-generator processes (`scale-procs.ts`), all starting at once; `--bettors B`
 * of the N connected players bet (default all), `--spread-ms S` spreads each bettor's first send over S ms
 * (the last seconds of the window). Also reports the server process's CPU per answered bet.
 *   npx tsx test/bench/scale-bets.bench.ts 10000 memory layout --procs 4 --bettors 2000
 *   BENCH_FELT_EXEC_ARGV="--cpu-prof --cpu-prof-dir=/tmp/prof" …   profile the Felt side only
 *   --staff   a dealer console and a pit boss joined to the table (their own process; `staffFrames` counts
 *             the round frames and events they received)
 */
import { runLoad, type LoadReport } from '../load/load.js';
import { startEchoServer } from './echo-server.js';
import { bootApp, emit, openRound, players, rouletteTable, rssMb, type BenchApp, type RoundsApp, type Store } from './scale-support.js';
import { runProcs } from './scale-procs.js';

const flag = (name: string): number | null => {
  const i = process.argv.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (i < 0) return null;
  const a = process.argv[i]!;
  return Number(a.includes('=') ? a.slice(a.indexOf('=') + 1) : process.argv[i + 1]);
};
const positional = process.argv.slice(2).filter((a, i, all) => !a.startsWith('--') && !(i > 0 && /^--(procs|bettors|spread-ms)$/.test(all[i - 1]!)));
const N = Number(positional[0] ?? 1000);
const STORE = (positional[1] ?? 'memory') as Store;
const MODE = (positional[2] ?? 'chip') as 'chip' | 'layout';
const PROCS = flag('procs');
const BETTORS = flag('bettors') ?? N;
const SPREAD_MS = flag('spread-ms') ?? 0;
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 180);
/** `--staff`: a dealer console and a pit boss joined to the table (as at every live table), in a process of their own. */
const STAFF = process.argv.includes('--staff');

const summary = (r: LoadReport): Record<string, unknown> => ({
  connected: r.connected,
  answered: r.accepted + r.rejected,
  accepted: r.accepted,
  rejected: r.rejected,
  unexpectedRejections: r.unexpectedRejections,
  answeredPerSecond: r.answeredPerBettingSecond,
  acceptedPerSecond: r.acceptedPerBettingSecond,
  latencyMs: r.latencyMs,
  errorsByCode: r.errorsByCode,
  fanOutLastMs: r.lastFrameMs.max,
  fanOutMissing: r.lastFrameMs.missing,
  resyncs: r.resyncs,
});

/** Felt's side: the app on STORE, a roulette table, N funded players and a round open for bets. */
async function feltTable(): Promise<{ b: BenchApp; app: RoundsApp; tableId: string; ps: { userId: string; token: string }[] }> {
  const b = await bootApp(STORE);
  const { app } = b;
  const tableId = await rouletteTable(app);
  const ps = await players(app, N, 'sb');
  await openRound(app, tableId);
  return { b, app, tableId, ps };
}

/** The dealer closes betting; a keep-alive connection reset while the server was busy: once more. */
async function closeBetting(app: RoundsApp, tableId: string): Promise<void> {
  const close = (): ReturnType<typeof app.http> => app.http('POST', `/tables/${tableId}/round/close`, app.token('dealer-bench', 'dealer'));
  const r = await close().catch(close);
  if (r.status >= 300) throw new Error(`close: ${JSON.stringify(r.body)}`);
}

// Each side runs in a fresh child process of its own, baseline first (issue 13: run in one process, the
// echo's 1 000 closed clients and their garbage cost Felt a third to a half of its rate). BENCH_SPLIT=0:
// both in this process, as before. BENCH_SKIP_ECHO=1: Felt only (profiling).
const SIDE = process.env['BENCH_SIDE'] as 'echo' | 'felt' | undefined;
if (SIDE === undefined && process.env['BENCH_SPLIT'] !== '0' && process.env['BENCH_SKIP_ECHO'] !== '1') {
  const { spawnSync } = await import('node:child_process');
  const side = (which: 'echo' | 'felt'): Record<string, unknown> => {
    const extra = which === 'felt' ? (process.env['BENCH_FELT_EXEC_ARGV'] ?? '').split(' ').filter(Boolean) : [];
    const r = spawnSync(process.execPath, [...process.execArgv, ...extra, process.argv[1]!, ...process.argv.slice(2)], { env: { ...process.env, BENCH_SIDE: which }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 64 * 1024 * 1024 });
    const line = (r.stdout ?? '').split('\n').find((l) => l.startsWith('RESULT '));
    if (r.status !== 0 || line === undefined) throw new Error(`${which} side failed (exit ${r.status}): ${(r.stdout ?? '').slice(-2000)}`);
    return JSON.parse(line.slice(7)) as Record<string, unknown>;
  };
  const e = side('echo');
  const f = side('felt');
  const fe = f['felt'] as { answeredPerSecond: number; fanOutLastMs: number; serverCpu?: { usPerAnswered: number } };
  const ee = e['echo'] as { answeredPerSecond: number; fanOutLastMs: number; serverCpu?: { usPerAnswered: number } };
  const r = (a: number, z: number): number | null => (z > 0 ? Number((a / z).toFixed(3)) : null);
  const cpu = fe.serverCpu && ee.serverCpu ? { serverCpuPerAnswered: r(ee.serverCpu.usPerAnswered, fe.serverCpu.usPerAnswered) } : {};
  emit({ ...f, echo: ee, processes: 'one fresh process per side', loadAverage: (await import('node:os')).loadavg().map((x) => Number(x.toFixed(2))), ratio: { answeredPerSecond: r(fe.answeredPerSecond, ee.answeredPerSecond), fanOutLastMs: r(ee.fanOutLastMs, fe.fanOutLastMs), ...cpu } });
  process.exit(0);
}
if (PROCS !== null) {
  const log = (line: string): void => console.error(`[scale-bets ${SIDE ?? 'both'}] ${line}`);
  const load = { procs: PROCS, bettors: Math.min(BETTORS, N), asLayout: MODE === 'layout', spreadMs: SPREAD_MS, seconds: SECONDS, log };
  const procsSummary = { procs: PROCS, bettors: load.bettors, spreadMs: SPREAD_MS };
  let echoR: Awaited<ReturnType<typeof runProcs>> | null = null;
  if (SIDE !== 'felt') {
    const echo = await startEchoServer();
    echoR = await runProcs({ ...load, baseUrl: echo.url, tableId: 'tbl_echo', players: Array.from({ length: N }, (_, i) => ({ userId: `e${i}`, token: 'none' })), close: async () => echo.broadcast('tbl_echo', 'BettingClosed') });
    await echo.close();
    if (SIDE === 'echo') {
      emit({ bench: 'scale-bets', side: 'echo', players: N, mode: MODE, ...procsSummary, echo: echoR });
      process.exit(0);
    }
  }
  const { b, app, tableId, ps } = await feltTable();
  let staff: import('node:child_process').ChildProcess | null = null;
  if (STAFF) {
    const { spawn } = await import('node:child_process');
    const worker = new URL('./staff-worker.ts', import.meta.url).pathname;
    const kid = spawn(process.execPath, [...process.execArgv.filter((a) => !a.startsWith('--cpu-prof')), worker, app.url, tableId, app.token('dealer-bench', 'dealer'), app.token('pitboss-bench', 'pitboss')], { stdio: ['ignore', 'pipe', 'inherit'] });
    staff = kid;
    await new Promise<void>((resolve, reject) => {
      kid.stdout.on('data', (d: Buffer) => {
        if (d.toString().includes('STAFF-READY')) resolve();
      });
      kid.once('exit', (c) => reject(new Error(`staff worker exited ${c}`)));
    });
  }
  const rss0 = rssMb();
  const feltR = await runProcs({
    ...load,
    baseUrl: app.url,
    tableId,
    players: ps,
    close: () => closeBetting(app, tableId),
  });
  const rss1 = rssMb();
  let staffFrames: unknown = null;
  if (staff) {
    const kid = staff;
    staffFrames = await new Promise((resolve) => {
      let out = '';
      kid.stdout?.on('data', (d: Buffer) => (out += d.toString()));
      kid.once('close', () => resolve(JSON.parse(/STAFF (\{.*\})/.exec(out)?.[1] ?? 'null')));
      kid.kill('SIGTERM');
    });
  }
  const inv = await app.invariants();
  await b.close();
  // In split mode the parent adds the echo side and the ratios (see above).
  emit({ bench: 'scale-bets', store: STORE, mode: MODE, players: N, ...procsSummary, ...(STAFF ? { staffFrames } : {}), felt: feltR, ...(echoR ? { echo: echoR } : {}), rssMb: { joined: rss0, afterBets: rss1 }, ledgerInvariantViolations: inv.length });
  process.exit(0);
}
const echo = await startEchoServer();
const base = process.env['BENCH_SKIP_ECHO'] === '1' || SIDE === 'felt' ? await runLoad({ baseUrl: echo.url, tableId: 'tbl_echo', players: [], rounds: 1, seconds: 1 }) : await runLoad({
  baseUrl: echo.url,
  tableId: 'tbl_echo',
  players: Array.from({ length: N }, (_, i) => ({ userId: `e${i}`, token: 'none' })),
  rounds: 1,
  seconds: SECONDS,
  asLayout: MODE === 'layout',
  stopAfterBetting: true,
  afterBetting: async () => echo.broadcast('tbl_echo', 'BettingClosed'),
});
await echo.close();
if (SIDE === 'echo') {
  emit({ bench: 'scale-bets', side: 'echo', players: N, mode: MODE, echo: summary(base) });
  process.exit(0);
}

const { b, app, tableId, ps } = await feltTable();
const rss0 = rssMb();
const felt = await runLoad({
  baseUrl: app.url,
  tableId,
  players: ps,
  rounds: 1,
  seconds: SECONDS,
  asLayout: MODE === 'layout',
  stopAfterBetting: true,
  afterBetting: () => closeBetting(app, tableId),
});
const inv = await app.invariants();
const rss1 = rssMb();
await b.close();

const ratio = (a: number, z: number): number | null => (z > 0 ? Number((a / z).toFixed(3)) : null);
emit({
  bench: 'scale-bets',
  store: STORE,
  mode: MODE,
  players: N,
  felt: summary(felt),
  echo: summary(base),
  ratio: { answeredPerSecond: ratio(felt.answeredPerBettingSecond, base.answeredPerBettingSecond), fanOutLastMs: ratio(base.lastFrameMs.max, felt.lastFrameMs.max) },
  rssMb: { beforeBets: rss0, afterBets: rss1 },
  ledgerInvariantViolations: inv.length,
});
process.exit(0);
