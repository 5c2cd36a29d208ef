import { Inject, Injectable, Logger } from '@nestjs/common';
import { AlertsService } from '../alerts/alerts.service.js';
import { CLOCK, type Clock } from '../shared/clock.js';
import { MetricsService } from '../ops/metrics.service.js';
import type { SettlementLine } from '@felt-studio/games';
import { UNIT_OF_WORK, type BetTransition, type NewPosting, type Tx, type UnitOfWork } from '../shared/ports/persistence.port.js';
import { settlementPosting } from '../shared/ledger.rules.js';
import { SETTLEMENT_SOURCE, type SettleRoundJob, type SettlementSource } from '../shared/ports/settlement.port.js';
import type { LateBound } from '../shared/ports/late-bound.js';

/** The fast path found something to explain: roll it back and settle through the checked path. */
class FastPathMiss extends Error {}

export interface SettleResult {
  readonly roundId: string;
  /** Postings written by this run (0 when the round had already been settled: idempotent replay). */
  readonly posted: number;
  readonly alreadySettled: boolean;
}

/**
 * Settles one round: posts every settlement line (`settle:<roundId>:<betId>`, idempotent by (round, bet))
 * and moves each bet `accepted → settled|refunded`, all in ONE transaction; then asks the rounds side
 * to mark the round settled. Running it twice changes nothing. Throws to retry (queue backoff).
 */
@Injectable()
export class SettlementProcessor {
  private readonly logger = new Logger('Settlement');

  constructor(
    @Inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly metrics: MetricsService,
    private readonly alerts: AlertsService,
    @Inject(SETTLEMENT_SOURCE) private readonly sources: LateBound<SettlementSource>,
  ) {}

  /** Bound by RoundsModule when it starts (the settlement module sits below rounds: a late-bound port). */
  private settlementSource(): SettlementSource {
    const source = this.sources.get();
    if (source === null) throw new Error('No settlement source: the rounds module (or a test fake) binds SETTLEMENT_SOURCE.');
    return source;
  }

  async settle(job: SettleRoundJob): Promise<SettleResult> {
    const { roundId } = job;
    const round = await this.uow.run((tx) => tx.rounds.get(roundId));
    if (round?.phase === 'settled') return { roundId, posted: 0, alreadySettled: true };

    const source = this.settlementSource();
    const settlement = await source.linesFor(roundId);
    if (settlement.roundId !== roundId) throw new Error(`settlement source answered round ${settlement.roundId} for ${roundId}`);
    const at = this.clock.now();
    // Lines the round settled early (BetsSettled): normally posted when they happened (settleEarly); a
    // crash in between is caught up here, in the same way (bets still accepted only, same posting ids).
    const early = settlement.early ?? [];
    if (early.length > 0) await this.uow.run((tx) => this.settleLines(tx, roundId, early, at));
    // Issue 13: the first settlement of a round is three statements over arrays — the bets moved (only
    // accepted bets of this round with the line's player and stake), the round's remaining accepted
    // bets counted, the postings written — with no read of the whole bet book. Anything unexpected (a
    // retried settlement whose bets already moved, a line that does not match) rolls that back and runs
    // the checked path below, which reads every bet and explains what is wrong.
    let posted: number;
    try {
      posted = await this.uow.run((tx) => this.settleFast(tx, roundId, settlement.lines, at));
    } catch (e) {
      if (!(e instanceof FastPathMiss)) throw e;
      posted = await this.uow.run((tx) => this.settleChecked(tx, roundId, settlement.lines, at));
    }
    await source.markSettled(roundId, at);
    this.metrics.settlementLag.observe(Math.max(0, this.clock.now() - job.enqueuedAt) / 1000);
    if (posted > 0) this.logger.log({ msg: 'round settled', roundId, posted, voided: settlement.voided, houseResultMinor: settlement.houseResultMinor });
    return { roundId, posted, alreadySettled: false };
  }

  /**
   * Early settlement (issue 10; Riverside's Bonus before turn and river, RAY 2011 (docs/rules) §7.4): post
   * the lines the round settled early so far and move those bets to settled, in ONE transaction,
   * exactly once — a bet already moved is skipped and the posting id `settle:<roundId>:<betId>` is the
   * one the round's final settlement would use, so a retry, a restart or a final settlement that
   * catches up never pays twice. The round itself stays open.
   */
  async settleEarly(roundId: string): Promise<SettleResult> {
    const source = this.settlementSource();
    const lines = source.earlyLinesFor ? await source.earlyLinesFor(roundId) : [];
    if (lines.length === 0) return { roundId, posted: 0, alreadySettled: false };
    const at = this.clock.now();
    const posted = await this.uow.run((tx) => this.settleLines(tx, roundId, lines, at));
    if (posted > 0) this.logger.log({ msg: 'bets settled early', roundId, posted });
    return { roundId, posted, alreadySettled: false };
  }

