import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cellOf,
  DEFAULT_LINE_TOLERANCE,
  EVEN_MONEY_ORDER,
  numberAt,
  ROULETTE_LAYOUT_BOXES,
  ROULETTE_LAYOUT_SIZE,
  rouletteChipPlacements,
  rouletteCoveredNumbers,
  rouletteHitTest,
  rouletteSpotAnchor,
} from './layout.js';
import { europeanProfile, rayParlourProfile } from './profiles.js';
import { ALL_SIMPLE_SPOTS, EVEN_MONEY_KINDS, INSIDE_KINDS } from './spots.js';
import { colourOf } from './wheel.js';

const RUNS = Number(process.env['PROPERTY_RUNS'] ?? 150);
const P = europeanProfile;
const hit = (x: number, y: number, t?: number): string | null => rouletteHitTest({ x, y }, t)?.key ?? null;

describe('layout data', () => {
  it('number cells: 3 on the top row, 1 on the bottom row, 36 at the top right; colours from the wheel', () => {
    expect(numberAt(0, 0)).toBe(3);
    expect(numberAt(0, 2)).toBe(1);
    expect(numberAt(11, 0)).toBe(36);
    for (let n = 1; n <= 36; n++) expect(numberAt(cellOf(n).col, cellOf(n).row)).toBe(n);
    const boxes = ROULETTE_LAYOUT_BOXES;
    expect(boxes).toHaveLength(49);
    expect(new Set(boxes.map((b) => b.key)).size).toBe(49);
    for (const b of boxes) if (b.number !== null) expect(b.colour).toBe(colourOf(b.number));
    expect(EVEN_MONEY_ORDER.slice().sort()).toEqual(EVEN_MONEY_KINDS.slice().sort());
  });

  it('boxes tile the layout without overlapping (every box inside the layout)', () => {
    for (const b of ROULETTE_LAYOUT_BOXES) {
      expect(b.x >= 0 && b.y >= 0 && b.x + b.w <= ROULETTE_LAYOUT_SIZE.width && b.y + b.h <= ROULETTE_LAYOUT_SIZE.height).toBe(true);
      for (const o of ROULETTE_LAYOUT_BOXES) {
        if (o === b) continue;
        const overlap = b.x < o.x + o.w && o.x < b.x + b.w && b.y < o.y + o.h && o.y < b.y + b.h;
        expect(overlap, `${b.key} overlaps ${o.key}`).toBe(false);
      }
    }
  });
});

