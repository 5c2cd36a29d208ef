/**
 * Shoe and card integrity (issue 23 §2), per shoe session. Pure: the cards each session dealt (in
 * order), optionally where the cut card came out and how many reads the scanner could not make.
 *
 * Tests, each a p-value adjusted for its own family:
 *  - `composition`: the ranks seen against a fair shoe of `decks` decks. Dealing m of N cards without
 *    replacement, a rank's count is hypergeometric (mean m·K/N, variance m·p·(1−p)·(N−m)/(N−1)); the
 *    test is the chi-square of the 13 standardised counts (df 12, with the finite-population
 *    correction), and the suspects are the ranks whose own two-sided z passes alpha/13 — a shoe short
 *    of tens or rich in aces; the ten-valued cards (T J Q K) are also tested as one group, the
 *    composition a blackjack or baccarat shoe "short of tens" is short of (13 ranks + 1 group in the family);
 *  - `impossible`: a card seen more often than the shoe holds it (the ingest already refuses such a
 *    card live; an export can still carry one) — p = 0;
 *  - `repeats`: a run of `runLength` (10) cards that appears in two sessions — a pre-arranged shoe.
 *    A fresh 8-deck shuffle repeats a given 10-card run with probability < 10⁻¹⁴: any repeat alarms;
 *  - `cut`: the cut card's penetration outside the declared range;
 *  - `unreadable`: the scanner's unreadable reads above `unreadableRate` (binomial upper tail).
 * The report's `pValue` is the smallest × the number of tests run (Bonferroni) over every session.
 */
import { RANKS, rankOf, type Card, type Rank } from '../cards/card.js';
import { binomialUpperTail, bonferroni, chiSquareSurvival, normalUpperTail } from './stats.js';

export interface ShoeSession {
  readonly cards: readonly Card[];
  /** Cards dealt when the cut card came out (penetration = cutCardAt / shoe size). */
  readonly cutCardAt?: number;
  /** Reads the scanner could not make in this session. */
  readonly unreadable?: number;
}

export interface ShoeIntegrityOptions {
  readonly decks: number;
  readonly alpha?: number;
  readonly runLength?: number;
  /** Declared cut-card penetration range, as fractions of the shoe. */
  readonly penetration?: readonly [number, number];
  /** The scanner's normal unreadable rate per read. */
  readonly unreadableRate?: number;
}

export interface ShoeFinding {
  /** The session's index, or −1 for a finding over all sessions pooled. */
  readonly session: number;
  readonly test: 'composition' | 'impossible' | 'repeats' | 'cut' | 'unreadable';
  readonly pValue: number;
  readonly detail: string;
  readonly ranks: readonly Rank[];
}

export interface RankCount {
  readonly rank: Rank;
  readonly count: number;
  readonly expected: number;
  readonly z: number;
}

export interface ShoeIntegrityReport {
  readonly sessions: number;
  readonly cards: number;
  readonly alarm: boolean;
  readonly pValue: number;
  readonly alpha: number;
  readonly suspects: readonly Rank[];
  readonly findings: readonly ShoeFinding[];
  /** Per session, the rank counts against a fair shoe (the evidence chart). */
  readonly composition: ReadonlyArray<readonly RankCount[]>;
}

const TEN_VALUED: readonly Rank[] = ['T', 'J', 'Q', 'K'];

/** The ten-valued cards of a session as one group: count, expected and variance against a fair shoe. */
function tenGroup(counts: readonly RankCount[], m: number, fpc: number): { count: number; expected: number; variance: number; z: number } {
  const p = TEN_VALUED.length / RANKS.length;
  const count = counts.filter((c) => TEN_VALUED.includes(c.rank)).reduce((s, c) => s + c.count, 0);
  const expected = m * p;
  const variance = m * p * (1 - p) * fpc;
  return { count, expected, variance, z: variance > 0 ? (count - expected) / Math.sqrt(variance) : 0 };
}

export const SHOE_INTEGRITY_DEFAULTS = { alpha: 0.002, runLength: 10, penetration: [0.6, 0.9] as const, unreadableRate: 0.005 } as const;

