import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Outcome } from './baccarat.rules.js';
import {
  baccaratRoads,
  beadPlate,
  bigRoad,
  DERIVED_OFFSET,
  DERIVED_ROADS,
  derivedRoad,
  placeStreaks,
  predictNext,
  roadWidth,
  type PlacedCell,
  type RoadRound,
} from './roads.js';

const RUNS = Number(process.env['PROPERTY_RUNS'] ?? 150);

const OUT: Readonly<Record<string, Outcome>> = { B: 'banker', P: 'player', T: 'tie' };
/** 'BBPT…' → rounds. */
const seq = (s: string): RoadRound[] => [...s].map((c) => ({ outcome: OUT[c] as Outcome }));

/** Draw placed cells as rows of characters ('.' = empty), for readable worked examples. */
function render<T>(cells: readonly PlacedCell<T>[], ch: (v: T) => string, rows = 6): string[] {
  const w = roadWidth(cells);
  const grid = Array.from({ length: rows }, () => Array.from({ length: w }, () => '.'));
  for (const c of cells) (grid[c.row] as string[])[c.col] = ch(c.value);
  return grid.map((r) => r.join('')).filter((r, i) => i === 0 || /[^.]/.test(r));
}
const bigCh = (e: { outcome: string }): string => (e.outcome === 'banker' ? 'B' : 'P');
const colCh = (c: string): string => (c === 'red' ? 'R' : 'b');

describe('bead plate', () => {
  it('every round, ties included, fills 6-row columns top to bottom', () => {
    const cells = beadPlate(seq('BPTBBPPT'));
    expect(cells.map((c) => [c.col, c.row])).toEqual([[0, 0], [0, 1], [0, 2], [0, 3], [0, 4], [0, 5], [1, 0], [1, 1]]);
    expect(cells.map((c) => c.outcome)).toEqual(['banker', 'player', 'tie', 'banker', 'banker', 'player', 'player', 'tie']);
  });

  it('carries natural, pairs and the winning points', () => {
    const [c] = beadPlate([{ outcome: 'banker', natural: true, bankerPair: true, playerPair: false, playerPoints: 3, bankerPoints: 9 }]);
    expect(c).toMatchObject({ natural: true, bankerPair: true, playerPair: false, points: 9 });
    expect(beadPlate(seq('P'))[0]?.points).toBeNull();
  });
});

describe('big road (worked examples)', () => {
  it('a new column on every change of winner; ties marked on the previous cell', () => {
    const big = bigRoad(seq('BBPTPPBTTB'));
    expect(render(big.cells, bigCh)).toEqual([
      'BPB', //
      'BPB',
      '.P.',
    ]);
    const ties = big.cells.map((c) => c.value.ties);
    expect(ties).toEqual([0, 0, 1, 0, 0, 2, 0]);
    expect(big.cells.every((c) => c.value.tiesBefore === 0)).toBe(true);
  });

  it('ties at the start of the shoe: pending with no result, then carried by the first cell', () => {
    expect(bigRoad(seq('TT'))).toEqual({ cells: [], streaks: [], pendingTies: 2 });
    const big = bigRoad(seq('TTBTP'));
    expect(big.pendingTies).toBe(0);
    expect(big.cells.map((c) => [c.value.outcome, c.value.tiesBefore, c.value.ties])).toEqual([
      ['banker', 2, 1],
      ['player', 0, 0],
    ]);
  });

  it('a long run turns right at row 6 (dragon tail), and the next column turns where the tail blocks it', () => {
    const big = bigRoad(seq('BBBBBBBB' + 'PPPPPPP' + 'B' + 'PP'));
    expect(render(big.cells, bigCh)).toEqual([
      'BPBP', //
      'BP.P',
      'BP..',
      'BP..',
      'BPPP',
      'BBB.',
    ]);
    // logical columns are kept whatever the drawing does
    expect(big.streaks.map((s) => s.length)).toEqual([8, 7, 1, 2]);
  });

  it('nested dragon tails: each later long column turns one row higher', () => {
    const big = bigRoad(seq('BBBBBBB' + 'PPPPPPP' + 'BBBBBBB'));
    expect(render(big.cells, bigCh)).toEqual([
      'BPB...', //
      'BPB...',
      'BPB...',
      'BPBBBB',
      'BPPP..',
      'BB....',
    ]);
  });

  it('places results with pairs and naturals on the cells', () => {
    const big = bigRoad([{ outcome: 'player', playerPair: true, natural: true }, { outcome: 'player', bankerPair: true }]);
    expect(big.cells.map((c) => [c.value.playerPair, c.value.bankerPair, c.value.natural])).toEqual([
      [true, false, true],
      [false, true, false],
    ]);
  });
});