describe('hit test: every spot kind from a click position (GEN-7, ROU-2)', () => {
  it.each([
    // straights
    [1.5, 2.5, 'straight:1'],
    [1.5, 0.5, 'straight:3'],
    [12.5, 0.5, 'straight:36'],
    [6.5, 1.5, 'straight:17'],
    [0.5, 1.5, 'straight:0'],
    [0.1, 2.9, 'straight:0'],
    // splits across a column line and across a row line
    [7.05, 1.5, 'split:17-20'],
    [6.85, 1.4, 'split:17-20'],
    [6.5, 0.95, 'split:17-18'],
    [6.5, 2.1, 'split:16-17'],
    [12.2, 0.5, 'split:33-36'],
    // zero splits, trios and the first four on the zero line
    [1.05, 2.5, 'split:0-1'],
    [0.95, 1.5, 'split:0-2'],
    [1, 0.3, 'split:0-3'],
    [1, 2, 'street:0-1-2'],
    [0.9, 1.1, 'street:0-2-3'],
    [1.1, 3.15, 'corner:0-1-2-3'],
    // corners, streets and six lines
    [7, 1, 'corner:17-18-20-21'],
    [2.1, 1.9, 'corner:1-2-4-5'],
    [12.1, 1.1, 'corner:32-33-35-36'],
    [6.5, 3.1, 'street:16-17-18'],
    [1.5, 2.85, 'street:1-2-3'],
    [12.5, 3.0, 'street:34-35-36'],
    [7, 2.9, 'sixline:16-17-18-19-20-21'],
    [2, 3.2, 'sixline:1-2-3-4-5-6'],
    [12, 3, 'sixline:31-32-33-34-35-36'],
    // outside boxes
    [13.5, 0.5, 'column:3'],
    [13.5, 1.5, 'column:2'],
    [13.5, 2.9, 'column:1'],
    [3, 3.5, 'dozen:1'],
    [7, 3.7, 'dozen:2'],
    [12.9, 3.5, 'dozen:3'],
    [2, 4.5, 'low'],
    [4, 4.5, 'even'],
    [6, 4.5, 'red'],
    [8, 4.5, 'black'],
    [10, 4.5, 'odd'],
    [12, 4.5, 'high'],
  ])('(%f, %f) → %s', (x, y, key) => {
    expect(hit(x, y)).toBe(key);
  });

  it('off the layout and on dead areas: no spot', () => {
    for (const [x, y] of [[-0.1, 1], [14, 1], [1, 5], [0.5, 3.5], [0.5, 4.5], [13.5, 3.5], [13.5, 4.5], [13.1, 3.1], [Number.NaN, 1]] as const) expect(hit(x, y)).toBeNull();
  });

  it('the line band is exactly the tolerance wide', () => {
    expect(hit(1.5, 3.2)).toBe('street:1-2-3');
    expect(hit(1.5, 3.21)).toBe('dozen:1');
    expect(hit(2.2, 2.5)).toBe('split:1-4');
    expect(hit(2.21, 2.5)).toBe('straight:4');
    expect(hit(2.3, 2.5, 0.3)).toBe('split:1-4');
    expect(() => rouletteHitTest({ x: 1, y: 1 }, 0.5)).toThrow(RangeError);
    expect(() => rouletteHitTest({ x: 1, y: 1 }, 0)).toThrow(RangeError);
  });
});

describe('anchors and chip placements', () => {
  it('every simple spot of the grammar has one anchor', () => {
    for (const s of ALL_SIMPLE_SPOTS) expect(rouletteSpotAnchor(s.key, P), s.key).not.toBeNull();
    expect(rouletteSpotAnchor('split:20-17', P)).toEqual({ x: 7, y: 1.5 });
    expect(rouletteSpotAnchor('corner:0-1-2-3', P)).toEqual({ x: 1, y: 3 });
    expect(rouletteSpotAnchor('voisins', P)).toBeNull();
    expect(rouletteSpotAnchor('split:1-5', P)).toBeNull();
  });

  it('property: the anchor of every spot hit-tests back to the same spot, for any tolerance', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.01, max: 0.49, noNaN: true }), (t) => {
        for (const s of ALL_SIMPLE_SPOTS) expect(rouletteHitTest(rouletteSpotAnchor(s.key, P) as { x: number; y: number }, t)?.key).toBe(s.key);
      }),
      { numRuns: Math.min(RUNS, 60) },
    );
    for (const s of ALL_SIMPLE_SPOTS) expect(rouletteHitTest(rouletteSpotAnchor(s.key, P) as { x: number; y: number })?.key).toBe(s.key);
  });

  it('voisins puts 2 chips on 0-2-3 and on 25-26-28-29 (ROU-2 announced bets)', () => {
    const r = rouletteChipPlacements('voisins', P);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.map((c) => [c.key, c.chips])).toEqual([
      ['street:0-2-3', 2],
      ['split:4-7', 1],
      ['split:12-15', 1],
      ['split:18-21', 1],
      ['split:19-22', 1],
      ['split:32-35', 1],
      ['corner:25-26-28-29', 2],
    ]);
    expect(r.value.reduce((a, c) => a + c.chips, 0)).toBe(9);
    expect(r.value[0]?.anchor).toEqual({ x: 1, y: 1 });
  });

  it('chip placements of a simple spot and errors from the spot parser', () => {
    const r = rouletteChipPlacements('straight:17', P);
    expect(r.ok && r.value).toEqual([{ key: 'straight:17', anchor: { x: 6.5, y: 1.5 }, chips: 1, numbers: [17] }]);
    const off = rouletteChipPlacements('tiers', rayParlourProfile);
    expect(!off.ok && off.violation.code).toBe('ANNOUNCED_BETS_DISABLED');
  });

  it('covered numbers for the hover preview', () => {
    expect(rouletteCoveredNumbers('corner:0-1-2-3', P)).toEqual({ ok: true, value: [0, 1, 2, 3] });
    expect(rouletteCoveredNumbers('neighbours:0:1', P)).toEqual({ ok: true, value: [0, 26, 32] });
    expect(rouletteCoveredNumbers('voisins', P)).toEqual({ ok: true, value: [0, 2, 3, 4, 7, 12, 15, 18, 19, 21, 22, 25, 26, 28, 29, 32, 35] });
    const bad = rouletteCoveredNumbers('split:1-5', P);
    expect(!bad.ok && bad.violation.code).toBe('INVALID_GEOMETRY');
  });
});

