/**
 * Wheel bias (issue 23 §1): is this wheel — not this table: wheels move — landing where a fair wheel
 * would? Pure: a list of winning pockets (oldest first) in, a report with its evidence out.
 *
 * Five tests over the last `window` spins, each a p-value already adjusted for its own scan:
 *  - `frequencies`: Pearson's chi-square of the pocket counts, df = pockets − 1;
 *  - `pocket`: the most frequent pocket's binomial upper tail (p = 1/pockets), × pockets (a single
 *    pocket favoured — a worn fret, a loose pocket);
 *  - `sector`: the busiest run of `sectorSize` neighbouring pockets in wheel order, binomial, × pockets
 *    (a tilted wheel or a dropping rotor favours a region);
 *  - `half`: the busiest half of the wheel (⌊pockets/2⌋ neighbours), binomial, × pockets;
 *  - `distance`: the chi-square of the distance, in pockets along the wheel, from the previous winning
 *    number — uniform on a fair wheel whatever the dealer does; a dealer who spins the same way every
 *    time (a "dealer signature") shows up here first.
 * The report's `pValue` is the smallest of the five × 5 (Bonferroni), and `alarm` is `pValue < alpha`.
 *
 * Calibration (docs/integrity.md, measured by `libs/games/src/integrity/wheel-bias.sim.ts`): the live
 * monitor evaluates every `evaluateEvery` = 100 spins; a studio wheel spins ~60 times an hour, 24 h a
 * day — 43 200 spins and 432 evaluations in 30 days. `alpha` = 0.002 bounds the expected false alarms
 * per wheel in 30 days by 432 × 0.002 ≈ 0.86 (Bonferroni; overlapping windows make the real rate lower —
 * the simulation reports it).
 */
import { binomialUpperTail, bonferroni, chiSquareSurvival } from './stats.js';

export interface WheelBiasOptions {
  /** Pockets on the wheel (37 European, 38 American with 00 given as 37). */
  readonly pockets: number;
  /** The pockets in wheel order (sector, half and distance tests); index order when absent. */
  readonly order?: readonly number[];
  /** Spins evaluated: the last `window` (all of them when absent). */
  readonly window?: number;
  /** Family-wise false-alarm probability of one evaluation. */
  readonly alpha?: number;
  /** Neighbouring pockets in the sector test (9 ≈ a quarter of a 37-pocket wheel). */
  readonly sectorSize?: number;
}

export interface WheelTest {
  readonly name: 'frequencies' | 'pocket' | 'sector' | 'half' | 'distance';
  readonly statistic: number;
  /** Adjusted for the test's own scan (× pockets for the scans). */
  readonly pValue: number;
  /** The pockets this test points at (empty when it points nowhere in particular). */
  readonly pockets: readonly number[];
}

export interface PocketFrequency {
  readonly pocket: number;
  readonly count: number;
  readonly expected: number;
  /** The 99 % band a fair wheel's count falls in (normal approximation), for the evidence chart. */
  readonly low: number;
  readonly high: number;
}

export interface WheelBiasReport {
  readonly spins: number;
  readonly window: number;
  readonly alarm: boolean;
  readonly pValue: number;
  readonly alpha: number;
  readonly suspects: readonly number[];
  readonly tests: readonly WheelTest[];
  readonly frequencies: readonly PocketFrequency[];
}

export const WHEEL_BIAS_DEFAULTS = { alpha: 0.002, sectorSize: 9, evaluateEvery: 100, window: 4000 } as const;

