/**
 * Collusion and bots at live poker (issue 23 §4). Pure: a poker table's hands (each laid out again from its
 * log through the same state machine the tables run), the players' connections when known, in; one report
 * per table out, every finding with its evidence — the hands by id, replayable with `felt settle
 * poker-<variant>` from the pit boss's events body of `GET /poker-tables/:id/hands/:handId/events`.
 *
 * Four findings, each with a stated false-alarm rate (measured: docs/integrity.md, `poker-collusion.spec.ts`):
 *
 * - **chip dumping** — a hand is a *dump* from L to W when L lost at least `heavyBB` big blinds, W won the
 *   most of it, and L's play was one a player should not make: L folded after putting `heavyBB` or more in
 *   (a *surrender*: it gave up a pot it had built), or L put chips in voluntarily with a trash hand (pre-flop strength in
 *   the bottom `trashBelow` of all starting hands; Hold'em, where the two hole cards say it) and lost them.
 *   Under the null hypothesis — whom L's bad losses go to does not depend on who L is — each of L's dumps goes to
 *   W with W's share q of the dumps every *other* player made to L's opponents (a receiver's own propensity: an
 *   aggressive player makes others fold more often; +1 smoothing over L's opponents; L's own dumps are left out
 *   so a colluder does not raise its own baseline). The test: k of L's R dumps to W against Binomial(R, q),
 *   exact upper tail, once k ≥ `minDumps` — over all of L's dumps and over its surrenders alone (a player who
 *   loses trash to everyone can hide surrenders to one partner; trash alone is not tested: who wins a player's
 *   trash depends on styles more than on collusion); Bonferroni over both and every ordered pair of players.
 * - **soft play** — a pair that does not raise each other while raising others. Decisions where the player
 *   could bet or raise and exactly one opponent was left in the hand (heads-up: the raise can only be aimed at
 *   that opponent). The pair's raises heads-up against each other against their raises heads-up against
 *   everyone else: Fisher's exact test (the hypergeometric lower tail), once the pair met heads-up
 *   `minSoft` times; Bonferroni over the unordered pairs.
 * - **timing** — a player's decision times (the action clock's start → the action; timeouts left out) too
 *   regular to be human. People's decision times are right-skewed and vary by a factor of several (their log
 *   has a standard deviation well above 0.5); a script's do not. H0: the log decision time's standard
 *   deviation is at least `humanLogSd` (0.3: 90 % of decisions within a factor 1.6 of the median — no person
 *   we simulate is that even), against less: (n − 1)s² / σ0² against chi-square(n − 1), lower tail, over the
 *   player's last `timingWindow` decisions once they have `minDecisions`; Bonferroni over the players.
 * - **shared connection** — two players seated at the table from the same address or the same device
 *   fingerprint. A rule, not a test (a household or an office behind one address is innocent): reported as a
 *   finding with p = 0, for the pit boss to judge.
 *
 * The table's `pValue` is the smallest adjusted p of the three tests × 3 (Bonferroni over the tests); `alarm`
 * is `pValue < alpha` (α = 0.001 per evaluation) or a shared connection.
 */
import { applyHandCommand, legalActions, startHand, type HandCommand, type HandState, type PlayerAction, type SeatInput } from '../poker-table/hand.js';
import { VARIANT_IDS, type PokerTableConfig, type VariantId } from '../poker-table/profiles.js';
import { parseHandEvents } from '../poker-table/replay.js';
import { cardCode } from '../poker/cards.js';
import { ok, violation, type Result } from '../common/result.js';
import { binomialUpperTail, bonferroni, chiSquareSurvival, logGamma } from './stats.js';

export interface PokerDecision {
  readonly playerId: string;
  /** the betting round (0 = the first). */
  readonly street: number;
  readonly action: PlayerAction | 'timeout';
  /** chips to call when the player acted (0: checking was free). */
  readonly toCallMinor: number;
  /** the chips this action put in. */
  readonly putMinor: number;
  /** whether a bet or raise was a legal action. */
  readonly canRaise: boolean;
  /** the other players still in the hand (not folded) when the player acted. */
  readonly opponents: readonly string[];
  /** the action clock's start → the action (null: a timeout, or no clock). */
  readonly ms: number | null;
}

