import { ratio, type Ratio, type Rounding } from '../common/money.js';
import { ok, violation, type Result, type Violation } from '../common/result.js';

/**
 * Sic Bo rules as data + pure functions (docs/rules SB-1..SB-4, docs/rules RES-3).
 *
 * Canonical bet spot keys (the `spot` of a BetRequest; the `kind` used for limits in brackets):
 *   small [small], big [big], odd [odd], even [even]        — SB-2, lose on any triple
 *   total:4 … total:17 [total]                             — SB-2 total of the three dice
 *   single:1 … single:6 [single]                           — SB-2 pays 1:1 / 2:1 / 3:1 on 1 / 2 / 3 dice
 *   double:1 … double:6 [double]                           — SB-2 specific double (at least two dice)
 *   triple:1 … triple:6 [triple]                           — SB-2 specific triple
 *   any-triple [any-triple]                                — SB-2 any triple
 *   combo:A-B with 1 ≤ A < B ≤ 6 [combo]                   — SB-2 two-dice combination (15 spots)
 */

export const SICBO_KINDS = ['small', 'big', 'odd', 'even', 'total', 'single', 'double', 'triple', 'any-triple', 'combo'] as const;
export type SicboKind = (typeof SICBO_KINDS)[number];

export type SicboSpot =
  | { readonly type: 'small' }
  | { readonly type: 'big' }
  | { readonly type: 'odd' }
  | { readonly type: 'even' }
  | { readonly type: 'total'; readonly total: number }
  | { readonly type: 'single'; readonly face: Face }
  | { readonly type: 'double'; readonly face: Face }
  | { readonly type: 'triple'; readonly face: Face }
  | { readonly type: 'any-triple' }
  | { readonly type: 'combo'; readonly a: Face; readonly b: Face };

export type Face = 1 | 2 | 3 | 4 | 5 | 6;
export type Dice = readonly [Face, Face, Face];

/** A Sic Bo rule profile (D-2: a variant is a new profile object, not new code). */
export interface SicboProfile {
  readonly id: string;
  readonly name: string;
  /** SB-2 paytable ("N:1"). */
  readonly pays: {
    readonly small: Ratio;
    readonly big: Ratio;
    readonly odd: Ratio;
    readonly even: Ratio;
    /** Total 4..17 → pay. */
    readonly total: Readonly<Record<number, Ratio>>;
    /** Single number: pay when the number shows on exactly 1, 2, 3 dice. */
    readonly single: readonly [Ratio, Ratio, Ratio];
    readonly double: Ratio;
    readonly triple: Ratio;
    readonly anyTriple: Ratio;
    readonly combo: Ratio;
  };
  /** SB-2: Small/Big lose on any triple (all common tables). */
  readonly smallBigLoseOnTriple: boolean;
  /** SB-2: Odd/Even lose on any triple. */
  readonly oddEvenLoseOnTriple: boolean;
  /** SB-4 / devices.md §5: reshakes allowed per round before the round is voided (default 2). */
  readonly maxReshakes: number;
  /** Rounding of a fractional payout (only relevant for non-integer paytables). */
  readonly payoutRounding: Rounding;
}

function totals(t: readonly [number, number, number, number, number, number, number]): Record<number, Ratio> {
  // t = pays for totals 4/17, 5/16, 6/15, 7/14, 8/13, 9/12, 10/11
  const out: Record<number, Ratio> = {};
  t.forEach((pay, i) => {
    out[4 + i] = ratio(pay);
    out[17 - i] = ratio(pay);
  });
  return out;
}

