import { ok, violation, type Result } from '../common/result.js';
import type { PayoutClass, RouletteProfile } from './profiles.js';
import { isPocket, POCKETS, RED_NUMBERS, wheelNeighbours } from './wheel.js';

/**
 * ROU-2 bet spots and their canonical keys. Servers and clients send these strings as
 * `BetRequest.spot`; the kernel stores the canonical form.
 *
 * Grammar (numbers are decimal 0–36; parsing is case-insensitive, trims whitespace and accepts
 * numbers in any order, the canonical key lists them ascending without leading zeros):
 *
 *   straight:N                 one number 0–36                                   35:1
 *   split:A-B                  two adjacent numbers, incl. 0-1, 0-2, 0-3           17:1
 *   street:A-B-C               a row (1-2-3 … 34-35-36) or a trio 0-1-2 / 0-2-3     11:1
 *   corner:A-B-C-D             four numbers meeting at a corner, incl. 0-1-2-3      8:1
 *   sixline:A-B-C-D-E-F        two adjacent rows (1-…-6 … 31-…-36)                  5:1
 *   column:1|2|3               column 1 = 1,4,…,34; 2 = 2,5,…,35; 3 = 3,6,…,36      2:1
 *   dozen:1|2|3                1–12, 13–24, 25–36                                   2:1
 *   red | black | odd | even | low | high     (low = 1–18, high = 19–36)          1:1
 *
 * Announced (racetrack) bets, only where the profile's racetrack is enabled; each is ONE bet whose
 * stake is split evenly over its chips (the stake must be a multiple of the chip count):
 *
 *   neighbours:N[:K]           N and K neighbours either side on the wheel (K 1–9, default 2): 2K+1 straights
 *   voisins                    9 chips: 0-2-3 street ×2, splits 4-7 12-15 18-21 19-22 32-35, corner 25-26-28-29 ×2
 *   tiers                      6 splits: 5-8 10-11 13-16 23-24 27-30 33-36
 *   orphelins                  5 chips: straight 1, splits 6-9 14-17 17-20 31-34
 *   jeu-zero                   4 chips: split 0-3, split 12-15, straight 26, split 32-35
 *
 * Canonical neighbours keys always carry K (`neighbours:17:2`).
 */

export const INSIDE_KINDS = ['straight', 'split', 'street', 'corner', 'sixline'] as const;
export const DOZEN_COLUMN_KINDS = ['column', 'dozen'] as const;
export const EVEN_MONEY_KINDS = ['red', 'black', 'odd', 'even', 'low', 'high'] as const;
export const ANNOUNCED_KINDS = ['neighbours', 'voisins', 'tiers', 'orphelins', 'jeu-zero'] as const;

export type InsideKind = (typeof INSIDE_KINDS)[number];
export type EvenMoneyKind = (typeof EVEN_MONEY_KINDS)[number];
export type SimpleKind = InsideKind | (typeof DOZEN_COLUMN_KINDS)[number] | EvenMoneyKind;
export type AnnouncedKind = (typeof ANNOUNCED_KINDS)[number];
export type SpotKind = SimpleKind | AnnouncedKind;

/** A bet on one place of the layout: wins when the number is in `numbers`. */
export interface SimpleSpot {
  readonly type: 'simple';
  readonly kind: SimpleKind;
  /** Canonical key. */
  readonly key: string;
  /** Covered numbers, ascending. */
  readonly numbers: readonly number[];
}

/** A racetrack bet: one bet, expanded into equal chips on simple spots. */
export interface AnnouncedSpot {
  readonly type: 'announced';
  readonly kind: AnnouncedKind;
  readonly key: string;
  /** Chips in the standard order (a spot may repeat: voisins has two 0-2-3 and two 25-26-28-29 chips). */
  readonly chips: readonly SimpleSpot[];
}

export type Spot = SimpleSpot | AnnouncedSpot;

/** Spot error codes. */
export const SPOT_CODES = ['INVALID_SPOT', 'INVALID_NUMBER', 'INVALID_GEOMETRY', 'ANNOUNCED_BETS_DISABLED'] as const;

