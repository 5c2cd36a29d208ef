/**
 * Shared betting patterns (issue 23 §5, second half): groups of accounts betting the same spots at the same
 * moments, at one table or across tables — a bot farm, or a team following one signal. Pure: accepted bets
 * in, suspected groups with their evidence out.
 *
 * A **co-bet** of a pair: a round in which both bet the same spot with their acceptances at most `windowMs`
 * (500 ms) apart. K = the pair's rounds with a co-bet, among the rounds both played.
 *
 * **Null model** (the two play independently, each with their own habits): in a shared round r, the chance
 * that B's bets meet A's is the share of B's *other* rounds (leave-one-out) in which B bet A's spot within
 * `windowMs` of A's time before the close — B's own spots and timing, replayed against A's bets (a permutation
 * of B's rounds; mixed with the crowd's habits as 5 pseudo-rounds), and the same with A and B swapped; p_r is
 * the mean of the two. A pair of last-second bettors
 * on red coincides often and is expected to; a pair at 200 ms on the same dozen, round after round, is not.
 * K is tested against its exact Poisson-binomial distribution over the shared rounds (one-sided), once K ≥
 * `minCoBets` (5) over at least `minShared` (10) shared rounds; each p-value × the number of pairs that shared
 * `minShared` rounds (Bonferroni: every pair that could have been tested). Pairs below `alpha` (0.001) are merged into groups (connected
 * components); a group's p-value is its best pair's. Across tables: the group's co-bets at different tables
 * within `simultaneousMs` (1 s) of each other are counted as the evidence of one signal driving several tables.
 *
 * What it does not model: players following the same *public* signal (the last number) at similar times look
 * like a group — which, for the pit, is what it is. Measured rates: docs/integrity.md (`shared-patterns.spec.ts`).
 */
import { poissonBinomialUpperTail } from './late-bets.js';

export interface PatternBet {
  readonly playerId: string;
  readonly tableId: string;
  readonly roundId: string;
  /** The spot or bet kind (`red`, `straight-17`, `player` …). */
  readonly spot: string;
  /** Minor units (evidence only). */
  readonly amount: number;
  /** Epoch ms of the bet's acceptance. */
  readonly acceptedAt: number;
  /** Ms between the acceptance and "no more bets" (≥ 0). */
  readonly msBeforeClose: number;
}

export interface SharedPatternsOptions {
  readonly windowMs?: number;
  readonly alpha?: number;
  readonly minCoBets?: number;
  /** Rounds a pair must share before it is tested (the Bonferroni factor counts these pairs). */
  readonly minShared?: number;
  readonly simultaneousMs?: number;
  /** Co-bets kept as a group's evidence (the latest). */
  readonly evidence?: number;
}

export const SHARED_PATTERNS_DEFAULTS = { windowMs: 500, alpha: 0.001, minCoBets: 5, minShared: 10, simultaneousMs: 1_000, evidence: 30 } as const;

/** Pseudo-rounds of the crowd's habits mixed into a player's own (a player seen in few rounds is judged mostly by the crowd's). */
const PRIOR_ROUNDS = 5;
/** The crowd: every player's rounds pooled (the prior of a player's habits). */
const CROWD = '\u0000crowd';

/** One round in which members of a pair or group bet the same spot within the window. */
export interface CoBet {
  readonly tableId: string;
  readonly roundId: string;
  readonly spot: string;
  /** The members who bet it, sorted. */
  readonly players: readonly string[];
  /** The first of their acceptances (epoch ms). */
  readonly at: number;
  /** The spread of their acceptances (ms). */
  readonly gapMs: number;
}

export interface PairScore {
  readonly players: readonly [string, string];
  readonly sharedRounds: number;
  readonly coBets: number;
  /** Σ p_r: the co-bets independent players with these habits would show. */
  readonly expected: number;
  /** Bonferroni-adjusted (1 below `minCoBets`). */
  readonly pValue: number;
  readonly alarm: boolean;
}

