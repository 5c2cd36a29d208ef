/**
 * Advantage play at blackjack and baccarat (issue 23 §3): does a player's betting follow the cards left
 * in the shoe? Pure: the table's rounds — each with the shoe's Hi-Lo true count before its first card and
 * every player's stake — in, one report per player with its evidence out.
 *
 * Under the null hypothesis (the player's stakes and presence do not depend on the cards dealt), pairing
 * the player's behaviour in one shoe with another shoe's count trajectory is as likely as the real pairing:
 * shoes are shuffled independently, while counts within a shoe are strongly correlated. Every test is
 * therefore a **permutation test over shoes**: S = Σ_k a_k · y_k (a_k the player's behaviour by round in
 * shoe k, y_k the shoe's count by round centred on its mean), ranked among `permutations` random pairings
 * with a fixed seed — one-sided (only betting *with* the count is advantage play). No assumption about how
 * a player sizes bets or how long they stay: streaks, progressions and sessions move with their shoe.
 *
 *  - `spread` (card counting): a = log₂ stake − the player's mean log₂ stake (0 when sitting out). A 1–8
 *    spread on the count makes S large; a flat bettor has nothing to test.
 *  - `wonging` (back-counting, playing only at high counts): a = 1 if the player bet, else 0, − the
 *    player's participation rate in the shoes they bet in.
 *  - `side` (baccarat pairs): a = 1 if a pair side bet went with the main bet, else 0, − its rate; y = the
 *    chance the next two cards pair, from the remaining shoe. A player who bets the pair only when the
 *    shoe is rich in pairs shows here.
 *
 * A test runs once the player bet in `minShoes` shoes (below 7, K! pairings cannot reach α anyway). The report's `pValue` is the smallest test × the
 * number of tests run (Bonferroni) and `alarm` is `pValue < alpha` (α = 0.001 per evaluation: measured
 * false-alarm and detection rates in docs/integrity.md, from `advantage-play.spec.ts` and
 * `npm run sim:integrity`).
 */
import type { Card, Rank } from '../cards/card.js';
import { rankOf } from '../cards/card.js';
import { createRng } from '../common/random.js';
import { bonferroni } from './stats.js';

/** Hi-Lo tags: 2–6 +1, 7–9 0, tens and aces −1. */
export const HI_LO: Readonly<Record<Rank, number>> = { A: -1, '2': 1, '3': 1, '4': 1, '5': 1, '6': 1, '7': 0, '8': 0, '9': 0, T: -1, J: -1, Q: -1, K: -1 };

/** The running count over the cards dealt from a shoe. */
export const runningCount = (dealt: readonly Card[]): number => dealt.reduce((n, c) => n + HI_LO[rankOf(c)], 0);

/** The true count: the running count per deck left (at least half a deck, as a counter estimates it). */
export const trueCount = (running: number, cardsLeft: number): number => running / Math.max(cardsLeft / 52, 0.5);

/** P(the next two cards are a pair) from the cards left of each rank: Σ n_r (n_r − 1) / (N (N − 1)). */
export function pairChance(left: Readonly<Partial<Record<Rank, number>>>): number {
  let n = 0;
  let pairs = 0;
  for (const k of Object.values(left)) {
    n += k ?? 0;
    pairs += (k ?? 0) * ((k ?? 0) - 1);
  }
  return n < 2 ? 0 : pairs / (n * (n - 1));
}

/** The counter's state of a shoe: running count, cards left, cards left per rank. */
export class ShoeCount {
  running = 0;
  dealt = 0;
  private readonly left: Record<Rank, number>;
  constructor(readonly decks: number) {
    this.left = { A: 4 * decks, '2': 4 * decks, '3': 4 * decks, '4': 4 * decks, '5': 4 * decks, '6': 4 * decks, '7': 4 * decks, '8': 4 * decks, '9': 4 * decks, T: 4 * decks, J: 4 * decks, Q: 4 * decks, K: 4 * decks };
  }
  see(card: Card): void {
    const r = rankOf(card);
    this.running += HI_LO[r];
    this.dealt++;
    this.left[r] = Math.max(0, this.left[r] - 1);
  }
  get trueCount(): number {
    return trueCount(this.running, this.decks * 52 - this.dealt);
  }
  get pairChance(): number {
    return pairChance(this.left);
  }
}

/** One round of a table as the detector reads it. */
export interface CountedRound {
  /** The shoe session it was dealt from (unique across tables). */
  readonly shoe: string;
  /** The Hi-Lo true count before the round's first card (the count when its bets were placed). */
  readonly trueCount: number;
  /** The chance the round's first two cards pair (baccarat's pair side bets); absent elsewhere. */
  readonly pairChance?: number;
  /** Each player's main stake this round (minor units); a player absent here sat the round out. */
  readonly stakes: Readonly<Record<string, number>>;
  /** Each player's pair side-bet stake (baccarat). */
  readonly sideStakes?: Readonly<Record<string, number>>;
}

