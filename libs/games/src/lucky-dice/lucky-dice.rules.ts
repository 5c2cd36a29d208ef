import { ok, violation, type Result } from '../common/result.js';

/**
 * Lucky Dice (RAY 2011, I 1.3 p.6–8; spec RAY 2011 (docs/rules) §5) as data + pure functions.
 *
 * Rule IDs used in code, tests and errors (each cites the spec section):
 *   LD-1  two dice: the RED die picks the group (1–6), the GREEN die the square in the group; 36 squares (§5.1)
 *   LD-2  number-field bets plein 1 / cheval 2 / transversal 3 / carré 4 / simple 6 numbers at 30/15/10/7/4 x insatsen (§5.2)
 *   LD-3  sum-field bets: a total (one box per total), "alla par" (any double), under 7, over 7 (§5.2)
 *   LD-4  "N x insatsen" is read as NET: the win is N × stake and the stake comes back on top (§2 [Interp.])
 *   LD-5  draw method A: the dealer's two cups, the result read when the cups are lifted (§5.3 A)
 *   LD-6  draw method B: players throw in turn clockwise; a shooter keeps the dice until a seven;
 *         a player may decline; only players in the round throw (§5.3 B)
 *   LD-7  approved throw: only after the dealer permits it; the dealer approves or declares it
 *         invalid; an invalid throw is repeated [Interp.]; repeated invalid throws pass the turn (§5.3 "Godkänt kast")
 *   LD-8  operator policy (NOT in the seed, §11/§12.19): dice faults and deadlines — a reading outside
 *         1–6 is a fault, at most `maxReshakes` faults per round then void with refunds (devices.md §5);
 *         every playing phase has a deadline
 *
 * Number-field geometry [Gap §5.1: the numbering and adjacency are not given; the profile's
 * `layout` holds the choice]: `grid-6x6` — square = (red − 1) × 6 + green, so group g holds squares
 * 6g−5 … 6g as one row of the layout. cheval = two squares side by side in a group or one above the
 * other in neighbouring groups; transversal = three consecutive squares of one group; carré = a 2×2
 * block; simple = one whole group (the red die's value).
 *
 * Canonical spot keys (kind in brackets, the limits/paytable key):
 *   plein:S [plein] · cheval:A-B [cheval] · transversal:A-B-C [transversal] · carre:A-B-C-D [carre] ·
 *   simple:G [simple] (G = group 1–6) · sum:T [sum] (T 3–11, offered per profile) · all-pairs [all-pairs] ·
 *   under-7 [under-7] · over-7 [over-7]
 */

export type Face = 1 | 2 | 3 | 4 | 5 | 6;
/** The two dice, by colour (LD-1). */
export interface LuckyDice {
  readonly red: Face;
  readonly green: Face;
}

export const DRAW_METHODS = ['dealer-cups', 'player-throw'] as const;
export type DrawMethod = (typeof DRAW_METHODS)[number];

export const LUCKY_DICE_KINDS = ['plein', 'cheval', 'transversal', 'carre', 'simple', 'sum', 'all-pairs', 'under-7', 'over-7'] as const;
export type LuckyDiceKind = (typeof LUCKY_DICE_KINDS)[number];

/** A Lucky Dice rule profile (D-2: a variant is data). Pays are "N x insatsen", read as N:1 net (LD-4). */
export interface LuckyDiceProfile {
  readonly id: string;
  readonly name: string;
  /** LD-5 / LD-6: chosen per table (§5.3 "chosen per table: method A or B"). */
  readonly drawMethod: DrawMethod;
  /** [Gap §5.1] the number-field geometry (see the file comment). */
  readonly layout: 'grid-6x6';
  readonly pays: {
    readonly plein: number;
    readonly cheval: number;
    readonly transversal: number;
    readonly carre: number;
    readonly simple: number;
    /** Per total 3–11; null = the box is not offered (3/11 and 4/10 are lost in the transcript, §5.2). */
    readonly sum: Readonly<Record<number, number | null>>;
    readonly allPairs: number;
    readonly under7: number;
    readonly over7: number;
  };
  /** LD-8: dice-reader faults allowed per round before the round is voided with refunds (devices.md §5, default 2). */
  readonly maxReshakes: number;
  /** LD-8 method A: time from "no more bets" to the dice reading; past it the draw counts as a fault. */
  readonly drawTimeoutMs: number;
  /** LD-8 method B: the shooter's time to throw once it is their turn; past it the turn passes (LD-6). */
  readonly throwTimeoutMs: number;
  /** LD-8 method B: the dealer's time to judge a throw; past it the throw does not count (LD-7: never an outcome without approval). */
  readonly judgeTimeoutMs: number;
  /** LD-7 [Interp.]: invalid throws in a row after which the turn passes to the next player. */
  readonly maxInvalidThrowsPerShooter: number;
  /** LD-8 operator policy: invalid throws in one round after which the round is voided with refunds. */
  readonly maxInvalidThrows: number;
}

