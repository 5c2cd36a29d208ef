import { ratio, type Ratio, type Rounding } from '../common/money.js';
import { ok, violation, type Result } from '../common/result.js';

/**
 * Money Wheel rules as data + pure functions (docs/rules MW-1..MW-4).
 *
 * - MW-1 A vertical wheel of N segments (the profile's `layout`): number segments pay that number to 1
 *   (the profile's paytable), multiplier segments (`2x`, `7x`) cannot be bet on.
 * - MW-2 A multiplier segment keeps every bet standing and the wheel spins again; the multiplier applies
 *   to the next result; multipliers stack (multiplied together by default: 2x then 7x then 5 pays
 *   5 × 2 × 7 = 70 to 1; `stacking: 'add'` for operators who add them).
 * - MW-3 A pointer on a segment border: the segment being entered in the spin direction wins.
 * - MW-4 A spin is valid only after `minTurns` full turns of the wheel; otherwise it is void and repeated
 *   (bets stay). `maxInvalidSpins` invalid spins in a row void the round with refunds (GEN-6).
 *
 * Geometry (MW-3): segments are indexed 0..N−1 clockwise on the wheel face as the players see it; the
 * pointer is fixed at the top. Border `k` lies between segment `k` and segment `k+1 (mod N)`. A wheel
 * turning clockwise brings lower indices under the pointer, so on border `k` a clockwise spin is
 * entering segment `k` and a counter-clockwise spin is entering segment `k+1 (mod N)`.
 *
 * Canonical bet spot keys (`spot` of a BetRequest; the limits `kind` is the spot itself, since tables
 * set a different maximum per number): `number:1`, `number:2`, `number:5`, `number:10`, `number:20`,
 * `number:40` — exactly the numbers the profile's layout holds.
 */

/** One segment label as printed on the wheel: a number (`"10"`) or a multiplier (`"7x"`). */
export type SegmentLabel = string;

export type Segment = { readonly type: 'number'; readonly value: number } | { readonly type: 'multiplier'; readonly factor: number };

export const DIRECTIONS = ['cw', 'ccw'] as const;
export type Direction = (typeof DIRECTIONS)[number];

export const STACKING = ['multiply', 'add'] as const;
export type Stacking = (typeof STACKING)[number];

/** A Money Wheel rule profile (D-2: a variant is a new profile object, not new code). */
export interface MoneyWheelProfile {
  readonly id: string;
  readonly name: string;
  /** MW-1: the segments in clockwise order from index 0 (see the geometry note above). */
  readonly layout: readonly SegmentLabel[];
  /** MW-1: number → pay "P:1" (default: the number itself to 1). Every number of the layout has a pay. */
  readonly pays: Readonly<Record<string, Ratio>>;
  /** MW-2: how consecutive multipliers combine. */
  readonly stacking: Stacking;
  /** MW-2: the stacked multiplier never exceeds this (an operator's maximum); null = unlimited. */
  readonly multiplierCap: number | null;
  /** MW-4: minimum full wheel turns for a valid spin (default 1). */
  readonly minTurns: number;
  /** MW-4: invalid spins in a row after which the round is voided with refunds instead of re-spun. */
  readonly maxInvalidSpins: number;
  /** Rounding of a fractional payout (only relevant for non-integer paytables). */
  readonly payoutRounding: Rounding;
}

/**
 * The default 54-segment wheel (the common "dream catcher" distribution: 23×1, 15×2, 7×5, 4×10, 2×20,
 * 1×40, 1×2x, 1×7x). docs/rules MW-1 lists 2×"2x", but its counts then add up to 55, not the
 * stated 54; the 55-segment reading is the `two-doubles` profile below.
 */
export const STANDARD_LAYOUT: readonly SegmentLabel[] = [
  '1', '2x', '2', '1', '5', '2', '1', '10', '1', '2', '1', '5', '2', '1', '20', '1', '2', '1', '5', '2', '1', '10', '1', '2', '1', '1', '2',
  '5', '40', '7x', '1', '2', '1', '10', '1', '2', '5', '1', '2', '1', '20', '1', '2', '5', '1', '2', '1', '10', '1', '2', '5', '1', '2', '1',
];

/** docs/rules MW-1's counts taken literally: 23×1, 15×2, 7×5, 4×10, 2×20, 1×40, 2×2x, 1×7x = 55 segments. */
export const TWO_DOUBLES_LAYOUT: readonly SegmentLabel[] = [
  '1', '2x', '2', '1', '5', '2', '1', '10', '1', '2', '1', '5', '2', '1', '20', '1', '2', '1', '5', '2', '1', '10', '1', '2', '1', '1', '2',
  '5', '40', '7x', '1', '2', '1', '10', '1', '2', '5', '1', '2', '1', '20', '2x', '1', '2', '5', '1', '2', '1', '10', '1', '2', '5', '1', '2', '1',
];

