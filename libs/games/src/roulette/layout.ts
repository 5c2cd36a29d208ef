import { ok, type Result } from '../common/result.js';
import type { RouletteProfile } from './profiles.js';
import { ALL_SIMPLE_SPOTS, parseSpot, type EvenMoneyKind, type SimpleSpot } from './spots.js';
import { colourOf, type Colour } from './wheel.js';

/**
 * The roulette table layout as geometry, for drawing and for turning a pointer position into a bet
 * spot (GEN-7: the spot under the chip is unambiguous; ROU-2: every spot of the grammar is
 * reachable). Pure data + functions; the spot keys and covered numbers come from `spots.ts`.
 *
 * Coordinates are layout units, horizontal layout, origin top-left, y down:
 *
 *   x: 0 ── 1 ─────────────────────────── 13 ── 14
 *      │ 0 │ 3  6  9 … 36  (row 0)          │ 2:1 │ column:3
 *      │   │ 2  5  8 … 35  (row 1)          │ 2:1 │ column:2
 *      │   │ 1  4  7 … 34  (row 2)          │ 2:1 │ column:1
 *   y=3     │ 1st 12 │ 2nd 12 │ 3rd 12 │            dozens      (y 3–4)
 *   y=4     │1-18│EVEN│RED│BLACK│ODD│19-36│           even money  (y 4–5)
 *
 * Each number cell is 1×1: grid column c (0–11) holds the street 3c+1…3c+3, row 0 is the top.
 * Lines carry the multi-number bets: a point within `tolerance` of an inner cell line is a split,
 * of two lines a corner; the bottom edge of the grid (y = 3) carries streets and, where it meets
 * a column line, six lines; the zero line (x = 1) carries the zero splits, the trios 0-1-2 / 0-2-3
 * at its row lines and the first four 0-1-2-3 at its bottom corner.
 */

export const ROULETTE_LAYOUT_SIZE = { width: 14, height: 5 } as const;
/** Default half-width of a line's hit band, in cell units (a cell's plain centre is 1 − 2·0.2 wide). */
export const DEFAULT_LINE_TOLERANCE = 0.2;

/** Band edges are inclusive up to this slack, so that e.g. y = 3.2 with tolerance 0.2 is on the line. */
const EPS = 1e-9;

export interface Point {
  readonly x: number;
  readonly y: number;
}

/** The number in grid column `col` (0–11), row `row` (0 top … 2 bottom). */
export const numberAt = (col: number, row: number): number => 3 * col + 3 - row;

/** Grid column and row of a number 1–36. */
export function cellOf(n: number): { readonly col: number; readonly row: number } {
  return { col: Math.floor((n - 1) / 3), row: 2 - ((n - 1) % 3) };
}

const BY_KEY: ReadonlyMap<string, SimpleSpot> = new Map(ALL_SIMPLE_SPOTS.map((s) => [s.key, s]));

function spot(kind: string, nums: readonly number[]): SimpleSpot {
  const k = `${kind}:${nums.slice().sort((a, b) => a - b).join('-')}`;
  const s = BY_KEY.get(k);
  if (!s) throw new Error(`layout geometry names a spot the grammar lacks: ${k}`);
  return s;
}
const named = (k: string): SimpleSpot => {
  const s = BY_KEY.get(k);
  if (!s) throw new Error(`not a layout spot: ${k}`);
  return s;
};

/** Even-money boxes left to right along the bottom of the layout. */
export const EVEN_MONEY_ORDER: readonly EvenMoneyKind[] = ['low', 'even', 'red', 'black', 'odd', 'high'];

/** A box drawn on the layout: a number cell, zero, a column, a dozen or an even-money box. */
export interface LayoutBox {
  readonly key: string;
  readonly kind: SimpleSpot['kind'];
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
  /** The number of a number cell (0 for zero), null for outside boxes. */
  readonly number: number | null;
  /** Colour of a number cell (and of the red/black boxes), null otherwise. */
  readonly colour: Colour | null;
}