describe('derived roads (worked examples)', () => {
  it('big eye boy starts at column 2 row 2; small road at column 3 row 2', () => {
    // big road columns B×2, P×3, B×2
    const big = bigRoad(seq('BBPTPPBTTB'));
    // col2 row2: col1 has row2 → red; col2 row3: col1 ends at row2 → blue;
    // col3 row1: col2 (3) ≠ col1 (2) → blue; col3 row2: col2 has row2 → red.
    expect(derivedRoad('bigEyeBoy', big).colours).toEqual(['red', 'blue', 'blue', 'red']);
    expect(render(derivedRoad('bigEyeBoy', big).cells, colCh)).toEqual(['RbR', '.b.']);
    // small road compares two columns back: col3 row2 vs col1 row2 → red
    expect(derivedRoad('smallRoad', big).colours).toEqual(['red']);
    expect(derivedRoad('cockroachPig', big).colours).toEqual([]);
  });

  it('when the start column has a single cell, each road starts at the top of the next column', () => {
    // columns B, P, B, P, B×2
    const big = bigRoad(seq('BPBPBB'));
    expect(derivedRoad('bigEyeBoy', big).colours).toEqual(['red', 'red', 'red', 'blue']);
    expect(derivedRoad('smallRoad', big).colours).toEqual(['red', 'red', 'blue']);
    // cockroach pig: column 4 has one cell → starts at column 5 row 1 (col4 (1) = col1 (1) → red),
    // then column 5 row 2: column 2 ends at row 1 → blue
    expect(derivedRoad('cockroachPig', big).colours).toEqual(['red', 'blue']);
  });

  it('a long column then a chop: "two empty cells are red", "empty beside a filled cell is blue"', () => {
    // columns B×1, P×4, B×3. Column 2: row 2 beside column 1's empty row 2 under its filled row 1 → blue;
    // rows 3 and 4 have two empty cells beside them → red. Column 3: row 1 compares columns 2 (4) and
    // 1 (1) → blue; rows 2 and 3 have column 2's cells beside them → red.
    const big = bigRoad(seq('BPPPPBBB'));
    expect(derivedRoad('bigEyeBoy', big).colours).toEqual(['blue', 'red', 'red', 'blue', 'red', 'red']);
    // columns P×4, B×1, P×3: col3 row2: col2 ends at row1 → blue; row3: col2 shorter still → red
    const big2 = bigRoad(seq('PPPPBPPP'));
    expect(derivedRoad('bigEyeBoy', big2).colours).toEqual(['blue', 'blue', 'red']);
  });

  it('alternation ("chop") and even streaks make every mark red', () => {
    expect(derivedRoad('bigEyeBoy', bigRoad(seq('BPBPBPBPBP'))).colours.every((c) => c === 'red')).toBe(true);
    expect(derivedRoad('smallRoad', bigRoad(seq('BBPPBBPPBBPP'))).colours.every((c) => c === 'red')).toBe(true);
  });

  it('derived marks are laid out like the big road (new column on change of colour)', () => {
    const road = derivedRoad('bigEyeBoy', bigRoad(seq('BPPPPBBB')));
    expect(render(road.cells, colCh)).toEqual(['bRbR', '.R.R']);
  });
});

describe('predictor (worked example)', () => {
  it('gives the next mark in each derived road if Banker / if Player wins next', () => {
    const big = bigRoad(seq('BBPTPPBTTB')); // columns 2, 3, 2 (last B)
    expect(predictNext(big, 'banker')).toEqual({ bigEyeBoy: 'red', smallRoad: 'blue', cockroachPig: null });
    expect(predictNext(big, 'player')).toEqual({ bigEyeBoy: 'blue', smallRoad: 'red', cockroachPig: null });
    expect(predictNext(bigRoad([]), 'banker')).toEqual({ bigEyeBoy: null, smallRoad: null, cockroachPig: null });
  });
});

describe('baccaratRoads', () => {
  it('bundles every road, the predictor and the counts', () => {
    const r = baccaratRoads([...seq('BBPTPPBTTB'), { outcome: 'player', playerPair: true, natural: true }]);
    expect(r.counts).toEqual({ rounds: 11, player: 4, banker: 4, tie: 3, playerPair: 1, bankerPair: 0, natural: 1 });
    expect(r.beadPlate).toHaveLength(11);
    expect(r.bigRoad.cells).toHaveLength(8);
    expect(r.bigEyeBoy.name).toBe('bigEyeBoy');
    expect(r.ifBanker).toEqual(predictNext(r.bigRoad, 'banker'));
  });
});

// ---------------------------------------------------------------------------------------------

const roundArb: fc.Arbitrary<RoadRound> = fc.record({
  outcome: fc.constantFrom<Outcome>('player', 'banker', 'banker', 'player', 'tie'),
  natural: fc.boolean(),
  playerPair: fc.boolean(),
  bankerPair: fc.boolean(),
});
/** Shoes with long runs too (streaky sequences exercise the dragon tails). */
const shoeArb: fc.Arbitrary<RoadRound[]> = fc.oneof(
  fc.array(roundArb, { maxLength: 90 }),
  fc.array(fc.tuple(fc.constantFrom<Outcome>('player', 'banker', 'tie'), fc.integer({ min: 1, max: 12 })), { maxLength: 20 }).map((runs) => runs.flatMap(([o, n]) => Array.from({ length: n }, () => ({ outcome: o })))),
);