function sums(s3: number | null, s4: number | null): Record<number, number | null> {
  // §5.2: 5 eller 9 → 7×, 6 eller 8 → 5×, 7 → 4×; per-total boxes [Interp.]
  return { 3: s3, 4: s4, 5: 7, 6: 5, 7: 4, 8: 5, 9: 7, 10: s4, 11: s3 };
}

const COMMON = {
  layout: 'grid-6x6' as const,
  maxReshakes: 2,
  drawTimeoutMs: 30_000,
  throwTimeoutMs: 30_000,
  judgeTimeoutMs: 15_000,
  maxInvalidThrowsPerShooter: 3,
  maxInvalidThrows: 9,
};

/** The seed's table (§5.2): sums 3/11 and 4/10 are NOT offered (their multipliers are lost in the transcript). */
const SEED_PAYS: LuckyDiceProfile['pays'] = { plein: 30, cheval: 15, transversal: 10, carre: 7, simple: 4, sum: sums(null, null), allPairs: 4, under7: 1, over7: 1 };

/** Method A, the seed's table (the default). */
export const LUCKY_DICE_RAY_A: LuckyDiceProfile = { id: 'ray-a', name: 'Lucky Dice — RAY 2011, dealer cups (method A)', drawMethod: 'dealer-cups', pays: SEED_PAYS, ...COMMON };
/** Method B, the seed's table. */
export const LUCKY_DICE_RAY_B: LuckyDiceProfile = { id: 'ray-b', name: 'Lucky Dice — RAY 2011, player throws (method B)', drawMethod: 'player-throw', pays: SEED_PAYS, ...COMMON };
/**
 * An OPERATOR choice, not the seed's: sums 3/11 at 14× and 4/10 at 9× (the figures that would give
 * every sum box the seed's 30/36, §5.2 [Interp., inference only]). Offered so an operator who has
 * the original document can run them; never presented as RAY's table.
 */
export const LUCKY_DICE_OPERATOR_SUMS: LuckyDiceProfile = { ...LUCKY_DICE_RAY_A, id: 'operator-all-sums', name: 'Lucky Dice — method A, sums 3/11 14× and 4/10 9× (operator figures, not the seed)', pays: { ...SEED_PAYS, sum: sums(14, 9) } };

export const luckyDiceProfiles: Readonly<Record<string, LuckyDiceProfile>> = { 'ray-a': LUCKY_DICE_RAY_A, 'ray-b': LUCKY_DICE_RAY_B, 'operator-all-sums': LUCKY_DICE_OPERATOR_SUMS };

// ───────────────────────────── the number field ─────────────────────────────

export const squareOf = (d: LuckyDice): number => (d.red - 1) * 6 + d.green;
export const groupOf = (square: number): number => Math.floor((square - 1) / 6) + 1;
export const columnOf = (square: number): number => ((square - 1) % 6) + 1;

export type LuckyDiceSpot =
  | { readonly type: 'plein' | 'cheval' | 'transversal' | 'carre'; readonly squares: readonly number[] }
  | { readonly type: 'simple'; readonly group: number }
  | { readonly type: 'sum'; readonly total: number }
  | { readonly type: 'all-pairs' }
  | { readonly type: 'under-7' }
  | { readonly type: 'over-7' };

const SIZES = { plein: 1, cheval: 2, transversal: 3, carre: 4 } as const;

/** LD-2 geometry on the 6×6 grid (squares sorted ascending). */
function validShape(type: 'plein' | 'cheval' | 'transversal' | 'carre', sq: readonly number[]): boolean {
  const [a, b, c, d] = sq as [number, number, number, number];
  switch (type) {
    case 'plein':
      return true;
    case 'cheval':
      return (b === a + 1 && groupOf(a) === groupOf(b)) || b === a + 6;
    case 'transversal':
      return b === a + 1 && c === a + 2 && groupOf(a) === groupOf(c);
    case 'carre':
      return b === a + 1 && groupOf(a) === groupOf(b) && c === a + 6 && d === a + 7;
  }
}

