import { ok, violation, type Result } from '../common/result.js';

/**
 * A tournament's published terms as data (issue 24; docs/tournaments.md): the blind/ante structure with its
 * breaks, the fees, the starting stack, registration and re-entry options, and the payout table. Tournament
 * chips are points with no cash value (001 §2.3, RAY I 1.4); money is integer minor units of `currency`.
 */

/** One step of the structure: a level (blinds and ante in tournament chips) or a break (no hands are dealt). */
export type StructureItem =
  | { readonly type: 'level'; readonly smallBlind: number; readonly bigBlind: number; readonly ante: number; readonly durationMs: number }
  | { readonly type: 'break'; readonly durationMs: number };

/** A row of the published payout table: for a field of minEntries..maxEntries entries, basis points per place (1st first), summing to 10 000. */
export interface PayoutRow {
  readonly minEntries: number;
  readonly maxEntries: number;
  readonly basisPoints: readonly number[];
}

export interface TournamentDef {
  readonly tournamentId: string;
  readonly name: string;
  /** `sit-and-go`: starts when `maxPlayers` have registered; `scheduled`: starts at `startsAt` with at least `minPlayers`. */
  readonly kind: 'sit-and-go' | 'scheduled';
  readonly currency: string;
  /** the startavgift (001 §2.3): goes into the prize pool. */
  readonly buyInMinor: number;
  /** the anmälningsavgift (001 §2.3): the house's fee. */
  readonly feeMinor: number;
  /** equal for every entry (001 §2.3: "startmarker"). */
  readonly startingStack: number;
  readonly seatsPerTable: number;
  readonly minPlayers: number;
  readonly maxPlayers: number;
  readonly startsAt: number | null;
  readonly structure: readonly StructureItem[];
  /** TRN-LATE: registration (and re-entry) stays open while the structure item index is below this (0 = closes at the start). */
  readonly lateRegistrationLevels: number;
  /** TRN-REENTRY (001 §2.3 "under en bestämd tid i början"): a busted player may buy a new entry while the structure index is below `untilLevel`, at most `maxReEntries` times; null = no re-entry. */
  readonly reEntry: { readonly maxReEntries: number; readonly untilLevel: number } | null;
  /** TRN-PAY: the published payout table. */
  readonly payoutTable: readonly PayoutRow[];
  /**
   * S1-TIMEBANK (TRN-TIMEBANK): each entry's time bank for the whole tournament (ms; absent or 0: none). A player
   * pressing it on their turn adds what is left of it to their action clock; what they spend past the clock is gone
   * for the rest of the tournament, and once it is used up there is no more extra time.
   */
  readonly timeBankMs?: number;
}

/**
 * TRN-PAY: the published payout table (basis points of the prize pool per place by field size). The
 * studio's default; a tournament may publish its own (validated: rows cover 2..maxPlayers without gaps,
 * each row sums to 10 000, places never more than the smallest field of the row).
 */
export const STANDARD_PAYOUTS: readonly PayoutRow[] = [
  { minEntries: 2, maxEntries: 5, basisPoints: [10_000] },
  { minEntries: 6, maxEntries: 9, basisPoints: [6_500, 3_500] },
  { minEntries: 10, maxEntries: 18, basisPoints: [5_000, 3_000, 2_000] },
  { minEntries: 19, maxEntries: 27, basisPoints: [4_000, 2_500, 1_600, 1_100, 800] },
  { minEntries: 28, maxEntries: 45, basisPoints: [3_500, 2_200, 1_500, 1_100, 900, 800] },
  { minEntries: 46, maxEntries: 10_000, basisPoints: [3_000, 2_000, 1_300, 1_000, 800, 700, 600, 600] },
];

/** A turbo structure for sit-and-gos and tests: 12 levels, a break after the 4th, then the last level for good. */
export function turboStructure(levelMs: number, breakMs = levelMs): StructureItem[] {
  const blinds: [number, number, number][] = [
    [10, 20, 0], [15, 30, 0], [25, 50, 5], [50, 100, 10], [75, 150, 15], [100, 200, 25],
    [150, 300, 40], [200, 400, 50], [300, 600, 75], [400, 800, 100], [600, 1_200, 150], [1_000, 2_000, 250],
  ];
  const items: StructureItem[] = blinds.map(([smallBlind, bigBlind, ante]) => ({ type: 'level', smallBlind, bigBlind, ante, durationMs: levelMs }));
  items.splice(4, 0, { type: 'break', durationMs: breakMs });
  return items;
}

/**
 * A standard (slower) structure for scheduled tournaments: 18 levels rising about a third at a time, antes from
 * the 4th, a break after every 4th level, then the last level for good.
 */
export function standardStructure(levelMs: number, breakMs = Math.max(1, Math.round(levelMs / 3))): StructureItem[] {
  const blinds: [number, number, number][] = [
    [10, 20, 0], [15, 30, 0], [20, 40, 0], [25, 50, 5], [30, 60, 5], [40, 80, 10], [50, 100, 10], [60, 120, 15], [75, 150, 20],
    [100, 200, 25], [125, 250, 30], [150, 300, 40], [200, 400, 50], [250, 500, 60], [300, 600, 75], [400, 800, 100], [500, 1_000, 125], [600, 1_200, 150],
  ];
  const items: StructureItem[] = [];
  blinds.forEach(([smallBlind, bigBlind, ante], i) => {
    items.push({ type: 'level', smallBlind, bigBlind, ante, durationMs: levelMs });
    if ((i + 1) % 4 === 0 && i + 1 < blinds.length) items.push({ type: 'break', durationMs: breakMs });
  });
  return items;
}