describe('hit test properties (GEN-7)', () => {
  const point = fc.record({ x: fc.double({ min: -0.5, max: 14.5, noNaN: true }), y: fc.double({ min: -0.5, max: 5.5, noNaN: true }) });
  const tol = fc.double({ min: 0.05, max: 0.45, noNaN: true });

  it('inside the grid, away from the zero line and the bottom band, the spot is exactly the cells the chip touches', () => {
    fc.assert(
      fc.property(tol, fc.double({ min: 1, max: 12.999, noNaN: true }), fc.double({ min: 0, max: 2.999, noNaN: true }), (t, x, y) => {
        fc.pre(x > 1 + t && y < 3 - t);
        const edge = (v: number): boolean => Math.abs(Math.abs(v - Math.round(v)) - t) < 1e-6;
        fc.pre(!edge(x) && !edge(y));
        const touched: number[] = [];
        for (let n = 1; n <= 36; n++) {
          const { col, row } = cellOf(n);
          if (x >= 1 + col - t && x <= 2 + col + t && y >= row - t && y <= row + 1 + t) touched.push(n);
        }
        expect(rouletteHitTest({ x, y }, t)?.numbers).toEqual(touched.sort((a, b) => a - b));
      }),
      { numRuns: RUNS * 4 },
    );
  });

  it('an inside bet is never drawn more than half a cell from where it was clicked; a box bet contains the click', () => {
    fc.assert(
      fc.property(tol, point, (t, p) => {
        const s = rouletteHitTest(p, t);
        if (!s) return;
        const box = ROULETTE_LAYOUT_BOXES.find((b) => b.key === s.key);
        if (box) {
          expect(p.x >= box.x - t && p.x < box.x + box.w + t && p.y >= box.y - t && p.y < box.y + box.h + t).toBe(true);
          return;
        }
        expect((INSIDE_KINDS as readonly string[]).includes(s.kind)).toBe(true);
        const a = rouletteSpotAnchor(s.key, P) as { x: number; y: number };
        expect(Math.abs(a.x - p.x)).toBeLessThanOrEqual(0.5);
        expect(Math.abs(a.y - p.y)).toBeLessThanOrEqual(0.5);
      }),
      { numRuns: RUNS * 4 },
    );
  });

  it('every point of the layout outside the dead areas hits a spot', () => {
    fc.assert(
      fc.property(point, (p) => {
        const inLayout = p.x >= 0 && p.y >= 0 && p.x < 14 && p.y < 5;
        const dead = (1 - p.x > DEFAULT_LINE_TOLERANCE + 1e-9 && p.y >= 3) || (p.x >= 13 && p.y >= 3);
        expect(rouletteHitTest(p) !== null).toBe(inLayout && !dead);
      }),
      { numRuns: RUNS * 4 },
    );
  });
});
