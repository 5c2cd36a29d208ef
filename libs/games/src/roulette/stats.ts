import { ALL_SIMPLE_SPOTS } from './spots.js';
import { colourOf, isPocket, POCKETS, type Colour } from './wheel.js';

/**
 * Roulette statistics for display (lobby tiles, the table's history strip, hot/cold numbers).
 * Input everywhere: winning numbers in the order they came, OLDEST FIRST (append order of the round
 * log). Entries that are not pockets 0–36 (ROU-1) are skipped and counted in `invalid`.
 * Groups come from the layout data (`wheel.ts` colours, `spots.ts` dozens/columns/even chances).
 */

/** The last `n` results, MOST RECENT FIRST (the history strip). */
export function lastResults(results: readonly number[], n: number): number[] {
  const valid = results.filter(isPocket);
  return valid.slice(Math.max(0, valid.length - Math.max(0, Math.floor(n)))).reverse();
}

export interface NumberStat {
  readonly number: number;
  readonly count: number;
  /** Spins since it last came (0 = the latest spin), null when not seen in the window. */
  readonly ago: number | null;
}

/**
 * Counts per pocket over the last `window` valid results, in pocket order 0–36.
 */
export function numberStats(results: readonly number[], window = 100): NumberStat[] {
  const valid = results.filter(isPocket);
  const recent = valid.slice(Math.max(0, valid.length - window));
  const count = POCKETS.map(() => 0);
  const ago: (number | null)[] = POCKETS.map(() => null);
  recent.forEach((n, i) => {
    count[n] = (count[n] as number) + 1;
    ago[n] = recent.length - 1 - i;
  });
  return POCKETS.map((n) => ({ number: n, count: count[n] as number, ago: ago[n] as number | null }));
}

const agoRank = (a: number | null): number => (a === null ? Number.POSITIVE_INFINITY : a);

/**
 * Hot numbers: most frequent first; ties → the one seen more recently first, then the lower number.
 * Cold numbers: least frequent first; ties → the one not seen for longer first (never seen is the
 * coldest), then the lower number. Both deterministic, each a permutation of all 37 pockets.
 */
export function hotNumbers(stats: readonly NumberStat[]): NumberStat[] {
  return stats.slice().sort((a, b) => b.count - a.count || agoRank(a.ago) - agoRank(b.ago) || a.number - b.number);
}

export function coldNumbers(stats: readonly NumberStat[]): NumberStat[] {
  return stats.slice().sort((a, b) => a.count - b.count || agoRank(b.ago) - agoRank(a.ago) || a.number - b.number);
}

export interface Share {
  readonly count: number;
  /** count / total, 0 when there are no results. */
  readonly fraction: number;
  /** Whole percent; the percents of one group always add up to 100 (largest remainder), or all 0. */
  readonly percent: number;
}

/**
 * Whole percentages of `counts` that add up to exactly 100 (largest remainder method; ties go to the
 * earlier entry). All zeros when the total is 0.
 */
export function wholePercents(counts: readonly number[]): number[] {
  const total = counts.reduce((a, b) => a + b, 0);
  if (total === 0) return counts.map(() => 0);
  const floors = counts.map((c) => Math.floor((c * 100) / total));
  const rems = counts.map((c, i) => ({ i, rem: c * 100 - (floors[i] as number) * total }));
  let left = 100 - floors.reduce((a, b) => a + b, 0);
  rems.sort((a, b) => b.rem - a.rem || a.i - b.i);
  for (const r of rems) {
    if (left <= 0) break;
    floors[r.i] = (floors[r.i] as number) + 1;
    left--;
  }
  return floors;
}

function shares<K extends string>(keys: readonly K[], counts: readonly number[]): Record<K, Share> {
  const total = counts.reduce((a, b) => a + b, 0);
  const pct = wholePercents(counts);
  const out = {} as Record<K, Share>;
  keys.forEach((k, i) => {
    const c = counts[i] as number;
    out[k] = { count: c, fraction: total === 0 ? 0 : c / total, percent: pct[i] as number };
  });
  return out;
}

const numbersOf = (key: string): ReadonlySet<number> => {
  const s = ALL_SIMPLE_SPOTS.find((x) => x.key === key);
  if (!s) throw new Error(`not a layout spot: ${key}`);
  return new Set(s.numbers);
};
const ODD = numbersOf('odd');
const LOW = numbersOf('low');
const DOZENS = [numbersOf('dozen:1'), numbersOf('dozen:2'), numbersOf('dozen:3')] as const;
const COLUMNS = [numbersOf('column:1'), numbersOf('column:2'), numbersOf('column:3')] as const;

/** Which of three sets holds n (1, 2, 3), or 0 for zero. */
const third = (sets: readonly ReadonlySet<number>[], n: number): number => sets.findIndex((s) => s.has(n)) + 1;

export interface RouletteStats {
  /** Valid results counted (≤ window). */
  readonly spins: number;
  /** Entries skipped in the whole input because they are not pockets 0–36. */
  readonly invalid: number;
  readonly numbers: readonly NumberStat[];
  /** All 37 pockets, hottest first / coldest first (slice for the top 5 or 10). */
  readonly hot: readonly NumberStat[];
  readonly cold: readonly NumberStat[];
  readonly colour: Readonly<Record<Colour, Share>>;
  readonly parity: Readonly<Record<'odd' | 'even' | 'zero', Share>>;
  readonly range: Readonly<Record<'low' | 'high' | 'zero', Share>>;
  readonly dozen: Readonly<Record<'1' | '2' | '3' | 'zero', Share>>;
  readonly column: Readonly<Record<'1' | '2' | '3' | 'zero', Share>>;
}

/** Every statistic over the last `window` (default 100) valid results. */
export function rouletteStats(results: readonly number[], window = 100): RouletteStats {
  const valid = results.filter(isPocket);
  const recent = valid.slice(Math.max(0, valid.length - window));
  const numbers = numberStats(valid, window);
  const tally = (keys: number, f: (n: number) => number): number[] => {
    const out = Array.from({ length: keys }, () => 0);
    for (const n of recent) out[f(n)] = (out[f(n)] as number) + 1;
    return out;
  };
  const colourIdx: Readonly<Record<Colour, number>> = { red: 0, black: 1, green: 2 };
  return {
    spins: recent.length,
    invalid: results.length - valid.length,
    numbers,
    hot: hotNumbers(numbers),
    cold: coldNumbers(numbers),
    colour: shares(['red', 'black', 'green'] as const, tally(3, (n) => colourIdx[colourOf(n)])),
    parity: shares(['odd', 'even', 'zero'] as const, tally(3, (n) => (n === 0 ? 2 : ODD.has(n) ? 0 : 1))),
    range: shares(['low', 'high', 'zero'] as const, tally(3, (n) => (n === 0 ? 2 : LOW.has(n) ? 0 : 1))),
    dozen: shares(['zero', '1', '2', '3'] as const, tally(4, (n) => third(DOZENS, n))),
    column: shares(['zero', '1', '2', '3'] as const, tally(4, (n) => third(COLUMNS, n))),
  };
}