/** Every spot key of a kind (for the layout, RTP rows and tests). */
export function spotsOfKind(kind: LuckyDiceKind, p: LuckyDiceProfile): string[] {
  const out: string[] = [];
  switch (kind) {
    case 'plein':
      for (let s = 1; s <= 36; s++) out.push(`plein:${s}`);
      return out;
    case 'cheval':
      for (let s = 1; s <= 36; s++) {
        if (columnOf(s) < 6) out.push(`cheval:${s}-${s + 1}`);
        if (s + 6 <= 36) out.push(`cheval:${s}-${s + 6}`);
      }
      return out;
    case 'transversal':
      for (let s = 1; s <= 36; s++) if (columnOf(s) <= 4) out.push(`transversal:${s}-${s + 1}-${s + 2}`);
      return out;
    case 'carre':
      for (let s = 1; s <= 30; s++) if (columnOf(s) < 6) out.push(`carre:${s}-${s + 1}-${s + 6}-${s + 7}`);
      return out;
    case 'simple':
      for (let g = 1; g <= 6; g++) out.push(`simple:${g}`);
      return out;
    case 'sum':
      for (let t = 3; t <= 11; t++) if (typeof p.pays.sum[t] === 'number') out.push(`sum:${t}`);
      return out;
    case 'all-pairs':
    case 'under-7':
    case 'over-7':
      return [kind];
  }
}

const NUM_RE = /^(plein|cheval|transversal|carre):(\d{1,2}(?:-\d{1,2}){0,3})$/;

/** Parse a canonical spot key under a profile: UNKNOWN_SPOT (LD-2/LD-3) or SPOT_NOT_OFFERED (a lost sum box, D-2). */
export function parseSpot(key: string, p: LuckyDiceProfile): Result<LuckyDiceSpot> {
  const bad = (why: string) => violation('UNKNOWN_SPOT', /^(sum|under|over|all)/.test(String(key)) ? 'LD-3' : 'LD-2', `"${key}" is not a Lucky Dice bet spot: ${why}`, { spot: key });
  if (typeof key !== 'string') return bad('a spot is a string.');
  if (key === 'all-pairs' || key === 'under-7' || key === 'over-7') return ok({ type: key });
  const sm = /^simple:([1-6])$/.exec(key);
  if (sm) return ok({ type: 'simple', group: Number(sm[1]) });
  const tm = /^sum:(\d{1,2})$/.exec(key);
  if (tm) {
    const total = Number(tm[1]);
    if (String(total) !== tm[1] || total < 3 || total > 11) return bad('the sum boxes are 3–11 (2 and 12 are doubles: bet all-pairs).');
    if (typeof p.pays.sum[total] !== 'number') return violation('SPOT_NOT_OFFERED', 'LD-3', `Sum ${total} is not offered at this table: its payout is lost in the RAY 2011 text (§5.2), so profile ${p.id} does not take it.`, { spot: key, profile: p.id });
    return ok({ type: 'sum', total });
  }
  const m = NUM_RE.exec(key);
  if (!m) return bad('expected plein:S, cheval:A-B, transversal:A-B-C, carre:A-B-C-D (squares 1–36), simple:G (group 1–6), sum:T, all-pairs, under-7 or over-7.');
  const type = m[1] as 'plein' | 'cheval' | 'transversal' | 'carre';
  const parts = (m[2] as string).split('-');
  const squares = parts.map(Number);
  if (squares.length !== SIZES[type]) return bad(`${type} covers ${SIZES[type]} number${SIZES[type] === 1 ? '' : 's'}.`);
  if (parts.some((x, i) => String(squares[i]) !== x) || squares.some((s) => s < 1 || s > 36)) return bad('squares are 1–36 without leading zeros.');
  for (let i = 1; i < squares.length; i++) if ((squares[i] as number) <= (squares[i - 1] as number)) return bad('list the squares in ascending order.');
  if (!validShape(type, squares)) return bad(`those squares are not a ${type} on the layout (group g holds squares 6g−5…6g in one row).`);
  return ok({ type, squares });
}

export const kindOf = (s: LuckyDiceSpot): LuckyDiceKind => s.type;

export function spotKey(s: LuckyDiceSpot): string {
  switch (s.type) {
    case 'plein':
    case 'cheval':
    case 'transversal':
    case 'carre':
      return `${s.type}:${s.squares.join('-')}`;
    case 'simple':
      return `simple:${s.group}`;
    case 'sum':
      return `sum:${s.total}`;
    case 'all-pairs':
    case 'under-7':
    case 'over-7':
      return s.type;
  }
}

/** The squares a spot covers on the number field (empty for sum-field spots). */
export function coveredSquares(s: LuckyDiceSpot): readonly number[] {
  switch (s.type) {
    case 'plein':
    case 'cheval':
    case 'transversal':
    case 'carre':
      return s.squares;
    case 'simple':
      return [1, 2, 3, 4, 5, 6].map((n) => (s.group - 1) * 6 + n);
    case 'sum':
    case 'all-pairs':
    case 'under-7':
    case 'over-7':
      return [];
  }
}