export type AdvantageTestName = 'spread' | 'wonging' | 'side';

export interface AdvantageTest {
  readonly name: AdvantageTestName;
  /** How far the observed statistic stands above the random pairings, in their standard deviations. */
  readonly statistic: number;
  /** The shoes the test ran over. */
  readonly shoes: number;
  /** One-sided permutation p-value (never below 1 / (permutations + 1)). */
  readonly pValue: number;
}

/** The evidence chart: at each true count (rounded, clamped to −3…+5), the player's bets and mean stake. */
export interface CountBucket {
  readonly trueCount: number;
  /** The table's rounds at this count (in the shoes the player bet in). */
  readonly rounds: number;
  /** The player's bets among them. */
  readonly bets: number;
  /** The mean stake of those bets (minor units; 0 when none). */
  readonly meanStake: number;
  /** Pair side bets among them. */
  readonly sideBets: number;
}

export interface PlayerAdvantageReport {
  readonly playerId: string;
  readonly bets: number;
  readonly shoes: number;
  readonly alarm: boolean;
  readonly pValue: number;
  readonly alpha: number;
  /** Shoes needed before the tests run (fewer: still collecting). */
  readonly minShoes: number;
  /** Pearson's correlation of log₂ stake with the true count over the player's bets (0 for a flat bettor). */
  readonly correlation: number;
  /** The smallest and largest stake (the spread). */
  readonly minStake: number;
  readonly maxStake: number;
  readonly tests: readonly AdvantageTest[];
  readonly chart: readonly CountBucket[];
}

export interface AdvantagePlayOptions {
  readonly alpha?: number;
  /** Shoes the player must have bet in before a test runs. */
  readonly minShoes?: number;
  /** Random pairings of behaviour and shoe the permutation tests rank the observation among. */
  readonly permutations?: number;
}

export const ADVANTAGE_PLAY_DEFAULTS = { alpha: 0.001, minShoes: 6, permutations: 9_999 } as const;

/** A fixed seed: the same rounds always give the same p-value (an auditor reproduces a finding). */
const PERMUTATION_SEED = 0x5eed_23;

/**
 * One-sided permutation test over shoes: `a[k]` is the player's behaviour in shoe k by round (0 where
 * nothing), `y[k]` the shoe's centred count by round. S = Σ_k a_k · y_k; under the null every pairing of
 * a behaviour with another shoe's count trajectory is as likely, so S is ranked among `permutations`
 * random pairings (M[k][j] = a_k · y_j computed once: each pairing costs K additions).
 */
function permutationTest(name: AdvantageTestName, a: readonly (readonly number[])[], y: readonly (readonly number[])[], permutations: number): AdvantageTest | null {
  const k = a.length;
  if (k < 2 || a.every((row) => row.every((v) => Math.abs(v) < 1e-12))) return null;
  const m: number[][] = a.map((ak) => y.map((yj) => ak.reduce((sum, v, i) => sum + v * (yj[i] ?? 0), 0)));
  let observed = 0;
  for (let i = 0; i < k; i++) observed += m[i]![i]!;
  const rng = createRng(PERMUTATION_SEED);
  const perm = Array.from({ length: k }, (_, i) => i);
  let atLeast = 0;
  let sum = 0;
  let sumSq = 0;
  for (let p = 0; p < permutations; p++) {
    for (let i = k - 1; i > 0; i--) {
      const j = rng.int(i + 1);
      [perm[i], perm[j]] = [perm[j]!, perm[i]!];
    }
    let s = 0;
    for (let i = 0; i < k; i++) s += m[i]![perm[i]!]!;
    if (s >= observed - 1e-9) atLeast++;
    sum += s;
    sumSq += s * s;
  }
  const mean = sum / permutations;
  const sd = Math.sqrt(Math.max(sumSq / permutations - mean * mean, 0));
  return { name, statistic: sd === 0 ? 0 : (observed - mean) / sd, shoes: k, pValue: (1 + atLeast) / (1 + permutations) };
}

const bucketOf = (tc: number): number => Math.max(-3, Math.min(5, Math.round(tc)));

/** Every player's report over the table's rounds (the rounds of several tables may be mixed: shoes are unique), most suspicious first. */
export function advantagePlay(rounds: readonly CountedRound[], options: AdvantagePlayOptions = {}): PlayerAdvantageReport[] {
  const alpha = options.alpha ?? ADVANTAGE_PLAY_DEFAULTS.alpha;
  const minShoes = options.minShoes ?? ADVANTAGE_PLAY_DEFAULTS.minShoes;
  const permutations = options.permutations ?? ADVANTAGE_PLAY_DEFAULTS.permutations;
  const byShoe = new Map<string, CountedRound[]>();
  for (const r of rounds) {
    const list = byShoe.get(r.shoe) ?? [];
    list.push(r);
    byShoe.set(r.shoe, list);
  }
  // each shoe's count and pair-chance trajectories, centred on the shoe's mean over the table's rounds
  const shoes = [...byShoe.entries()].map(([shoe, rs]) => {
    const tc = rs.reduce((a, r) => a + r.trueCount, 0) / rs.length;
    const pair = rs.reduce((a, r) => a + (r.pairChance ?? 0), 0) / rs.length;
    return { shoe, rounds: rs, y: rs.map((r) => r.trueCount - tc), pairY: rs.map((r) => (r.pairChance ?? 0) - pair) };
  });
  const players = new Set<string>();
  for (const r of rounds) for (const p of Object.keys(r.stakes)) players.add(p);
  const out = [...players].map((p) => assess(p, shoes, alpha, minShoes, permutations));
  return out.sort((a, b) => a.pValue - b.pValue || a.playerId.localeCompare(b.playerId));
}