export interface PatternGroup {
  /** Sorted. */
  readonly players: readonly string[];
  /** Its best pair's adjusted p-value. */
  readonly pValue: number;
  readonly pairs: readonly PairScore[];
  /** Tables of its co-bets, most first. */
  readonly tables: readonly string[];
  readonly coBets: number;
  /** Co-bets with another of the group's co-bets at a different table within `simultaneousMs`. */
  readonly simultaneous: number;
  /** The latest co-bets (at most `evidence`), newest first. */
  readonly evidence: readonly CoBet[];
}

export interface SharedPatternsReport {
  readonly bets: number;
  readonly rounds: number;
  readonly players: number;
  /** Pairs that shared at least `minShared` rounds (the Bonferroni factor). */
  readonly pairsTested: number;
  readonly pValue: number;
  readonly alpha: number;
  readonly alarm: boolean;
  readonly windowMs: number;
  readonly groups: readonly PatternGroup[];
  /** The most suspicious pairs (at most 10), alarming or not. */
  readonly topPairs: readonly PairScore[];
}

interface Round {
  readonly tableId: string;
  readonly roundId: string;
  /** Each player's bets in the round. */
  readonly byPlayer: Map<string, PatternBet[]>;
}

/** A player's habits: per spot, the sorted times before the close of their bets (one list per spot). */
interface Habits {
  readonly rounds: number;
  readonly times: Map<string, number[]>;
}