/** SB-2 defaults from docs/rules. */
export const SICBO_STANDARD: SicboProfile = {
  id: 'standard',
  name: 'Sic Bo (studio default paytable, SB-2)',
  pays: {
    small: ratio(1),
    big: ratio(1),
    odd: ratio(1),
    even: ratio(1),
    total: totals([60, 30, 17, 12, 8, 6, 6]),
    single: [ratio(1), ratio(2), ratio(3)],
    double: ratio(8),
    triple: ratio(150),
    anyTriple: ratio(24),
    combo: ratio(5),
  },
  smallBigLoseOnTriple: true,
  oddEvenLoseOnTriple: true,
  maxReshakes: 2,
  payoutRounding: 'down',
};

/** A common Macau-style paytable: a second operator's variant is only data (D-2). */
export const SICBO_MACAU: SicboProfile = {
  ...SICBO_STANDARD,
  id: 'macau',
  name: 'Sic Bo (Macau paytable)',
  pays: {
    ...SICBO_STANDARD.pays,
    total: totals([50, 18, 14, 12, 8, 6, 6]),
    double: ratio(10),
    triple: ratio(180),
    anyTriple: ratio(30),
  },
};

export const sicboProfiles: Readonly<Record<string, SicboProfile>> = { standard: SICBO_STANDARD, macau: SICBO_MACAU };

const isFace = (n: number): n is Face => Number.isInteger(n) && n >= 1 && n <= 6;

/** The canonical key of a spot (inverse of parseSpot). */
export function spotKey(s: SicboSpot): string {
  switch (s.type) {
    case 'small':
    case 'big':
    case 'odd':
    case 'even':
    case 'any-triple':
      return s.type;
    case 'total':
      return `total:${s.total}`;
    case 'single':
    case 'double':
    case 'triple':
      return `${s.type}:${s.face}`;
    case 'combo':
      return `combo:${s.a}-${s.b}`;
  }
}

/** Every canonical spot key (4 + 14 + 6 + 6 + 6 + 1 + 15 = 52). */
export const SICBO_SPOTS: readonly string[] = (() => {
  const keys = ['small', 'big', 'odd', 'even'];
  for (let t = 4; t <= 17; t++) keys.push(`total:${t}`);
  for (const k of ['single', 'double', 'triple']) for (let f = 1; f <= 6; f++) keys.push(`${k}:${f}`);
  keys.push('any-triple');
  for (let a = 1; a <= 6; a++) for (let b = a + 1; b <= 6; b++) keys.push(`combo:${a}-${b}`);
  return keys;
})();

const SPOT_RE = /^(?:(small|big|odd|even|any-triple)|total:(\d{1,2})|(single|double|triple):(\d)|combo:(\d)-(\d))$/;

/** Parse a canonical spot key; anything else is UNKNOWN_SPOT (SB-2 lists every bet). */
export function parseSpot(key: string): Result<SicboSpot> {
  const bad = violation('UNKNOWN_SPOT', 'SB-2', `"${key}" is not a Sic Bo bet spot (expected small, big, odd, even, total:4..17, single:N, double:N, triple:N, any-triple or combo:A-B with A<B, N 1–6).`, { spot: key });
  const m = SPOT_RE.exec(key);
  if (!m) return bad;
  if (m[1] !== undefined) {
    const t = m[1] as 'small' | 'big' | 'odd' | 'even' | 'any-triple';
    return ok({ type: t });
  }
  if (m[2] !== undefined) {
    const total = Number(m[2]);
    return total >= 4 && total <= 17 && String(total) === m[2] ? ok({ type: 'total', total }) : bad;
  }
  if (m[3] !== undefined) {
    const face = Number(m[4]);
    if (!isFace(face)) return bad;
    const t = m[3] as 'single' | 'double' | 'triple';
    return ok({ type: t, face });
  }
  const a = Number(m[5]);
  const b = Number(m[6]);
  if (!isFace(a) || !isFace(b) || a >= b) return bad;
  return ok({ type: 'combo', a, b });
}

export const kindOf = (s: SicboSpot): SicboKind => s.type;

