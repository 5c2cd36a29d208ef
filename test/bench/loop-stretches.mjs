#!/usr/bin/env node
/**
 * Where the event loop's long turns go (issue 25 §1). Reads a `node --cpu-prof` profile of the closing-burst bench
 * (run with BENCH_MARKS=1, its stderr saved) and cuts the burst into turns of the loop — from one check phase
 * (`processImmediate`: the intake queue and the broadcast slices run there in a burst) to the next — then prints the
 * turns' length percentiles and, for the longest, what ran in them (inclusive time per function).
 *
 *   BENCH_MARKS=1 node --cpu-prof --cpu-prof-dir=/tmp/p --cpu-prof-interval=250 --import tsx \
 *     test/bench/closing-burst.bench.ts 10000 postgres 3000 2> /tmp/marks.log
 *   node test/bench/loop-stretches.mjs /tmp/p/CPU.*.cpuprofile /tmp/marks.log [turns=6]
 *
 * Wall time between two samples is charged to the first one's stack: on a loaded machine a turn includes the time the
 * process waited for a core.
 */
import { readFileSync } from 'node:fs';

const [profilePath, marksPath, shown = '6'] = process.argv.slice(2);
if (!profilePath || !marksPath) {
  console.error('usage: node test/bench/loop-stretches.mjs <profile.cpuprofile> <stderr with MARK lines> [turns]');
  process.exit(2);
}
const p = JSON.parse(readFileSync(profilePath, 'utf8'));
const marks = [...readFileSync(marksPath, 'utf8').matchAll(/MARK \S+ (\d+)/g)].map((m) => Number(m[1]));
const [from, to] = [marks[0], (marks[1] ?? Infinity) + 300_000];
const nodes = new Map(p.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const root = p.nodes[0].id;
const name = (id) => {
  const f = nodes.get(id).callFrame;
  return `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber}`;
};
const top = (id) => {
  let cur = id;
  let prev = null;
  while (cur !== root && parent.has(cur)) [prev, cur] = [cur, parent.get(cur)];
  return prev === null ? '(root)' : nodes.get(prev).callFrame.functionName || '(anon)';
};
const samples = [];
let t = p.startTime;
p.samples.forEach((id, i) => {
  t += p.timeDeltas[i];
  if (t >= from && t <= to) samples.push({ t, id, top: top(id) });
});
const starts = [];
for (let k = 1; k < samples.length; k++) if (samples[k].top === 'processImmediate' && samples[k - 1].top !== 'processImmediate') starts.push(k);
const turns = [];
for (let k = 1; k < starts.length; k++) turns.push({ ms: (samples[starts[k]].t - samples[starts[k - 1]].t) / 1000, a: starts[k - 1], b: starts[k] });
const sorted = turns.map((x) => x.ms).sort((x, y) => x - y);
const pct = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * (sorted.length - 1)))]?.toFixed(1);
console.log(`${turns.length} turns in the burst: p50 ${pct(0.5)} ms, p90 ${pct(0.9)} ms, p99 ${pct(0.99)} ms, max ${sorted.at(-1)?.toFixed(1)} ms`);
for (const turn of turns.sort((x, y) => y.ms - x.ms).slice(0, Number(shown))) {
  const incl = new Map();
  const tops = new Map();
  for (let k = turn.a; k < turn.b; k++) {
    const dt = (samples[k + 1]?.t ?? samples[k].t) - samples[k].t;
    tops.set(samples[k].top, (tops.get(samples[k].top) ?? 0) + dt);
    const seen = new Set();
    for (let cur = samples[k].id; cur !== root && parent.has(cur); cur = parent.get(cur)) {
      const n = name(cur);
      if (!seen.has(n)) {
        seen.add(n);
        incl.set(n, (incl.get(n) ?? 0) + dt);
      }
    }
  }
  const ms = (v) => (v / 1000).toFixed(1);
  console.log(`\n== a turn of ${turn.ms.toFixed(1)} ms at +${((samples[turn.a].t - from) / 1000).toFixed(0)} ms: ${[...tops].sort((x, y) => y[1] - x[1]).slice(0, 6).map(([k, v]) => `${k} ${ms(v)}`).join(', ')}`);
  for (const [k, v] of [...incl].sort((x, y) => y[1] - x[1]).slice(0, 16)) console.log(`  ${ms(v).padStart(6)} ${k}`);
}