const INSIDE_SIZE: Readonly<Record<InsideKind, number>> = { straight: 1, split: 2, street: 3, corner: 4, sixline: 6 };

export function payoutClassOf(kind: SimpleKind): PayoutClass {
  switch (kind) {
    case 'straight':
    case 'split':
    case 'street':
    case 'corner':
    case 'sixline':
    case 'column':
    case 'dozen':
      return kind;
    case 'red':
    case 'black':
    case 'odd':
    case 'even':
    case 'low':
    case 'high':
      return 'evenMoney';
  }
}

const key = (kind: string, nums: readonly number[]): string => `${kind}:${nums.join('-')}`;
const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const row = (r: number): number[] => [3 * r - 2, 3 * r - 1, 3 * r];

/**
 * Every legal inside spot of the real layout (rows of 3 from 1-2-3 to 34-35-36, 0 above the first row).
 * Counts: 37 straights, 60 splits, 14 streets, 23 corners, 11 six lines.
 */
function buildInside(): Readonly<Record<InsideKind, readonly (readonly number[])[]>> {
  const straight = POCKETS.map((n) => [n]);
  const split: number[][] = [[0, 1], [0, 2], [0, 3]];
  for (let n = 1; n <= 36; n++) {
    if (n % 3 !== 0) split.push([n, n + 1]);
    if (n <= 33) split.push([n, n + 3]);
  }
  const street: number[][] = [[0, 1, 2], [0, 2, 3], ...range(1, 12).map(row)];
  const corner: number[][] = [[0, 1, 2, 3]];
  for (let n = 1; n <= 32; n++) if (n % 3 !== 0) corner.push([n, n + 1, n + 3, n + 4]);
  const sixline = range(1, 11).map((r) => [...row(r), ...row(r + 1)]);
  return { straight, split, street, corner, sixline };
}

const INSIDE = buildInside();

const EVEN_MONEY_NUMBERS: Readonly<Record<EvenMoneyKind, readonly number[]>> = {
  red: RED_NUMBERS,
  black: range(1, 36).filter((n) => !RED_NUMBERS.includes(n)),
  odd: range(1, 36).filter((n) => n % 2 === 1),
  even: range(1, 36).filter((n) => n % 2 === 0),
  low: range(1, 18),
  high: range(19, 36),
};

export const columnNumbers = (c: 1 | 2 | 3): number[] => range(1, 36).filter((n) => (n - 1) % 3 === c - 1);
export const dozenNumbers = (d: 1 | 2 | 3): number[] => range(12 * d - 11, 12 * d);

const simple = (kind: SimpleKind, k: string, numbers: readonly number[]): SimpleSpot => ({ type: 'simple', kind, key: k, numbers });

/** Every simple (non-announced) spot of the layout, canonical, in a stable order. */
export const ALL_SIMPLE_SPOTS: readonly SimpleSpot[] = [
  ...INSIDE_KINDS.flatMap((k) => INSIDE[k].map((nums) => simple(k, key(k, nums), nums))),
  ...([1, 2, 3] as const).map((c) => simple('column', `column:${c}`, columnNumbers(c))),
  ...([1, 2, 3] as const).map((d) => simple('dozen', `dozen:${d}`, dozenNumbers(d))),
  ...EVEN_MONEY_KINDS.map((k) => simple(k, k, EVEN_MONEY_NUMBERS[k])),
];

const BY_KEY: ReadonlyMap<string, SimpleSpot> = new Map(ALL_SIMPLE_SPOTS.map((s) => [s.key, s]));

/** The standard chips of the fixed announced bets (as listed in the spot grammar above). */
export const ANNOUNCED_CHIPS: Readonly<Record<Exclude<AnnouncedKind, 'neighbours'>, readonly string[]>> = {
  voisins: ['street:0-2-3', 'street:0-2-3', 'split:4-7', 'split:12-15', 'split:18-21', 'split:19-22', 'split:32-35', 'corner:25-26-28-29', 'corner:25-26-28-29'],
  tiers: ['split:5-8', 'split:10-11', 'split:13-16', 'split:23-24', 'split:27-30', 'split:33-36'],
  orphelins: ['straight:1', 'split:6-9', 'split:14-17', 'split:17-20', 'split:31-34'],
  'jeu-zero': ['split:0-3', 'split:12-15', 'straight:26', 'split:32-35'],
};

