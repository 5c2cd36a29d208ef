import { createRng, shuffleInPlace } from '../common/random.js';
import { ok, violation, type Result } from '../common/result.js';
import { simulatedMeanRow, type RtpOptions, type RtpReport, type RtpRow } from '../kernel/game.js';
import { evaluate5, evaluate7 } from '../poker/fast.js';
import { blindPays, UTH_QUALIFY, type UltimateTexasHoldemProfile } from './ultimate-texas-holdem.rules.js';
import { packValue } from '../poker/rank.js';
import { categoryIndex, categoryMeans, ControlVariates, SEVEN_CARD_CLASS_COUNTS, SEVEN_CARD_TOTAL } from './sampling.js';

/**
 * Seven-card class counts of all 133 784 560 hands (the poker benchmark recounts them every run), with
 * the 4 324 royal flushes (4 × C(47, 2)) split from the straight flushes: Trips is exact from them.
 */
export const SEVEN_CARD_COUNTS = { royalFlush: 4_324, straightFlush: 41_584 - 4_324, quads: 224_848, fullHouse: 3_473_184, flush: 4_047_644, straight: 6_180_020, trips: 6_461_620 } as const;
export const SEVEN_CARD_HANDS = 133_784_560;

export function tripsExact(p: UltimateTexasHoldemProfile): { num: number; den: number } {
  const t = p.trips;
  if (!t) return { num: 0, den: 1 };
  const c = SEVEN_CARD_COUNTS;
  const ret = c.royalFlush * (t.royalFlush + 1) + c.straightFlush * (t.straightFlush + 1) + c.quads * (t.quads + 1) + c.fullHouse * (t.fullHouse + 1) + c.flush * (t.flush + 1) + c.straight * (t.straight + 1) + c.trips * (t.trips + 1);
  return { num: ret, den: SEVEN_CARD_HANDS };
}

const R = (c: number): number => c >> 2; // 0 = deuce … 12 = ace
const S = (c: number): number => c & 3;

/**
 * The stated strategy (a common published basic strategy for UTH):
 * - before the flop, Play 4× with any pair but deuces, any ace, K-x suited / K-5+ offsuit, Q-6+ suited /
 *   Q-8+ offsuit, J-8+ suited / J-T offsuit; else check;
 * - after the flop, Play 2× with two pair or better, a pair using a hole card (not pocket deuces), or
 *   four to a flush holding a hidden ten or better of that suit; else check;
 * - after the river, Play 1× when its expectation over the round's sampled dealer hands beats folding
 *   (Ante + Blind lost).
 */
export function preflopRaise(a: number, b: number): boolean {
  const hi = Math.max(R(a), R(b));
  const lo = Math.min(R(a), R(b));
  const suited = S(a) === S(b);
  if (hi === lo) return hi >= 1;
  if (hi === 12) return true;
  if (hi === 11) return suited || lo >= 3;
  if (hi === 10) return suited ? lo >= 4 : lo >= 6;
  if (hi === 9) return suited ? lo >= 6 : lo >= 8;
  return false;
}

export function flopRaise(a: number, b: number, f: readonly number[]): boolean {
  if (evaluate5(a, b, f[0] as number, f[1] as number, f[2] as number) >= packValue('standard', 'two-pair', [])) return true;
  const boardRanks = f.map(R);
  const hiddenPair = R(a) === R(b) ? R(a) >= 1 : boardRanks.includes(R(a)) || boardRanks.includes(R(b));
  if (hiddenPair) return true;
  for (let s = 0; s < 4; s++) {
    const n = [a, b, ...f].filter((c) => S(c) === s).length;
    if (n >= 4 && [a, b].some((c) => S(c) === s && R(c) >= 8)) return true;
  }
  return false;
}


/** Net of Ante + Blind + Play (in ante units) for one dealer hand. */
function net(pv: number, dv: number, play: number, p: UltimateTexasHoldemProfile): number {
  const qualified = dv >= UTH_QUALIFY;
  if (pv > dv) {
    const b = blindPays(pv, p);
    return (qualified ? 1 : 0) + (b ? b[0] / b[1] : 0) + play;
  }
  if (pv < dv) return (qualified ? -1 : 0) - 1 - play;
  return 0;
}

/** About a minute on this 2-core machine under load (the interval shrinks as 1/√rounds). */
export const UTH_DEFAULT_ROUNDS = 200_000;
/** Dealer hands per round for the value (the river decision keeps DEALER_SAMPLES): tuned for the smallest interval per CPU second. */
export const UTH_DEALERS = 96;
/** Dealer hands drawn per round from the 45 unseen cards (variance reduction; the expectation is unchanged). */
export const DEALER_SAMPLES = 96;

/** Values of DEALER_SAMPLES random dealer hands from deck[7..51] on the given board (the river decision uses them too). */
export function dealerSample(deck: number[], rng: { int(n: number): number }, f0: number, f1: number, f2: number, t: number, rv: number, k = DEALER_SAMPLES): number[] {
  const out: number[] = [];
  for (let x = 0; x < k; x++) {
    const i = 7 + rng.int(45);
    let j = 7 + rng.int(44);
    if (j >= i) j++;
    out.push(evaluate7(deck[i] as number, deck[j] as number, f0, f1, f2, t, rv));
  }
  return out;
}

