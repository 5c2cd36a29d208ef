import { CATEGORIES, type HandCategory } from '../poker/rank.js';

/**
 * Variance reduction for the banked-poker simulations (`felt rtp`): control variates whose exact means
 * are known from exhaustive enumeration (the player's hand category) or from symmetry (net wins
 * against a random dealer hand on the same board).
 */

/** Standard five-card class counts of all C(52,5) = 2 598 960 hands (royal flushes inside straight flushes). */
export const FIVE_CARD_CLASS_COUNTS: Readonly<Partial<Record<HandCategory, number>>> = {
  'high-card': 1_302_540,
  pair: 1_098_240,
  'two-pair': 123_552,
  'three-of-a-kind': 54_912,
  straight: 10_200,
  flush: 5_108,
  'full-house': 3_744,
  'four-of-a-kind': 624,
  'straight-flush': 40,
};
export const FIVE_CARD_HANDS = 2_598_960;

/** Best-five-of-seven class counts of all C(52,7) = 133 784 560 hands (the poker benchmark recounts them). */
export const SEVEN_CARD_CLASS_COUNTS: Readonly<Partial<Record<HandCategory, number>>> = {
  'high-card': 23_294_460,
  pair: 58_627_800,
  'two-pair': 31_433_400,
  'three-of-a-kind': 6_461_620,
  straight: 6_180_020,
  flush: 4_047_644,
  'full-house': 3_473_184,
  'four-of-a-kind': 224_848,
  'straight-flush': 41_584,
};
export const SEVEN_CARD_TOTAL = 133_784_560;

/** Category index of a packed hand value (poker/rank.ts layout: category in bits 20..23). */
export const categoryIndex = (value: number): number => (value >>> 20) & 15;

/**
 * Control variates with known means (the classic regression estimator): each round gives its value y
 * and controls x_1..x_k whose exact expectations μ_j are known; the estimate is ȳ − β·(x̄ − μ) with β
 * fitted by least squares on the same rounds (bias O(1/n), negligible at these sizes), its variance
 * the residual variance / n. Indicators of the player's hand category with their exact probabilities
 * make it post-stratification; further controls with mean zero by symmetry (the player's net wins
 * against the sampled dealer hands: player and dealer hole cards are exchangeable) remove most of the
 * remaining variance. A control that does not vary in the sample is left out.
 */
export class ControlVariates {
  private n = 0;
  private sy = 0;
  private syy = 0;
  private readonly sx: Float64Array;
  private readonly sxy: Float64Array;
  private readonly sxx: Float64Array;
  constructor(private readonly mu: readonly number[]) {
    const k = mu.length;
    this.sx = new Float64Array(k);
    this.sxy = new Float64Array(k);
    this.sxx = new Float64Array(k * k);
  }

  add(y: number, x: ArrayLike<number>): void {
    const k = this.mu.length;
    this.n++;
    this.sy += y;
    this.syy += y * y;
    for (let i = 0; i < k; i++) {
      const xi = x[i] as number;
      if (xi === 0) continue;
      this.sx[i] = (this.sx[i] as number) + xi;
      this.sxy[i] = (this.sxy[i] as number) + xi * y;
      for (let j = 0; j < k; j++) this.sxx[i * k + j] = (this.sxx[i * k + j] as number) + xi * (x[j] as number);
    }
  }

  /** The plain sample mean and its 95 % half-width. */
  plain(): { mean: number; ci95: number } {
    const mean = this.sy / this.n;
    return { mean, ci95: 1.96 * Math.sqrt(Math.max(0, this.syy / this.n - mean * mean) / this.n) };
  }

  estimate(): { mean: number; ci95: number } {
    const k = this.mu.length;
    const n = this.n;
    const my = this.sy / n;
    const mx = Array.from(this.sx, (v) => v / n);
    // centred (co)variances
    const cxy = mx.map((m, i) => (this.sxy[i] as number) / n - m * my);
    const cxx = (i: number, j: number): number => (this.sxx[i * k + j] as number) / n - (mx[i] as number) * (mx[j] as number);
    const keep = [...Array(k).keys()].filter((i) => cxx(i, i) > 1e-12);
    const m = keep.length;
    // solve (Cxx) β = Cxy on the kept controls (Gaussian elimination with partial pivoting)
    const A = keep.map((i) => [...keep.map((j) => cxx(i, j)), cxy[i] as number]);
    for (let c = 0; c < m; c++) {
      let piv = c;
      for (let r = c + 1; r < m; r++) if (Math.abs((A[r] as number[])[c] as number) > Math.abs((A[piv] as number[])[c] as number)) piv = r;
      [A[c], A[piv]] = [A[piv] as number[], A[c] as number[]];
      const row = A[c] as number[];
      const d = row[c] as number;
      if (Math.abs(d) < 1e-14) continue;
      for (let r = 0; r < m; r++) {
        if (r === c) continue;
        const other = A[r] as number[];
        const f = (other[c] as number) / d;
        if (f !== 0) for (let j = c; j <= m; j++) other[j] = (other[j] as number) - f * (row[j] as number);
      }
    }
    const beta = A.map((row, c) => (Math.abs(row[c] as number) < 1e-14 ? 0 : (row[m] as number) / (row[c] as number)));
    let mean = my;
    let explained = 0;
    keep.forEach((i, c) => {
      mean -= (beta[c] as number) * ((mx[i] as number) - (this.mu[i] as number));
      explained += (beta[c] as number) * (cxy[i] as number);
    });
    const resid = Math.max(0, (this.syy / n - my * my - explained) * (n / Math.max(1, n - 1 - m)));
    return { mean, ci95: 1.96 * Math.sqrt(resid / n) };
  }
}

/** The exact probabilities of the category indicators (strongest categories; the weakest is the baseline and left out). */
export function categoryMeans(counts: Readonly<Partial<Record<HandCategory, number>>>, total: number): { readonly index: readonly number[]; readonly mu: readonly number[] } {
  const index = CATEGORIES.map((c, i) => ({ c, i })).filter(({ c }) => (counts[c] ?? 0) > 0 && c !== 'high-card');
  return { index: index.map((x) => x.i), mu: index.map(({ c }) => (counts[c] ?? 0) / total) };
}
