/**
 * Tiny exact rational arithmetic for RTP enumeration (`GameModule.rtp` rows carry `exact: "35/36"`).
 * Numerators/denominators stay far below 2^53 for the enumerations here (216 dice outcomes,
 * 416×415 card pairs); `mul`/`add` throw on overflow (a programmer error, never a rule breach).
 */
import type { RtpRow } from '../kernel/game.js';

export interface Rational {
  readonly num: number;
  readonly den: number;
}

function gcd(a: number, b: number): number {
  let x = Math.abs(a);
  let y = Math.abs(b);
  while (y !== 0) {
    const t = x % y;
    x = y;
    y = t;
  }
  return x;
}

function safe(n: number): number {
  if (!Number.isSafeInteger(n)) throw new Error(`rational overflow: ${n}`);
  return n;
}

export function rational(num: number, den = 1): Rational {
  if (den === 0) throw new Error('rational with zero denominator');
  const g = gcd(num, den) || 1;
  const sign = den < 0 ? -1 : 1;
  return { num: safe((sign * num) / g), den: safe((sign * den) / g) };
}

export const ZERO: Rational = { num: 0, den: 1 };

export function add(a: Rational, b: Rational): Rational {
  const g = gcd(a.den, b.den);
  return rational(safe(a.num * (b.den / g) + b.num * (a.den / g)), safe((a.den / g) * b.den));
}

export function mul(a: Rational, b: Rational): Rational {
  const g1 = gcd(a.num, b.den) || 1;
  const g2 = gcd(b.num, a.den) || 1;
  return rational(safe((a.num / g1) * (b.num / g2)), safe((a.den / g2) * (b.den / g1)));
}

export const sub = (a: Rational, b: Rational): Rational => add(a, { num: -b.num, den: b.den });
export const toNumber = (r: Rational): number => r.num / r.den;
export const format = (r: Rational): string => `${r.num}/${r.den}`;

/** An exact row of `felt rtp`: the return per unit staked as a rational, house edge 1 − rtp; `samples` (the outcomes enumerated) and `note` where given. */
export function exactRtpRow(bet: string, r: Rational, extra: { readonly samples?: number; readonly note?: string | undefined } = {}): RtpRow {
  const row: RtpRow = { bet, rtp: toNumber(r), houseEdge: toNumber(sub(rational(1), r)), method: 'exact', exact: format(r) };
  const counted = extra.samples === undefined ? row : { ...row, samples: extra.samples };
  return extra.note === undefined ? counted : { ...counted, note: extra.note };
}
