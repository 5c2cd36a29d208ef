import { Inject, Injectable, Logger, Optional, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { CLOCK, type Clock } from '../shared/clock.js';
import { UNIT_OF_WORK, type UnitOfWork } from '../shared/ports/persistence.port.js';
import { ROUNDS_ALERTS, ROUNDS_SETTLEMENT_QUEUE, type AlertsPort, type SettlementQueuePort } from '../shared/ports/rounds.ports.js';
import { RoundsService } from './rounds.service.js';
import { SCHEDULER, type Scheduler } from '../shared/host/scheduler.js';
import { TABLE_HOST, type TableHost } from '../shared/host/table-host.js';

export interface RecoveryOptions {
  /**
   * A round that resumed in a phase waiting for a device (ball spinning, cards being dealt) with no
   * deadline of its own is voided with refunds if it has not moved within this time (non-negotiable 4).
   */
  readonly stallTimeoutMs: number;
}

export const RECOVERY_OPTIONS = Symbol('RECOVERY_OPTIONS');
/**
 * Provided (true) by the cluster module (issue 13): boot recovers nothing by itself; a table's open
 * round is recovered by the instance that wins the table's lease (`recover(tableId)`).
 */
export const RECOVERY_BY_LEASE = Symbol('RECOVERY_BY_LEASE');

export interface RecoveryReport {
  readonly roundId: string;
  readonly tableId: string;
  readonly phase: string;
  readonly action: 'resumed' | 'settling' | 'watchdog' | 'halted';
}

/**
 * Crash recovery (issue §10): on boot every unfinished round is rebuilt from its events and adopted as
 * its table's current round; deadlines are re-armed (a deadline already past fires at once); resolved
 * and void rounds are queued for settlement again (idempotent); a round stuck waiting for a device gets
 * a watchdog that voids it with refunds and a critical alert. The pit boss sees an alert for each.
 * The table host's programs (live poker) are recovered in the same pass (`TableHost.recover`).
 */
@Injectable()
export class RecoveryService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly log = new Logger('Recovery');
  private readonly watchdogs: (() => void)[] = [];
  lastReport: readonly RecoveryReport[] = [];

  constructor(
    @Inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
    private readonly rounds: RoundsService,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(SCHEDULER) private readonly scheduler: Scheduler,
    @Inject(ROUNDS_SETTLEMENT_QUEUE) private readonly settlement: SettlementQueuePort,
    @Inject(ROUNDS_ALERTS) private readonly alerts: AlertsPort,
    @Inject(RECOVERY_OPTIONS) private readonly opts: RecoveryOptions,
    @Optional() @Inject(RECOVERY_BY_LEASE) private readonly byLease: boolean | null = null,
    /** The table host (issue 19 §2): the table programs (live poker) are recovered here too, at boot and on takeover. */
    @Optional() @Inject(TABLE_HOST) private readonly host: TableHost | null = null,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.byLease === true) return;
    this.lastReport = await this.recover();
  }

  onModuleDestroy(): void {
    for (const cancel of this.watchdogs) cancel();
    this.watchdogs.length = 0;
  }

  /** Every unfinished round (boot), or only those of one table (a standby taking a table over). */
  async recover(tableId?: string): Promise<RecoveryReport[]> {
    const rows = (await this.uow.run((tx) => tx.rounds.listUnfinished())).filter((r) => tableId === undefined || r.tableId === tableId);
    const report: RecoveryReport[] = [];
    for (const row of rows) {
      const r = await this.rounds.adopt(row.roundId);
      if (!r) continue;
      const phase = r.state.phase;
      const base = { roundId: r.roundId, tableId: r.tableId, phase };
      if (phase === 'resolved' || phase === 'void') {
        await this.settlement.enqueue(r.roundId);
        report.push({ ...base, action: 'settling' });
        await this.alert(r.tableId, r.roundId, 'info', 'ROUND_RECOVERED', `After a restart round ${r.roundId} (${phase}) was queued for settlement again.`);
        continue;
      }
      // A round still playing that settled bets early (Riverside's Bonus, §7.4): a crash may have come
      // between the committed BetsSettled and its postings — post what is pending (idempotent).
      if (((r.state as { early?: readonly unknown[] }).early ?? []).length > 0) await this.settlement.settleEarly?.(r.roundId);
      if (phase === 'halted') {
        report.push({ ...base, action: 'halted' });
        await this.alert(r.tableId, r.roundId, 'warning', 'ROUND_RECOVERED_HALTED', `After a restart round ${r.roundId} is still halted: the pit boss must decide.`);
        continue;
      }
      const hasDeadline = r.kernel.deadlines(r.state).length > 0;
      if (hasDeadline) {
        report.push({ ...base, action: 'resumed' });
        await this.alert(r.tableId, r.roundId, 'info', 'ROUND_RESUMED', `After a restart round ${r.roundId} resumed in ${phase} (deadlines re-armed).`);
        continue;
      }
      // Waiting for a device (spin in progress, deal in progress): resume, but void if nothing moves.
      report.push({ ...base, action: 'watchdog' });
      await this.alert(r.tableId, r.roundId, 'warning', 'ROUND_RESUMED_WATCHED', `After a restart round ${r.roundId} resumed in ${phase}; it is voided with refunds if no device event arrives within ${Math.round(this.opts.stallTimeoutMs / 1000)} s.`);
      this.armWatchdog(r.tableId, r.roundId, r.state.seq);
    }
    if (report.length > 0) this.log.log(`recovered ${report.length} unfinished round(s): ${report.map((x) => `${x.roundId}:${x.phase}:${x.action}`).join(', ')}`);
    // the table programs' tables (live poker): laid out from their logs by their program's rule (S1-FAIL-RING)
    const programs = (await this.host?.recover(tableId)) ?? [];
    if (programs.length > 0) this.log.log(`recovered ${programs.length} program table(s): ${programs.join(', ')}`);
    return report;
  }

  private armWatchdog(tableId: string, roundId: string, seqAtBoot: number): void {
    const cancel = this.scheduler.at(this.clock.now() + this.opts.stallTimeoutMs, () => {
      void this.fireWatchdog(tableId, roundId, seqAtBoot).catch((e: unknown) => this.log.error(`watchdog ${roundId}: ${(e as Error).stack ?? String(e)}`));
    });
    this.watchdogs.push(cancel);
  }

  private async fireWatchdog(tableId: string, roundId: string, seqAtBoot: number): Promise<void> {
    const r = await this.rounds.round(roundId);
    if (!r || r.state.seq !== seqAtBoot || ['resolved', 'settled', 'void', 'halted'].includes(r.state.phase)) return;
    const res = await this.rounds.execute(tableId, { type: 'VoidRound', at: this.clock.now(), reason: `no device event within ${Math.round(this.opts.stallTimeoutMs / 1000)} s after a restart (GEN-6)`, by: 'system' }, { userId: 'system', role: 'system' }, { roundId });
    if (res.ok) await this.alert(tableId, roundId, 'critical', 'ROUND_VOIDED_AFTER_RESTART', `Round ${roundId} could not resume after a restart (${r.state.phase}, no device event) and was voided; every bet is refunded.`);
    else await this.alert(tableId, roundId, 'critical', 'ROUND_STUCK_AFTER_RESTART', `Round ${roundId} is stuck after a restart and could not be voided: ${res.violation.code} ${res.violation.message}`);
  }

  private async alert(tableId: string, roundId: string, severity: 'info' | 'warning' | 'critical', code: string, message: string): Promise<void> {
    try {
      await this.alerts.raise({ tableId, roundId, severity, code, message });
    } catch (e) {
      this.log.error(`alert ${code}: ${(e as Error).message}`);
    }
  }
}
