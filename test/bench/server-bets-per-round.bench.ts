/**
 * Benchmark (not a test): the cost of ONE bet through the server (BettingService → table queue →
 * kernel decide/evolve → one transaction on the in-memory store → frame → a dealer's view, as the
 * realtime gateway builds it for a listening dealer) as a round fills up: 100, 1 000 and 10 000 bets in one
 * roulette round. Bets arrive in waves of CONCURRENCY (group commit, like real traffic); distinct
 * players. Reported: mean µs per bet over the first 100 bets and over the last 100 bets of the round.
 *
 *   npm run build && npm run bench:build
 *   npx tsx test/bench/server-bets-per-round.bench.ts [sizes=100,1000,10000] [concurrency=50]
 */
import * as games from '@felt-studio/games';

// The server and its test support, compiled together for the benchmarks (test/support/tsconfig.json; never in the server's dist).
const support = '../support/dist';
const dist = `${support}/apps/studio-server/src`;
const { makeHarness, openTable, DEALER, PITBOSS } = (await import(`${support}/test/support/studio-server/harness.js`)) as typeof import('../support/studio-server/harness.js');
const { BettingService } = (await import(`${dist}/betting/betting.service.js`)) as typeof import('../../apps/studio-server/src/betting/betting.service.js');
const { Logger } = await import('@nestjs/common');
// The staff-view coalescer exists from issue 8 on (the same script measures the tree before it).
const Coalescer = ((await import(`${dist}/realtime/coalesce.js`).catch(() => null)) as typeof import('../../apps/studio-server/src/realtime/coalesce.js') | null)?.Coalescer ?? null;
Logger.overrideLogger(['error']);

const SIZES = (process.argv[2] ?? '100,1000,10000').split(',').map(Number);
const CONCURRENCY = Number(process.argv[3] ?? 50);
const spots = ['red', 'black', 'straight:17', 'dozen:1', 'odd', 'even', 'column:2', 'split:1-2', 'corner:1-2-4-5', 'street:1-2-3'];

async function run(n: number): Promise<{ bets: number; firstUs: number; lastUs: number; meanUs: number; seconds: number }> {
  const h = makeHarness([games.roulette.rouletteKernel as never], { roulette: ['european'] });
  const betting = new BettingService(h.rounds, h.clock, h.uow, h.metrics);
  const t = await h.tables.create({ name: 'Bench', game: 'roulette', profileId: 'european', limits: { currency: 'EUR', tableMinMinor: 100, tableMaxMinor: 1_000_000, spots: {} }, betWindowS: 3_600, cadence: { auto: false, pauseS: 0 }, devices: [] }, PITBOSS);
  if (!t.ok) throw new Error(t.violation.message);
  const tableId = t.value.tableId;
  // the pre-open checks the game's definition asks for (ROU-7), then open
  const opened = openTable ? await openTable(h.tables, tableId, 'bench') : (await h.tables.recordPreOpenCheck(tableId, { checks: ['table', 'wheel-level', 'free-running', 'ball'] }, PITBOSS), await h.tables.setStatus(tableId, 'open', 'bench', PITBOSS));
  if (!opened.ok) throw new Error(`open table: ${opened.violation.code}`);
  for (let p = 0; p < n; p++) await h.deposit(`bp${p}`, 1_000_000);
  // What the realtime gateway does for a listening dealer: build the dealer's view — per commit before
  // issue 8; after it, bet-only commits coalesce it into one trailing snapshot per window (Coalescer).
  const coalesce = Coalescer ? new Coalescer<{ state: unknown; kernel: { view(s: unknown, a: unknown): unknown } }>(150, (_k, f) => void f.kernel.view(f.state, { role: 'dealer' })) : null;
  const sub = h.rounds.frames$.subscribe((f) => {
    const betsOnly = f.events.every((e) => e.type === 'BetAccepted' || e.type === 'BetCancelled');
    if (coalesce && betsOnly) coalesce.push(f.tableId, f as never);
    else void f.kernel.view(f.state, { role: 'dealer' });
  });
  const o = await h.rounds.openRound(tableId, DEALER);
  if (!o.ok) throw new Error(`open: ${o.violation.code}`);
  const perBet: number[] = [];
  const started = performance.now();
  for (let i = 0; i < n; i += CONCURRENCY) {
    const wave = Math.min(CONCURRENCY, n - i);
    const t0 = performance.now();
    const rs = await Promise.all(Array.from({ length: wave }, (_, k) => betting.place(tableId, { userId: `bp${i + k}`, role: 'player' }, { betId: `b${i + k}`, spot: spots[(i + k) % spots.length] ?? 'red', stakeMinor: 100 })));
    const dt = (performance.now() - t0) / wave;
    for (const r of rs) if (!r.ok) throw new Error(`bet: ${r.violation.code} ${r.violation.message}`);
    for (let k = 0; k < wave; k++) perBet.push(dt);
  }
  const seconds = (performance.now() - started) / 1000;
  sub.unsubscribe();
  coalesce?.dispose();
  h.rounds.onModuleDestroy();
  const mean = (xs: number[]): number => Number(((xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length)) * 1000).toFixed(1));
  return { bets: n, firstUs: mean(perBet.slice(0, 100)), lastUs: mean(perBet.slice(-100)), meanUs: mean(perBet), seconds: Number(seconds.toFixed(2)) };
}

// Warm-up round (not reported): the first sizes would otherwise pay for JIT compilation and look slow.
await run(Number(process.env['BENCH_WARMUP'] ?? 1000));
const results = [];
for (const n of SIZES) results.push(await run(n));
const small = results[0];
const big = results.at(-1);
console.log(JSON.stringify({ bench: 'server-bets-per-round', store: 'memory', concurrency: CONCURRENCY, results, ratioLastBetBigVsSmall: small && big ? Number((big.lastUs / small.lastUs).toFixed(2)) : null }));
