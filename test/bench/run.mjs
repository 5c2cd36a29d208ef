#!/usr/bin/env node
// `npm run bench`: every Felt benchmark in sequence, printing their numbers. Benchmarks are not
// tests: nothing here fails on timing. Needs a build first (`npm run bench` does it) because the
// server benchmarks import the bench build test/support/dist (npm run bench:build: the server's sources with its test support; tsx emits no decorator metadata for NestJS).
// The edge-agent latency bench needs a broker: MQTT_URL (default mqtt://127.0.0.1:1883, Mosquitto).
//
//   npm run bench                      everything, quick sizes (BENCH_SIZE=quick, minutes)
//   BENCH_SIZE=full npm run bench      the issue-13 sizes (1 000 / 10 000 players, 100 000 bets; run by hand)
//   npm run bench -- scale             only benches whose file name contains "scale"
//
// The scale benches (issue 13) print `RESULT {json}` lines, each beside a baseline measured in the same
// run; they are collected into test/bench/results/scale-<size>.json and test/bench/results/scale-<size>.md.
// PostgreSQL runs need DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test).
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';

const FULL = process.env.BENCH_SIZE === 'full';
const env = { ...process.env, REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', MQTT_URL: process.env.MQTT_URL ?? 'mqtt://127.0.0.1:1883', DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test' };
const q = (quick, full) => String(FULL ? full : quick);
const benches = [
  ['Poker evaluator: best-of-7 evals/s beside phe (same run), class counts of all 133 784 560 seven-card hands', ['test/bench/poker-eval.bench.ts']],
  ['Live poker (issue 11): whole 6-max NL hands/s through the pure state machine, beside the showdown evaluation alone', ['test/bench/poker-table.bench.ts', '2000']],
  ['Live poker (issue 11): robot hands/s through the server write path (in-memory store) beside the pure core (same run)', ['test/bench/server-poker.bench.ts', '300', 'memory']],
  ['Round kernels: per-bet decide+evolve at 100 / 1 000 / 10 000 bets in one round (µs)', ['test/bench/kernel-bets.bench.ts', '3']],
  ['RG bet gate (issue 25): per-bet usage + refuseBet at 1 / 100 / 3 000 / 10 000 moves in the player\'s month, the incremental index beside the fold (same run), µs', ['test/bench/rg-gate.bench.ts']],
  ['SS2 wheel codec (framer + codec + tracker), lines/s', ['libs/protocol/bench/wheel-codec.bench.ts']],
  ['Edge agent: serial line → MQTT latency, reader throughput, memory', ['apps/edge-agent/bench/latency.bench.ts']],
  ['Studio server: rounds/s on one table (in-memory store)', ['test/bench/server-rounds.bench.ts', '300', '10', 'memory']],
  ['Studio server: rounds/s on one table (embedded PGlite)', ['test/bench/server-rounds.bench.ts', '60', '10', 'pglite']],
  ['Studio server: bets/s accepted over WebSocket (in-memory store)', ['test/bench/server-ws-bets.bench.ts']],
  ['Flood fairness (issue 9 finding 7, issue 22 §5): calm player median accept latency alone vs under another player\'s bet flood, 64 requests in flight at 2 000 requests/s (the audit\'s load), PostgreSQL', ['test/bench/flood-fairness.bench.ts', '64', '30', 'postgres'], { FLOOD_RATE: '2000' }],
  ['Flood fairness, the same with the flooder unpaced (as fast as one process on this machine sends)', ['test/bench/flood-fairness.bench.ts', '64', '30', 'postgres']],
  ['Studio server: cost of one bet at 100 / 1 000 / 10 000 bets in one round (in-memory store)', ['test/bench/server-bets-per-round.bench.ts', '100,1000,10000', '50']],
  // ── issue 13: scale, each beside a same-run baseline ──
  ...['chip', 'layout'].flatMap((mode) =>
    (FULL ? [1000, 10000] : mode === 'chip' ? [1000] : [1000, 2000]).map((n) => [`Scale: bets with ${n} players (${mode}), in-memory, vs socket.io echo`, ['test/bench/scale-bets.bench.ts', String(n), 'memory', mode]]),
  ),
  // Clients in their own processes (the server alone in its process; its CPU per answered chip reported).
  ['Scale: bets with N connected players (layout), clients in K processes, in-memory, vs socket.io echo', ['test/bench/scale-bets.bench.ts', q(1000, 10000), 'memory', 'layout', '--procs', q(2, 4), '--bettors', q(1000, 2000)]],
  ['Scale: bets with N players (layout), PostgreSQL, vs socket.io echo', ['test/bench/scale-bets.bench.ts', q(1000, 10000), 'postgres', 'layout']],
  ['Scale: bets with N players (layout), PGlite, vs socket.io echo', ['test/bench/scale-bets.bench.ts', q(200, 1000), 'pglite', 'layout']],
  ['Scale: settle one round of N bets on PostgreSQL vs psql COPY of the same ledger rows', ['test/bench/scale-settle.bench.ts', q(20000, 100000), 'postgres']],
  ['Scale: settle one round of N bets on PGlite', ['test/bench/scale-settle.bench.ts', q(5000, 20000), 'pglite']],
  ['Scale: settle one round of N bets in memory', ['test/bench/scale-settle.bench.ts', q(20000, 100000), 'memory']],
  ...['memory', 'postgres'].map((store) => [`Scale: device event → player frame (${store}) vs bare MQTT round trip`, ['test/bench/scale-device.bench.ts', q(100, 300), store]]),
  ['Scale: server RSS per 1 000 joined players vs bare socket.io', ['test/bench/scale-rss.bench.ts', q(2000, 10000), 'memory']],
  ['Scale: a bet routed through a non-owner instance vs decided in place (two instances, PostgreSQL + Redis)', ['test/bench/scale-route.bench.ts', q(100, 1000), '10']],
  // ── issue 25: the closing burst — every bet in the last 3 s of the window, split at the close by send time ──
  ...(FULL ? [1000, 10000] : [1000]).flatMap((n) => ['memory', 'postgres'].map((store) => [`Closing burst: ${n} players, every bet in the last 3 s (${store}), vs socket.io echo`, ['test/bench/closing-burst.bench.ts', String(n), store, '3000']])),
];
const only = process.argv[2];
let failed = 0;
const results = [];
for (const [title, args, extraEnv] of benches) {
  if (only && !args[0].includes(only)) continue;
  console.log(`\n=== ${title}\n$ npx tsx ${args.join(' ')}`);
  const started = Date.now();
  const code = await new Promise((resolve) => {
    const child = spawn('npx', ['tsx', ...args], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...env, ...(extraEnv ?? {}) } });
    let buf = '';
    child.stdout.on('data', (d) => {
      process.stdout.write(d);
      buf += d;
      let i;
      while ((i = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, i);
        buf = buf.slice(i + 1);
        if (line.startsWith('RESULT ')) results.push({ title, command: `npx tsx ${args.join(' ')}`, ...JSON.parse(line.slice(7)) });
      }
    });
    child.on('close', resolve);
  });
  console.log(`(${((Date.now() - started) / 1000).toFixed(0)} s)`);
  if (code !== 0) {
    failed++;
    console.log(`(benchmark exited with ${code})`);
  }
}
if (results.length > 0) {
  const size = FULL ? 'full' : 'quick';
  mkdirSync('test/bench/results', { recursive: true });
  const meta = { at: new Date().toISOString(), size, node: process.version, loadavg: (await import('node:os')).loadavg() };
  writeFileSync(`test/bench/results/scale-${size}.json`, JSON.stringify({ ...meta, results }, null, 2) + '\n');
  writeFileSync(`test/bench/results/scale-${size}.md`, table(meta, results));
  console.log(`\nwrote test/bench/results/scale-${size}.json and .md`);
}
process.exitCode = failed === 0 ? 0 : 1;

