import { ok, violation, type Result } from '../common/result.js';
import { rouletteChipPlacements, type ChipPlacement } from './layout.js';
import type { RouletteProfile } from './profiles.js';
import { ANNOUNCED_CHIPS, ALL_SIMPLE_SPOTS, parseSpot, type AnnouncedKind } from './spots.js';
import { colourOf, WHEEL_ORDER, type Colour } from './wheel.js';

/**
 * The racetrack for display (ROU-2 announced bets): the wheel-order ring, the French sectors as arcs
 * of it, and previews of neighbours and announced bets with their chips. Everything is derived from
 * `WHEEL_ORDER` and the chip lists in `spots.ts` (the expansion is `parseSpot`'s, never re-declared).
 */

export type FixedAnnouncedKind = Exclude<AnnouncedKind, 'neighbours'>;
/** The three sectors that partition the wheel (jeu zéro is a part of voisins du zéro). */
export const RACETRACK_SECTOR_KINDS = ['voisins', 'tiers', 'orphelins'] as const;
export type RacetrackSectorKind = (typeof RACETRACK_SECTOR_KINDS)[number];

const NUMBERS_OF = new Map(ALL_SIMPLE_SPOTS.map((s) => [s.key, s.numbers]));
const coveredBy = (kind: FixedAnnouncedKind): ReadonlySet<number> => new Set(ANNOUNCED_CHIPS[kind].flatMap((k) => NUMBERS_OF.get(k) ?? []));
const COVERED: Readonly<Record<FixedAnnouncedKind, ReadonlySet<number>>> = {
  voisins: coveredBy('voisins'),
  tiers: coveredBy('tiers'),
  orphelins: coveredBy('orphelins'),
  'jeu-zero': coveredBy('jeu-zero'),
};

export interface RacetrackPocket {
  readonly number: number;
  /** Position on the wheel, clockwise from 0 (0–36). */
  readonly index: number;
  readonly colour: Colour;
  readonly sector: RacetrackSectorKind;
  /** Part of jeu zéro (a subset of voisins du zéro). */
  readonly jeuZero: boolean;
}

function sectorOf(n: number): RacetrackSectorKind {
  const s = RACETRACK_SECTOR_KINDS.find((k) => COVERED[k].has(n));
  if (!s) throw new Error(`pocket ${n} is in no racetrack sector`);
  return s;
}

/** The ring in wheel order, clockwise from 0, for drawing the racetrack. */
export const RACETRACK_RING: readonly RacetrackPocket[] = WHEEL_ORDER.map((number, index) => ({
  number,
  index,
  colour: colourOf(number),
  sector: sectorOf(number),
  jeuZero: COVERED['jeu-zero'].has(number),
}));

export interface RingArc {
  /** Ring index of the arc's first pocket (clockwise). */
  readonly start: number;
  readonly length: number;
  /** The arc's numbers, clockwise. */
  readonly numbers: readonly number[];
}

export interface RacetrackSector {
  readonly kind: FixedAnnouncedKind;
  /** Covered numbers, ascending. */
  readonly numbers: readonly number[];
  /** Contiguous arcs of the ring (orphelins has two), clockwise, each starting after a gap. */
  readonly arcs: readonly RingArc[];
}

/** Contiguous runs of ring positions where `inside` holds (wrapping past 0). */
export function ringArcs(inside: (n: number) => boolean): RingArc[] {
  const N = WHEEL_ORDER.length;
  const at = (i: number): number => WHEEL_ORDER[((i % N) + N) % N] as number;
  if (WHEEL_ORDER.every(inside)) return [{ start: 0, length: N, numbers: WHEEL_ORDER.slice() }];
  const arcs: RingArc[] = [];
  for (let i = 0; i < N; i++) {
    if (!inside(at(i)) || inside(at(i - 1))) continue;
    const numbers: number[] = [];
    for (let j = i; inside(at(j)); j++) numbers.push(at(j));
    arcs.push({ start: i, length: numbers.length, numbers });
  }
  return arcs;
}

/** The French sectors and jeu zéro as ring arcs. */
export const RACETRACK_SECTORS: readonly RacetrackSector[] = (['voisins', 'tiers', 'orphelins', 'jeu-zero'] as const).map((kind) => ({
  kind,
  numbers: [...COVERED[kind]].sort((a, b) => a - b),
  arcs: ringArcs((n) => COVERED[kind].has(n)),
}));

export interface RacetrackPreview {
  readonly key: string;
  readonly kind: AnnouncedKind;
  /** Equal chips the stake is split into (the stake must be a multiple of this, ROU-2). */
  readonly chipCount: number;
  /** Chips on the layout, grouped by spot. */
  readonly placements: readonly ChipPlacement[];
  /** Covered numbers, ascending. */
  readonly numbers: readonly number[];
  /** Covered numbers in wheel order starting from the ring's 0 (for highlighting the ring). */
  readonly ringIndexes: readonly number[];
}

/**
 * Preview of a racetrack bet (`voisins`, `tiers`, `orphelins`, `jeu-zero`, `neighbours:N:K`): its
 * chips and covered numbers, from the same expansion the kernel settles. Violations from `parseSpot`
 * (`ANNOUNCED_BETS_DISABLED`, neighbours K out of range, …) are returned as they are; a simple spot is
 * `NOT_A_RACETRACK_BET`.
 */
export function racetrackBetPreview(key: string, profile: RouletteProfile): Result<RacetrackPreview> {
  const parsed = parseSpot(key, profile);
  if (!parsed.ok) return parsed;
  const s = parsed.value;
  if (s.type !== 'announced') return violation('NOT_A_RACETRACK_BET', 'ROU-2', `${s.key} is a layout bet, not a racetrack bet.`, { spot: key });
  const placements = rouletteChipPlacements(s.key, profile);
  if (!placements.ok) return placements;
  const covered = new Set(s.chips.flatMap((c) => c.numbers));
  return ok({
    key: s.key,
    kind: s.kind,
    chipCount: s.chips.length,
    placements: placements.value,
    numbers: [...covered].sort((a, b) => a - b),
    ringIndexes: RACETRACK_RING.filter((p) => covered.has(p.number)).map((p) => p.index),
  });
}

/** `neighbours:n:k` preview (k = 1…profile.racetrack.neighboursMax): 2k+1 straight chips in wheel order. */
export function neighboursPreview(n: number, k: number, profile: RouletteProfile): Result<RacetrackPreview> {
  return racetrackBetPreview(`neighbours:${n}:${k}`, profile);
}