export interface PokerHandPlayer {
  readonly playerId: string;
  readonly seat: number;
  /** pre-flop strength, 0 (the worst starting hand) … 1 (aces); null when the variant has no such measure. */
  readonly strength: number | null;
  readonly cards: readonly string[];
  readonly inMinor: number;
  readonly wonMinor: number;
  readonly netMinor: number;
  readonly folded: boolean;
}

/** One hand as the detectors read it. */
export interface PokerHandRecord {
  readonly handId: string;
  readonly tableId: string;
  readonly at: number;
  readonly bigBlindMinor: number;
  readonly voided: boolean;
  readonly players: readonly PokerHandPlayer[];
  readonly decisions: readonly PokerDecision[];
}

/** A player's connection as the server saw it (an address and/or a device fingerprint). */
export interface PokerConnection {
  readonly playerId: string;
  readonly ip?: string | null;
  readonly device?: string | null;
}

export interface PokerIntegrityOptions {
  readonly alpha?: number;
  readonly heavyBB?: number;
  readonly trashBelow?: number;
  readonly minDumps?: number;
  readonly minSoft?: number;
  readonly humanLogSd?: number;
  readonly minDecisions?: number;
  readonly timingWindow?: number;
}

export const POKER_INTEGRITY_DEFAULTS = { alpha: 0.001, heavyBB: 8, trashBelow: 0.3, minDumps: 3, minSoft: 20, humanLogSd: 0.3, minDecisions: 30, timingWindow: 400 } as const;

export type PokerFindingKind = 'chip-dumping' | 'soft-play' | 'timing' | 'shared-connection';

export interface PokerFinding {
  readonly kind: PokerFindingKind;
  /** chip dumping: [loser, receiver]; soft play: the pair; timing: the player; shared connection: the players. */
  readonly players: readonly string[];
  /** adjusted within its test (Bonferroni over the pairs or players), before the × 3 over the tests. */
  readonly pValue: number;
  readonly alarm: boolean;
  readonly detail: string;
  /** the hands that are the evidence (ids; replay each with `felt settle poker-<variant>`). */
  readonly hands: readonly string[];
}

/** Chips that moved from one player to another over the hands (each losing player's loss shared among the hand's winners by their winnings). */
export interface ChipFlow {
  readonly from: string;
  readonly to: string;
  readonly chipsMinor: number;
  readonly hands: number;
  /** the hands counted as dumps from `from` to `to`. */
  readonly dumps: number;
}

export interface PlayerTiming {
  readonly playerId: string;
  readonly decisions: number;
  readonly medianMs: number;
  /** the standard deviation of ln(decision ms). */
  readonly logSd: number;
  /** the coefficient of variation of the decision times. */
  readonly cv: number;
  readonly pValue: number;
}

export interface PokerIntegrityReport {
  readonly hands: number;
  readonly players: readonly string[];
  readonly pValue: number;
  readonly alpha: number;
  readonly alarm: boolean;
  /** the players in an alarming finding. */
  readonly suspects: readonly string[];
  /** every finding worth showing (alarming or the best of each test), most suspicious first. */
  readonly findings: readonly PokerFinding[];
  readonly flows: readonly ChipFlow[];
  readonly timing: readonly PlayerTiming[];
}

// ───────────────────────────── pre-flop strength (Chen's formula) ─────────────────────────────

const CHEN_HIGH = [1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5, 6, 7, 8, 10];

/** Bill Chen's quick score of a Hold'em starting hand (ranks 0 = deuce … 12 = ace). */
export function chenScore(r1: number, r2: number, suited: boolean): number {
  const hi = Math.max(r1, r2);
  const lo = Math.min(r1, r2);
  if (hi === lo) return Math.max(5, CHEN_HIGH[hi]! * 2);
  let s = CHEN_HIGH[hi]!;
  if (suited) s += 2;
  const gap = hi - lo - 1;
  s -= gap === 0 ? 0 : gap === 1 ? 1 : gap === 2 ? 2 : gap === 3 ? 4 : 5;
  if (gap <= 1 && hi < 10) s += 1;
  return Math.ceil(s);
}

