import { createRng, shuffleInPlace, type Rng } from '../common/random.js';
import { DecisionStats, estimateEv, showdownEv, Unseen } from '../banked-poker/decision-ev.js';
import { evaluate7 } from '../poker/fast.js';
import { ok, violation, type Result } from '../common/result.js';
import { simulatedMeanRow, type RtpOptions, type RtpReport, type RtpRow } from '../kernel/game.js';
import { format, rational, toNumber, type Rational } from '../sicbo/rational.js';
import { category, fiveIds, sevenCardValue, threeCardValue, type CardId } from './ray-poker.hand.js';
import { categoryIndex, categoryMeans, ControlVariates, SEVEN_CARD_CLASS_COUNTS, SEVEN_CARD_TOTAL } from '../banked-poker/sampling.js';
import {
  dynamicBonus,
  dynamicResults,
  fastBonus,
  fastQualifies,
  rayPokerProfiles,
  riversideBonus,
  riversideCallReturn,
  riversideResults,
  tripleBetBonus,
  tripleBetPays,
  type DynamicProfile,
  type FastProfile,
  type RiversideProfile,
  type TripleBetProfile,
} from './ray-poker.rules.js';

/**
 * `felt rtp ray-poker --profile …`: exact enumeration where it fits in a minute on this machine
 * (Fast Poker: every player hand against every dealer hand with the optimal play/fold per hand;
 * Triple Bet: every 3-card hand × every ordered pair of community cards with the optimal removals;
 * every bonus), a seeded simulation with a 95 % interval and the stated decision strategy otherwise
 * (Dynamic and Riverside main games). Returns are per the stake named in each row's note.
 */

const DECK: readonly CardId[] = Array.from({ length: 52 }, (_, i) => i);

function combos(k: number): CardId[][] {
  const out: CardId[][] = [];
  const rec = (start: number, acc: CardId[]) => {
    if (acc.length === k) {
      out.push([...acc]);
      return;
    }
    for (let c = start; c < 52; c++) {
      acc.push(c);
      rec(c + 1, acc);
      acc.pop();
    }
  };
  rec(0, []);
  return out;
}

const row = (bet: string, r: Rational, samples: number, note: string): RtpRow => ({ bet, rtp: toNumber(r), houseEdge: 1 - toNumber(r), method: 'exact', exact: format(r), samples, note });

/** Exact rows per profile content, computed once per process (the enumeration takes seconds; `felt rtp ray-poker` and `felt rtp triple-bet-poker` share it). */
const memo = new Map<string, RtpRow[]>();
const memoized = (key: string, f: () => RtpRow[]): RtpRow[] => {
  let rows = memo.get(key);
  if (!rows) {
    rows = f();
    memo.set(key, rows);
  }
  return rows;
};

// ───────────────────────────── Fast Poker: exact ─────────────────────────────

export const FAST_STRATEGY = 'play every hand whose exact expected value of Play beats folding (derived by enumeration against all 18 424 dealer hands)';

export function fastRtp(p: FastProfile): RtpRow[] {
  return memoized(`fast:${JSON.stringify(p)}`, () => fastEnumerate(p));
}

