import { describe, expect, it } from 'vitest';
import { awardPots, buildPots, splitEvenly, takeRake } from './pots.js';

describe('pots by contribution level (S1-ALLIN, P4-ALLIN)', () => {
  it('builds a main pot and one side pot per all-in level', () => {
    const pots = buildPots([
      { seat: 1, totalMinor: 100, folded: false },
      { seat: 2, totalMinor: 300, folded: false },
      { seat: 3, totalMinor: 600, folded: false },
      { seat: 4, totalMinor: 600, folded: false },
    ]);
    expect(pots.map((p) => [p.index, p.amountMinor, p.eligible, p.levelMinor])).toEqual([
      [0, 400, [1, 2, 3, 4], 100],
      [1, 600, [2, 3, 4], 300],
      [2, 600, [3, 4], 600],
    ]);
  });

  it('a folded player makes no pot: their chips join the pot of their level', () => {
    const pots = buildPots([
      { seat: 1, totalMinor: 100, folded: false },
      { seat: 2, totalMinor: 250, folded: true },
      { seat: 3, totalMinor: 400, folded: false },
      { seat: 4, totalMinor: 400, folded: false },
    ]);
    expect(pots.map((p) => [p.amountMinor, p.eligible])).toEqual([
      [400, [1, 3, 4]],
      [750, [3, 4]],
    ]);
  });

  it('rake comes out of each pot in proportion to what it holds (PT-RAKE-ALLOC, S1-RAKE; issue 24) and never more than the pots hold', () => {
    const pots = buildPots([
      { seat: 1, totalMinor: 10, folded: false },
      { seat: 2, totalMinor: 100, folded: false },
      { seat: 3, totalMinor: 100, folded: false },
    ]);
    // main pot 30 (3 × 10), side pot 180: 35 × 30/210 = 5 and 35 × 180/210 = 30 — the main pot is no longer wiped out
    expect(takeRake(pots, 35).map((p) => [p.amountMinor, p.rakeMinor])).toEqual([[25, 5], [150, 30]]);
    // remainders: 10 × 30/210 = 1.43 and 10 × 180/210 = 8.57 → 1 + 8 = 9, the last chip to the largest remainder (the side pot)
    expect(takeRake(pots, 10).map((p) => p.rakeMinor)).toEqual([1, 9]);
    expect(takeRake(pots, 0).map((p) => p.amountMinor)).toEqual([30, 180]);
    expect(() => takeRake(pots, 211)).toThrow();
  });
});

describe('splits (PT-ODDCHIP, 001 §3.3)', () => {
  it('shares equally; odd chips go one each to the first winners in odd-chip order', () => {
    expect(splitEvenly(101, [3, 1])).toEqual([[3, 51], [1, 50]]);
    expect(splitEvenly(5, [2, 4, 6])).toEqual([[2, 2], [4, 2], [6, 1]]);
  });

  it('a hi/lo pot is halved (odd chip to the high by default) and a tied low is quartered', () => {
    const pot = [{ index: 0, amountMinor: 301, eligible: [1, 2, 3], levelMinor: 101 }];
    const values = { high: new Map([[1, 5], [2, 5], [3, 9]]), low: new Map([[1, 7], [2, 7], [3, -1]]) };
    const a = awardPots(pot, values, [2, 3, 1], 'high');
    expect(a.map((x) => [x.part, x.amountMinor, x.shares])).toEqual([
      ['high', 151, [[3, 151]]],
      ['low', 150, [[2, 75], [1, 75]]],
    ]);
    const b = awardPots(pot, values, [1, 2, 3], 'low');
    expect(b.map((x) => [x.part, x.amountMinor])).toEqual([['high', 150], ['low', 151]]);
    expect(b[1]?.shares).toEqual([[1, 76], [2, 75]]);
  });

  it('no qualifying low among a pot\'s eligible: the high scoops that pot', () => {
    const pots = [
      { index: 0, amountMinor: 300, eligible: [1, 2, 3], levelMinor: 100 },
      { index: 1, amountMinor: 200, eligible: [2, 3], levelMinor: 200 },
    ];
    const values = { high: new Map([[1, 1], [2, 2], [3, 3]]), low: new Map([[1, 4], [2, -1], [3, -1]]) };
    expect(awardPots(pots, values, [1, 2, 3], 'high').map((x) => [x.pot, x.part, x.winners])).toEqual([
      [0, 'high', [3]],
      [0, 'low', [1]],
      [1, 'whole', [3]],
    ]);
  });
});
