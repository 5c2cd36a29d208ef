import type { Outcome } from './baccarat.rules.js';

/**
 * Baccarat scoreboards ("roads") as pure data for display: bead plate, big road, the three derived
 * roads (big eye boy, small road, cockroach pig) and the "if Banker / if Player next" predictor.
 * Nothing here affects a bet or a settlement; it only turns a shoe's results into cells to draw.
 *
 * Grid convention everywhere: `col` 0.. left to right, `row` 0..5 top to bottom (6 rows).
 */

/** One finished round as the roads need it (a kernel `HandResult` is assignable). */
export interface RoadRound {
  readonly outcome: Outcome;
  readonly natural?: boolean;
  readonly playerPair?: boolean;
  readonly bankerPair?: boolean;
  readonly playerPoints?: number;
  readonly bankerPoints?: number;
}

/** Rows of every road grid. */
export const ROAD_ROWS = 6;

// ---------------------------------------------------------------------------------------------
// Bead plate: every round (ties included) in order, filling 6-row columns top to bottom.
// ---------------------------------------------------------------------------------------------

export interface BeadCell {
  readonly col: number;
  readonly row: number;
  /** Index of the round in the input (0-based). */
  readonly round: number;
  readonly outcome: Outcome;
  readonly natural: boolean;
  readonly playerPair: boolean;
  readonly bankerPair: boolean;
  /** The winning side's points (either side's on a tie), when the input carried points. */
  readonly points: number | null;
}

const winningPoints = (r: RoadRound): number | null => {
  const p = r.outcome === 'banker' ? r.bankerPoints : r.playerPoints;
  return p === undefined ? null : p;
};

export function beadPlate(rounds: readonly RoadRound[], rows: number = ROAD_ROWS): BeadCell[] {
  return rounds.map((r, i) => ({
    col: Math.floor(i / rows),
    row: i % rows,
    round: i,
    outcome: r.outcome,
    natural: r.natural ?? false,
    playerPair: r.playerPair ?? false,
    bankerPair: r.bankerPair ?? false,
    points: winningPoints(r),
  }));
}

// ---------------------------------------------------------------------------------------------
// Placement shared by the big road and the derived roads: streaks run down a column; a streak that
// reaches the bottom row, or whose next cell down is already taken, turns right along its row
// (the "dragon tail"). A new streak starts at the top of the column right of the previous streak's
// first column (further right if that top cell is taken by a tail).
// ---------------------------------------------------------------------------------------------

export interface PlacedCell<T> {
  readonly col: number;
  readonly row: number;
  /** Logical column (streak) index, 0-based. */
  readonly streak: number;
  /** Position inside the streak, 0-based (0 = the streak's first result). */
  readonly depth: number;
  readonly value: T;
}

/** Lay out streaks on a grid with `rows` rows (dragon tails included). */
export function placeStreaks<T>(streaks: readonly (readonly T[])[], rows: number = ROAD_ROWS): PlacedCell<T>[] {
  const taken = new Set<string>();
  const at = (c: number, r: number): string => `${c},${r}`;
  const out: PlacedCell<T>[] = [];
  let lastStart = -1;
  streaks.forEach((streak, s) => {
    let col = lastStart + 1;
    while (taken.has(at(col, 0))) col++;
    lastStart = col;
    let row = 0;
    let turned = false;
    streak.forEach((value, depth) => {
      if (depth > 0) {
        if (!turned && row + 1 < rows && !taken.has(at(col, row + 1))) row++;
        else {
          turned = true;
          col++;
          while (taken.has(at(col, row))) col++;
        }
      }
      taken.add(at(col, row));
      out.push({ col, row, streak: s, depth, value });
    });
  });
  return out;
}

/** Number of grid columns a placed road spans (0 for an empty road). */
export const roadWidth = (cells: readonly { readonly col: number }[]): number => cells.reduce((w, c) => Math.max(w, c.col + 1), 0);

// ---------------------------------------------------------------------------------------------
// Big road: Player/Banker results only; a tie is marked on the cell of the result before it.
// ---------------------------------------------------------------------------------------------

export type RoadWinner = Exclude<Outcome, 'tie'>;