function chipOf(k: string): SimpleSpot {
  const s = BY_KEY.get(k);
  if (!s) throw new Error(`announced chip is not a layout spot: ${k}`);
  return s;
}

const ANNOUNCED_FIXED: Readonly<Record<Exclude<AnnouncedKind, 'neighbours'>, AnnouncedSpot>> = {
  voisins: { type: 'announced', kind: 'voisins', key: 'voisins', chips: ANNOUNCED_CHIPS.voisins.map(chipOf) },
  tiers: { type: 'announced', kind: 'tiers', key: 'tiers', chips: ANNOUNCED_CHIPS.tiers.map(chipOf) },
  orphelins: { type: 'announced', kind: 'orphelins', key: 'orphelins', chips: ANNOUNCED_CHIPS.orphelins.map(chipOf) },
  'jeu-zero': { type: 'announced', kind: 'jeu-zero', key: 'jeu-zero', chips: ANNOUNCED_CHIPS['jeu-zero'].map(chipOf) },
};

/** `neighbours:N:K` → 2K+1 straight chips in wheel order. */
export function neighboursSpot(n: number, k: number): AnnouncedSpot {
  return { type: 'announced', kind: 'neighbours', key: `neighbours:${n}:${k}`, chips: wheelNeighbours(n, k).map((x) => chipOf(`straight:${x}`)) };
}

/** Every announced spot a profile allows (neighbours with the default K for each N). */
export function announcedSpots(profile: RouletteProfile): AnnouncedSpot[] {
  if (!profile.racetrack.enabled) return [];
  return [...Object.values(ANNOUNCED_FIXED), ...POCKETS.map((n) => neighboursSpot(n, profile.racetrack.neighboursDefault))];
}

const bad = (code: (typeof SPOT_CODES)[number], ruleId: string | null, message: string, details: Record<string, unknown>) => violation(code, ruleId, message, details);

function parseNumber(raw: string, spot: string): Result<number> {
  if (!/^\d{1,2}$/.test(raw)) return bad('INVALID_NUMBER', 'ROU-1', `"${raw}" is not a roulette number (0–36).`, { spot, number: raw });
  const n = Number(raw);
  if (!isPocket(n)) return bad('INVALID_NUMBER', 'ROU-1', `${n} is not a roulette number (0–36).`, { spot, number: n });
  return ok(n);
}

const isInsideKind = (s: string): s is InsideKind => (INSIDE_KINDS as readonly string[]).includes(s);
const isEvenMoneyKind = (s: string): s is EvenMoneyKind => (EVEN_MONEY_KINDS as readonly string[]).includes(s);
const isFixedAnnounced = (s: string): s is Exclude<AnnouncedKind, 'neighbours'> => s === 'voisins' || s === 'tiers' || s === 'orphelins' || s === 'jeu-zero';

function parseInside(kind: InsideKind, arg: string, spot: string): Result<SimpleSpot> {
  const parts = arg.split('-');
  const size = INSIDE_SIZE[kind];
  if (parts.length !== size) return bad('INVALID_SPOT', 'ROU-2', `A ${kind} bet names ${size} number${size === 1 ? '' : 's'} (e.g. ${ALL_SIMPLE_SPOTS.find((s) => s.kind === kind)?.key}).`, { spot, kind });
  const nums: number[] = [];
  for (const p of parts) {
    const n = parseNumber(p, spot);
    if (!n.ok) return n;
    nums.push(n.value);
  }
  nums.sort((a, b) => a - b);
  const k = key(kind, nums);
  const found = BY_KEY.get(k);
  if (!found) {
    return bad('INVALID_GEOMETRY', 'ROU-2', `${nums.join('-')} is not a ${kind} on the roulette layout (ROU-2).`, { spot, kind, numbers: nums });
  }
  return ok(found);
}

