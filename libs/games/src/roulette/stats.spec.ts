import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { coldNumbers, hotNumbers, lastResults, numberStats, rouletteStats, wholePercents } from './stats.js';
import { colourOf, POCKETS } from './wheel.js';

const RUNS = Number(process.env['PROPERTY_RUNS'] ?? 150);

describe('last results', () => {
  it('most recent first, at most n, invalid entries skipped', () => {
    expect(lastResults([1, 2, 3, 4, 5], 3)).toEqual([5, 4, 3]);
    expect(lastResults([1, 37, 2, -1, 2.5], 10)).toEqual([2, 1]);
    expect(lastResults([1, 2], 0)).toEqual([]);
  });
});

describe('hot and cold numbers (worked example)', () => {
  // oldest first: 17 twice, 5 twice (5 more recent), 0 once, 32 once (latest)
  const results = [17, 5, 17, 0, 5, 32];
  const stats = numberStats(results);

  it('counts each pocket and how many spins ago it last came', () => {
    expect(stats[17]).toEqual({ number: 17, count: 2, ago: 3 });
    expect(stats[5]).toEqual({ number: 5, count: 2, ago: 1 });
    expect(stats[32]).toEqual({ number: 32, count: 1, ago: 0 });
    expect(stats[1]).toEqual({ number: 1, count: 0, ago: null });
  });

  it('hot: most frequent, ties to the more recent, then the lower number', () => {
    expect(hotNumbers(stats).slice(0, 5).map((s) => s.number)).toEqual([5, 17, 32, 0, 1]);
  });

  it('cold: least frequent, never-seen first (lower number first), ties to the one seen longer ago', () => {
    const cold = coldNumbers(stats).map((s) => s.number);
    expect(cold.slice(0, 3)).toEqual([1, 2, 3]);
    expect(cold.slice(-4)).toEqual([0, 32, 17, 5]);
  });

  it('counts only the last `window` spins', () => {
    const s = numberStats([7, 7, 7, 8], 2);
    expect(s[7]).toMatchObject({ count: 1, ago: 1 });
    expect(s[8]).toMatchObject({ count: 1, ago: 0 });
  });
});

describe('group percentages (worked example)', () => {
  it('red/black/green, odd/even, low/high, dozens and columns from the layout data', () => {
    // 1 red odd low d1 c1; 2 black even low d1 c2; 36 red even high d3 c3; 0 green
    const s = rouletteStats([1, 2, 36, 0]);
    expect(s.spins).toBe(4);
    expect(s.colour.red).toEqual({ count: 2, fraction: 0.5, percent: 50 });
    expect(s.colour.black.count).toBe(1);
    expect(s.colour.green.count).toBe(1);
    expect(s.parity).toMatchObject({ odd: { count: 1 }, even: { count: 2 }, zero: { count: 1 } });
    expect(s.range).toMatchObject({ low: { count: 2 }, high: { count: 1 }, zero: { count: 1 } });
    expect(s.dozen).toMatchObject({ '1': { count: 2 }, '2': { count: 0 }, '3': { count: 1 }, zero: { count: 1 } });
    expect(s.column).toMatchObject({ '1': { count: 1 }, '2': { count: 1 }, '3': { count: 1 }, zero: { count: 1 } });
  });

  it('no spins: every share is 0', () => {
    const s = rouletteStats([]);
    expect(s.colour.red).toEqual({ count: 0, fraction: 0, percent: 0 });
    expect(s.hot).toHaveLength(37);
  });

  it('whole percents add up to 100 (largest remainder)', () => {
    expect(wholePercents([1, 1, 1])).toEqual([34, 33, 33]);
    expect(wholePercents([2, 1])).toEqual([67, 33]);
    expect(wholePercents([0, 0])).toEqual([0, 0]);
  });
});

describe('stats properties', () => {
  const results = fc.array(fc.oneof({ weight: 20, arbitrary: fc.integer({ min: 0, max: 36 }) }, { weight: 1, arbitrary: fc.integer({ min: -3, max: 40 }) }), { maxLength: 400 });

  it('counts sum to the window; each group sums to the window; percents sum to 100', () => {
    fc.assert(
      fc.property(results, fc.integer({ min: 1, max: 150 }), (rs, window) => {
        const s = rouletteStats(rs, window);
        const valid = rs.filter((n) => Number.isInteger(n) && n >= 0 && n <= 36);
        expect(s.spins).toBe(Math.min(window, valid.length));
        expect(s.invalid).toBe(rs.length - valid.length);
        expect(s.numbers.reduce((a, n) => a + n.count, 0)).toBe(s.spins);
        for (const g of [s.colour, s.parity, s.range, s.dozen, s.column]) {
          const shares = Object.values(g);
          expect(shares.reduce((a, x) => a + x.count, 0)).toBe(s.spins);
          expect(shares.reduce((a, x) => a + x.percent, 0)).toBe(s.spins === 0 ? 0 : 100);
        }
        expect(s.colour.green.count).toBe(s.numbers[0]?.count);
        expect(s.colour.red.count).toBe(s.numbers.filter((n) => colourOf(n.number) === 'red').reduce((a, n) => a + n.count, 0));
      }),
      { numRuns: RUNS },
    );
  });

  it('hot and cold are permutations of 0–36, ordered by count, and deterministic', () => {
    fc.assert(
      fc.property(results, (rs) => {
        const s = rouletteStats(rs);
        expect(s.hot.map((x) => x.number).sort((a, b) => a - b)).toEqual(POCKETS);
        expect(s.cold.map((x) => x.number).sort((a, b) => a - b)).toEqual(POCKETS);
        for (let i = 1; i < 37; i++) {
          expect((s.hot[i - 1]?.count ?? 0) >= (s.hot[i]?.count ?? 0)).toBe(true);
          expect((s.cold[i - 1]?.count ?? 0) <= (s.cold[i]?.count ?? 0)).toBe(true);
        }
        expect(rouletteStats(rs)).toEqual(s);
      }),
      { numRuns: RUNS },
    );
  });

  it('last results are the reversed tail of the valid results', () => {
    fc.assert(
      fc.property(results, fc.nat({ max: 600 }), (rs, n) => {
        const last = lastResults(rs, n);
        const valid = rs.filter((x) => Number.isInteger(x) && x >= 0 && x <= 36);
        expect(last).toHaveLength(Math.min(n, valid.length));
        expect(last[0]).toBe(valid.length > 0 && n > 0 ? valid[valid.length - 1] : undefined);
      }),
      { numRuns: RUNS },
    );
  });
});