export function wheelBias(spins: readonly number[], options: WheelBiasOptions): WheelBiasReport {
  const n = options.pockets;
  const alpha = options.alpha ?? WHEEL_BIAS_DEFAULTS.alpha;
  const order = options.order ?? Array.from({ length: n }, (_, i) => i);
  const at = new Array<number>(n).fill(-1);
  order.forEach((pocket, i) => (at[pocket] = i));
  const window = Math.min(spins.length, options.window ?? spins.length);
  const recent = spins.slice(spins.length - window);
  const counts = new Array<number>(n).fill(0);
  for (const s of recent) counts[s]! += 1;
  const expected = window / n;
  const frequencies: PocketFrequency[] = counts.map((count, pocket) => {
    const sd = Math.sqrt(window * (1 / n) * (1 - 1 / n));
    return { pocket, count, expected, low: Math.max(0, expected - 2.576 * sd), high: expected + 2.576 * sd };
  });
  if (window < n) {
    return { spins: spins.length, window, alarm: false, pValue: 1, alpha, suspects: [], tests: [], frequencies };
  }

  const tests: WheelTest[] = [];
  // frequencies
  const chi = counts.reduce((s, c) => s + (c - expected) ** 2 / expected, 0);
  const top = counts.reduce((best, c, p) => (c > counts[best]! ? p : best), 0);
  const overRepresented = counts.map((c, p) => ({ p, z: (c - expected) / Math.sqrt(expected) })).filter((x) => x.z > 3).map((x) => x.p);
  tests.push({ name: 'frequencies', statistic: chi, pValue: chiSquareSurvival(chi, n - 1), pockets: overRepresented.length > 0 ? overRepresented : [top] });
  // the busiest pocket (a count at or below the mean cannot be a suspect: its tail is ≥ ½)
  const pocketP = bonferroni(binomialUpperTail(counts[top]!, window, 1 / n), n);
  const pocketSuspects = counts.flatMap((c, p) => (c > expected && bonferroni(binomialUpperTail(c, window, 1 / n), n) < alpha ? [p] : []));
  tests.push({ name: 'pocket', statistic: counts[top]!, pValue: pocketP, pockets: pocketSuspects.length > 0 ? pocketSuspects : [top] });
  // sectors and halves in wheel order
  const scan = (size: number): { count: number; start: number } => {
    let best = { count: -1, start: 0 };
    for (let start = 0; start < n; start++) {
      let c = 0;
      for (let k = 0; k < size; k++) c += counts[order[(start + k) % n]!]!;
      if (c > best.count) best = { count: c, start };
    }
    return best;
  };
  const sectorSize = Math.min(options.sectorSize ?? WHEEL_BIAS_DEFAULTS.sectorSize, Math.floor(n / 2));
  for (const [name, size] of [['sector', sectorSize], ['half', Math.floor(n / 2)]] as const) {
    const best = scan(size);
    const pockets = Array.from({ length: size }, (_, k) => order[(best.start + k) % n]!);
    tests.push({ name, statistic: best.count, pValue: bonferroni(binomialUpperTail(best.count, window, size / n), n), pockets });
  }
  // distance from the previous winning number, along the wheel
  if (recent.length > n) {
    const dist = new Array<number>(n).fill(0);
    for (let i = 1; i < recent.length; i++) dist[(((at[recent[i]!]! - at[recent[i - 1]!]!) % n) + n) % n]! += 1;
    const e = (recent.length - 1) / n;
    const chiD = dist.reduce((s, c) => s + (c - e) ** 2 / e, 0);
    tests.push({ name: 'distance', statistic: chiD, pValue: chiSquareSurvival(chiD, n - 1), pockets: [] });
  }

  const minTest = tests.reduce((a, b) => (b.pValue < a.pValue ? b : a));
  const pValue = bonferroni(minTest.pValue, tests.length);
  const alarm = pValue < alpha;
  // the pockets of every test that alarms on its own; the distance test names none, so when it alone
  // alarms the most over-represented pockets are the suspects
  const named = new Set(tests.filter((t) => bonferroni(t.pValue, tests.length) < alpha).flatMap((t) => t.pockets));
  if (alarm && named.size === 0) for (const p of tests[0]!.pockets) named.add(p);
  const suspects = alarm ? [...named].sort((a, b) => a - b) : [];
  return { spins: spins.length, window, alarm, pValue, alpha, suspects, tests, frequencies };
}

/**
 * The live monitor's rule over a growing list of spins: evaluate every `evaluateEvery` spins on the last
 * `window`; an alarm is raised when an evaluation alarms after one that did not (one alert per episode).
 * Returns the spin counts at which alarms were raised — what the false-alarm and power simulations count.
 */
export function monitorWheel(spins: readonly number[], options: WheelBiasOptions & { readonly evaluateEvery?: number }): number[] {
  const every = options.evaluateEvery ?? WHEEL_BIAS_DEFAULTS.evaluateEvery;
  const window = options.window ?? WHEEL_BIAS_DEFAULTS.window;
  const raised: number[] = [];
  let alarmed = false;
  for (let upTo = every; upTo <= spins.length; upTo += every) {
    const report = wheelBias(spins.slice(Math.max(0, upTo - window), upTo), { ...options, window });
    if (report.alarm && !alarmed) raised.push(upTo);
    alarmed = report.alarm;
  }
  return raised;
}