const NUMBER_PAYS: Readonly<Record<string, Ratio>> = { '1': ratio(1), '2': ratio(2), '5': ratio(5), '10': ratio(10), '20': ratio(20), '40': ratio(40) };

/**
 * The studio default: the 54-segment wheel, multipliers multiply (2x then 7x = 14x), at most 1000x on
 * one result. The cap is the operator's maximum (D-1: a stake times the highest payout must stay an
 * exact integer, so a live wheel needs one; "consecutive multipliers are unlimited subject to a
 * maximum win" is how studios word it). `unlimited` below is MW-2 without any cap.
 */
export const MONEY_WHEEL_STANDARD: MoneyWheelProfile = {
  id: 'standard',
  name: 'Money Wheel (54 segments, 2x and 7x multiply, at most 1000x, MW-1..MW-4)',
  layout: STANDARD_LAYOUT,
  pays: NUMBER_PAYS,
  stacking: 'multiply',
  multiplierCap: 1000,
  minTurns: 1,
  maxInvalidSpins: 3,
  payoutRounding: 'down',
};

/**
 * MW-2 to the letter: multipliers stack without limit. Exact RTP and `felt settle` work; a live table
 * cannot run it (no stake has an exact highest payout: `checkLiveProfile` says PROFILE_UNSUPPORTED).
 */
export const MONEY_WHEEL_UNLIMITED: MoneyWheelProfile = {
  ...MONEY_WHEEL_STANDARD,
  id: 'unlimited',
  name: 'Money Wheel (54 segments, multipliers stack without limit; RTP and dispute tool only)',
  multiplierCap: null,
};

export const MONEY_WHEEL_TWO_DOUBLES: MoneyWheelProfile = {
  ...MONEY_WHEEL_STANDARD,
  id: 'two-doubles',
  name: 'Money Wheel (55 segments with two 2x, the counts of docs/rules MW-1; at most 1000x)',
  layout: TWO_DOUBLES_LAYOUT,
};

/** An operator's variant, only data (D-2): multipliers add (2x then 7x = 9x), capped at 50x, two turns. */
export const MONEY_WHEEL_CAPPED: MoneyWheelProfile = {
  ...MONEY_WHEEL_STANDARD,
  id: 'capped',
  name: 'Money Wheel (multipliers add, capped at 50x, at least 2 turns)',
  stacking: 'add',
  multiplierCap: 50,
  minTurns: 2,
};

export const moneyWheelProfiles: Readonly<Record<string, MoneyWheelProfile>> = {
  standard: MONEY_WHEEL_STANDARD,
  unlimited: MONEY_WHEEL_UNLIMITED,
  'two-doubles': MONEY_WHEEL_TWO_DOUBLES,
  capped: MONEY_WHEEL_CAPPED,
};

const NUMBER_RE = /^[1-9]\d{0,5}$/;
const MULT_RE = /^([1-9]\d{0,3})x$/;

/** MW-1: a printed label → a segment, or null when the label is neither a number nor `<n>x`. */
export function parseLabel(label: string): Segment | null {
  if (NUMBER_RE.test(label)) return { type: 'number', value: Number(label) };
  const m = MULT_RE.exec(label);
  if (m && m[1] !== undefined) return { type: 'multiplier', factor: Number(m[1]) };
  return null;
}

/**
 * Checks that a profile is usable (run by the tests over every shipped profile, and by anything that
 * loads a profile from data): at least two segments, every label parses, every multiplier ≥ 2 (so a
 * chain strictly grows), every number has a pay, minTurns ≥ 0, maxInvalidSpins ≥ 1.
 */
export function checkProfile(p: MoneyWheelProfile): Result<MoneyWheelProfile> {
  const bad = (message: string) => violation('PROFILE_UNSUPPORTED', 'MW-1', `Money Wheel profile "${p.id}": ${message}`);
  if (p.layout.length < 2) return bad('a wheel needs at least two segments.');
  for (const [i, label] of p.layout.entries()) {
    const s = parseLabel(label);
    if (s === null) return bad(`segment ${i} has an unknown label "${label}".`);
    if (s.type === 'multiplier' && s.factor < 2) return bad(`segment ${i}: a multiplier must be at least 2x.`);
    if (s.type === 'number') {
      const pay = p.pays[label];
      if (!pay || !Number.isSafeInteger(pay.num) || !Number.isSafeInteger(pay.den) || pay.num <= 0 || pay.den <= 0) return bad(`number ${label} has no valid pay.`);
    }
  }
  if (!p.layout.some((l) => parseLabel(l)?.type === 'number')) return bad('the wheel has no number segment.');
  if (!Number.isFinite(p.minTurns) || p.minTurns < 0) return bad('minTurns must be ≥ 0.');
  if (!Number.isSafeInteger(p.maxInvalidSpins) || p.maxInvalidSpins < 1) return bad('maxInvalidSpins must be a whole number ≥ 1.');
  if (p.multiplierCap !== null && (!Number.isSafeInteger(p.multiplierCap) || p.multiplierCap < 1)) return bad('multiplierCap must be a whole number ≥ 1 or null.');
  return ok(p);
}