function fastEnumerate(p: FastProfile): RtpRow[] {
  const hands = combos(3);
  const n = hands.length; // 22 100
  const value = new Float64Array(n);
  const qual = new Uint8Array(n);
  const byCard: number[][] = Array.from({ length: 52 }, () => []);
  hands.forEach((h, i) => {
    value[i] = threeCardValue(h);
    qual[i] = fastQualifies(value[i] as number) ? 1 : 0;
    for (const c of h) (byCard[c] as number[]).push(i);
  });
  const qualified = [...hands.keys()].filter((i) => qual[i] === 1).map((i) => value[i] as number).sort((a, b) => a - b);
  const nqAll = n - qualified.length;
  const below = (v: number): number => {
    let lo = 0;
    let hi = qualified.length;
    while (lo < hi) {
      const m = (lo + hi) >> 1;
      if ((qualified[m] as number) < v) lo = m + 1;
      else hi = m;
    }
    return lo;
  };
  const DEALERS = 18_424; // C(49,3)
  let mainNum = 0;
  let bonusPlayed = 0;
  let bonusAll = 0;
  let played = 0;
  const stamp = new Int32Array(n).fill(-1);
  for (let i = 0; i < n; i++) {
    const h = hands[i] as CardId[];
    const pv = value[i] as number;
    let nq = nqAll;
    let worse = below(pv);
    let equal = below(pv + 1) - worse; // values are integers
    let better = qualified.length - worse - equal;
    for (const c of h) {
      for (const d of byCard[c] as number[]) {
        if (stamp[d] === i) continue;
        stamp[d] = i;
        const dv = value[d] as number;
        if (qual[d] === 0) nq--;
        else if (dv < pv) worse--;
        else if (dv === pv) equal--;
        else better--;
      }
    }
    if (nq + worse + equal + better !== DEALERS) throw new Error('fast poker enumeration lost a dealer hand');
    const cat = category(pv);
    const playWin = cat === 'three-of-a-kind' || cat === 'straight-flush' ? p.playPaysOnTrips : 1;
    const evPlay = nq * 1 + worse * (1 + playWin) - better * 2; // net of Bet + Play, in units of Bet, × DEALERS
    const evFold = -DEALERS;
    const bonusReturn = fastBonus(pv, p).returnMultiple;
    bonusAll += bonusReturn;
    if (evPlay >= evFold) {
      mainNum += evPlay;
      played++;
      bonusPlayed += bonusReturn;
    } else mainNum += evFold;
  }
  const main = rational(mainNum + n * DEALERS, n * DEALERS);
  return [
    row('bet+play', main, n * DEALERS, `per Bet; ${FAST_STRATEGY}: plays ${played} of ${n} hands (${((100 * played) / n).toFixed(2)} %)`),
    row('bonus', rational(bonusPlayed, n), n, 'B with the strategy above (a fold loses B, FP-4)'),
    row('bonus-always-played', rational(bonusAll, n), n, 'B if every hand is played (Appendix A: 92.3 % net)'),
  ];
}

// ───────────────────────────── Triple Bet: exact ─────────────────────────────

export const TRIPLE_BET_STRATEGY = 'remove a bet at a decision point when its exact expected value there is negative (3 cards: over the 2 352 ordered community pairs; 4 cards: over the 48 last cards)';

const PERMS: readonly (readonly number[])[] = (() => {
  const out: number[][] = [];
  const rec = (acc: number[]) => {
    if (acc.length === 4) out.push([...acc]);
    else for (let s = 0; s < 4; s++) if (!acc.includes(s)) rec([...acc, s]);
  };
  rec([]);
  return out;
})();

/**
 * The 3-card hands up to a renaming of suits (payouts never look at which suit, only whether suits
 * agree): one representative per class with its multiplicity — 22 100 hands in 1 755 classes. Exact.
 */
export function threeCardClasses(): { readonly hand: CardId[]; readonly weight: number }[] {
  const classes = new Map<string, { hand: CardId[]; weight: number }>();
  for (const h of combos(3)) {
    let key = '';
    for (const perm of PERMS) {
      const k = h.map((c) => (c & ~3) | (perm[c & 3] as number)).sort((x, y) => x - y).join(',');
      if (key === '' || k < key) key = k;
    }
    const cls = classes.get(key);
    if (cls) cls.weight++;
    else classes.set(key, { hand: h, weight: 1 });
  }
  return [...classes.values()];
}

export function tripleBetRtp(p: TripleBetProfile): RtpRow[] {
  return memoized(`triple-bet:${JSON.stringify(p)}`, () => tripleBetEnumerate(p));
}