export interface BigRoadEntry {
  readonly outcome: RoadWinner;
  /** Index of the round in the input. */
  readonly round: number;
  /** Ties that came after this result (before the next Player/Banker result). */
  readonly ties: number;
  /** Ties at the start of the shoe, before the first Player/Banker result; only on the first entry. */
  readonly tiesBefore: number;
  readonly natural: boolean;
  readonly playerPair: boolean;
  readonly bankerPair: boolean;
}

export type BigRoadCell = PlacedCell<BigRoadEntry>;

export interface BigRoad {
  readonly cells: readonly BigRoadCell[];
  /** The logical columns (streaks of one winner), in order. */
  readonly streaks: readonly (readonly BigRoadEntry[])[];
  /** Ties so far when there is no Player/Banker result yet (drawn as a tie mark on an empty first cell). */
  readonly pendingTies: number;
}

/** Group the non-tie results into streaks, ties attached to the result before them. */
export function bigRoadStreaks(rounds: readonly RoadRound[]): { streaks: BigRoadEntry[][]; leadingTies: number } {
  const streaks: BigRoadEntry[][] = [];
  let leadingTies = 0;
  rounds.forEach((r, i) => {
    const last = streaks.at(-1);
    if (r.outcome === 'tie') {
      if (!last) leadingTies++;
      else {
        const prev = last[last.length - 1] as BigRoadEntry;
        last[last.length - 1] = { ...prev, ties: prev.ties + 1 };
      }
      return;
    }
    const entry: BigRoadEntry = {
      outcome: r.outcome,
      round: i,
      ties: 0,
      tiesBefore: streaks.length === 0 ? leadingTies : 0,
      natural: r.natural ?? false,
      playerPair: r.playerPair ?? false,
      bankerPair: r.bankerPair ?? false,
    };
    if (last && (last[0] as BigRoadEntry).outcome === r.outcome) last.push(entry);
    else streaks.push([entry]);
  });
  return { streaks, leadingTies };
}

export function bigRoad(rounds: readonly RoadRound[], rows: number = ROAD_ROWS): BigRoad {
  const { streaks, leadingTies } = bigRoadStreaks(rounds);
  return { cells: placeStreaks(streaks, rows), streaks, pendingTies: streaks.length === 0 ? leadingTies : 0 };
}

// ---------------------------------------------------------------------------------------------
// Derived roads. Each big-road entry after the road's starting point yields one red or blue mark:
//  - first entry of a column c: red when columns c-1 and c-1-k have the same length, else blue;
//  - entry at depth d ≥ 1 of column c: look at column c-k — red when it has a cell at depth d
//    ("repeat"), blue when it ends exactly at depth d-1 ("the cell to the left is empty but the
//    one above it is filled"), red when it is shorter still ("two empty cells").
// k = 1 big eye boy, 2 small road, 3 cockroach pig. This yields the standard starting points:
// big eye boy at column 2 row 2 (or column 3 row 1 when column 2 has a single cell), small road at
// column 3 row 2 (or column 4 row 1), cockroach pig at column 4 row 2 (or column 5 row 1).
// Red = "orderly" (the pattern repeats), blue = "chaotic". Marks are laid out like the big road.
// ---------------------------------------------------------------------------------------------

export type DerivedColour = 'red' | 'blue';
export const DERIVED_ROADS = ['bigEyeBoy', 'smallRoad', 'cockroachPig'] as const;
export type DerivedRoadName = (typeof DERIVED_ROADS)[number];
/** Column offset of each derived road. */
export const DERIVED_OFFSET: Readonly<Record<DerivedRoadName, number>> = { bigEyeBoy: 1, smallRoad: 2, cockroachPig: 3 };

/**
 * The mark a big-road entry at (column `col`, depth `depth`) makes in the derived road with offset `k`,
 * given the lengths of the earlier columns; null before the road's starting point.
 */
export function derivedMark(lengths: readonly number[], col: number, depth: number, k: number): DerivedColour | null {
  if (depth === 0) {
    if (col - 1 - k < 0) return null;
    return lengths[col - 1] === lengths[col - 1 - k] ? 'red' : 'blue';
  }
  if (col - k < 0) return null;
  return lengths[col - k] === depth ? 'blue' : 'red';
}

/** The colour sequence of one derived road from the big road's streak lengths. */
export function derivedColours(lengths: readonly number[], k: number): DerivedColour[] {
  const out: DerivedColour[] = [];
  lengths.forEach((len, col) => {
    for (let depth = 0; depth < len; depth++) {
      const m = derivedMark(lengths, col, depth, k);
      if (m !== null) out.push(m);
    }
  });
  return out;
}

