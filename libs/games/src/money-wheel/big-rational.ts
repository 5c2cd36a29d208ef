/**
 * Exact rationals over bigint, for the Money Wheel's RTP: a multiplier chain is a geometric series
 * (54^k denominators), which overflows the 2^53 of `number` within a few spins.
 */
export interface BigRational {
  readonly num: bigint;
  readonly den: bigint;
}

const abs = (x: bigint): bigint => (x < 0n ? -x : x);

function gcd(a: bigint, b: bigint): bigint {
  let x = abs(a);
  let y = abs(b);
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

export function q(num: bigint | number, den: bigint | number = 1n): BigRational {
  let n = BigInt(num);
  let d = BigInt(den);
  if (d === 0n) throw new Error('rational with zero denominator');
  if (d < 0n) {
    n = -n;
    d = -d;
  }
  const g = gcd(n, d) || 1n;
  return { num: n / g, den: d / g };
}

export const ZERO: BigRational = { num: 0n, den: 1n };
export const ONE: BigRational = { num: 1n, den: 1n };

export const add = (a: BigRational, b: BigRational): BigRational => q(a.num * b.den + b.num * a.den, a.den * b.den);
export const sub = (a: BigRational, b: BigRational): BigRational => q(a.num * b.den - b.num * a.den, a.den * b.den);
export const mul = (a: BigRational, b: BigRational): BigRational => q(a.num * b.num, a.den * b.den);
export function div(a: BigRational, b: BigRational): BigRational {
  if (b.num === 0n) throw new Error('division by zero');
  return q(a.num * b.den, a.den * b.num);
}
export const eq = (a: BigRational, b: BigRational): boolean => a.num === b.num && a.den === b.den;
export const lt = (a: BigRational, b: BigRational): boolean => a.num * b.den < b.num * a.den;

/** Nearest double (exact enough for display; the rational is the truth). */
export function toNumber(r: BigRational): number {
  const neg = r.num < 0n;
  let n = abs(r.num);
  let d = r.den;
  // scale both down together so that Number() keeps 15+ significant digits
  const shift = Math.max(0, Math.max(n.toString(2).length, d.toString(2).length) - 1000);
  if (shift > 0) {
    n >>= BigInt(shift);
    d >>= BigInt(shift);
  }
  if (d === 0n) return neg ? -Infinity : Infinity;
  const whole = n / d;
  const rest = n % d;
  const frac = Number((rest * 10n ** 18n) / d) / 1e18;
  const v = Number(whole) + frac;
  return neg ? -v : v;
}

export const format = (r: BigRational): string => `${r.num}/${r.den}`;
