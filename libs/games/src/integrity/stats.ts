/**
 * The few distributions the integrity monitors need (issue 23), written out so each p-value can be
 * checked by hand: the chi-square survival function (regularised upper incomplete gamma), the binomial
 * upper tail, and the normal tail. Numerical Recipes' standard forms (Lanczos log-gamma; series and
 * Lentz continued fraction for the incomplete gamma), accurate to ~1e-12 relative — far beyond what an
 * alarm threshold needs.
 */

const LANCZOS = [676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7];

/** ln Γ(x), x > 0. */
export function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let a = 0.99999999999980993;
  const t = z + 7.5;
  for (let i = 0; i < LANCZOS.length; i++) a += LANCZOS[i]! / (z + i + 1);
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(a);
}

/** Q(a, x) = Γ(a, x) / Γ(a): the regularised upper incomplete gamma function. */
export function gammaQ(a: number, x: number): number {
  if (x <= 0) return 1;
  if (x < a + 1) return 1 - gammaPSeries(a, x);
  return gammaQContinuedFraction(a, x);
}

function gammaPSeries(a: number, x: number): number {
  let ap = a;
  let sum = 1 / a;
  let del = sum;
  for (let n = 0; n < 10_000; n++) {
    ap += 1;
    del *= x / ap;
    sum += del;
    if (Math.abs(del) < Math.abs(sum) * 1e-15) break;
  }
  return sum * Math.exp(-x + a * Math.log(x) - logGamma(a));
}

function gammaQContinuedFraction(a: number, x: number): number {
  const tiny = 1e-300;
  let b = x + 1 - a;
  let c = 1 / tiny;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 10_000; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const del = d * c;
    h *= del;
    if (Math.abs(del - 1) < 1e-15) break;
  }
  return Math.exp(-x + a * Math.log(x) - logGamma(a)) * h;
}

/** P(X² ≥ x) for a chi-square with `df` degrees of freedom. */
export function chiSquareSurvival(x: number, df: number): number {
  return gammaQ(df / 2, x / 2);
}

const logChoose = (n: number, k: number): number => logGamma(n + 1) - logGamma(k + 1) - logGamma(n - k + 1);

/** P(X ≥ k) for X ~ Binomial(n, p): summed in log space from k upwards (exact for the sizes used here). */
export function binomialUpperTail(k: number, n: number, p: number): number {
  if (k <= 0) return 1;
  if (k > n) return 0;
  if (p <= 0) return 0;
  if (p >= 1) return 1;
  // below the mean the lower tail is the short sum: 1 − P(X ≤ k−1)
  if (k < n * p) return 1 - binomialLowerTail(k - 1, n, p);
  const lp = Math.log(p);
  const lq = Math.log1p(-p);
  let sum = 0;
  for (let i = k; i <= n; i++) {
    const term = Math.exp(logChoose(n, i) + i * lp + (n - i) * lq);
    sum += term;
    if (term < sum * 1e-17) break;
  }
  return Math.min(1, sum);
}

/** P(X ≤ k) for X ~ Binomial(n, p). */
export function binomialLowerTail(k: number, n: number, p: number): number {
  if (k < 0) return 0;
  if (k >= n) return 1;
  if (k > n * p) return 1 - binomialUpperTail(k + 1, n, p);
  const lp = Math.log(p);
  const lq = Math.log1p(-p);
  let sum = 0;
  for (let i = k; i >= 0; i--) {
    const term = Math.exp(logChoose(n, i) + i * lp + (n - i) * lq);
    sum += term;
    if (term < sum * 1e-17) break;
  }
  return Math.min(1, sum);
}

/** P(Z ≥ z) for a standard normal (erfc via its Chebyshev fit, |error| < 1.2e-7). */
export function normalUpperTail(z: number): number {
  const t = 1 / (1 + 0.5 * Math.abs(z / Math.SQRT2));
  const y = t * Math.exp(-((z / Math.SQRT2) ** 2) - 1.26551223 + t * (1.00002368 + t * (0.37409196 + t * (0.09678418 + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))));
  return z >= 0 ? y / 2 : 1 - y / 2;
}

/** Holm–Bonferroni-free simple family adjustment: min(1, p · m). */
export const bonferroni = (p: number, m: number): number => Math.min(1, p * m);

/** I_x(a, b): the regularised incomplete beta function (Numerical Recipes' continued fraction). */
export function betaIncomplete(a: number, b: number, x: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log1p(-x));
  if (x < (a + 1) / (a + b + 2)) return (front * betaContinuedFraction(a, b, x)) / a;
  return 1 - (front * betaContinuedFraction(b, a, 1 - x)) / b;
}

function betaContinuedFraction(a: number, b: number, x: number): number {
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let h = d;
  for (let m = 1; m < 10_000; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const del = d * c;
    h *= del;
    if (Math.abs(del - 1) < 1e-15) break;
  }
  return h;
}

/** P(T ≥ t) for Student's t with `df` degrees of freedom. */
export function studentTUpperTail(t: number, df: number): number {
  const tail = 0.5 * betaIncomplete(df / 2, 0.5, df / (df + t * t));
  return t >= 0 ? tail : 1 - tail;
}