function tripleBetEnumerate(p: TripleBetProfile): RtpRow[] {
  const classes = threeCardClasses();
  const netOf = new Map<number, number>();
  const net = (v: number): number => {
    let x = netOf.get(v);
    if (x === undefined) {
      const n = tripleBetPays(v, p);
      x = n === null ? -1 : p.reading === 'net' ? n : n - 1;
      netOf.set(v, x);
    }
    return x;
  };
  let total = 0; // Σ over hands and ordered community pairs of the net of all remaining bets
  const sums = new Float64Array(52);
  for (const { hand: h, weight } of classes) {
    const [a, b, c] = h as [number, number, number];
    let all = 0;
    for (let d = 0; d < 52; d++) {
      sums[d] = 0;
      if (d === a || d === b || d === c) continue;
      let s = 0;
      for (let e = 0; e < 52; e++) {
        if (e === a || e === b || e === c || e === d) continue;
        s += net(fiveIds(a, b, c, d, e));
      }
      sums[d] = s;
      all += s;
    }
    const r1 = all < 0 ? 1 : 0;
    for (let d = 0; d < 52; d++) {
      if (d === a || d === b || d === c) continue;
      const s = sums[d] as number;
      const r2 = s < 0 ? 1 : 0;
      total += weight * (3 - r1 - r2) * s;
    }
  }
  const outcomes = 22_100 * 49 * 48;
  const main = rational(total + 3 * outcomes, 3 * outcomes);
  const perUnit = total / outcomes;
  // bonus: every five-card hand once (B does not depend on the removals, TB-3 [Interp.])
  let bonus = 0;
  const count = forEachFive((f) => (bonus += tripleBetBonus(f, p).returnMultiple));
  return [
    row('main', main, outcomes, `per the three base bets; ${TRIPLE_BET_STRATEGY}; expected loss per one bet unit ${(-perUnit * 100).toFixed(3)} %`),
    row('bonus', rational(bonus, count), count, 'B, fixed stake, every 5-card hand'),
  ];
}

/** Σ f over every five-card hand (2 598 960; one reused buffer, no array per hand). Returns the count. */
function forEachFive(f: (five: readonly CardId[]) => void): number {
  const buf: CardId[] = [0, 0, 0, 0, 0];
  let n = 0;
  for (let a = 0; a < 52; a++)
    for (let b = a + 1; b < 52; b++)
      for (let c = b + 1; c < 52; c++)
        for (let d = c + 1; d < 52; d++)
          for (let e = d + 1; e < 52; e++) {
            buf[0] = a;
            buf[1] = b;
            buf[2] = c;
            buf[3] = d;
            buf[4] = e;
            f(buf);
            n++;
          }
  return n;
}

// ───────────────────────────── Dynamic and Riverside: simulated main game, exact bonus ─────────────────────────────

/**
 * Dynamic Poker's three decisions (DY-1), each by its EV over the unseen cards (decision-ev.ts):
 * - River raise (1 × Blind, only after a Turn raise): EV = P(win) − P(lose) given the six cards seen;
 *   raise iff positive — the optimal rule (the last decision; the Blind's payout does not depend on it).
 * - Turn raise (1 × Blind): its own P(win) − P(lose) plus the value of the River option it opens
 *   (E[max(0, River EV)], estimated over 8 turn cards × 64 samples — slightly optimistic); raise iff
 *   their sum is positive. Near-optimal.
 * - Play or fold after the hole cards: play iff EV(play) > −1 (a fold loses the Blind), per starting hand
 *   (169 classes, cached per run): EV(play, then check to the end) over 4 096 samples; raises only add
 *   value, so a hand that plays on check-down plays, and one more than 0.6 below stays folded; in between
 *   the value of the Turn and River raises under the decisions above is added, over 512 sampled deals.
 */
export const DYNAMIC_STRATEGY = 'near-optimal, derived per decision: River raise iff P(win) − P(lose) > 0 (optimal); Turn raise iff P(win) − P(lose) + the River option value > 0; play iff EV(play) > −1 Blind per starting hand (check-down EV over 4 096 samples, plus the value of these raises over 512 sampled deals where it matters)';

/** The 169 starting-hand classes: ranks high-low and suitedness. */
const startKey = (a: CardId, b: CardId): number => {
  const hi = Math.max(a >> 2, b >> 2);
  const lo = Math.min(a >> 2, b >> 2);
  return hi * 32 + lo * 2 + ((a & 3) === (b & 3) ? 1 : 0);
};

export class DynamicStrategy {
  readonly stats = new DecisionStats();
  private readonly preflop = new Map<number, boolean>();
  constructor(
    private readonly p: DynamicProfile,
    private readonly rng: Rng,
  ) {}

