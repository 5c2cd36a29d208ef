/**
 * Money is integer minor units (D-1). Never floats: ratios are applied as integer
 * numerator/denominator with an explicit rounding direction.
 */
export type Minor = number;

export function isMinor(n: unknown): n is Minor {
  return typeof n === 'number' && Number.isSafeInteger(n);
}

/** A payout ratio "num:den" (35:1, 3:2, 0.95:1 is expressed as 19:20). */
export interface Ratio {
  readonly num: number;
  readonly den: number;
}

export const ratio = (num: number, den = 1): Ratio => ({ num, den });

export type Rounding = 'down' | 'up' | 'half-up';

/** stake × num / den with integer arithmetic and an explicit rounding rule (BAC-11). */
export function applyRatio(stakeMinor: Minor, r: Ratio, rounding: Rounding = 'down'): Minor {
  if (!isMinor(stakeMinor) || stakeMinor < 0) throw new Error(`stake must be a non-negative integer, got ${stakeMinor}`);
  const p = stakeMinor * r.num;
  if (!Number.isSafeInteger(p)) throw new Error('amount overflow');
  const q = Math.floor(p / r.den);
  const rem = p - q * r.den;
  if (rem === 0) return q;
  switch (rounding) {
    case 'down':
      return q;
    case 'up':
      return q + 1;
    case 'half-up':
      return rem * 2 >= r.den ? q + 1 : q;
  }
}

export const sumMinor = (xs: readonly Minor[]): Minor => xs.reduce((a, b) => a + b, 0);