let chenTable: Map<number, number> | null = null;

/** The share of the 1 326 starting hands scoring below this one (ties count half): 0 … 1. */
function chenPercentile(score: number): number {
  if (chenTable === null) {
    const scores: number[] = [];
    for (let a = 0; a < 52; a++) for (let b = a + 1; b < 52; b++) scores.push(chenScore(a >> 2, b >> 2, (a & 3) === (b & 3)));
    chenTable = new Map();
    for (const s of new Set(scores)) chenTable.set(s, (scores.filter((x) => x < s).length + scores.filter((x) => x === s).length / 2) / scores.length);
  }
  return chenTable.get(score) ?? 0;
}

/** A Hold'em starting hand's strength, 0 … 1 (its Chen score's percentile); null for other variants. */
export function preflopStrength(variant: string, cards: readonly number[]): number | null {
  if (variant !== 'holdem' || cards.length < 2) return null;
  const [a, b] = cards as [number, number];
  if (a >= 52 || b >= 52) return null;
  return chenPercentile(chenScore(a >> 2, b >> 2, (a & 3) === (b & 3)));
}

// ───────────────────────────── a hand from its log ─────────────────────────────

export interface LoggedPokerHand {
  readonly tableId: string;
  readonly handId: string;
  readonly config: PokerTableConfig;
  readonly seats: readonly SeatInput[];
  readonly buttonSeat: number | null;
  readonly at: number;
  readonly commands: readonly HandCommand[];
}

/**
 * Lays a hand out again from its start and commands (the table's state machine) and records every decision
 * with what the player faced and how long they took. Fails with the state machine's violation on a log that
 * does not replay, and with POKER_REPLAY_INCOMPLETE for a hand that has not ended.
 */
export function pokerHandRecord(h: LoggedPokerHand): Result<PokerHandRecord> {
  const started = startHand({ handId: h.handId, config: h.config, seats: h.seats, buttonSeat: h.buttonSeat, at: h.at });
  if (!started.ok) return started;
  let s: HandState = started.value;
  const decisions: PokerDecision[] = [];
  for (const cmd of h.commands) {
    const before = s;
    const r = applyHandCommand(s, cmd);
    if (!r.ok) return r;
    s = r.value;
    if (cmd.type !== 'act' && cmd.type !== 'timeout') continue;
    const i = before.seats.findIndex((x) => x.seat === cmd.seat);
    const x = before.seats[i];
    if (!x || before.phase.type !== 'bet') continue;
    const la = legalActions(before);
    const after = s.seats[i]!;
    decisions.push({
      playerId: x.playerId,
      street: before.betRound,
      action: cmd.type === 'timeout' ? 'timeout' : cmd.action,
      toCallMinor: la?.callMinor ?? 0,
      putMinor: Math.max(0, after.totalMinor - x.totalMinor),
      canRaise: la?.raise != null,
      opponents: before.seats.filter((y, j) => j !== i && !y.folded).map((y) => y.playerId),
      ms: cmd.type === 'act' && before.clock !== null && before.clock.seat === cmd.seat ? Math.max(0, cmd.at - before.clock.startedAt) : null,
    });
  }
  if (!s.result) return violation('POKER_REPLAY_INCOMPLETE', 'GEN-8', `hand ${h.handId}: the log ends before the hand does`);
  const res = s.result;
  const players = s.seats.map((x): PokerHandPlayer => {
    const r = res.seats.find((y) => y.seat === x.seat);
    const cards = x.cards.map((c) => c.card);
    return { playerId: x.playerId, seat: x.seat, strength: preflopStrength(s.config.variant, cards.slice(0, 2)), cards: cards.map((c) => cardCode(c)), inMinor: r?.inMinor ?? 0, wonMinor: r?.wonMinor ?? 0, netMinor: r?.netMinor ?? 0, folded: x.folded };
  });
  return ok({ handId: h.handId, tableId: h.tableId, at: h.at, bigBlindMinor: s.config.bigBlindMinor, voided: res.type === 'void', players, decisions });
}