const pairKey = (a: string, b: string): string => (a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`);
const splitKey = (k: string): [string, string] => k.split('\u0000') as [string, string];

/** Values of `sorted` in [lo, hi]. */
function countBetween(sorted: readonly number[], lo: number, hi: number): number {
  const lower = (x: number, strict: boolean): number => {
    let l = 0;
    let h = sorted.length;
    while (l < h) {
      const m = (l + h) >> 1;
      if (strict ? sorted[m]! <= x : sorted[m]! < x) l = m + 1;
      else h = m;
    }
    return l;
  };
  return lower(hi, true) - lower(lo, false);
}

function groupRounds(bets: readonly PatternBet[]): Round[] {
  const rounds = new Map<string, Round>();
  for (const b of bets) {
    const key = `${b.tableId}\u0000${b.roundId}`;
    let r = rounds.get(key);
    if (r === undefined) {
      r = { tableId: b.tableId, roundId: b.roundId, byPlayer: new Map() };
      rounds.set(key, r);
    }
    const list = r.byPlayer.get(b.playerId) ?? [];
    list.push(b);
    r.byPlayer.set(b.playerId, list);
  }
  return [...rounds.values()];
}

function habitsOf(rounds: readonly Round[]): Map<string, Habits> {
  const acc = new Map<string, { rounds: number; times: Map<string, number[]> }>();
  for (const r of rounds) {
    for (const [player, list] of r.byPlayer) {
      const h = acc.get(player) ?? { rounds: 0, times: new Map<string, number[]>() };
      h.rounds++;
      for (const b of list) {
        const t = h.times.get(b.spot) ?? [];
        t.push(b.msBeforeClose);
        h.times.set(b.spot, t);
      }
      acc.set(player, h);
      const crowd = acc.get(CROWD) ?? { rounds: 0, times: new Map<string, number[]>() };
      crowd.rounds++;
      for (const b of list) {
        const t = crowd.times.get(b.spot) ?? [];
        t.push(b.msBeforeClose);
        crowd.times.set(b.spot, t);
      }
      acc.set(CROWD, crowd);
    }
  }
  for (const h of acc.values()) for (const t of h.times.values()) t.sort((x, y) => x - y);
  return acc;
}

/** The round's co-bet of A and B, if any: the same spot within `windowMs`. */
function coBetOf(r: Round, a: readonly PatternBet[], b: readonly PatternBet[], windowMs: number): CoBet | null {
  for (const x of a) {
    for (const y of b) {
      if (x.spot !== y.spot || Math.abs(x.acceptedAt - y.acceptedAt) > windowMs) continue;
      return { tableId: r.tableId, roundId: r.roundId, spot: x.spot, players: [x.playerId, y.playerId].sort(), at: Math.min(x.acceptedAt, y.acceptedAt), gapMs: Math.abs(x.acceptedAt - y.acceptedAt) };
    }
  }
  return null;
}

/**
 * Under independence: the chance that B, playing round r by its habits in its other rounds (leave-one-out),
 * meets one of A's bets — B's share of rounds with a bet on the spot within the window, mixed with the crowd's
 * share as PRIOR_ROUNDS pseudo-rounds (a player seen in few rounds is judged mostly by the crowd's habits).
 */
function meetChance(a: readonly PatternBet[], ownB: readonly PatternBet[], habitsB: Habits, crowd: Habits, windowMs: number): number {
  const others = habitsB.rounds - 1;
  let miss = 1;
  const spots = new Set<string>();
  for (const x of a) {
    if (spots.has(x.spot)) continue;
    spots.add(x.spot);
    const lo = x.msBeforeClose - windowMs;
    const hi = x.msBeforeClose + windowMs;
    const all = countBetween(habitsB.times.get(x.spot) ?? [], lo, hi);
    const own = ownB.filter((y) => y.spot === x.spot && y.msBeforeClose >= lo && y.msBeforeClose <= hi).length;
    const crowdShare = Math.min(1, countBetween(crowd.times.get(x.spot) ?? [], lo, hi) / crowd.rounds);
    miss *= 1 - Math.min(1, (Math.max(0, all - own) + PRIOR_ROUNDS * crowdShare) / (others + PRIOR_ROUNDS));
  }
  return 1 - miss;
}

interface PairState {
  shared: Round[];
  coBets: CoBet[];
}

/** The report over `bets` (any tables, any order). */
export function sharedPatterns(bets: readonly PatternBet[], options: SharedPatternsOptions = {}): SharedPatternsReport {
  const o = { ...SHARED_PATTERNS_DEFAULTS, ...options };
  const rounds = groupRounds(bets);
  const habits = habitsOf(rounds);
  const pairs = new Map<string, PairState>();
  for (const r of rounds) {
    const players = [...r.byPlayer.keys()].sort();
    for (let i = 0; i < players.length; i++) {
      for (let j = i + 1; j < players.length; j++) {
        const key = pairKey(players[i]!, players[j]!);
        let s = pairs.get(key);
        if (s === undefined) {
          s = { shared: [], coBets: [] };
          pairs.set(key, s);
        }
        s.shared.push(r);
        const c = coBetOf(r, r.byPlayer.get(players[i]!)!, r.byPlayer.get(players[j]!)!, o.windowMs);
        if (c !== null) s.coBets.push(c);
      }
    }
  }
  const tested = [...pairs.values()].filter((s) => s.shared.length >= o.minShared).length;
  const crowd = habits.get(CROWD)!;
  habits.delete(CROWD);
  const scores: PairScore[] = [];
  const coBetsOf = new Map<string, CoBet[]>();
  for (const [key, s] of pairs) {
    if (s.coBets.length < o.minCoBets || s.shared.length < o.minShared) continue;
    const [a, b] = splitKey(key);
    const ps = s.shared.map((r) => {
      const ba = r.byPlayer.get(a)!;
      const bb = r.byPlayer.get(b)!;
      return (meetChance(ba, bb, habits.get(b)!, crowd, o.windowMs) + meetChance(bb, ba, habits.get(a)!, crowd, o.windowMs)) / 2;
    });
    const pValue = Math.min(1, poissonBinomialUpperTail(s.coBets.length, ps) * tested);
    scores.push({ players: [a, b], sharedRounds: s.shared.length, coBets: s.coBets.length, expected: ps.reduce((x, y) => x + y, 0), pValue, alarm: pValue < o.alpha });
    coBetsOf.set(key, s.coBets);
  }
  scores.sort((x, y) => x.pValue - y.pValue || x.players.join().localeCompare(y.players.join()));
  const groups = mergeGroups(scores.filter((s) => s.alarm), coBetsOf, o);
  const pValue = scores[0]?.pValue ?? 1;
  return {
    bets: bets.length,
    rounds: rounds.length,
    players: habits.size,
    pairsTested: tested,
    pValue,
    alpha: o.alpha,
    alarm: pValue < o.alpha,
    windowMs: o.windowMs,
    groups,
    topPairs: scores.slice(0, 10),
  };
}

/** Alarming pairs merged into connected groups, with their co-bets merged by round and spot. */
function mergeGroups(alarming: readonly PairScore[], coBetsOf: ReadonlyMap<string, readonly CoBet[]>, o: Required<SharedPatternsOptions>): PatternGroup[] {
  const parent = new Map<string, string>();
  const find = (x: string): string => {
    const p = parent.get(x) ?? x;
    if (p === x) return x;
    const root = find(p);
    parent.set(x, root);
    return root;
  };
  for (const s of alarming) {
    const [ra, rb] = [find(s.players[0]), find(s.players[1])];
    if (ra !== rb) parent.set(ra < rb ? rb : ra, ra < rb ? ra : rb);
  }
  const byRoot = new Map<string, PairScore[]>();
  for (const s of alarming) {
    const root = find(s.players[0]);
    byRoot.set(root, [...(byRoot.get(root) ?? []), s]);
  }
  const groups = [...byRoot.values()].map((pairs) => {
    const players = [...new Set(pairs.flatMap((p) => p.players))].sort();
    const merged = new Map<string, { c: CoBet; members: Set<string>; first: number; last: number }>();
    for (const p of pairs) {
      for (const c of coBetsOf.get(pairKey(p.players[0], p.players[1])) ?? []) {
        const key = `${c.tableId}\u0000${c.roundId}\u0000${c.spot}`;
        const m = merged.get(key) ?? { c, members: new Set<string>(), first: c.at, last: c.at + c.gapMs };
        c.players.forEach((x) => m.members.add(x));
        m.first = Math.min(m.first, c.at);
        m.last = Math.max(m.last, c.at + c.gapMs);
        merged.set(key, m);
      }
    }
    const coBets = [...merged.values()].map(({ c, members, first, last }): CoBet => ({ ...c, players: [...members].sort(), at: first, gapMs: last - first })).sort((x, y) => x.at - y.at);
    const perTable = new Map<string, number>();
    for (const c of coBets) perTable.set(c.tableId, (perTable.get(c.tableId) ?? 0) + 1);
    return {
      players,
      pValue: Math.min(...pairs.map((p) => p.pValue)),
      pairs,
      tables: [...perTable.entries()].sort((x, y) => y[1] - x[1] || x[0].localeCompare(y[0])).map(([t]) => t),
      coBets: coBets.length,
      simultaneous: simultaneous(coBets, o.simultaneousMs),
      evidence: coBets.slice(-o.evidence).reverse(),
    };
  });
  return groups.sort((x, y) => x.pValue - y.pValue || x.players.join().localeCompare(y.players.join()));
}

/** Co-bets (sorted by time) with another at a different table within `ms`. */
function simultaneous(coBets: readonly CoBet[], ms: number): number {
  let n = 0;
  for (let i = 0; i < coBets.length; i++) {
    const c = coBets[i]!;
    let hit = false;
    for (let j = i - 1; j >= 0 && c.at - coBets[j]!.at <= ms && !hit; j--) hit = coBets[j]!.tableId !== c.tableId;
    for (let j = i + 1; j < coBets.length && coBets[j]!.at - c.at <= ms && !hit; j++) hit = coBets[j]!.tableId !== c.tableId;
    if (hit) n++;
  }
  return n;
}