function parseClass(kind: 'column' | 'dozen', arg: string, spot: string): Result<SimpleSpot> {
  if (arg !== '1' && arg !== '2' && arg !== '3') return bad('INVALID_SPOT', 'ROU-2', `A ${kind} is 1, 2 or 3 (e.g. ${kind}:1).`, { spot, kind });
  return ok(chipOf(`${kind}:${arg}`));
}

/**
 * Parse a spot key into its canonical spot (ROU-2), or a violation: `INVALID_SPOT` (grammar),
 * `INVALID_NUMBER` (not 0–36, ROU-1), `INVALID_GEOMETRY` (numbers not adjacent on the layout, ROU-2),
 * `ANNOUNCED_BETS_DISABLED` (racetrack bet on a profile without racetrack).
 */
export function parseSpot(raw: string, profile: RouletteProfile): Result<Spot> {
  if (typeof raw !== 'string') return bad('INVALID_SPOT', 'ROU-2', 'A bet spot is a string such as "straight:17" or "red".', { spot: raw });
  const spot = raw.trim().toLowerCase();
  const colon = spot.indexOf(':');
  const kind = colon < 0 ? spot : spot.slice(0, colon);
  const arg = colon < 0 ? null : spot.slice(colon + 1);
  if (isInsideKind(kind)) {
    if (arg === null) return bad('INVALID_SPOT', 'ROU-2', `A ${kind} bet names its numbers, e.g. ${kind}:…`, { spot: raw, kind });
    return parseInside(kind, arg, raw);
  }
  if (kind === 'column' || kind === 'dozen') {
    if (arg === null) return bad('INVALID_SPOT', 'ROU-2', `A ${kind} is 1, 2 or 3 (e.g. ${kind}:1).`, { spot: raw, kind });
    return parseClass(kind, arg, raw);
  }
  if (isEvenMoneyKind(kind)) {
    if (arg !== null) return bad('INVALID_SPOT', 'ROU-2', `"${kind}" takes no argument.`, { spot: raw, kind });
    return ok(chipOf(kind));
  }
  if (kind === 'neighbours' || isFixedAnnounced(kind)) {
    if (!profile.racetrack.enabled) return bad('ANNOUNCED_BETS_DISABLED', 'ROU-2', `Racetrack bets such as ${kind} are not offered at this table (profile ${profile.id}).`, { spot: raw, kind, profileId: profile.id });
    if (kind !== 'neighbours') {
      if (arg !== null) return bad('INVALID_SPOT', 'ROU-2', `"${kind}" takes no argument.`, { spot: raw, kind });
      return ok(ANNOUNCED_FIXED[kind]);
    }
    const parts = arg === null ? [] : arg.split(':');
    if (parts.length < 1 || parts.length > 2) return bad('INVALID_SPOT', 'ROU-2', 'A neighbours bet is neighbours:N or neighbours:N:K (e.g. neighbours:17:2).', { spot: raw, kind });
    const n = parseNumber(parts[0] as string, raw);
    if (!n.ok) return n;
    const { neighboursDefault, neighboursMax } = profile.racetrack;
    let k = neighboursDefault;
    if (parts.length === 2) {
      const kRaw = parts[1] as string;
      if (!/^\d{1,2}$/.test(kRaw) || Number(kRaw) < 1 || Number(kRaw) > neighboursMax) {
        return bad('INVALID_SPOT', 'ROU-2', `Neighbours either side must be 1–${neighboursMax}.`, { spot: raw, kind, neighbours: kRaw });
      }
      k = Number(kRaw);
    }
    return ok(neighboursSpot(n.value, k));
  }
  return bad('INVALID_SPOT', 'ROU-2', `Unknown bet spot "${raw}".`, { spot: raw });
}

/** Number of equal chips a spot's stake is split into (1 for simple spots). */
export const chipCount = (spot: Spot): number => (spot.type === 'simple' ? 1 : spot.chips.length);