export function shoeIntegrity(sessions: readonly ShoeSession[], options: ShoeIntegrityOptions): ShoeIntegrityReport {
  const alpha = options.alpha ?? SHOE_INTEGRITY_DEFAULTS.alpha;
  const runLength = options.runLength ?? SHOE_INTEGRITY_DEFAULTS.runLength;
  const [penLow, penHigh] = options.penetration ?? SHOE_INTEGRITY_DEFAULTS.penetration;
  const size = 52 * options.decks;
  const perRank = 4 * options.decks;
  const findings: ShoeFinding[] = [];
  const composition: RankCount[][] = [];
  let testsRun = 0;
  let minP = 1;
  const note = (f: ShoeFinding): void => {
    findings.push(f);
  };

  const seenRuns = new Map<string, number>();
  sessions.forEach((session, si) => {
    const m = session.cards.length;
    const byRank = new Map<Rank, number>(RANKS.map((r) => [r, 0]));
    const byCard = new Map<Card, number>();
    for (const c of session.cards) {
      byRank.set(rankOf(c), byRank.get(rankOf(c))! + 1);
      byCard.set(c, (byCard.get(c) ?? 0) + 1);
    }
    // impossible cards
    const over = [...byCard].filter(([, n]) => n > options.decks);
    testsRun++;
    if (over.length > 0) {
      minP = 0;
      note({ session: si, test: 'impossible', pValue: 0, detail: over.map(([c, n]) => `${c} ×${n} in a ${options.decks}-deck shoe`).join(', '), ranks: [...new Set(over.map(([c]) => rankOf(c)))] });
    }
    // composition
    const p = perRank / size;
    const fpc = m < size ? (size - m) / (size - 1) : 0;
    const counts: RankCount[] = RANKS.map((rank) => {
      const count = byRank.get(rank)!;
      const expected = m * p;
      const sd = Math.sqrt(m * p * (1 - p) * fpc);
      return { rank, count, expected, z: sd > 0 ? (count - expected) / sd : 0 };
    });
    composition.push(counts);
    if (m >= 52 && fpc > 0) {
      testsRun++;
      // Σ z² over 13 ranks of a multinomial-like draw: chi-square with 12 df (the counts sum to m)
      const chi = counts.reduce((s, c) => s + c.z * c.z, 0) * (1 - p);
      const pc = chiSquareSurvival(chi, RANKS.length - 1);
      minP = Math.min(minP, pc);
      const suspects = counts.filter((c) => bonferroni(2 * normalUpperTail(Math.abs(c.z)), RANKS.length + 1) < alpha).map((c) => c.rank);
      // ten-valued cards as one group (what a blackjack or baccarat shoe short of "tens" is short of)
      const tens = tenGroup(counts, m, fpc);
      const tensP = bonferroni(2 * normalUpperTail(Math.abs(tens.z)), RANKS.length + 1);
      minP = Math.min(minP, tensP);
      if (tensP < alpha) note({ session: si, test: 'composition', pValue: tensP, detail: `ten-valued cards: ${tens.count} seen, ${tens.expected.toFixed(1)} expected (z ${tens.z.toFixed(1)})`, ranks: TEN_VALUED });
      if (pc < alpha || suspects.length > 0) {
        const rankP = Math.min(pc, ...counts.map((c) => bonferroni(2 * normalUpperTail(Math.abs(c.z)), RANKS.length + 1)));
        minP = Math.min(minP, rankP);
        note({ session: si, test: 'composition', pValue: rankP, detail: counts.filter((c) => suspects.includes(c.rank)).map((c) => `${c.rank}: ${c.count} seen, ${c.expected.toFixed(1)} expected (z ${c.z.toFixed(1)})`).join('; ') || `chi-square ${chi.toFixed(1)} on 12 df`, ranks: suspects });
      }
    }
    // runs repeated from an earlier session
    testsRun++;
    for (let i = 0; i + runLength <= m; i++) {
      const key = session.cards.slice(i, i + runLength).join(' ');
      const earlier = seenRuns.get(key);
      if (earlier !== undefined && earlier !== si) {
        minP = 0;
        note({ session: si, test: 'repeats', pValue: 0, detail: `cards ${i + 1}–${i + runLength} (${key}) repeat a run of session ${earlier + 1}`, ranks: [] });
        break;
      }
    }
    for (let i = 0; i + runLength <= m; i++) {
      const key = session.cards.slice(i, i + runLength).join(' ');
      if (!seenRuns.has(key)) seenRuns.set(key, si);
    }
    // the cut card
    if (session.cutCardAt !== undefined) {
      testsRun++;
      const pen = session.cutCardAt / size;
      if (pen < penLow || pen > penHigh) {
        minP = 0;
        note({ session: si, test: 'cut', pValue: 0, detail: `cut card at ${(100 * pen).toFixed(0)} % of the shoe, outside ${100 * penLow}–${100 * penHigh} %`, ranks: [] });
      }
    }
    // the scanner
    if (session.unreadable !== undefined && m > 0) {
      testsRun++;
      const reads = m + session.unreadable;
      const pu = binomialUpperTail(session.unreadable, reads, options.unreadableRate ?? SHOE_INTEGRITY_DEFAULTS.unreadableRate);
      minP = Math.min(minP, pu);
      if (pu < alpha) note({ session: si, test: 'unreadable', pValue: pu, detail: `${session.unreadable} unreadable of ${reads} reads`, ranks: [] });
    }
  });

  // pooled over the sessions: a preparation that is short every time (a shoe always short of tens)
  // shows in a few shoes, long before one shoe alone can show it
  if (sessions.length > 1) {
    testsRun++;
    const pooled = RANKS.map((rank, ri) => {
      let diff = 0;
      let variance = 0;
      composition.forEach((counts) => {
        const c = counts[ri]!;
        diff += c.count - c.expected;
        variance += c.z === 0 ? 0 : ((c.count - c.expected) / c.z) ** 2;
      });
      return { rank, z: variance > 0 ? diff / Math.sqrt(variance) : 0, diff };
    });
    let tensDiff = 0;
    let tensVar = 0;
    sessions.forEach((session, si) => {
      const m = session.cards.length;
      const t = tenGroup(composition[si]!, m, m < size ? (size - m) / (size - 1) : 0);
      tensDiff += t.count - t.expected;
      tensVar += t.variance;
    });
    const tensZ = tensVar > 0 ? tensDiff / Math.sqrt(tensVar) : 0;
    const tensP = bonferroni(2 * normalUpperTail(Math.abs(tensZ)), RANKS.length + 1);
    minP = Math.min(minP, tensP);
    if (tensP < alpha) note({ session: -1, test: 'composition', pValue: tensP, detail: `over all ${sessions.length} sessions: ten-valued cards ${tensDiff > 0 ? '+' : ''}${tensDiff.toFixed(1)} against a fair shoe (z ${tensZ.toFixed(1)})`, ranks: TEN_VALUED });
    const ranked = pooled.map((x) => ({ ...x, p: bonferroni(2 * normalUpperTail(Math.abs(x.z)), RANKS.length + 1) }));
    const pp = Math.min(...ranked.map((x) => x.p));
    minP = Math.min(minP, pp);
    const ranks = ranked.filter((x) => x.p < alpha).map((x) => x.rank);
    if (ranks.length > 0) {
      note({ session: -1, test: 'composition', pValue: pp, detail: `over all ${sessions.length} sessions: ${ranked.filter((x) => ranks.includes(x.rank)).map((x) => `${x.rank} ${x.diff > 0 ? '+' : ''}${x.diff.toFixed(1)} against a fair shoe (z ${x.z.toFixed(1)})`).join('; ')}`, ranks });
    }
  }

  const pValue = bonferroni(minP, Math.max(1, testsRun));
  const alarm = pValue < alpha;
  const suspects = alarm ? RANKS.filter((r) => findings.some((f) => f.ranks.includes(r) && f.pValue * Math.max(1, testsRun) < alpha)) : [];
  return { sessions: sessions.length, cards: sessions.reduce((s, x) => s + x.cards.length, 0), alarm, pValue, alpha, suspects, findings, composition };
}