function buildBoxes(): LayoutBox[] {
  const box = (key: string, x: number, y: number, w: number, h: number, number: number | null, colour: Colour | null): LayoutBox => ({ key, kind: named(key).kind, x, y, w, h, number, colour });
  const out: LayoutBox[] = [box('straight:0', 0, 0, 1, 3, 0, 'green')];
  for (let n = 1; n <= 36; n++) {
    const { col, row } = cellOf(n);
    out.push(box(`straight:${n}`, 1 + col, row, 1, 1, n, colourOf(n)));
  }
  for (let r = 0; r < 3; r++) out.push(box(`column:${3 - r}`, 13, r, 1, 1, null, null));
  for (let d = 1; d <= 3; d++) out.push(box(`dozen:${d}`, 1 + 4 * (d - 1), 3, 4, 1, null, null));
  EVEN_MONEY_ORDER.forEach((k, i) => out.push(box(k, 1 + 2 * i, 4, 2, 1, null, k === 'red' || k === 'black' ? k : null)));
  return out;
}

/** Every box of the layout (49: zero, 36 numbers, 3 columns, 3 dozens, 6 even-money boxes). */
export const ROULETTE_LAYOUT_BOXES: readonly LayoutBox[] = buildBoxes();

/**
 * The spot under a pointer at `p` (layout units), or null off the layout / on a dead area.
 * Deterministic and total: every point maps to at most one spot (GEN-7). `tolerance` is the
 * half-width of a line's hit band, 0 < tolerance < 0.5.
 */
export function rouletteHitTest(p: Point, tolerance: number = DEFAULT_LINE_TOLERANCE): SimpleSpot | null {
  if (!(tolerance > 0 && tolerance < 0.5)) throw new RangeError(`line tolerance must be in (0, 0.5), got ${tolerance}`);
  const { x, y } = p;
  const t = tolerance;
  if (!Number.isFinite(x) || !Number.isFinite(y) || x < 0 || y < 0 || x >= ROULETTE_LAYOUT_SIZE.width || y >= ROULETTE_LAYOUT_SIZE.height) return null;
  // columns (2:1) right of the grid
  if (x >= 13) return y < 3 ? named(`column:${3 - Math.floor(y)}`) : null;
  // outside boxes below the grid's bottom line band
  if (y - 3 > t + EPS || (y >= 3 && 1 - x > t + EPS)) {
    if (x < 1) return null;
    if (y < 4) return named(`dozen:${Math.floor((x - 1) / 4) + 1}`);
    return named(EVEN_MONEY_ORDER[Math.floor((x - 1) / 2)] as EvenMoneyKind);
  }
  // zero box
  if (1 - x > t + EPS) return named('straight:0');
  // the number grid with its lines (x in [1 − t, 13), y in [0, 3 + t])
  const xl = Math.round(x);
  const yl = Math.round(y);
  const nearV = Math.abs(x - xl) <= t + EPS && xl >= 1 && xl <= 12;
  const nearH = Math.abs(y - yl) <= t + EPS && yl >= 1 && yl <= 3;
  const col = Math.min(11, Math.max(0, Math.floor(x - 1)));
  const row = Math.min(2, Math.floor(y));
  if (nearV && xl === 1) {
    if (nearH) return yl === 1 ? spot('street', [0, 2, 3]) : yl === 2 ? spot('street', [0, 1, 2]) : spot('corner', [0, 1, 2, 3]);
    return spot('split', [0, numberAt(0, row)]);
  }
  if (nearH && yl === 3) {
    if (nearV) return spot('sixline', [0, 1, 2].flatMap((r) => [numberAt(xl - 2, r), numberAt(xl - 1, r)]));
    return spot('street', [0, 1, 2].map((r) => numberAt(col, r)));
  }
  if (nearV && nearH) return spot('corner', [numberAt(xl - 2, yl - 1), numberAt(xl - 2, yl), numberAt(xl - 1, yl - 1), numberAt(xl - 1, yl)]);
  if (nearV) return spot('split', [numberAt(xl - 2, row), numberAt(xl - 1, row)]);
  if (nearH) return spot('split', [numberAt(col, yl - 1), numberAt(col, yl)]);
  return spot('straight', [numberAt(col, row)]);
}