interface ShoeTrack {
  readonly shoe: string;
  readonly rounds: readonly CountedRound[];
  readonly y: readonly number[];
  readonly pairY: readonly number[];
}

function assess(playerId: string, all: readonly ShoeTrack[], alpha: number, minShoes: number, permutations: number): PlayerAdvantageReport {
  const shoes = all.filter((s) => s.rounds.some((r) => (r.stakes[playerId] ?? 0) > 0));
  const stakeOf = (r: CountedRound): number => r.stakes[playerId] ?? 0;
  const sideOf = (r: CountedRound): number => (stakeOf(r) > 0 && (r.sideStakes?.[playerId] ?? 0) > 0 ? 1 : 0);
  const logs: number[] = [];
  const ys: number[] = [];
  const stakes: number[] = [];
  let presentRounds = 0;
  let sides = 0;
  for (const s of shoes) {
    presentRounds += s.rounds.length;
    s.rounds.forEach((r, i) => {
      if (stakeOf(r) <= 0) return;
      stakes.push(stakeOf(r));
      logs.push(Math.log2(stakeOf(r)));
      ys.push(s.y[i]!);
      sides += sideOf(r);
    });
  }
  const n = stakes.length;
  const meanLog = n === 0 ? 0 : logs.reduce((a, b) => a + b, 0) / n;
  const rate = presentRounds === 0 ? 0 : n / presentRounds;
  const sideRate = n === 0 ? 0 : sides / n;
  const tests: AdvantageTest[] = [];
  if (shoes.length >= minShoes) {
    const y = shoes.map((s) => s.y);
    const spread = permutationTest('spread', shoes.map((s) => s.rounds.map((r) => (stakeOf(r) > 0 ? Math.log2(stakeOf(r)) - meanLog : 0))), y, permutations);
    if (spread) tests.push(spread);
    if (rate < 1) {
      const wonging = permutationTest('wonging', shoes.map((s) => s.rounds.map((r) => (stakeOf(r) > 0 ? 1 : 0) - rate)), y, permutations);
      if (wonging) tests.push(wonging);
    }
    if (sideRate > 0 && sideRate < 1) {
      const side = permutationTest('side', shoes.map((s) => s.rounds.map((r) => (stakeOf(r) > 0 ? sideOf(r) - sideRate : 0))), shoes.map((s) => s.pairY), permutations);
      if (side) tests.push(side);
    }
  }
  const pValue = tests.length === 0 ? 1 : bonferroni(Math.min(...tests.map((t) => t.pValue)), tests.length);
  // evidence: the player's bets and stakes at each count
  const buckets = new Map<number, { rounds: number; bets: number; stake: number; side: number }>();
  for (let tc = -3; tc <= 5; tc++) buckets.set(tc, { rounds: 0, bets: 0, stake: 0, side: 0 });
  for (const s of shoes) {
    for (const r of s.rounds) {
      const b = buckets.get(bucketOf(r.trueCount))!;
      b.rounds++;
      if (stakeOf(r) > 0) {
        b.bets++;
        b.stake += stakeOf(r);
        b.side += sideOf(r);
      }
    }
  }
  const chart = [...buckets.entries()].map(([tc, b]) => ({ trueCount: tc, rounds: b.rounds, bets: b.bets, meanStake: b.bets === 0 ? 0 : Math.round(b.stake / b.bets), sideBets: b.side }));
  return {
    playerId,
    bets: n,
    shoes: shoes.length,
    alarm: pValue < alpha,
    pValue,
    alpha,
    minShoes,
    correlation: correlation(logs, ys),
    minStake: n === 0 ? 0 : Math.min(...stakes),
    maxStake: n === 0 ? 0 : Math.max(...stakes),
    tests,
    chart,
  };
}

function correlation(xs: readonly number[], ys: readonly number[]): number {
  const n = xs.length;
  if (n < 2) return 0;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    sxy += (xs[i]! - mx) * (ys[i]! - my);
    sxx += (xs[i]! - mx) ** 2;
    syy += (ys[i]! - my) ** 2;
  }
  return sxx === 0 || syy === 0 ? 0 : sxy / Math.sqrt(sxx * syy);
}