/** The results table (docs/scale-and-benchmarks.md): one row per measurement, Felt beside its same-run baseline. */
function table(meta, rs) {
  const rows = [`Measured ${meta.at} (${meta.size} sizes, Node ${meta.node}, load average ${meta.loadavg.map((x) => x.toFixed(1)).join(' / ')} on 2 shared cores)`, '', '| what | store | Felt | baseline (same run) | ratio |', '|---|---|---|---|---|'];
  for (const r of rs) {
    if (r.bench === 'scale-bets') {
      rows.push(`| bets answered/s, ${r.players} players, ${r.mode === 'layout' ? 'one `bet.layout` per player' : 'chip by chip'} | ${r.store} | ${r.felt.answeredPerSecond}/s (p50 ${r.felt.latencyMs.p50} ms, p99 ${r.felt.latencyMs.p99} ms; unexpected rejections ${r.felt.unexpectedRejections}) | socket.io echo ${r.echo.answeredPerSecond}/s (p50 ${r.echo.latencyMs.p50} ms, p99 ${r.echo.latencyMs.p99} ms) | ${r.ratio.answeredPerSecond} |`);
      if (r.felt.serverCpu && r.echo.serverCpu) rows.push(`| server CPU per answered chip, ${r.players} players (${r.bettors} betting, clients in ${r.procs} processes) | ${r.store} | ${r.felt.serverCpu.usPerAnswered} µs | echo ${r.echo.serverCpu.usPerAnswered} µs | ${r.ratio.serverCpuPerAnswered} |`);
      rows.push(`| close betting → last of ${r.players} players has the frame | ${r.store} | ${r.felt.fanOutLastMs} ms (${r.felt.fanOutMissing} missing) | room broadcast ${r.echo.fanOutLastMs} ms | ${r.ratio.fanOutLastMs} |`);
    } else if (r.bench === 'scale-settle') {
      rows.push(`| settle + post one round of ${r.bets} bets (cold replay ${r.coldReplaySeconds} s) | ${r.store} | ${r.settleSeconds} s | ${r.copy ? `psql COPY of the ${r.copy.rows} ledger rows ${r.copy.seconds} s` : '—'} | ${r.ratio ?? '—'} |`);
    } else if (r.bench === 'scale-device') {
      rows.push(`| device event → player frame, ${r.rounds} rounds | ${r.store} | p50 ${r.feltMs.p50} ms, p99 ${r.feltMs.p99} ms | bare aedes QoS-1 p50 ${r.bareAedesMs.p50} / p99 ${r.bareAedesMs.p99} ms${r.externalBrokerMs ? `; Mosquitto p50 ${r.externalBrokerMs.p50} / p99 ${r.externalBrokerMs.p99} ms` : ''} | ${r.ratioP99VsAedes} (p99) |`);
    } else if (r.bench === 'closing-burst') {
      const f = r.felt;
      const b = f.sentBeforeClose;
      rows.push(`| closing burst, ${r.players} players, every bet in the last ${r.burstMs / 1000} s${r.unchunked ? ' (broadcasts unchunked)' : ''} | ${r.store} | sent before the close: ${b.accepted} accepted, **${b.refusedLate} refused late** (sent up to ${f.refusedLateSentUpToMsBeforeClose} ms before it), ${Object.values(b.other).reduce((a, x) => a + x, 0)} refused otherwise; sent after: ${f.sentAfterClose.accepted} accepted of ${f.sentAfterClose.sent}; close → last answer ${f.closeToLastAnswerMs} ms; drain ${f.closeDrain.ms} ms (${f.closeDrain.overran} overran); loop delay p99 ${f.loopDelayMs.p99} ms (max ${f.loopDelayMs.max}); last-second p99 ${f.lastSecondLatencyMs.p99} ms; client send delay p99 ${f.clientSendDelayMs.p99} ms | echo: loop delay p99 ${r.echo.loopDelayMs.p99} ms (max ${r.echo.loopDelayMs.max}); last-second p99 ${r.echo.lastSecondLatencyMs.p99} ms; client send delay p99 ${r.echo.clientSendDelayMs.p99} ms | ${r.echo.loopDelayMs.p99 > 0 ? (f.loopDelayMs.p99 / r.echo.loopDelayMs.p99).toFixed(1) : '—'}× loop p99 |`);
    } else if (r.bench === 'scale-rss') {
      rows.push(`| server memory per 1 000 joined idle players (${r.players} joined) | ${r.store} | RSS ${r.feltMb.perThousandMb} MB, heap ${r.feltMb.heapPerThousandMb} MB | bare socket.io RSS ${r.bareSocketIoMb.perThousandMb} MB, heap ${r.bareSocketIoMb.heapPerThousandMb} MB | ${r.ratio} (RSS), ${r.heapRatio} (heap) |`);
    }
  }
  return rows.join('\n') + '\n';
}