export function simulateUltimateTexasHoldem(p: UltimateTexasHoldemProfile, rounds: number, seed: number, dealers = UTH_DEALERS): { mean: number; ci95: number; plainCi95: number; rates: { preflop: number; flop: number; river: number; fold: number } } {
  const rng = createRng(seed);
  const deck = Array.from({ length: 52 }, (_, i) => i);
  // controls: the player's category indicators (exact 7-card probabilities) and the net wins against the sampled dealers (mean 0 by symmetry)
  const cats = categoryMeans(SEVEN_CARD_CLASS_COUNTS, SEVEN_CARD_TOTAL);
  const cv = new ControlVariates([...cats.mu, 0]);
  const x = new Float64Array(cats.mu.length + 1);
  const count = { preflop: 0, flop: 0, river: 0, fold: 0 };
  const c = SEVEN_CARD_COUNTS;
  const bl = p.blind;
  const blindMean = (c.royalFlush * bl.royalFlush + c.straightFlush * bl.straightFlush + c.quads * bl.quads + c.fullHouse * bl.fullHouse + (c.flush * bl.flush[0]) / bl.flush[1] + c.straight * bl.straight) / SEVEN_CARD_HANDS;
  for (let r = 0; r < rounds; r++) {
    shuffleInPlace(deck, rng, 7);
    const [a, b, f0, f1, f2, t, rv] = deck as [number, number, number, number, number, number, number];
    const pv = evaluate7(a, b, f0, f1, f2, t, rv);
    // every possible dealer hand from the 45 unseen cards (exact given the board: variance reduction)
    const dvs = dealerSample(deck, rng, f0, f1, f2, t, rv, dealers);
    const avg = (play: number): number => dvs.reduce((x, dv) => x + net(pv, dv, play, p), 0) / dvs.length;
    let value: number;
    if (preflopRaise(a, b)) {
      count.preflop++;
      value = avg(4);
    } else if (flopRaise(a, b, [f0, f1, f2])) {
      count.flop++;
      value = avg(2);
    } else {
      // decided on an independent sample of dealer hands (no selection bias in the value)
      const probe = dealerSample(deck, rng, f0, f1, f2, t, rv);
      if (probe.reduce((x, dv) => x + net(pv, dv, 1, p), 0) / probe.length > -2) {
        count.river++;
        value = avg(1);
      } else {
        count.fold++;
        value = -2;
      }
    }
    // control variate: the Blind's paytable on the player's seven cards, whose mean is exact from the
    // seven-card class counts (removes the variance of the 500:1 royal, same expectation)
    const bp = blindPays(pv, p);
    const y = value - (bp ? bp[0] / bp[1] : 0) + blindMean;
    const ci = categoryIndex(pv);
    cats.index.forEach((c, j) => (x[j] = c === ci ? 1 : 0));
    let z = 0;
    for (const dv of dvs) z += pv > dv ? 1 : pv < dv ? -1 : 0;
    x[cats.mu.length] = z / dvs.length;
    cv.add(y, x);
  }
  const est = cv.estimate();
  return { mean: est.mean, ci95: est.ci95, plainCi95: cv.plain().ci95, rates: { preflop: count.preflop / rounds, flop: count.flop / rounds, river: count.river / rounds, fold: count.fold / rounds } };
}

export function ultimateTexasHoldemRtp(profiles: Readonly<Record<string, UltimateTexasHoldemProfile>>, profileId: string, opts: RtpOptions = {}): Result<RtpReport> {
  const p = profiles[profileId];
  if (!p) return violation('UNKNOWN_PROFILE', 'D-2', `Unknown Ultimate Texas Hold'em profile "${profileId}".`);
  const rounds = opts.rounds ?? UTH_DEFAULT_ROUNDS;
  if (!Number.isSafeInteger(rounds) || rounds < 2) return violation('INVALID_ROUNDS', 'GEN-8', 'A simulation needs at least 2 rounds.');
  const seed = opts.seed ?? 1;
  const sim = simulateUltimateTexasHoldem(p, rounds, seed);
  const pct = (x: number): string => `${(x * 100).toFixed(1)} %`;
  const rows: RtpRow[] = [
    simulatedMeanRow('ante', sim, rounds, `per Ante, Blind and Play included; seed ${seed}; each round averaged over ${UTH_DEALERS} random dealer hands; control variates of exact mean: the Blind paytable, the seven-card category indicators, the net wins against the sampled dealers (plain interval ±${(sim.plainCi95 * 100).toFixed(2)} %); strategy: basic (4× with pairs 3s+, any ace, K-x suited/K-5+, Q-6+ suited/Q-8+, J-8+ suited/J-T; 2× with two pair+, a hidden pair, four to a flush with a hidden T+; river: Play 1× when it beats folding over the sampled dealer hands) — played 4× ${pct(sim.rates.preflop)}, 2× ${pct(sim.rates.flop)}, 1× ${pct(sim.rates.river)}, folded ${pct(sim.rates.fold)}; published 2.19 % with optimal strategy`),
  ];
  if (p.trips) {
    const t = tripsExact(p);
    rows.push({ bet: 'trips', rtp: t.num / t.den, houseEdge: 1 - t.num / t.den, method: 'exact', exact: `${t.num}/${t.den}`, note: "the player's final seven cards, from the exhaustive seven-card class counts (UTH-5)" });
  }
  return ok({ game: 'ultimate-texas-holdem', profile: p.id, rows });
}