/** The highest total return of one stake unit (stake included): 1 + highest pay × cap; Infinity uncapped. */
export function maxReturnMultiple(p: MoneyWheelProfile): number {
  let best = 0;
  for (const l of p.layout) {
    const pay = p.pays[l];
    if (parseLabel(l)?.type === 'number' && pay) best = Math.max(best, pay.num / pay.den);
  }
  return p.multiplierCap === null ? Number.POSITIVE_INFINITY : 1 + best * p.multiplierCap;
}

/** A profile a live table can run: a valid profile with a multiplier cap (D-1). */
export function checkLiveProfile(p: MoneyWheelProfile): Result<MoneyWheelProfile> {
  const c = checkProfile(p);
  if (!c.ok) return c;
  if (p.multiplierCap === null) return violation('PROFILE_UNSUPPORTED', 'D-1', `Money Wheel profile "${p.id}" stacks multipliers without limit: no stake has an exact highest payout, so a live table cannot run it (use a profile with a multiplierCap).`);
  return c;
}

/** The segment at an index of the profile's wheel (index must be in range). */
export function segmentAt(p: MoneyWheelProfile, index: number): Segment {
  const label = p.layout[index];
  const s = label === undefined ? null : parseLabel(label);
  if (s === null) throw new Error(`segment ${index} is not on the ${p.id} wheel`);
  return s;
}

/** The numbers a player can bet on, ascending (MW-1). */
export function betNumbers(p: MoneyWheelProfile): number[] {
  const set = new Set<number>();
  for (const l of p.layout) {
    const s = parseLabel(l);
    if (s?.type === 'number') set.add(s.value);
  }
  return [...set].sort((a, b) => a - b);
}

export const spotKey = (n: number): string => `number:${n}`;

/** Every canonical spot key of a profile. */
export const spotsOf = (p: MoneyWheelProfile): string[] => betNumbers(p).map(spotKey);

/** Parse a canonical spot key against the profile's wheel; anything else is UNKNOWN_SPOT (MW-1). */
export function parseSpot(key: string, p: MoneyWheelProfile): Result<number> {
  const m = /^number:([1-9]\d{0,5})$/.exec(key);
  const n = m && m[1] !== undefined ? Number(m[1]) : null;
  if (n !== null && betNumbers(p).includes(n)) return ok(n);
  return violation('UNKNOWN_SPOT', 'MW-1', `"${key}" is not a Money Wheel bet spot (expected one of ${spotsOf(p).join(', ')}; multiplier segments cannot be bet on).`, { spot: key });
}

/** Where the pointer stopped: on a segment, or on the border after segment `border` (MW-3). */
export type PointerStop = { readonly segment: number } | { readonly border: number };

/** One spin as reported by the wheel's sensor (or entered by the dealer and confirmed). */
export interface SpinReport {
  readonly stop: PointerStop;
  readonly direction: Direction;
  /** Full wheel turns counted for this spin (MW-4). */
  readonly turns: number;
  /** The label the reporter read, cross-checked with the layout (MW-1) when present. */
  readonly label?: SegmentLabel;
}

/** MW-3: the winning segment index of a pointer stop in a spin direction. */
export function winningIndex(p: MoneyWheelProfile, stop: PointerStop, direction: Direction): number {
  if ('segment' in stop) return stop.segment;
  const n = p.layout.length;
  return direction === 'cw' ? stop.border : (stop.border + 1) % n;
}

/** A validated spin: void (MW-4) or landing on a segment. */
export type SpinOutcome =
  | { readonly valid: false; readonly turns: number; readonly rules: readonly string[] }
  | { readonly valid: true; readonly index: number; readonly segment: Segment; readonly label: SegmentLabel; readonly border: boolean; readonly rules: readonly string[] };

const isIndex = (x: unknown, n: number): x is number => typeof x === 'number' && Number.isSafeInteger(x) && x >= 0 && x < n;

