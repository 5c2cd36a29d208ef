/**
 * Poker hand evaluation (issue 10 §1): best-of-7 evaluations per second of @felt-studio/games' standard
 * evaluator beside the fastest JavaScript evaluators we can install, in the same run on the same
 * pre-drawn hands (seeded): `phe` (PokerHandEvaluator port, dev dependency) always, and the Two-Plus-Two
 * table of `poker-evaluator` (130 MB data file, not a dependency) when POKER_EVALUATOR_DIR points at an
 * unpacked copy. Then, unless --no-exhaustive, the class counts of all 133 784 560 seven-card hands.
 * `npx tsx test/bench/poker-eval.bench.ts [hands=2000000] [--no-exhaustive]`. Never fails on timing.
 */
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { createRng } from '../../libs/games/src/common/random.js';
import { evaluate7, warmUpFastEvaluator } from '../../libs/games/src/poker/fast.js';
import { categoryOf } from '../../libs/games/src/poker/rank.js';

const require = createRequire(import.meta.url);
const HANDS = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 2_000_000);
const EXHAUSTIVE = !process.argv.includes('--no-exhaustive');
const REPEATS = 5;

const hands = new Int32Array(HANDS * 7);
const rng = createRng(7);
const deck = Array.from({ length: 52 }, (_, i) => i);
for (let n = 0; n < HANDS; n++) {
  for (let i = 0; i < 7; i++) {
    const j = i + rng.int(52 - i);
    [deck[i], deck[j]] = [deck[j] as number, deck[i] as number];
    hands[n * 7 + i] = deck[i] as number;
  }
}

type Eval7 = (a: number, b: number, c: number, d: number, e: number, f: number, g: number) => number;
const candidates: { name: string; ev: Eval7 }[] = [];
let t0 = performance.now();
warmUpFastEvaluator();
console.log(`felt table build: ${(performance.now() - t0).toFixed(0)} ms`);
candidates.push({ name: 'felt evaluate7', ev: evaluate7 });
const phe7 = require('phe/lib/evaluator7') as Eval7;
candidates.push({ name: 'phe 0.6.0 evaluate_7_cards', ev: phe7 });
const peDir = process.env['POKER_EVALUATOR_DIR'];
if (peDir) {
  t0 = performance.now();
  const pe = require(`${peDir}/lib/poker-evaluator.js`) as { evalCard(i: number): number };
  console.log(`poker-evaluator HandRanks.dat load: ${(performance.now() - t0).toFixed(0)} ms`);
  // its Two-Plus-Two walk on card ids 1..52 (rank*4+suit+1), without its string parsing
  candidates.push({ name: 'poker-evaluator 2.1.1 (2+2 table walk)', ev: (a, b, c, d, e, f, g) => pe.evalCard(pe.evalCard(pe.evalCard(pe.evalCard(pe.evalCard(pe.evalCard(pe.evalCard(53 + a + 1) + b + 1) + c + 1) + d + 1) + e + 1) + f + 1) + g + 1) });
}

const rates = new Map<string, number[]>();
for (let rep = 0; rep < REPEATS; rep++) {
  for (const { name, ev } of candidates) {
    let sink = 0;
    const t = performance.now();
    for (let n = 0, o = 0; n < HANDS; n++, o += 7) sink += ev(hands[o]!, hands[o + 1]!, hands[o + 2]!, hands[o + 3]!, hands[o + 4]!, hands[o + 5]!, hands[o + 6]!);
    const dt = (performance.now() - t) / 1000;
    if (sink === 0.5) console.log('');
    rates.set(name, [...(rates.get(name) ?? []), HANDS / dt]);
  }
}
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const base = median(rates.get('felt evaluate7') ?? []);
console.log(`\nbest-of-7 on ${HANDS.toLocaleString('en')} seeded random hands, median of ${REPEATS} interleaved runs:`);
for (const { name } of candidates) {
  const r = median(rates.get(name) ?? []);
  console.log(`  ${name.padEnd(42)} ${(r / 1e6).toFixed(2).padStart(7)} M evals/s   felt = ${(base / r).toFixed(2)}× this`);
}

if (EXHAUSTIVE) {
  const counts = new Map<string, number>();
  const byValue = new Map<number, number>();
  t0 = performance.now();
  let n = 0;
  for (let a = 0; a < 52; a++)
    for (let b = a + 1; b < 52; b++)
      for (let c = b + 1; c < 52; c++)
        for (let d = c + 1; d < 52; d++)
          for (let e = d + 1; e < 52; e++)
            for (let f = e + 1; f < 52; f++)
              for (let g = f + 1; g < 52; g++) {
                const v = evaluate7(a, b, c, d, e, f, g);
                byValue.set(v, (byValue.get(v) ?? 0) + 1);
                n++;
              }
  for (const [v, k] of byValue) counts.set(categoryOf(v), (counts.get(categoryOf(v)) ?? 0) + k);
  const expected: Record<string, number> = {
    'straight-flush': 41584, 'four-of-a-kind': 224848, 'full-house': 3473184, flush: 4047644, straight: 6180020,
    'three-of-a-kind': 6461620, 'two-pair': 31433400, pair: 58627800, 'high-card': 23294460,
  };
  const got = Object.fromEntries(counts);
  const okAll = n === 133_784_560 && Object.entries(expected).every(([k, v]) => got[k] === v) && byValue.size === 4824;
  console.log(`\nall ${n.toLocaleString('en')} seven-card hands in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${byValue.size} distinct values`);
  for (const [k, v] of Object.entries(expected)) console.log(`  ${k.padEnd(16)} ${String(got[k]).padStart(10)}  expected ${v}`);
  console.log(okAll ? 'class counts: all match' : 'class counts: MISMATCH');
  if (!okAll) process.exitCode = 1;
}