  /** Play (Flop bet 2 × Blind) rather than fold? Per starting-hand class, cached. */
  plays(hole: readonly CardId[]): boolean {
    const key = startKey(hole[0] as CardId, hole[1] as CardId);
    const known = this.preflop.get(key);
    if (known !== undefined) return known;
    const u = new Unseen(hole);
    const out = [0, 0, 0, 0, 0, 0, 0];
    const [a, b] = hole as [number, number];
    const blindLoss = this.p.blindOnLoss === 'lose' ? -1 : 0;
    const e = estimateEv(
      () => {
        u.draw(this.rng, 7, out);
        const [f0, f1, f2, t, r, d0, d1] = out as [number, number, number, number, number, number, number];
        const pv = evaluate7(a, b, f0, f1, f2, t, r);
        const dv = evaluate7(d0, d1, f0, f1, f2, t, r);
        // (Blind + Flop net) − (fold: −1)
        return (pv > dv ? 2 + (FLUSH_OR_BETTER_CATS.has(category(pv)) ? 1 : 0) : pv < dv ? -2 + blindLoss : 0) + 1;
      },
      4096,
      4096,
    );
    // Raises only add value: a hand that plays on check-down plays; one far below stays folded. In between,
    // add the raises' value under this strategy's own Turn/River decisions, over sampled deals.
    let est = e;
    if (e.mean <= 0 && e.mean > -0.6) {
      const scratch = new DynamicStrategy(this.p, this.rng);
      let sum = 0;
      let sq = 0;
      for (let i = 0; i < PREFLOP_DEALS; i++) {
        u.draw(this.rng, 7, out);
        const flop = out.slice(0, 3) as CardId[];
        const pv = evaluate7(a, b, out[0] as number, out[1] as number, out[2] as number, out[3] as number, out[4] as number);
        const dv = evaluate7(out[5] as number, out[6] as number, out[0] as number, out[1] as number, out[2] as number, out[3] as number, out[4] as number);
        const sign = pv > dv ? 1 : pv < dv ? -1 : 0;
        const turn = scratch.raisesTurn(hole, flop);
        const river = turn && scratch.raisesRiver(hole, [...flop, out[3] as CardId]);
        const x = (turn ? sign : 0) + (river ? sign : 0);
        sum += x;
        sq += x * x;
      }
      const m = sum / PREFLOP_DEALS;
      const se2 = Math.max(0, sq / PREFLOP_DEALS - m * m) / (PREFLOP_DEALS - 1);
      est = { mean: e.mean + m, se: Math.sqrt(e.se * e.se + se2), n: e.n + PREFLOP_DEALS };
    }
    this.stats.add(est);
    this.preflop.set(key, est.mean > 0);
    return est.mean > 0;
  }

  /** Turn raise after the flop (see DYNAMIC_STRATEGY). */
  raisesTurn(hole: readonly CardId[], flop: readonly CardId[]): boolean {
    const now = showdownEv(hole, flop, this.rng, this.stats);
    if (now.mean > 0) return true;
    if (now.mean < -0.6) return false;
    const u = new Unseen([...hole, ...flop]);
    const out = [0];
    let option = 0;
    for (let i = 0; i < 8; i++) {
      u.draw(this.rng, 1, out);
      option += Math.max(0, estimateEv(sixSample(hole, [...flop, out[0] as number], this.rng), 64, 64).mean);
    }
    return now.mean + option / 8 > 0;
  }

  /** River raise after the turn (only after a Turn raise, DY-1). */
  raisesRiver(hole: readonly CardId[], board4: readonly CardId[]): boolean {
    return showdownEv(hole, board4, this.rng, this.stats).mean > 0;
  }
}

/** Sampled deals per marginal starting hand for the value of the later raises (see DynamicStrategy.plays). */
const PREFLOP_DEALS = 512;

const FLUSH_OR_BETTER_CATS = new Set(['flush', 'full-house', 'four-of-a-kind', 'straight-flush', 'five-of-a-kind']);