/**
 * A hand from the pit boss's events body of `GET /poker-tables/:id/hands/:handId/events` once the hand is
 * over (`{ handId, table, events }`, every card shown) — the same body `felt settle poker-<variant>` replays.
 * The variant is the body's `table.variant`. Fails with POKER_REPLAY_INPUT (or the state machine's code) on
 * a body that does not replay, POKER_REPLAY_MISMATCH when the replay does not end as the log says.
 */
export function pokerHandRecordFromEvents(tableId: string, body: unknown): Result<PokerHandRecord> {
  const variant = (body as { table?: { variant?: unknown } } | null)?.table?.variant;
  if (typeof variant !== 'string' || !(VARIANT_IDS as readonly string[]).includes(variant)) return violation('POKER_REPLAY_INPUT', 'GEN-8', `the hand's table.variant must be one of ${VARIANT_IDS.join(', ')}`);
  const parsed = parseHandEvents(variant as VariantId, body);
  if (!parsed.ok) return parsed;
  const e = parsed.value;
  const rec = pokerHandRecord({ tableId, handId: e.handId, config: e.table, seats: e.seats, buttonSeat: e.buttonSeat, at: e.startedAt, commands: e.commands });
  if (!rec.ok || !e.logged) return rec;
  const net = new Map(rec.value.players.map((x) => [x.seat, x.netMinor]));
  if (e.logged.net.some((x) => net.get(x.seat) !== x.netMinor)) return violation('POKER_REPLAY_MISMATCH', 'GEN-8', `hand ${e.handId}: laid out again, a seat's net differs from the logged result`);
  return rec;
}

// ───────────────────────────── the tests ─────────────────────────────

const AGGRESSIVE = (d: PokerDecision): boolean => d.action === 'bet' || d.action === 'raise' || (d.action === 'all-in' && d.putMinor > d.toCallMinor);
const VOLUNTARY = (d: PokerDecision): boolean => d.putMinor > 0 && d.action !== 'timeout';

const logChoose = (x: number, y: number): number => logGamma(x + 1) - logGamma(y + 1) - logGamma(x - y + 1);

/** The probabilities of X = 0 … n for X ~ Hypergeometric(N, K successes, n drawn). */
export function hypergeometricPmf(N: number, K: number, n: number): number[] {
  const out = new Array<number>(n + 1).fill(0);
  for (let x = Math.max(0, n - (N - K)); x <= Math.min(K, n); x++) out[x] = Math.exp(logChoose(K, x) + logChoose(N - K, n - x) - logChoose(N, n));
  return out;
}

/**
 * Fisher's exact test over strata, one-sided (too few successes): each stratum a 2×2 table — successes `a` of
 * `n` in the first row, `k` successes of `N` in all — and the sum of the first rows' successes against the
 * convolution of the strata's hypergeometric distributions. P(Σ X ≤ Σ a).
 */
export function stratifiedFisherLowerTail(strata: readonly { readonly a: number; readonly n: number; readonly k: number; readonly N: number }[]): number {
  let dist = [1];
  for (const s of strata) {
    const pmf = hypergeometricPmf(s.N, s.k, s.n);
    const next = new Array<number>(dist.length + pmf.length - 1).fill(0);
    for (let i = 0; i < dist.length; i++) for (let j = 0; j < pmf.length; j++) next[i + j] = next[i + j]! + dist[i]! * pmf[j]!;
    dist = next;
  }
  const a = strata.reduce((x, s) => x + s.a, 0);
  let tail = 0;
  for (let i = 0; i <= Math.min(a, dist.length - 1); i++) tail += dist[i]!;
  return Math.min(1, tail);
}

/** How a loss was played as nobody should: surrendered after building the pot, or trash played for heavy chips. */
type DumpWay = 'surrender' | 'trash';

interface Dump {
  readonly from: string;
  readonly to: string;
  readonly handId: string;
  readonly way: DumpWay;
}

