/**
 * Benchmark (not a test), issue 13: bet acceptance and round-event fan-out with N connected players,
 * beside a bare socket.io echo server measured in the same run with the same client code.
 *
 * Both sides are driven by the load generator (test/load/load.ts, @felt/client-sdk): N players join one
 * roulette table and each sends a realistic layout (9–10 chips incl. a racetrack bet and, for some, a
 * bet the server refuses), chip by chip awaiting each ack (`chip`) or as one `bet.layout` (`layout`).
 * When every layout is answered the round's betting is closed (Felt: the dealer's close; echo: one room
 * broadcast) and the time until the last player received that frame is the fan-out.
 *
 *   npx tsc -b tsconfig.build.json
 *   npx tsx test/bench/scale-bets.bench.ts [players=1000] [store=memory|pglite|postgres] [mode=chip|layout]
 *   (each side in a fresh child process; BENCH_SPLIT=0 runs both in this one)
 */
import { runLoad, type LoadReport } from '../load/load.js';
import { startEchoServer } from './echo-server.js';
import { bootApp, emit, openRound, players, rouletteTable, rssMb, type Store } from './scale-support.js';

const N = Number(process.argv[2] ?? 1000);
const STORE = (process.argv[3] ?? 'memory') as Store;
const MODE = (process.argv[4] ?? 'chip') as 'chip' | 'layout';
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 180);

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
});

// Each side runs in a fresh child process of its own, baseline first (issue 13: run in one process, the
// echo's 1 000 closed clients and their garbage cost Felt a third to a half of its rate). BENCH_SPLIT=0:
// both in this process, as before. BENCH_SKIP_ECHO=1: Felt only (profiling).
const SIDE = process.env['BENCH_SIDE'] as 'echo' | 'felt' | undefined;
if (SIDE === undefined && process.env['BENCH_SPLIT'] !== '0' && process.env['BENCH_SKIP_ECHO'] !== '1') {
  const { spawnSync } = await import('node:child_process');
  const side = (which: 'echo' | 'felt'): Record<string, unknown> => {
    const r = spawnSync(process.execPath, [...process.execArgv, process.argv[1]!, ...process.argv.slice(2)], { env: { ...process.env, BENCH_SIDE: which }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 64 * 1024 * 1024 });
    const line = (r.stdout ?? '').split('\n').find((l) => l.startsWith('RESULT '));
    if (r.status !== 0 || line === undefined) throw new Error(`${which} side failed (exit ${r.status}): ${(r.stdout ?? '').slice(-2000)}`);
    return JSON.parse(line.slice(7)) as Record<string, unknown>;
  };
  const e = side('echo');
  const f = side('felt');
  const fe = f['felt'] as { answeredPerSecond: number; fanOutLastMs: number };
  const ee = e['echo'] as { answeredPerSecond: number; fanOutLastMs: number };
  const r = (a: number, z: number): number | null => (z > 0 ? Number((a / z).toFixed(3)) : null);
  emit({ ...f, echo: ee, processes: 'one fresh process per side', ratio: { answeredPerSecond: r(fe.answeredPerSecond, ee.answeredPerSecond), fanOutLastMs: r(ee.fanOutLastMs, fe.fanOutLastMs) } });
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

const b = await bootApp(STORE);
const { app } = b;
const tableId = await rouletteTable(app);
const ps = await players(app, N, 'sb');
await openRound(app, tableId);
const rss0 = rssMb();
const felt = await runLoad({
  baseUrl: app.url,
  tableId,
  players: ps,
  rounds: 1,
  seconds: SECONDS,
  asLayout: MODE === 'layout',
  stopAfterBetting: true,
  afterBetting: async () => {
    const close = (): ReturnType<typeof app.http> => app.http('POST', `/tables/${tableId}/round/close`, app.token('dealer-bench', 'dealer'));
    const r = await close().catch(close); // a keep-alive connection reset while the server was busy: once more
    if (r.status >= 300) throw new Error(`close: ${JSON.stringify(r.body)}`);
  },
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