/** One sample of sign(player − dealer) with six cards seen. */
function sixSample(hole: readonly CardId[], board4: readonly CardId[], rng: Rng): () => number {
  const u = new Unseen([...hole, ...board4]);
  const out = [0, 0, 0];
  const [a, b] = hole as [number, number];
  const [f0, f1, f2, t] = board4 as [number, number, number, number];
  return () => {
    u.draw(rng, 3, out);
    const pv = evaluate7(a, b, f0, f1, f2, t, out[2] as number);
    const dv = evaluate7(out[0] as number, out[1] as number, f0, f1, f2, t, out[2] as number);
    return pv > dv ? 1 : pv < dv ? -1 : 0;
  };
}
/**
 * Riverside's one decision (RV-1: Call 2 × Blind or fold, after hole cards + flop) taken near-optimally:
 * call iff the EV of calling — Blind and Call settled over the unseen turn, river and dealer hole cards
 * (RV-2) — beats folding (the Blind lost, −1), estimated per decision from the unseen cards
 * (banked-poker/decision-ev.ts). The only decision, so this is the optimal strategy up to the stated
 * estimate error. The Bonus is left out of the decision (a player with a Bonus folds a little less).
 */
export const RIVERSIDE_STRATEGY = 'near-optimal, derived per decision: call iff EV(call) > EV(fold) = −1 Blind, the EV of calling estimated over the unseen turn, river and dealer cards (decision-ev.ts); Bonus not counted in the decision';

/** Riverside's decision for hole + flop (see RIVERSIDE_STRATEGY): call? */
export function riversideCalls(hole: readonly CardId[], flop: readonly CardId[], p: RiversideProfile, rng: Rng, stats?: DecisionStats): boolean {
  const u = new Unseen([...hole, ...flop]);
  const out = [0, 0, 0, 0];
  const [h0, h1] = hole as [number, number];
  const [f0, f1, f2] = flop as [number, number, number];
  const e = estimateEv(() => {
    u.draw(rng, 4, out);
    const t = out[0] as number;
    const r = out[1] as number;
    // EV(call) − EV(fold): (returns − 3 stakes) − (−1)
    return riversideCallReturn(evaluate7(h0, h1, f0, f1, f2, t, r), evaluate7(out[2] as number, out[3] as number, f0, f1, f2, t, r), p) - 2;
  });
  stats?.add(e);
  return e.mean > 0;
}

function deal(rng: ReturnType<typeof createRng>, deck: CardId[], k: number): CardId[] {
  shuffleInPlace(deck, rng, k);
  return deck.slice(0, k);
}

/** Default rounds of the Dynamic and Riverside simulations: about a minute for both on this machine. */
export const RAY_SIM_ROUNDS = 1_000_000;
/** With the per-decision EV strategies a round costs more: the defaults keep each game under about a minute on this machine. */
export const DYNAMIC_SIM_ROUNDS = 150_000;
export const RIVERSIDE_SIM_ROUNDS = 200_000;

interface Sim {
  readonly mean: number;
  readonly ci95: number;
  readonly plainCi95: number;
}

/** One simulated round: its net result, and the player's and dealer's seven-card values (for the control variates). */
interface Round {
  readonly net: number;
  readonly player: number;
  readonly dealer: number;
}

/**
 * A seeded simulation of `one`, corrected by control variates of exact mean (banked-poker/sampling.ts):
 * the player's seven-card category indicators (exhaustive class counts) and whether the player's hand
 * beats the dealer's (+1/0/−1, mean 0: the two hole-card pairs are exchangeable on the same board).
 */
function simulate(rounds: number, seed: number, one: (cards: CardId[]) => Round): Sim {
  const rng = createRng(seed);
  const deck = [...DECK];
  const cats = categoryMeans(SEVEN_CARD_CLASS_COUNTS, SEVEN_CARD_TOTAL);
  const cv = new ControlVariates([...cats.mu, 0]);
  const x = new Float64Array(cats.mu.length + 1);
  for (let r = 0; r < rounds; r++) {
    const o = one(deal(rng, deck, 9));
    const ci = categoryIndex(o.player);
    cats.index.forEach((c, j) => (x[j] = c === ci ? 1 : 0));
    x[cats.mu.length] = o.player > o.dealer ? 1 : o.player < o.dealer ? -1 : 0;
    cv.add(o.net, x);
  }
  const est = cv.estimate();
  return { mean: est.mean, ci95: est.ci95, plainCi95: cv.plain().ci95 };
}