describe('road properties', () => {
  it('the big road has one cell per non-tie result, at distinct positions inside 6 rows; ties are all marked', () => {
    fc.assert(
      fc.property(shoeArb, (rounds) => {
        const big = bigRoad(rounds);
        const nonTie = rounds.filter((r) => r.outcome !== 'tie');
        expect(big.cells.map((c) => c.value.round)).toEqual(rounds.flatMap((r, i) => (r.outcome === 'tie' ? [] : [i])));
        expect(big.cells.map((c) => c.value.outcome)).toEqual(nonTie.map((r) => r.outcome));
        expect(new Set(big.cells.map((c) => `${c.col},${c.row}`)).size).toBe(big.cells.length);
        expect(big.cells.every((c) => c.row >= 0 && c.row < 6 && c.col >= 0)).toBe(true);
        const ties = big.cells.reduce((n, c) => n + c.value.ties + c.value.tiesBefore, big.pendingTies);
        expect(ties).toBe(rounds.length - nonTie.length);
        // streaks alternate winners, each streak one winner
        big.streaks.forEach((s, i) => {
          expect(new Set(s.map((e) => e.outcome)).size).toBe(1);
          if (i > 0) expect(s[0]?.outcome).not.toBe(big.streaks[i - 1]?.[0]?.outcome);
        });
      }),
      { numRuns: RUNS },
    );
  });

  it('a streak moves only down, then only right; each new streak starts on row 1 right of the previous start', () => {
    fc.assert(
      fc.property(shoeArb, (rounds) => {
        const { cells } = bigRoad(rounds);
        let prevStart = -1;
        for (let i = 0; i < cells.length; i++) {
          const c = cells[i] as PlacedCell<unknown>;
          if (c.depth === 0) {
            expect(c.row).toBe(0);
            expect(c.col).toBeGreaterThan(prevStart);
            prevStart = c.col;
            continue;
          }
          const p = cells[i - 1] as PlacedCell<unknown>;
          const down = c.col === p.col && c.row === p.row + 1;
          const right = c.row === p.row && c.col > p.col;
          expect(down || right).toBe(true);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('each derived road has one mark per big-road entry from its starting point on', () => {
    fc.assert(
      fc.property(shoeArb, (rounds) => {
        const big = bigRoad(rounds);
        const lengths = big.streaks.map((s) => s.length);
        for (const name of DERIVED_ROADS) {
          const k = DERIVED_OFFSET[name];
          const expected = lengths.slice(k).reduce((a, b) => a + b, 0) - (lengths.length > k ? 1 : 0);
          const road = derivedRoad(name, big);
          expect(road.colours).toHaveLength(expected);
          expect(road.cells.map((c) => c.value)).toEqual(road.colours);
          expect(new Set(road.cells.map((c) => `${c.col},${c.row}`)).size).toBe(road.cells.length);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('roads only grow: the roads of a prefix of the shoe are a prefix of the roads of the shoe', () => {
    fc.assert(
      fc.property(shoeArb, fc.nat(), (rounds, cut) => {
        const k = rounds.length === 0 ? 0 : cut % (rounds.length + 1);
        const a = baccaratRoads(rounds.slice(0, k));
        const b = baccaratRoads(rounds);
        for (const name of DERIVED_ROADS) {
          expect(b[name].colours.slice(0, a[name].colours.length)).toEqual(a[name].colours);
          expect(b[name].cells.slice(0, a[name].cells.length)).toEqual(a[name].cells);
        }
        expect(b.bigRoad.cells.slice(0, a.bigRoad.cells.length).map((c) => [c.col, c.row, c.value.round])).toEqual(a.bigRoad.cells.map((c) => [c.col, c.row, c.value.round]));
        expect(b.beadPlate.slice(0, k)).toEqual(a.beadPlate);
      }),
      { numRuns: RUNS },
    );
  });

  it('the predictor equals appending the result and recomputing', () => {
    fc.assert(
      fc.property(shoeArb, fc.constantFrom('banker' as const, 'player' as const), (rounds, next) => {
        const before = baccaratRoads(rounds);
        const after = baccaratRoads([...rounds, { outcome: next }]);
        const predicted = next === 'banker' ? before.ifBanker : before.ifPlayer;
        for (const name of DERIVED_ROADS) {
          const added = after[name].colours.length - before[name].colours.length;
          expect(added === 0 || added === 1).toBe(true);
          expect(predicted[name]).toBe(added === 1 ? after[name].colours.at(-1) : null);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('placement never overlaps for arbitrary streak lengths', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 20 }), { maxLength: 40 }), (lens) => {
        const cells = placeStreaks(lens.map((n) => Array.from({ length: n }, () => 0)));
        expect(cells).toHaveLength(lens.reduce((a, b) => a + b, 0));
        expect(new Set(cells.map((c) => `${c.col},${c.row}`)).size).toBe(cells.length);
      }),
      { numRuns: RUNS },
    );
  });
});