/** Whether the loser's play in this hand was one a player should not make (see the file's comment), and how. */
function shouldHaveFolded(h: PokerHandRecord, p: PokerHandPlayer, heavy: number, trashBelow: number): DumpWay | null {
  if (p.folded && p.inMinor >= heavy) return 'surrender';
  const voluntary = h.decisions.some((d) => d.playerId === p.playerId && VOLUNTARY(d));
  return p.strength !== null && p.strength < trashBelow && voluntary ? 'trash' : null;
}

/** Every table's integrity report over its hands (oldest first) and the connections seen at it. */
export function pokerIntegrity(hands: readonly PokerHandRecord[], connections: readonly PokerConnection[] = [], options: PokerIntegrityOptions = {}): PokerIntegrityReport {
  const o = { ...POKER_INTEGRITY_DEFAULTS, ...options };
  const players = [...new Set(hands.flatMap((h) => h.players.map((p) => p.playerId)))].sort();
  const findings: PokerFinding[] = [];
  const played = hands.filter((h) => !h.voided);

  // chip flow and dumps
  const flow = new Map<string, { chipsMinor: number; hands: number; dumps: number }>();
  const pairKey = (a: string, b: string): string => `${a}\u0000${b}`;
  const dumps: Dump[] = [];
  const met = new Map<string, Set<string>>();
  for (const h of played) {
    for (const p of h.players) for (const q of h.players) if (p.playerId !== q.playerId) (met.get(p.playerId) ?? met.set(p.playerId, new Set()).get(p.playerId)!).add(q.playerId);
    const winners = h.players.filter((p) => p.netMinor > 0);
    const won = winners.reduce((a, p) => a + p.netMinor, 0);
    if (won === 0) continue;
    const main = winners.reduce((a, b) => (b.netMinor > a.netMinor ? b : a));
    for (const l of h.players.filter((p) => p.netMinor < 0)) {
      for (const w of winners) {
        const f = flow.get(pairKey(l.playerId, w.playerId)) ?? { chipsMinor: 0, hands: 0, dumps: 0 };
        f.chipsMinor += Math.round((-l.netMinor * w.netMinor) / won);
        f.hands++;
        flow.set(pairKey(l.playerId, w.playerId), f);
      }
      const heavy = o.heavyBB * h.bigBlindMinor;
      const way = -l.netMinor >= heavy ? shouldHaveFolded(h, l, heavy, o.trashBelow) : null;
      if (way !== null) {
        dumps.push({ from: l.playerId, to: main.playerId, handId: h.handId, way });
        flow.get(pairKey(l.playerId, main.playerId))!.dumps++;
      }
    }
  }
  // tested two ways — every dump, and the surrenders alone (a maniac who loses trash to everyone hides a surrender
  // to one partner): Bonferroni × 2 over the ways and every ordered pair. Trash alone is not tested: who wins a
  // player's trash depends on styles (a calling station wins an aggressive player's bluffs) more than on collusion.
  const WAYS = { any: null, surrender: 'surrender' } as const;
  const orderedPairs = Math.max(1, players.length * (players.length - 1)) * 2;
  const dumpFindings: PokerFinding[] = [];
  const WAY_TEXT = { any: 'played as nobody should', surrender: 'by folding after putting them in' } as const;
  for (const from of players) {
    const best = new Map<string, PokerFinding>();
    for (const [name, way] of Object.entries(WAYS) as [keyof typeof WAYS, DumpWay | null][]) {
      const mine = dumps.filter((d) => d.from === from && (way === null || d.way === way));
      if (mine.length === 0) continue;
      // who receives such losses of everyone else: each receiver's propensity (an aggressive player makes others fold more), without this loser's own
      const others = dumps.filter((d) => d.from !== from && d.to !== from && (way === null || d.way === way));
      const opponents = [...(met.get(from) ?? [])];
      const received = (to: string): number => others.filter((d) => d.to === to).length;
      const total = opponents.reduce((a, v) => a + received(v), 0);
      for (const to of new Set(mine.map((d) => d.to))) {
        const toHim = mine.filter((d) => d.to === to);
        if (toHim.length < o.minDumps) continue;
        const q = (received(to) + 1) / (total + opponents.length);
        const p = bonferroni(binomialUpperTail(toHim.length, mine.length, q), orderedPairs);
        const chips = flow.get(pairKey(from, to))?.chipsMinor ?? 0;
        const f: PokerFinding = { kind: 'chip-dumping', players: [from, to], pValue: p, alarm: false, detail: `${toHim.length} of ${from}'s ${mine.length} losses of ${o.heavyBB}+ big blinds ${WAY_TEXT[name]} went to ${to} (chance gives ${(q * mine.length).toFixed(1)}: ${to} received ${(100 * q).toFixed(0)} % of such losses of the others); ${chips} chips flowed ${from} → ${to} in all`, hands: toHim.map((d) => d.handId) };
        const had = best.get(to);
        if (had === undefined || f.pValue < had.pValue) best.set(to, f);
      }
    }
    dumpFindings.push(...best.values());
  }

  // soft play: heads-up raising chances
  const hu = new Map<string, { vs: Map<string, { n: number; raises: number; hands: Set<string> }>; n: number; raises: number }>();
  for (const h of played) {
    for (const d of h.decisions) {
      if (!d.canRaise || d.opponents.length !== 1 || d.action === 'timeout') continue;
      const s = hu.get(d.playerId) ?? { vs: new Map(), n: 0, raises: 0 };
      const v = s.vs.get(d.opponents[0]!) ?? { n: 0, raises: 0, hands: new Set<string>() };
      v.n++;
      s.n++;
      if (AGGRESSIVE(d)) {
        v.raises++;
        s.raises++;
      }
      v.hands.add(h.handId);
      s.vs.set(d.opponents[0]!, v);
      hu.set(d.playerId, s);
    }
  }
  const unorderedPairs = Math.max(1, (players.length * (players.length - 1)) / 2);
  const softFindings: PokerFinding[] = [];
  for (let i = 0; i < players.length; i++) {
    for (let j = i + 1; j < players.length; j++) {
      const a = players[i]!;
      const b = players[j]!;
      const ab = hu.get(a)?.vs.get(b);
      const ba = hu.get(b)?.vs.get(a);
      const n1 = (ab?.n ?? 0) + (ba?.n ?? 0);
      if (n1 < o.minSoft) continue;
      const r1 = (ab?.raises ?? 0) + (ba?.raises ?? 0);
      // each player is its own stratum (a passive player and an aggressive one pooled would mislead)
      const strata = [[a, ab], [b, ba]].flatMap(([who, vs]) => {
        const all = hu.get(who as string);
        const v = vs as { n: number; raises: number } | undefined;
        return all && v && v.n > 0 && all.n > v.n ? [{ a: v.raises, n: v.n, k: all.raises, N: all.n }] : [];
      });
      if (strata.length === 0) continue;
      const n2 = strata.reduce((x, t) => x + t.N - t.n, 0);
      const r2 = strata.reduce((x, t) => x + t.k - t.a, 0);
      const p = bonferroni(stratifiedFisherLowerTail(strata), unorderedPairs);
      const hands = [...new Set([...(ab?.hands ?? []), ...(ba?.hands ?? [])])];
      softFindings.push({ kind: 'soft-play', players: [a, b], pValue: p, alarm: false, detail: `heads-up against each other ${a} and ${b} bet or raised ${r1} times in ${n1} chances (${((100 * r1) / n1).toFixed(0)} %); against everyone else ${r2} in ${n2} (${((100 * r2) / n2).toFixed(0)} %)`, hands });
    }
  }

  // timing
  const timing: PlayerTiming[] = [];
  const timingFindings: PokerFinding[] = [];
  const timed = new Map<string, { ms: number; handId: string }[]>();
  for (const h of hands) for (const d of h.decisions) if (d.ms !== null && d.action !== 'timeout') (timed.get(d.playerId) ?? timed.set(d.playerId, []).get(d.playerId)!).push({ ms: d.ms, handId: h.handId });
  const tested = [...timed.values()].filter((xs) => xs.length >= o.minDecisions).length;
  for (const [playerId, all] of timed) {
    const xs = all.slice(-o.timingWindow);
    const ms = xs.map((x) => x.ms);
    const logs = ms.map((m) => Math.log(Math.max(50, m)));
    const n = logs.length;
    const mean = logs.reduce((a, b) => a + b, 0) / n;
    const sd = n > 1 ? Math.sqrt(logs.reduce((a, b) => a + (b - mean) ** 2, 0) / (n - 1)) : 0;
    const mMean = ms.reduce((a, b) => a + b, 0) / n;
    const mSd = n > 1 ? Math.sqrt(ms.reduce((a, b) => a + (b - mMean) ** 2, 0) / (n - 1)) : 0;
    const sorted = [...ms].sort((a, b) => a - b);
    let p = 1;
    if (n >= o.minDecisions) {
      const x = ((n - 1) * sd * sd) / (o.humanLogSd * o.humanLogSd);
      p = bonferroni(1 - chiSquareSurvival(x, n - 1), Math.max(1, tested));
      timingFindings.push({ kind: 'timing', players: [playerId], pValue: p, alarm: false, detail: `${n} decisions: median ${sorted[Math.floor(n / 2)]} ms, log-time standard deviation ${sd.toFixed(3)} (people: above ${o.humanLogSd}), coefficient of variation ${(mMean > 0 ? mSd / mMean : 0).toFixed(3)}`, hands: [...new Set(xs.map((x) => x.handId))].slice(-20) });
    }
    timing.push({ playerId, decisions: n, medianMs: sorted[Math.floor(n / 2)] ?? 0, logSd: sd, cv: mMean > 0 ? mSd / mMean : 0, pValue: p });
  }

  // shared connections
  const seatedPlayers = new Set(players);
  const byKey = new Map<string, Set<string>>();
  for (const c of connections) {
    if (!seatedPlayers.has(c.playerId) && hands.length > 0) continue;
    for (const [k, v] of [['address', c.ip], ['device', c.device]] as const) if (v) (byKey.get(`${k} ${v}`) ?? byKey.set(`${k} ${v}`, new Set()).get(`${k} ${v}`)!).add(c.playerId);
  }
  const sharedFindings: PokerFinding[] = [];
  for (const [k, who] of byKey) {
    if (who.size < 2) continue;
    const ps = [...who].sort();
    const together = played.filter((h) => ps.filter((p) => h.players.some((x) => x.playerId === p)).length >= 2).map((h) => h.handId);
    sharedFindings.push({ kind: 'shared-connection', players: ps, pValue: 0, alarm: true, detail: `${ps.join(', ')} play from the same ${k}; ${together.length} hands dealt to two or more of them`, hands: together.slice(-20) });
  }

  const tests = [dumpFindings, softFindings, timingFindings];
  const alarmAt = (p: number): boolean => bonferroni(p, 3) < o.alpha;
  for (const list of tests) {
    list.sort((a, b) => a.pValue - b.pValue || a.players.join().localeCompare(b.players.join()));
    for (const [i, f] of list.entries()) if (alarmAt(f.pValue)) list[i] = { ...f, alarm: true };
  }
  // every alarming finding, and the best of each test beside them (the pit boss sees how close each one is)
  for (const list of tests) findings.push(...list.filter((f, i) => f.alarm || i === 0));
  findings.push(...sharedFindings);
  findings.sort((a, b) => Number(b.alarm) - Number(a.alarm) || a.pValue - b.pValue);
  const minP = Math.min(1, ...tests.flat().map((f) => f.pValue));
  const pValue = bonferroni(minP, 3);
  const suspects = [...new Set(findings.filter((f) => f.alarm).flatMap((f) => f.players))].sort();
  const flows = [...flow.entries()].map(([k, f]) => {
    const [from, to] = k.split('\u0000') as [string, string];
    return { from, to, ...f };
  });
  return {
    hands: hands.length,
    players,
    pValue,
    alpha: o.alpha,
    alarm: pValue < o.alpha || sharedFindings.length > 0,
    suspects,
    findings,
    flows: flows.sort((a, b) => b.dumps - a.dumps || b.chipsMinor - a.chipsMinor || a.from.localeCompare(b.from) || a.to.localeCompare(b.to)),
    timing: timing.sort((a, b) => a.pValue - b.pValue || a.playerId.localeCompare(b.playerId)),
  };
}
