/**
 * Benchmark (not a test): SS2 framer + codec + tracker throughput on a realistic stream.
 * Run: npx tsx libs/protocol/bench/wheel-codec.bench.ts
 *
 * Stream: status every 500 ms (operating-mode bit 128) through full games — ~20 s of state 2, ~8 s of state 3
 * with `*bs` sensor events (`*I 4` on), ~4 s of state 4, bare number line, ~2 s of state 5, then the next spin —
 * fed in 64-byte chunks as a serial read loop would see them.
 */
import { performance } from 'node:perf_hooks';
import { DeviceDecoder, encodeSs2Frame, type Ss2Frame } from '../src/index.js';

function game(spin: number, win: number, prevWin: number | null): string[] {
  const s = (state: number, w: number | null, speed: number, dir: 0 | 1): Ss2Frame => ({ type: 'status', state, spin, win: w, flags: 0, speed, direction: dir ? 'ccw' : 'cw' });
  const out: Ss2Frame[] = [];
  for (let i = 0; i < 40; i++) out.push(s(2, prevWin, 160 - (i % 3), 0));
  for (let i = 0; i < 16; i++) {
    out.push(s(3, prevWin, 150 - i, 0));
    out.push({ type: 'sensor', sensor: 1 }, { type: 'sensor', sensor: 2 }, { type: 'sensor', sensor: 3 });
  }
  for (let i = 0; i < 8; i++) out.push(s(4, prevWin, 130 - i, 0));
  out.push({ type: 'number', number: win });
  out.push({ type: 'pocket', pocket: win });
  for (let i = 0; i < 4; i++) out.push(s(5, win, 120, 0));
  return out.map(encodeSs2Frame);
}

const lines: string[] = [];
let prev: number | null = null;
for (let g = 0; lines.length < 1_000_000; g++) {
  const win = (g * 17) % 37;
  lines.push(...game((g % 256) + 1, win, prev));
  prev = win;
}
const text = lines.join('\r\n') + '\r\n';
const bytes = Buffer.from(text, 'latin1');
const CHUNK = 64;

function runOnce(): { ms: number; events: number; results: number } {
  const dec = new DeviceDecoder('ss2');
  dec.sent({ type: 'sensors', on: true }, 0);
  let events = 0;
  let results = 0;
  let at = 0;
  const t0 = performance.now();
  for (let i = 0; i < bytes.length; i += CHUNK) {
    at += 10;
    for (const e of dec.feed(bytes.subarray(i, i + CHUNK), at)) {
      events++;
      if (e.type === 'wheel.result') results++;
    }
  }
  return { ms: performance.now() - t0, events, results };
}

runOnce(); // warm-up
const runs = [runOnce(), runOnce(), runOnce()];
const best = runs.reduce((a, b) => (a.ms < b.ms ? a : b));
const lps = Math.round(lines.length / (best.ms / 1000));
console.log(`SS2 framer+codec+tracker: ${lines.length} lines (${(bytes.length / 1e6).toFixed(1)} MB) in ${best.ms.toFixed(0)} ms → ${lps.toLocaleString('en-US')} lines/s`);
console.log(`  events emitted: ${best.events}, results: ${best.results}; a wheel at 500 ms status + sensor events sends < 20 lines/s`);
