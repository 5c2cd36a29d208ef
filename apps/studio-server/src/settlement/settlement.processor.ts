import { Inject, Injectable, Logger } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { AlertsService } from '../alerts/alerts.service.js';
import { CLOCK, type Clock } from '../config/clock.js';
import { MetricsService } from '../ops/metrics.service.js';
import { UNIT_OF_WORK, type BetTransition, type NewPosting, type UnitOfWork } from '../ports/persistence.port.js';
import { settlementPosting } from '../wallet/ledger.rules.js';
import { SETTLEMENT_SOURCE, type SettleRoundJob, type SettlementSource } from './settlement.port.js';

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
  private source: SettlementSource | null = null;

  constructor(
    @Inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(MetricsService) private readonly metrics: MetricsService,
    @Inject(AlertsService) private readonly alerts: AlertsService,
    @Inject(ModuleRef) private readonly moduleRef: ModuleRef,
  ) {}

  /** Resolved lazily: RoundsModule provides SETTLEMENT_SOURCE and imports this module (no cycle). */
  private settlementSource(): SettlementSource {
    this.source ??= this.moduleRef.get<SettlementSource>(SETTLEMENT_SOURCE, { strict: false });
    return this.source;
  }

  async settle(job: SettleRoundJob): Promise<SettleResult> {
    const { roundId } = job;
    const round = await this.uow.run((tx) => tx.rounds.get(roundId));
    if (round?.phase === 'settled') return { roundId, posted: 0, alreadySettled: true };

    const source = this.settlementSource();
    const settlement = await source.linesFor(roundId);
    if (settlement.roundId !== roundId) throw new Error(`settlement source answered round ${settlement.roundId} for ${roundId}`);
    const at = this.clock.now();
    // One transaction, a few multi-row statements (issue 13): postings and bet moves are batched.
    const posted = await this.uow.run(async (tx) => {
      const bets = new Map((await tx.bets.listByRound(roundId)).map((b) => [b.betId, b]));
      const seen = new Set<string>();
      const postings: NewPosting[] = [];
      const moves: BetTransition[] = [];
      for (const line of settlement.lines) {
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
    });
    await source.markSettled(roundId, at);
    this.metrics.settlementLag.observe(Math.max(0, this.clock.now() - job.enqueuedAt) / 1000);
    if (posted > 0) this.logger.log({ msg: 'round settled', roundId, posted, voided: settlement.voided, houseResultMinor: settlement.houseResultMinor });
    return { roundId, posted, alreadySettled: false };
  }

  /** After the last attempt: the round stays unsettled, the pit boss is told (STYLE.md "Errors": dead-letter + alert). */
  async deadLetter(job: SettleRoundJob, err: unknown, attempts: number): Promise<void> {
    this.metrics.settlementsFailed.inc();
    const message = err instanceof Error ? err.message : String(err);
    this.logger.error({ msg: 'settlement dead-lettered', roundId: job.roundId, attempts, error: message });
    await this.alerts.raise({ roundId: job.roundId, severity: 'critical', code: 'SETTLEMENT_DEAD_LETTER', message: `settlement of round ${job.roundId} failed ${attempts} times: ${message}` });
  }
}
