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

// Baseline first (a fresh process state for neither is possible in one run; the order is fixed).
// BENCH_SKIP_ECHO=1: Felt only (profiling).
const echo = await startEchoServer();
const base = process.env['BENCH_SKIP_ECHO'] === '1' ? await runLoad({ baseUrl: echo.url, tableId: 'tbl_echo', players: [], rounds: 1, seconds: 1 }) : await runLoad({
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
