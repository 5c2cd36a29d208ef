import { integrity } from '@felt-studio/games';
import type { PatternGroup } from '@felt-studio/protocol';
import type { StoredRoundEvent } from '../shared/ports/persistence.port.js';
import { inlinePatternEvaluator, type PatternEvaluator } from './pattern-evaluator.js';
import { OpenRounds, type OpenRound } from './round-bets.js';

/** Closed rounds kept (every watched table together): the evaluation's window. */
export const PATTERN_ROUNDS = 1_000;
/** The window is evaluated every this many closed rounds (all tables). */
export const PATTERN_EVERY = 25;
/** Groups remembered as alerted (a group alerted once is not alerted again while it is remembered). */
const ALERTED_KEPT = 500;

interface ClosedRound {
  readonly closedAt: number;
  readonly bets: readonly integrity.PatternBet[];
}

/**
 * Issue 23 §5 (second half): accounts betting the same spots at the same moments across the wheel and card
 * tables (the games that declare a wheel or a shoe). Every round's bets are taken at its close with their
 * time before it (the rounds and bets folded as the late-bettor monitor's: `OpenRounds`); every PATTERN_EVERY
 * closed rounds the last PATTERN_ROUNDS are evaluated with `integrity.sharedPatterns` (libs/games), and
 * `onGroup` hears each alarming group not already alerted — once per group: a group is alerted again only
 * when it gains a member (a subset of an alerted group is not news).
 */
export class BetPatternMonitor {
  private readonly open = new OpenRounds();
  private closed: ClosedRound[] = [];
  private since = 0;
  private evaluatedAt: number | null = null;
  private report: integrity.SharedPatternsReport = integrity.sharedPatterns([]);
  private readonly alerted: (readonly string[])[] = [];
  /** The evaluation in flight (one at a time), and whether another was asked for meanwhile. */
  private running: Promise<void> | null = null;
  private again = false;

  /** `evaluator`: where the detector runs — a worker thread in the built server (`patternEvaluator()`), the caller's thread by default. */
  constructor(
    private readonly onGroup: (group: PatternGroup) => void,
    private readonly evaluator: PatternEvaluator = inlinePatternEvaluator,
  ) {}

  /** Folds one of the round and bet events (`ROUND_BET_TYPES`) of a watched table; `evaluate: false` while the log is read at boot. */
  fold(e: StoredRoundEvent, evaluate = true): void {
    const r = this.open.fold(e);
    if (r === null) return;
    this.open.take(r.roundId);
    this.close(r);
    if (++this.since >= PATTERN_EVERY && evaluate) void this.evaluate(e.at);
  }

  /** The last evaluation (null: none yet). */
  read(): { evaluatedAt: number | null; report: integrity.SharedPatternsReport } {
    return { evaluatedAt: this.evaluatedAt, report: this.report };
  }

  /**
   * Evaluates the window now (at boot, after the log is read; and every PATTERN_EVERY closed rounds), off this
   * thread where the evaluator is a worker: one evaluation at a time — one asked for meanwhile runs once the
   * current one ends, on the window as it is then. Resolves when the evaluation it started or joined is applied.
   */
  evaluate(at: number): Promise<void> {
    this.since = 0;
    if (this.running !== null) {
      this.again = true;
      return this.running;
    }
    this.closed.sort((a, b) => a.closedAt - b.closedAt);
    if (this.closed.length > PATTERN_ROUNDS) this.closed = this.closed.slice(-PATTERN_ROUNDS);
    const bets = this.closed.flatMap((r) => r.bets);
    this.running = this.evaluator(bets).then(
      (report) => this.apply(report, at),
      () => undefined, // a worker that died: the last report stands; the next evaluation starts a new worker
    );
    return this.running.finally(() => {
      this.running = null;
      if (this.again) {
        this.again = false;
        void this.evaluate(at);
      }
    });
  }

  private apply(report: integrity.SharedPatternsReport, at: number): void {
    this.report = report;
    this.evaluatedAt = at;
    for (const g of this.report.groups) {
      if (this.alerted.some((a) => g.players.every((p) => a.includes(p)))) continue;
      this.alerted.push(g.players);
      if (this.alerted.length > ALERTED_KEPT) this.alerted.shift();
      this.onGroup(g);
    }
  }

  private close(r: OpenRound): void {
    const closedAt = r.closedAt!;
    const bets = [...r.bets.values()].map((b): integrity.PatternBet => ({ playerId: b.playerId, tableId: r.tableId, roundId: r.roundId, spot: b.spot, amount: b.stakeMinor, acceptedAt: b.acceptedAt, msBeforeClose: Math.max(0, closedAt - b.acceptedAt) }));
    if (bets.length > 0) this.closed.push({ closedAt, bets });
  }
}
