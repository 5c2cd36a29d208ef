import type { Rng } from '../common/random.js';
import { evaluate7 } from '../poker/fast.js';

/**
 * Near-optimal decisions by the expected value of each choice over the UNSEEN cards (issue 10, `felt
 * rtp` for Riverside, Dynamic and Texas Hold'em Bonus): at a decision the difference Δ = EV(one
 * choice) − EV(the other) is estimated by sampling the cards the player cannot see (the rest of the
 * board and the dealer's hole cards, uniformly from the unseen deck), in batches, until the sign is
 * clear (|Δ̂| ≥ Z·se after at least MIN samples) or MAX samples are taken; the choice follows the sign.
 *
 * Where Δ is the whole difference (the last decision, or a bet that does not change later choices)
 * this is the optimal decision up to the estimate's error. That error is stated, not hidden: for a
 * decision taken on Δ̂ with standard error se, the expected loss against the optimal choice (normal
 * approximation, flat prior) is se·(φ(x) − x·Φ(−x)) with x = |Δ̂|/se — `regret` below; summed over a
 * round's decisions and averaged over the rounds it bounds how far the simulated RTP can lie below the
 * optimal strategy's (besides the simulation's own 95 % interval).
 */
export const EV_MIN = 32;
export const EV_BATCH = 32;
export const EV_MAX = 2048;
export const EV_Z = 2;

export interface EvEstimate {
  readonly mean: number;
  readonly se: number;
  readonly n: number;
}

/** Estimate E[sample()] adaptively (see above). `sample` draws one outcome of Δ. */
export function estimateEv(sample: () => number, min = EV_MIN, max = EV_MAX, z = EV_Z, batch = EV_BATCH): EvEstimate {
  let n = 0;
  let sum = 0;
  let sq = 0;
  for (;;) {
    for (let i = 0; i < batch; i++) {
      const x = sample();
      sum += x;
      sq += x * x;
    }
    n += batch;
    const mean = sum / n;
    const se = Math.sqrt(Math.max(0, sq / n - mean * mean) / (n - 1));
    if ((n >= min && Math.abs(mean) >= z * se) || n >= max) return { mean, se, n };
  }
}

const SQRT2PI = Math.sqrt(2 * Math.PI);
/** Standard normal upper tail Φ(−x), x ≥ 0 (Abramowitz–Stegun 7.1.26 through erfc; |error| < 1.5e-7). */
export function upperTail(x: number): number {
  const t = 1 / (1 + 0.3275911 * (x / Math.SQRT2));
  const y = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  return 0.5 * y * Math.exp(-(x * x) / 2);
}

/** Expected loss against the optimal choice of a decision taken on the sign of an estimate (see above). */
export function regret(e: EvEstimate): number {
  if (e.se === 0) return 0;
  const x = Math.abs(e.mean) / e.se;
  return e.se * (Math.exp(-(x * x) / 2) / SQRT2PI - x * upperTail(x));
}

/**
 * The unseen cards of a decision: the deck minus the known cards, and a partial shuffle drawing `k`
 * of them into `out` (no allocation per sample).
 */
export class Unseen {
  private readonly cards: number[];
  constructor(known: readonly number[]) {
    const k = new Set(known);
    this.cards = [];
    for (let c = 0; c < 52; c++) if (!k.has(c)) this.cards.push(c);
  }
  draw(rng: Rng, k: number, out: number[]): void {
    const a = this.cards;
    const n = a.length;
    for (let i = 0; i < k; i++) {
      const j = i + rng.int(n - i);
      const t = a[j] as number;
      a[j] = a[i] as number;
      a[i] = t;
      out[i] = t;
    }
  }
}

/** Running totals of the decision estimates of a simulation (printed with the strategy). */
export class DecisionStats {
  decisions = 0;
  samples = 0;
  regret = 0;
  add(e: EvEstimate): void {
    this.decisions++;
    this.samples += e.n;
    this.regret += regret(e);
  }
  /** "N decisions, mean M samples each; estimated loss against optimal ≤ X % per round" for `rounds` rounds. */
  describe(rounds: number): string {
    const perRound = this.regret / Math.max(1, rounds);
    return `${this.decisions} decisions, ${Math.round(this.samples / Math.max(1, this.decisions))} unseen-card samples each on average (${EV_MIN}–${EV_MAX}, stop at |Δ| ≥ ${EV_Z} se); estimated loss against the optimal choice ${(perRound * 100).toFixed(3)} % of the base bet per round`;
  }
}

/**
 * E[sign(player − dealer)] at showdown given the player's two hole cards and the board so far (3 or 4
 * cards): the EV of a 1:1 raise that wins, loses or pushes with the showdown (THB Turn/River bets,
 * Dynamic's Turn/River raises), estimated over the unseen rest of the board and the dealer's hole cards.
 */
export function showdownEv(hole: readonly number[], board: readonly number[], rng: Rng, stats?: DecisionStats): EvEstimate {
  const u = new Unseen([...hole, ...board]);
  const need = 5 - board.length;
  const out = [0, 0, 0, 0];
  const [a, b] = hole as [number, number];
  const [f0, f1, f2] = board as [number, number, number];
  const e = estimateEv(() => {
    u.draw(rng, need + 2, out);
    const t = need === 2 ? (out[2] as number) : (board[3] as number);
    const r = out[need === 2 ? 3 : 2] as number;
    const pv = evaluate7(a, b, f0, f1, f2, t, r);
    const dv = evaluate7(out[0] as number, out[1] as number, f0, f1, f2, t, r);
    return pv > dv ? 1 : pv < dv ? -1 : 0;
  });
  stats?.add(e);
  return e;
}