function buildAnchors(): ReadonlyMap<string, Point> {
  const m = new Map<string, Point>();
  const put = (s: SimpleSpot, x: number, y: number): void => {
    if (m.has(s.key)) throw new Error(`two anchors for ${s.key}`);
    m.set(s.key, { x, y });
  };
  for (const b of ROULETTE_LAYOUT_BOXES) put(named(b.key), b.x + b.w / 2, b.y + b.h / 2);
  for (let row = 0; row < 3; row++) {
    put(spot('split', [0, numberAt(0, row)]), 1, row + 0.5);
    for (let xl = 2; xl <= 12; xl++) put(spot('split', [numberAt(xl - 2, row), numberAt(xl - 1, row)]), xl, row + 0.5);
  }
  for (let col = 0; col < 12; col++) {
    for (let yl = 1; yl <= 2; yl++) put(spot('split', [numberAt(col, yl - 1), numberAt(col, yl)]), col + 1.5, yl);
    put(spot('street', [numberAt(col, 0), numberAt(col, 1), numberAt(col, 2)]), col + 1.5, 3);
  }
  for (let xl = 2; xl <= 12; xl++) {
    for (let yl = 1; yl <= 2; yl++) put(spot('corner', [numberAt(xl - 2, yl - 1), numberAt(xl - 2, yl), numberAt(xl - 1, yl - 1), numberAt(xl - 1, yl)]), xl, yl);
    put(spot('sixline', [0, 1, 2].flatMap((r) => [numberAt(xl - 2, r), numberAt(xl - 1, r)])), xl, 3);
  }
  put(spot('street', [0, 2, 3]), 1, 1);
  put(spot('street', [0, 1, 2]), 1, 2);
  put(spot('corner', [0, 1, 2, 3]), 1, 3);
  return m;
}

const ANCHORS = buildAnchors();

function simpleOf(key: string, profile: RouletteProfile): SimpleSpot | null {
  const direct = BY_KEY.get(key);
  if (direct) return direct;
  const parsed = parseSpot(key, profile);
  return parsed.ok && parsed.value.type === 'simple' ? parsed.value : null;
}

/**
 * Where a chip on a simple spot is drawn (layout units): the cell centre, the middle of a split's
 * line, a corner's crossing, a street's / six line's point on the bottom edge, a box centre.
 * Accepts any spelling `parseSpot` accepts (`split:20-17`); null for announced or invalid keys.
 */
export function rouletteSpotAnchor(key: string, profile: RouletteProfile): Point | null {
  const s = simpleOf(key, profile);
  return s ? (ANCHORS.get(s.key) ?? null) : null;
}

export interface ChipPlacement {
  readonly key: string;
  readonly anchor: Point;
  /** Chips of the bet on this spot (voisins puts 2 on 0-2-3 and 2 on 25-26-28-29). */
  readonly chips: number;
  readonly numbers: readonly number[];
}

/**
 * The chips a bet puts on the layout: one placement for a simple spot, one per distinct chip spot for
 * a racetrack bet (ROU-2 announced bets, expanded by `parseSpot`), in first-chip order. Violations
 * from `parseSpot` (e.g. `ANNOUNCED_BETS_DISABLED`) are returned as they are.
 */
export function rouletteChipPlacements(key: string, profile: RouletteProfile): Result<ChipPlacement[]> {
  const parsed = parseSpot(key, profile);
  if (!parsed.ok) return parsed;
  const chips = parsed.value.type === 'simple' ? [parsed.value] : parsed.value.chips;
  const out: ChipPlacement[] = [];
  const at = new Map<string, number>();
  for (const c of chips) {
    const i = at.get(c.key);
    if (i !== undefined) {
      const prev = out[i] as ChipPlacement;
      out[i] = { ...prev, chips: prev.chips + 1 };
      continue;
    }
    at.set(c.key, out.length);
    out.push({ key: c.key, anchor: ANCHORS.get(c.key) as Point, chips: 1, numbers: c.numbers });
  }
  return ok(out);
}

/**
 * The numbers a bet covers (the hover/press preview), ascending: a simple spot's numbers, or the
 * union of a racetrack bet's chips. Violations from `parseSpot` are returned as they are.
 */
export function rouletteCoveredNumbers(key: string, profile: RouletteProfile): Result<number[]> {
  const parsed = parseSpot(key, profile);
  if (!parsed.ok) return parsed;
  const nums = parsed.value.type === 'simple' ? parsed.value.numbers : parsed.value.chips.flatMap((c) => c.numbers);
  return ok([...new Set(nums)].sort((a, b) => a - b));
}