/** SB-1 / SB-4: exactly three dice, each an integer 1–6. Anything else is a bad reading (reshake). */
export function parseDice(input: unknown): Result<Dice> {
  if (!Array.isArray(input) || input.length !== 3) return violation('INVALID_DICE', 'SB-1', `A Sic Bo result is exactly three dice, got ${JSON.stringify(input)}.`, { dice: input });
  for (const d of input) {
    if (typeof d !== 'number' || !isFace(d)) return violation('INVALID_DICE', 'SB-4', `Die reading ${JSON.stringify(d)} is outside 1–6: the dice must be reshaken (SB-4).`, { dice: input });
  }
  return ok([input[0], input[1], input[2]] as Dice);
}

export type BetResolution = {
  readonly outcome: 'win' | 'lose';
  /** Total return per unit stake (stake included): 1:1 → 2/1, a loss → 0/1. */
  readonly multiple: Ratio;
  readonly rules: readonly string[];
};

const win = (pay: Ratio, rules: string[]): BetResolution => ({ outcome: 'win', multiple: ratio(pay.num + pay.den, pay.den), rules });
const lose = (rules: string[]): BetResolution => ({ outcome: 'lose', multiple: ratio(0), rules });

/** SB-2: resolve one spot against the dice under a profile. */
export function resolveSpot(spot: SicboSpot, dice: Dice, p: SicboProfile): BetResolution {
  const total = dice[0] + dice[1] + dice[2];
  const triple = dice[0] === dice[1] && dice[1] === dice[2];
  const count = (f: Face): number => dice.filter((d) => d === f).length;
  const rules = ['SB-2'];
  switch (spot.type) {
    case 'small':
      return total >= 4 && total <= 10 && !(triple && p.smallBigLoseOnTriple) ? win(p.pays.small, rules) : lose(rules);
    case 'big':
      return total >= 11 && total <= 17 && !(triple && p.smallBigLoseOnTriple) ? win(p.pays.big, rules) : lose(rules);
    case 'odd':
      return total % 2 === 1 && !(triple && p.oddEvenLoseOnTriple) ? win(p.pays.odd, rules) : lose(rules);
    case 'even':
      return total % 2 === 0 && !(triple && p.oddEvenLoseOnTriple) ? win(p.pays.even, rules) : lose(rules);
    case 'total': {
      const pay = p.pays.total[spot.total];
      return total === spot.total && pay !== undefined ? win(pay, rules) : lose(rules);
    }
    case 'single': {
      const n = count(spot.face);
      const pay = n >= 1 ? p.pays.single[n - 1] : undefined;
      return pay !== undefined ? win(pay, rules) : lose(rules);
    }
    case 'double':
      return count(spot.face) >= 2 ? win(p.pays.double, rules) : lose(rules);
    case 'triple':
      return count(spot.face) === 3 ? win(p.pays.triple, rules) : lose(rules);
    case 'any-triple':
      return triple ? win(p.pays.anyTriple, rules) : lose(rules);
    case 'combo':
      return count(spot.a) >= 1 && count(spot.b) >= 1 ? win(p.pays.combo, rules) : lose(rules);
  }
}

/** RES-3 pairs: a player may not hold both spots of a pair in one round. */
const RES3_PAIRS: readonly (readonly [string, string])[] = [
  ['big', 'small'],
  ['odd', 'even'],
];

/**
 * RES-3: not both Big and Small, nor both Odd and Even, in the same round. `held` = the spot keys the
 * player already has in this round; returns the violation for adding `spot`.
 */
export function checkRestriction(held: Iterable<string>, spot: string): Violation | null {
  const have = new Set(held);
  for (const [a, b] of RES3_PAIRS) {
    const other = spot === a ? b : spot === b ? a : null;
    if (other !== null && have.has(other)) {
      return violation('RESTRICTED_COMBINATION', 'RES-3', `Sic Bo does not allow ${a} and ${b} in the same round (RES-3): you already bet on ${other}.`, { spot, conflictsWith: other }).violation;
    }
  }
  return null;
}
