import { createRng } from '../common/random.js';
import { ok, violation, type Result } from '../common/result.js';
import type { RtpOptions, RtpReport, RtpRow } from '../kernel/game.js';
import { format, rational, toNumber, type Rational } from '../sicbo/rational.js';
import { category, fiveCardValue, fiveIds, rankOf, sevenCardValue, suitOf, threeCardValue, type CardId } from './ray-poker.hand.js';
import { categoryIndex, categoryMeans, ControlVariates, SEVEN_CARD_CLASS_COUNTS, SEVEN_CARD_TOTAL } from '../banked-poker/sampling.js';
import {
  dynamicBonus,
  dynamicResults,
  fastBonus,
  fastQualifies,
  rayPokerProfiles,
  riversideBonus,
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

export const DYNAMIC_STRATEGY = 'always bet the Flop; raise the Turn with a pair or better that uses a hole card, or four to a flush; raise the River (only after a Turn raise) with two pair or better, or a pair of tens or better that uses a hole card';
export const RIVERSIDE_STRATEGY = 'call with a pair or better, four to a flush, or an ace or king in the hole; fold the rest';

function deal(rng: ReturnType<typeof createRng>, deck: CardId[], k: number): CardId[] {
  for (let i = 0; i < k; i++) {
    const j = i + rng.int(52 - i);
    const t = deck[i] as CardId;
    deck[i] = deck[j] as CardId;
    deck[j] = t;
  }
  return deck.slice(0, k);
}

const pairsWithHole = (hole: readonly CardId[], board: readonly CardId[], minRank = 2): boolean => {
  const [a, b] = hole as [CardId, CardId];
  if (rankOf(a) === rankOf(b) && rankOf(a) >= minRank) return true;
  return hole.some((h) => rankOf(h) >= minRank && board.some((c) => rankOf(c) === rankOf(h)));
};
const fourFlush = (cards: readonly CardId[]): boolean => [0, 1, 2, 3].some((s) => cards.filter((c) => suitOf(c) === s).length >= 4);

function bestOf6(c: readonly CardId[]): number {
  let best = 0;
  for (let skip = 0; skip < 6; skip++) best = Math.max(best, fiveCardValue(c.filter((_, i) => i !== skip)));
  return best;
}

/** Default rounds of the Dynamic and Riverside simulations: about a minute for both on this machine. */
export const RAY_SIM_ROUNDS = 1_000_000;

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
  const sim = simulate(rounds, seed, (c) => {
    const hole = c.slice(0, 2);
    const dealer = c.slice(2, 4);
    const board = c.slice(4, 9);
    const flop = board.slice(0, 3);
    const turn = pairsWithHole(hole, flop) || fourFlush([...hole, ...flop]);
    const six = [...hole, ...board.slice(0, 4)];
    const cat6 = category(bestOf6(six));
    const river = turn && (pairsWithHole(hole, board.slice(0, 4), 10) || (cat6 !== 'high-card' && cat6 !== 'pair' && pairsWithHole(hole, board.slice(0, 4))) || cat6 === 'flush' || cat6 === 'straight');
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
    { bet: 'blind+raises', rtp: 1 + sim.mean, houseEdge: -sim.mean, method: 'simulation', ci95: sim.ci95, samples: rounds, note: `per Blind; control variates of exact mean (category indicators, player beats dealer; plain interval ±${(sim.plainCi95 * 100).toFixed(2)} %); strategy: ${DYNAMIC_STRATEGY}` },
    row('bonus', rational(bonus, twos.length), twos.length, 'B on the two hole cards, every hand continued (Appendix A: 88.1 % net)'),
  ];
}

export function riversideRtp(p: RiversideProfile, rounds: number, seed: number): RtpRow[] {
  const sim = simulate(rounds, seed, (c) => {
    const hole = c.slice(0, 2);
    const dealer = c.slice(2, 4);
    const board = c.slice(4, 9);
    const five = [...hole, ...board.slice(0, 3)];
    const call = category(fiveCardValue(five)) !== 'high-card' || fourFlush(five) || hole.some((h) => rankOf(h) >= 13);
    const r = riversideResults({ hole, decision: call ? 'call' : 'fold' }, dealer, board, p);
    return { net: r.blind.returnMultiple - 1 + (r.call ? 2 * (r.call.returnMultiple - 1) : 0), player: sevenCardValue([...hole, ...board]), dealer: sevenCardValue([...dealer, ...board]) };
  });
  // bonus: pays only on two pair or better, which the strategy always calls: exact over every first five cards
  let bonus = 0;
  const count = forEachFive((f) => (bonus += riversideBonus(f, p).returnMultiple));
  return [
    { bet: 'blind+call', rtp: 1 + sim.mean, houseEdge: -sim.mean, method: 'simulation', ci95: sim.ci95, samples: rounds, note: `per Blind; control variates of exact mean (category indicators, player beats dealer; plain interval ±${(sim.plainCi95 * 100).toFixed(2)} %); strategy: ${RIVERSIDE_STRATEGY}` },
    row('bonus', rational(bonus, count), count, 'Bonus on the first five cards (two pair or better always calls; Appendix A: 84.9 % net)'),
  ];
}

export function rayPokerRtp(profileId: string, opts: RtpOptions = {}): Result<RtpReport> {
  const p = rayPokerProfiles[profileId];
  if (!p) return violation('UNKNOWN_PROFILE', 'D-2', `Unknown RAY poker profile "${profileId}" (known: ${Object.keys(rayPokerProfiles).join(', ')}).`);
  const rounds = opts.rounds ?? RAY_SIM_ROUNDS;
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