/** Group a colour sequence into streaks (a new column when the colour changes). */
export function colourStreaks(colours: readonly DerivedColour[]): DerivedColour[][] {
  const out: DerivedColour[][] = [];
  for (const c of colours) {
    const last = out.at(-1);
    if (last && last[0] === c) last.push(c);
    else out.push([c]);
  }
  return out;
}

export interface DerivedRoad {
  readonly name: DerivedRoadName;
  /** The marks in order (one per big-road entry from the starting point on). */
  readonly colours: readonly DerivedColour[];
  readonly cells: readonly PlacedCell<DerivedColour>[];
}

export function derivedRoad(name: DerivedRoadName, big: Pick<BigRoad, 'streaks'>, rows: number = ROAD_ROWS): DerivedRoad {
  const colours = derivedColours(
    big.streaks.map((s) => s.length),
    DERIVED_OFFSET[name],
  );
  return { name, colours, cells: placeStreaks(colourStreaks(colours), rows) };
}

// ---------------------------------------------------------------------------------------------
// Predictor: the mark each derived road would get if the next result were Banker / Player.
// ---------------------------------------------------------------------------------------------

export type RoadPrediction = Readonly<Record<DerivedRoadName, DerivedColour | null>>;

/** What the next derived marks would be if `next` won the next round (null = no mark yet). */
export function predictNext(big: Pick<BigRoad, 'streaks'>, next: RoadWinner): RoadPrediction {
  const lengths = big.streaks.map((s) => s.length);
  const last = big.streaks.at(-1);
  let col: number;
  let depth: number;
  if (last && (last[0] as BigRoadEntry).outcome === next) {
    col = lengths.length - 1;
    depth = last.length;
  } else {
    col = lengths.length;
    depth = 0;
  }
  const withNext = lengths.slice();
  withNext[col] = depth + 1;
  return {
    bigEyeBoy: derivedMark(withNext, col, depth, DERIVED_OFFSET.bigEyeBoy),
    smallRoad: derivedMark(withNext, col, depth, DERIVED_OFFSET.smallRoad),
    cockroachPig: derivedMark(withNext, col, depth, DERIVED_OFFSET.cockroachPig),
  };
}

// ---------------------------------------------------------------------------------------------
// Everything at once, plus the counts a scoreboard shows.
// ---------------------------------------------------------------------------------------------

export interface RoadCounts {
  readonly rounds: number;
  readonly player: number;
  readonly banker: number;
  readonly tie: number;
  readonly playerPair: number;
  readonly bankerPair: number;
  readonly natural: number;
}

export interface BaccaratRoads {
  readonly beadPlate: readonly BeadCell[];
  readonly bigRoad: BigRoad;
  readonly bigEyeBoy: DerivedRoad;
  readonly smallRoad: DerivedRoad;
  readonly cockroachPig: DerivedRoad;
  readonly ifBanker: RoadPrediction;
  readonly ifPlayer: RoadPrediction;
  readonly counts: RoadCounts;
}

export function roadCounts(rounds: readonly RoadRound[]): RoadCounts {
  const n = (f: (r: RoadRound) => boolean): number => rounds.filter(f).length;
  return {
    rounds: rounds.length,
    player: n((r) => r.outcome === 'player'),
    banker: n((r) => r.outcome === 'banker'),
    tie: n((r) => r.outcome === 'tie'),
    playerPair: n((r) => r.playerPair === true),
    bankerPair: n((r) => r.bankerPair === true),
    natural: n((r) => r.natural === true),
  };
}

/** All roads of a shoe, from its results in order. */
export function baccaratRoads(rounds: readonly RoadRound[]): BaccaratRoads {
  const big = bigRoad(rounds);
  return {
    beadPlate: beadPlate(rounds),
    bigRoad: big,
    bigEyeBoy: derivedRoad('bigEyeBoy', big),
    smallRoad: derivedRoad('smallRoad', big),
    cockroachPig: derivedRoad('cockroachPig', big),
    ifBanker: predictNext(big, 'banker'),
    ifPlayer: predictNext(big, 'player'),
    counts: roadCounts(rounds),
  };
}