const isFace = (n: unknown): n is Face => typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= 6;

/** LD-1 / LD-8: a reading is a red and a green die, each 1–6; anything else is a fault (reshake / rethrow). */
export function parseDice(input: unknown): Result<LuckyDice> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return violation('INVALID_DICE', 'LD-1', `A Lucky Dice reading is { red, green }, got ${JSON.stringify(input)}.`, { dice: input });
  const o = input as Record<string, unknown>;
  const extra = Object.keys(o).find((k) => k !== 'red' && k !== 'green');
  if (extra !== undefined) return violation('INVALID_DICE', 'LD-1', `A Lucky Dice reading has exactly a red and a green die (unknown field "${extra}").`, { dice: input });
  if (!isFace(o.red) || !isFace(o.green)) return violation('INVALID_DICE', 'LD-8', `Die reading ${JSON.stringify(input)} is outside 1–6: the dice must be read again (LD-8).`, { dice: input });
  return ok({ red: o.red, green: o.green });
}

export interface Resolution {
  readonly outcome: 'win' | 'lose';
  /** "N x insatsen" (LD-4 net): total return per unit stake = N + 1 on a win, 0 on a loss. */
  readonly returnMultiple: number;
  readonly rules: readonly string[];
}

const win = (n: number, rules: string[]): Resolution => ({ outcome: 'win', returnMultiple: n + 1, rules: [...rules, 'LD-4'] });
const lose = (rules: string[]): Resolution => ({ outcome: 'lose', returnMultiple: 0, rules });

/** LD-2 / LD-3: one spot against the dice under a profile. */
export function resolveSpot(spot: LuckyDiceSpot, d: LuckyDice, p: LuckyDiceProfile): Resolution {
  const total = d.red + d.green;
  switch (spot.type) {
    case 'plein':
    case 'cheval':
    case 'transversal':
    case 'carre':
      return spot.squares.includes(squareOf(d)) ? win(p.pays[spot.type], ['LD-1', 'LD-2']) : lose(['LD-1', 'LD-2']);
    case 'simple':
      return d.red === spot.group ? win(p.pays.simple, ['LD-1', 'LD-2']) : lose(['LD-1', 'LD-2']);
    case 'sum': {
      const n = p.pays.sum[spot.total];
      return total === spot.total && typeof n === 'number' ? win(n, ['LD-3']) : lose(['LD-3']);
    }
    case 'all-pairs':
      return d.red === d.green ? win(p.pays.allPairs, ['LD-3']) : lose(['LD-3']);
    case 'under-7':
      return total < 7 ? win(p.pays.under7, ['LD-3']) : lose(['LD-3']);
    case 'over-7':
      return total > 7 ? win(p.pays.over7, ['LD-3']) : lose(['LD-3']);
  }
}

/** The highest total return of one stake unit (stake included) under a profile: bounds stakes (D-1). */
export function maxReturnMultiple(p: LuckyDiceProfile): number {
  const sumsPaid = Object.values(p.pays.sum).filter((x): x is number => typeof x === 'number');
  return Math.max(p.pays.plein, p.pays.cheval, p.pays.transversal, p.pays.carre, p.pays.simple, p.pays.allPairs, p.pays.under7, p.pays.over7, ...sumsPaid) + 1;
}

// ───────────────────────────── display (the player client's layout) ─────────────────────────────

/** How a tap on a square of the number field places a bet: the square is the shape's top-left square. */
export const LUCKY_DICE_PLACE_MODES = ['plein', 'cheval-h', 'cheval-v', 'transversal', 'carre'] as const;
export type LuckyDicePlaceMode = (typeof LUCKY_DICE_PLACE_MODES)[number];

/** The spot a tap on `square` places in `mode` (grid-6x6, LD-2), or null where the shape does not fit. */
export function spotAt(mode: LuckyDicePlaceMode, square: number): string | null {
  if (!Number.isInteger(square) || square < 1 || square > 36) return null;
  const col = columnOf(square);
  switch (mode) {
    case 'plein':
      return `plein:${square}`;
    case 'cheval-h':
      return col < 6 ? `cheval:${square}-${square + 1}` : null;
    case 'cheval-v':
      return square + 6 <= 36 ? `cheval:${square}-${square + 6}` : null;
    case 'transversal':
      return col <= 4 ? `transversal:${square}-${square + 1}-${square + 2}` : null;
    case 'carre':
      return col < 6 && square + 7 <= 36 ? `carre:${square}-${square + 1}-${square + 6}-${square + 7}` : null;
  }
}