/**
 * MW-1/MW-3/MW-4: validate a spin report against the profile's wheel. A bad report (index out of
 * range, unknown direction, negative turns, a label that is not the layout's) is a violation; a report
 * with too few turns is a valid *void* spin (MW-4: not an outcome; bets stay and the wheel is re-spun).
 */
export function judgeSpin(p: MoneyWheelProfile, report: SpinReport): Result<SpinOutcome> {
  const n = p.layout.length;
  if (typeof report.turns !== 'number' || !Number.isFinite(report.turns) || report.turns < 0) {
    return violation('INVALID_RESULT', 'MW-4', `A spin reports its full wheel turns as a number ≥ 0, got ${JSON.stringify(report.turns)}.`, { turns: report.turns });
  }
  if (report.direction !== 'cw' && report.direction !== 'ccw') return violation('INVALID_RESULT', 'MW-3', `The spin direction is "cw" or "ccw", got ${JSON.stringify(report.direction)}.`);
  const stop = report.stop;
  const border = 'border' in stop;
  const at = 'segment' in stop ? stop.segment : stop.border;
  if (!isIndex(at, n)) return violation('INVALID_RESULT', 'MW-1', `A ${border ? 'border' : 'segment'} index on this ${n}-segment wheel is a whole number 0–${n - 1}, got ${JSON.stringify(at)}.`, { index: at });
  if (report.turns < p.minTurns) return ok({ valid: false, turns: report.turns, rules: ['MW-4'] });
  const index = winningIndex(p, stop, report.direction);
  const label = p.layout[index] ?? '';
  if (report.label !== undefined && report.label !== label) {
    return violation('INVALID_RESULT', 'MW-1', `Segment ${index} of the ${p.id} wheel is "${label}", but the report reads "${report.label}".`, { index, expected: label, reported: report.label });
  }
  return ok({ valid: true, index, segment: segmentAt(p, index), label, border, rules: border ? ['MW-1', 'MW-3'] : ['MW-1'] });
}

/** MW-2: the stacked multiplier after a multiplier segment (`current` null = no multiplier yet). */
export function stack(p: MoneyWheelProfile, current: number | null, factor: number): number {
  const raw = current === null ? factor : p.stacking === 'multiply' ? current * factor : current + factor;
  return p.multiplierCap === null ? raw : Math.min(raw, p.multiplierCap);
}

/** The multiplier a result is paid with (1 when no multiplier segment came before it). */
export const effectiveMultiplier = (current: number | null): number => current ?? 1;

/**
 * MW-1/MW-2: total return per unit stake (stake included) of a bet on `bet` when the chain ends on
 * `result` with the stacked multiplier `multiplier`: 1 + pay × multiplier on a win, 0 on a loss.
 * Returned as an exact ratio (numerator may exceed 2^53 only for absurd chains; callers check).
 */
export function returnMultiple(p: MoneyWheelProfile, bet: number, result: number, multiplier: number): { readonly outcome: 'win' | 'lose'; readonly num: bigint; readonly den: bigint } {
  if (bet !== result) return { outcome: 'lose', num: 0n, den: 1n };
  const pay = p.pays[String(bet)];
  if (!pay) throw new Error(`number ${bet} has no pay in profile ${p.id}`);
  const den = BigInt(pay.den);
  return { outcome: 'win', num: den + BigInt(pay.num) * BigInt(multiplier), den };
}

/** The state of a round's spin chain (MW-2, MW-4), folded from validated spins. */
export interface Chain {
  /** Valid spins that landed on multiplier segments so far, in order (their labels). */
  readonly multipliers: readonly SegmentLabel[];
  /** The stacked multiplier (null = none yet). */
  readonly multiplier: number | null;
  /** Void spins (MW-4) since the last valid spin. */
  readonly invalidInARow: number;
  /** The final number, once a valid spin lands on a number segment. */
  readonly result: number | null;
}

export const EMPTY_CHAIN: Chain = { multipliers: [], multiplier: null, invalidInARow: 0, result: null };

/** Fold one judged spin into the chain (pure; the chain must not be finished). */
export function foldSpin(p: MoneyWheelProfile, chain: Chain, spin: SpinOutcome): Chain {
  if (!spin.valid) return { ...chain, invalidInARow: chain.invalidInARow + 1 };
  if (spin.segment.type === 'multiplier') {
    return { ...chain, multipliers: [...chain.multipliers, spin.label], multiplier: stack(p, chain.multiplier, spin.segment.factor), invalidInARow: 0 };
  }
  return { ...chain, invalidInARow: 0, result: spin.segment.value };
}
