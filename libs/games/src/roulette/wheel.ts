/**
 * ROU-1: the single-zero wheel as data. Pockets 0–36; 18 red, 18 black, 0 green.
 */

/** Number of pockets on the wheel (0–36). */
export const POCKET_COUNT = 37;

/** Every pocket number, ascending. */
export const POCKETS: readonly number[] = Array.from({ length: POCKET_COUNT }, (_, i) => i);

/** ROU-1 red numbers. */
export const RED_NUMBERS: readonly number[] = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36];

/** ROU-1 wheel order, clockwise, starting at 0. */
export const WHEEL_ORDER: readonly number[] = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22, 18, 29, 7, 28, 12, 35, 3, 26,
];

export const COLOURS = ['red', 'black', 'green'] as const;
export type Colour = (typeof COLOURS)[number];

const RED = new Set(RED_NUMBERS);

/** True for an integer 0–36 (ROU-1). */
export function isPocket(n: unknown): n is number {
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 && n < POCKET_COUNT;
}

export function colourOf(n: number): Colour {
  if (n === 0) return 'green';
  return RED.has(n) ? 'red' : 'black';
}

/**
 * The pocket `n` with `k` neighbours either side on the wheel, in clockwise wheel order
 * (so `wheelNeighbours(0, 2)` = [3, 26, 0, 32, 15]); wraps around the ends of WHEEL_ORDER.
 */
export function wheelNeighbours(n: number, k: number): number[] {
  const at = WHEEL_ORDER.indexOf(n);
  if (at < 0) throw new Error(`not a pocket: ${n}`);
  const out: number[] = [];
  for (let d = -k; d <= k; d++) out.push(WHEEL_ORDER[(((at + d) % POCKET_COUNT) + POCKET_COUNT) % POCKET_COUNT] as number);
  return out;
}