  /** Lines whose bets are still `accepted`: posted and moved; those already moved are skipped (idempotent). */
  private async settleLines(tx: Tx, roundId: string, lines: readonly SettlementLine[], at: number): Promise<number> {
    const bets = new Map((await tx.bets.listByRound(roundId)).map((b) => [b.betId, b]));
    const postings: NewPosting[] = [];
    const moves: BetTransition[] = [];
    for (const line of lines) {
      const bet = bets.get(line.betId);
      if (bet === undefined) throw new Error(`round ${roundId}: early settlement line for unknown bet ${line.betId}`);
      if (bet.stakeMinor !== line.stakeMinor || bet.playerId !== line.playerId) throw new Error(`round ${roundId}: early line for bet ${line.betId} does not match the stored bet`);
      if (bet.status !== 'accepted') continue;
      const p = settlementPosting(roundId, line, bet.currency);
      postings.push({ postingId: p.postingId, entries: p.entries.map((e) => ({ ...e, at })) });
      moves.push({ betId: line.betId, to: line.outcome === 'refund' ? 'refunded' : 'settled', returnMinor: line.returnMinor });
    }
    if (moves.length === 0) return 0;
    const n = await tx.ledger.postMany(postings);
    await tx.bets.transitionMany('accepted', moves, at);
    return n;
  }

  private async settleFast(tx: Tx, roundId: string, lines: readonly SettlementLine[], at: number): Promise<number> {
    const moved = await tx.bets.settleRound(
      roundId,
      lines.map((l) => ({ betId: l.betId, playerId: l.playerId, stakeMinor: l.stakeMinor, to: l.outcome === 'refund' ? 'refunded' : 'settled', returnMinor: l.returnMinor })),
      at,
    );
    if (moved.length !== lines.length) throw new FastPathMiss();
    // Non-negotiable 2: every accepted bet is settled or refunded.
    if ((await tx.bets.countAccepted(roundId)) !== 0) throw new FastPathMiss();
    const currency = new Map(moved.map((m) => [m.betId, m.currency]));
    const postings: NewPosting[] = lines.map((line) => {
      const p = settlementPosting(roundId, line, currency.get(line.betId)!);
      return { postingId: p.postingId, entries: p.entries.map((e) => ({ ...e, at })) };
    });
    return tx.ledger.postMany(postings);
  }

  /** One transaction, a few multi-row statements: every line checked against the stored bet first. */
  private async settleChecked(tx: Tx, roundId: string, lines: readonly SettlementLine[], at: number): Promise<number> {
    const bets = new Map((await tx.bets.listByRound(roundId)).map((b) => [b.betId, b]));
    const seen = new Set<string>();
    const postings: NewPosting[] = [];
    const moves: BetTransition[] = [];
    for (const line of lines) {
      const bet = bets.get(line.betId);
      if (bet === undefined) throw new Error(`round ${roundId}: settlement line for unknown bet ${line.betId}`);
      if (bet.stakeMinor !== line.stakeMinor || bet.playerId !== line.playerId) throw new Error(`round ${roundId}: line for bet ${line.betId} does not match the stored bet`);
      seen.add(line.betId);
      const p = settlementPosting(roundId, line, bet.currency);
      postings.push({ postingId: p.postingId, entries: p.entries.map((e) => ({ ...e, at })) });
      moves.push({ betId: line.betId, to: line.outcome === 'refund' ? 'refunded' : 'settled', returnMinor: line.returnMinor });
    }
    // Non-negotiable 2: every accepted bet is settled or refunded — a line missing is a kernel/rounds bug.
    const missing = [...bets.values()].filter((b) => b.status === 'accepted' && !seen.has(b.betId));
    if (missing.length > 0) throw new Error(`round ${roundId}: accepted bets without a settlement line: ${missing.map((b) => b.betId).join(', ')}`);
    const n = await tx.ledger.postMany(postings);
    await tx.bets.transitionMany('accepted', moves, at);
    return n;
  }

  /** After the last attempt: the round stays unsettled, the pit boss is told (STYLE.md "Errors": dead-letter + alert). */
  async deadLetter(job: SettleRoundJob, err: unknown, attempts: number): Promise<void> {
    this.metrics.settlementsFailed.inc();
    const message = err instanceof Error ? err.message : String(err);
    this.logger.error({ msg: 'settlement dead-lettered', roundId: job.roundId, attempts, error: message });
    await this.alerts.raise({ roundId: job.roundId, severity: 'critical', code: 'SETTLEMENT_DEAD_LETTER', message: `settlement of round ${job.roundId} failed ${attempts} times: ${message}` });
  }
}
