/**
 * Late bettors (issue 23 §5): players whose bets come in the last moments before "no more bets" and win
 * more than chance allows — visual ballistics on a spinning wheel, or a feed faster than the stream. Pure:
 * settled bets with their time before the close, their fair chance and whether they won, in; one report
 * per player out.
 *
 * A bet is **late** when it was accepted less than `lateMs` (2 s) before betting closed. Betting late is
 * no offence (many players wait for the last call); winning late bets more often than their chances allow
 * is. The test: the number of late bets won against its exact distribution when each late bet i wins with
 * its own fair probability p_i (Poisson-binomial, computed exactly by dynamic programming) — one-sided,
 * no approximation, whatever mix of straight-ups and even-money bets the player makes. It runs once the
 * player has `minLate` late bets; `alarm` is `pValue < alpha` (α = 0.001 per evaluation). The same count
 * for the player's earlier bets is reported beside it (a cheat wins only late), with the bets by second
 * before the close as the evidence chart. Measured rates: docs/integrity.md (`late-bets.spec.ts`).
 */

export interface TimedBet {
  readonly playerId: string;
  /** Milliseconds between the bet's acceptance and "no more bets" (≥ 0). */
  readonly msBeforeClose: number;
  /** The bet's fair chance to win (the numbers it covers / the wheel's pockets, …). */
  readonly pWin: number;
  readonly won: boolean;
}

export interface LateBetsOptions {
  readonly lateMs?: number;
  readonly alpha?: number;
  readonly minLate?: number;
}

export const LATE_BETS_DEFAULTS = { lateMs: 2_000, alpha: 0.001, minLate: 20 } as const;

/** Bets and wins in one second before the close (the last bucket: this many seconds or more). */
export interface TimingBucket {
  readonly second: number;
  readonly bets: number;
  readonly wins: number;
  /** Σ p over these bets: the wins a fair bettor would expect. */
  readonly expected: number;
}

export interface LateBettorReport {
  readonly playerId: string;
  readonly bets: number;
  readonly late: number;
  /** late / bets. */
  readonly lateShare: number;
  readonly lateWins: number;
  readonly lateExpected: number;
  readonly earlyWins: number;
  readonly earlyExpected: number;
  /** P(≥ lateWins) for a fair bettor with these late bets (1 before `minLate` late bets). */
  readonly pValue: number;
  readonly alpha: number;
  readonly alarm: boolean;
  readonly minLate: number;
  readonly lateMs: number;
  readonly timing: readonly TimingBucket[];
}

/** P(W ≥ k) where W is the number of successes of independent trials with chances `ps` (exact). */
export function poissonBinomialUpperTail(k: number, ps: readonly number[]): number {
  if (k <= 0) return 1;
  if (k > ps.length) return 0;
  let dist = new Float64Array(ps.length + 1);
  dist[0] = 1;
  for (let i = 0; i < ps.length; i++) {
    const p = Math.min(1, Math.max(0, ps[i]!));
    const next = new Float64Array(ps.length + 1);
    for (let j = 0; j <= i; j++) {
      const d = dist[j]!;
      if (d === 0) continue;
      next[j] = next[j]! + d * (1 - p);
      next[j + 1] = next[j + 1]! + d * p;
    }
    dist = next;
  }
  let tail = 0;
  for (let j = ps.length; j >= k; j--) tail += dist[j]!;
  return Math.min(1, tail);
}

const SECONDS = 10;

/** Every player's report, most suspicious first. */
export function lateBettors(bets: readonly TimedBet[], options: LateBetsOptions = {}): LateBettorReport[] {
  const lateMs = options.lateMs ?? LATE_BETS_DEFAULTS.lateMs;
  const alpha = options.alpha ?? LATE_BETS_DEFAULTS.alpha;
  const minLate = options.minLate ?? LATE_BETS_DEFAULTS.minLate;
  const byPlayer = new Map<string, TimedBet[]>();
  for (const b of bets) {
    const list = byPlayer.get(b.playerId) ?? [];
    list.push(b);
    byPlayer.set(b.playerId, list);
  }
  const out: LateBettorReport[] = [];
  for (const [playerId, list] of byPlayer) {
    const late = list.filter((b) => b.msBeforeClose < lateMs);
    const early = list.filter((b) => b.msBeforeClose >= lateMs);
    const lateWins = late.filter((b) => b.won).length;
    const pValue = late.length >= minLate ? poissonBinomialUpperTail(lateWins, late.map((b) => b.pWin)) : 1;
    const timing: TimingBucket[] = Array.from({ length: SECONDS + 1 }, (_, second) => {
      const at = list.filter((b) => Math.min(SECONDS, Math.floor(b.msBeforeClose / 1000)) === second);
      return { second, bets: at.length, wins: at.filter((b) => b.won).length, expected: at.reduce((a, b) => a + b.pWin, 0) };
    });
    out.push({
      playerId,
      bets: list.length,
      late: late.length,
      lateShare: list.length === 0 ? 0 : late.length / list.length,
      lateWins,
      lateExpected: late.reduce((a, b) => a + b.pWin, 0),
      earlyWins: early.filter((b) => b.won).length,
      earlyExpected: early.reduce((a, b) => a + b.pWin, 0),
      pValue,
      alpha,
      alarm: pValue < alpha,
      minLate,
      lateMs,
      timing,
    });
  }
  return out.sort((a, b) => a.pValue - b.pValue || a.playerId.localeCompare(b.playerId));
}