export function dynamicRtp(p: DynamicProfile, rounds: number, seed: number): RtpRow[] {
  const strategy = new DynamicStrategy(p, createRng(seed ^ 0x5eed));
  const sim = simulate(rounds, seed, (c) => {
    const hole = c.slice(0, 2);
    const dealer = c.slice(2, 4);
    const board = c.slice(4, 9);
    if (!strategy.plays(hole)) return { net: -1, player: sevenCardValue([...hole, ...board]), dealer: sevenCardValue([...dealer, ...board]) };
    const turn = strategy.raisesTurn(hole, board.slice(0, 3));
    const river = turn && strategy.raisesRiver(hole, board.slice(0, 4));
    const r = dynamicResults({ hole, decision: 'play', turn, river }, dealer, board, p);
    let net = r.blind.returnMultiple - 1;
    if (r.flop) net += 2 * (r.flop.returnMultiple - 1);
    if (r.turn) net += r.turn.returnMultiple - 1;
    if (r.river) net += r.river.returnMultiple - 1;
    return { net, player: sevenCardValue([...hole, ...board]), dealer: sevenCardValue([...dealer, ...board]) };
  });
  let bonus = 0;
  const twos = combos(2);
  for (const h of twos) bonus += dynamicBonus(h, p).returnMultiple;
  return [
    simulatedMeanRow('blind+raises', sim, rounds, `per Blind; seed ${seed}; control variates of exact mean (category indicators, player beats dealer; plain interval ±${(sim.plainCi95 * 100).toFixed(2)} %); strategy: ${DYNAMIC_STRATEGY}; ${strategy.stats.describe(rounds)}`),
    row('bonus', rational(bonus, twos.length), twos.length, 'B on the two hole cards, every hand continued (Appendix A: 88.1 % net)'),
  ];
}

export function riversideRtp(p: RiversideProfile, rounds: number, seed: number): RtpRow[] {
  const decisions = createRng(seed ^ 0x5eed);
  const stats = new DecisionStats();
  const sim = simulate(rounds, seed, (c) => {
    const hole = c.slice(0, 2);
    const dealer = c.slice(2, 4);
    const board = c.slice(4, 9);
    const call = riversideCalls(hole, board.slice(0, 3), p, decisions, stats);
    const r = riversideResults({ hole, decision: call ? 'call' : 'fold' }, dealer, board, p);
    return { net: r.blind.returnMultiple - 1 + (r.call ? 2 * (r.call.returnMultiple - 1) : 0), player: sevenCardValue([...hole, ...board]), dealer: sevenCardValue([...dealer, ...board]) };
  });
  // bonus: pays only on two pair or better, which the strategy always calls: exact over every first five cards
  let bonus = 0;
  const count = forEachFive((f) => (bonus += riversideBonus(f, p).returnMultiple));
  return [
    simulatedMeanRow('blind+call', sim, rounds, `per Blind; seed ${seed}; control variates of exact mean (category indicators, player beats dealer; plain interval ±${(sim.plainCi95 * 100).toFixed(2)} %); strategy: ${RIVERSIDE_STRATEGY}; ${stats.describe(rounds)}`),
    row('bonus', rational(bonus, count), count, 'Bonus on the first five cards (two pair or better always calls; Appendix A: 84.9 % net)'),
  ];
}

export function rayPokerRtp(profileId: string, opts: RtpOptions = {}): Result<RtpReport> {
  const p = rayPokerProfiles[profileId];
  if (!p) return violation('UNKNOWN_PROFILE', 'D-2', `Unknown RAY poker profile "${profileId}" (known: ${Object.keys(rayPokerProfiles).join(', ')}).`);
  const rounds = opts.rounds ?? (p.game === 'dynamic' ? DYNAMIC_SIM_ROUNDS : RIVERSIDE_SIM_ROUNDS);
  const seed = opts.seed ?? 1;
  if (!Number.isSafeInteger(rounds) || rounds < 2) return violation('INVALID_ROUNDS', 'GEN-8', 'A simulation needs at least 2 rounds.');
  switch (p.game) {
    case 'fast':
      return ok({ game: 'ray-poker', profile: p.id, rows: fastRtp(p) });
    case 'triple-bet':
      return ok({ game: 'ray-poker', profile: p.id, rows: tripleBetRtp(p) });
    case 'dynamic':
      return ok({ game: 'ray-poker', profile: p.id, rows: dynamicRtp(p, rounds, seed) });
    case 'riverside':
      return ok({ game: 'ray-poker', profile: p.id, rows: riversideRtp(p, rounds, seed) });
  }
}
