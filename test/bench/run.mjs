#!/usr/bin/env node
// `npm run bench`: every Felt benchmark in sequence, printing their numbers. Benchmarks are not
// tests: nothing here fails on timing. Needs a build first (`npm run bench` does it) because the
// server benchmarks import apps/studio-server/dist (tsx emits no decorator metadata for NestJS).
// The edge-agent latency bench needs a broker: MQTT_URL (default mqtt://127.0.0.1:1883, Mosquitto).
import { spawnSync } from 'node:child_process';

const env = { ...process.env, MQTT_URL: process.env.MQTT_URL ?? 'mqtt://127.0.0.1:1883' };
const benches = [
  ['Round kernels: per-bet decide+evolve at 100 / 1 000 / 10 000 bets in one round (µs)', ['test/bench/kernel-bets.bench.ts', '3']],
  ['SS2 wheel codec (framer + codec + tracker), lines/s', ['libs/protocol/bench/wheel-codec.bench.ts']],
  ['Edge agent: serial line → MQTT latency, reader throughput, memory', ['apps/edge-agent/bench/latency.bench.ts']],
  ['Studio server: rounds/s on one table (in-memory store)', ['test/bench/server-rounds.bench.ts', '300', '10', 'memory']],
  ['Studio server: rounds/s on one table (embedded PGlite)', ['test/bench/server-rounds.bench.ts', '60', '10', 'pglite']],
  ['Studio server: bets/s accepted over WebSocket (in-memory store)', ['test/bench/server-ws-bets.bench.ts']],
  ['Studio server: cost of one bet at 100 vs 10 000 bets in one round (in-memory store)', ['test/bench/server-bets-per-round.bench.ts', '100,10000', '50']],
];
const only = process.argv[2];
let failed = 0;
for (const [title, args] of benches) {
  if (only && !args[0].includes(only)) continue;
  console.log(`\n=== ${title}\n$ npx tsx ${args.join(' ')}`);
  const r = spawnSync('npx', ['tsx', ...args], { stdio: 'inherit', env });
  if (r.status !== 0) {
    failed++;
    console.log(`(benchmark exited with ${r.status})`);
  }
}
process.exitCode = failed === 0 ? 0 : 1;