/** The structures a pit boss picks from (the creation form): a name, the default level length, and the builder. */
export const STRUCTURE_PRESETS = {
  turbo: { levelMinutes: 6, build: (levelMs: number): StructureItem[] => turboStructure(levelMs) },
  standard: { levelMinutes: 15, build: (levelMs: number): StructureItem[] => standardStructure(levelMs) },
} as const;
export type StructurePreset = keyof typeof STRUCTURE_PRESETS;

/** S1-TIMEBANK: the largest tournament time bank a pit boss can publish (10 minutes). */
export const MAX_TIME_BANK_MS = 600_000;

const isCount = (n: number, min = 0): boolean => Number.isSafeInteger(n) && n >= min;

/** Checks the published terms (TRN-DEF); code TOURNAMENT_INVALID_DEF with the field. */
export function validateDef(d: TournamentDef): Result<TournamentDef> {
  const bad = (field: string, message: string): Result<TournamentDef> => violation('TOURNAMENT_INVALID_DEF', 'TRN-DEF', message, { field });
  if (!isCount(d.buyInMinor) || !isCount(d.feeMinor) || d.buyInMinor + d.feeMinor === 0) return bad('buyInMinor', 'buy-in and fee are non-negative integers of minor units, not both 0');
  if (!isCount(d.startingStack, 1)) return bad('startingStack', 'the starting stack is a positive integer of chips');
  if (!isCount(d.seatsPerTable, 2) || d.seatsPerTable > 10) return bad('seatsPerTable', 'a table seats 2–10 players (S1-TABLE-1)');
  if (!isCount(d.minPlayers, 2) || !isCount(d.maxPlayers, d.minPlayers) || d.maxPlayers > 1_000) return bad('maxPlayers', '2 ≤ minPlayers ≤ maxPlayers ≤ 1000');
  if (d.kind === 'scheduled' && d.startsAt === null) return bad('startsAt', 'a scheduled tournament has a start time');
  if (d.structure.length === 0 || !d.structure.some((x) => x.type === 'level')) return bad('structure', 'the structure has at least one level');
  if (d.structure[0]?.type !== 'level') return bad('structure', 'the structure starts with a level, not a break');
  for (const x of d.structure) {
    if (!isCount(x.durationMs, 1)) return bad('structure', 'every level and break lasts a positive number of ms');
    if (x.type === 'level' && (!isCount(x.smallBlind, 1) || !isCount(x.bigBlind, x.smallBlind) || !isCount(x.ante))) return bad('structure', 'a level has 0 < small blind ≤ big blind and an ante ≥ 0');
  }
  if (!isCount(d.lateRegistrationLevels) || d.lateRegistrationLevels > d.structure.length) return bad('lateRegistrationLevels', 'late registration ends within the structure');
  if (d.timeBankMs !== undefined && (!isCount(d.timeBankMs) || d.timeBankMs > MAX_TIME_BANK_MS)) return bad('timeBankMs', `the time bank is a whole number of ms from 0 to ${MAX_TIME_BANK_MS} (S1-TIMEBANK)`);
  if (d.reEntry !== null && (!isCount(d.reEntry.maxReEntries, 1) || !isCount(d.reEntry.untilLevel, 1) || d.reEntry.untilLevel > d.structure.length)) return bad('reEntry', 're-entry: at least one, until a level within the structure');
  let next = 2;
  for (const r of d.payoutTable) {
    if (r.minEntries !== next || r.maxEntries < r.minEntries) return bad('payoutTable', `payout rows cover the field sizes from 2 without gaps (expected a row from ${next})`);
    if (r.basisPoints.length === 0 || r.basisPoints.length > r.minEntries || r.basisPoints.some((b) => !isCount(b, 1))) return bad('payoutTable', 'each row pays 1..minEntries places, each a positive share');
    if (r.basisPoints.reduce((a, b) => a + b, 0) !== 10_000) return bad('payoutTable', 'each row pays 10 000 basis points (the whole prize pool)');
    for (let i = 1; i < r.basisPoints.length; i++) if ((r.basisPoints[i] as number) > (r.basisPoints[i - 1] as number)) return bad('payoutTable', 'a lower place never pays more than a higher one');
    next = r.maxEntries + 1;
  }
  if (next <= maxEntriesOf(d)) return bad('payoutTable', `the payout table stops at ${next - 1} entries; the tournament can have ${maxEntriesOf(d)}`);
  return ok(d);
}

/** The most entries the tournament can have (re-entries included). */
export function maxEntriesOf(d: TournamentDef): number {
  return d.maxPlayers * (1 + (d.reEntry?.maxReEntries ?? 0));
}

/** S1-FAIL-STT vs S1-FAIL-MTT [Interp]: a single-table tournament is one whose whole field fits one table. */
export function isSingleTable(d: TournamentDef): boolean {
  return maxEntriesOf(d) <= d.seatsPerTable && d.maxPlayers <= d.seatsPerTable;
}
