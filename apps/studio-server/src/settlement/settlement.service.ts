import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { AlertsService } from '../alerts/alerts.service.js';
import { CLOCK, type Clock } from '../shared/clock.js';
import { SETTLEMENT_QUEUE, type SettleRoundJob, type SettlementQueue } from '../shared/ports/settlement.port.js';
import { SettlementProcessor, type SettleResult } from './settlement.processor.js';

/** A hand-over to the queue taking longer than this raises SETTLEMENT_QUEUE_UNAVAILABLE (once per outage). */
const SLOW_ENQUEUE_MS = 2_000;
const MAX_RETRY_MS = 30_000;

/**
 * The one entry point of settlement for the rounds side: `enqueue(roundId)` when a round resolves or is voided.
 *
 * Issue 9 finding 4: handing a job to the queue never blocks the table or device ingest. `enqueue`
 * returns at once; the hand-over runs in the background and is retried until the queue takes it (the
 * round is already stored as resolved/void, and a restart re-queues it from there). While the queue
 * (Redis) is unreachable the pit boss gets one SETTLEMENT_QUEUE_UNAVAILABLE alert, and one
 * SETTLEMENT_QUEUE_RECOVERED when it takes jobs again; settlement then catches up.
 */
@Injectable()
export class SettlementService implements OnApplicationShutdown {
  private readonly log = new Logger('SettlementService');
  private readonly handing = new Set<Promise<void>>();
  private unavailable = false;
  private closed = false;

  constructor(
    @Inject(SETTLEMENT_QUEUE) private readonly queue: SettlementQueue,
    private readonly processor: SettlementProcessor,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly alerts: AlertsService,
  ) {}

  /** Queue the round's settlement (idempotent: a round queued twice is settled once). Never waits for the queue. */
  enqueue(roundId: string): Promise<void> {
    const p: Promise<void> = this.handOver({ roundId, enqueuedAt: this.clock.now() }).finally(() => this.handing.delete(p));
    this.handing.add(p);
    return Promise.resolve();
  }

  private async handOver(job: SettleRoundJob): Promise<void> {
    for (let attempt = 0; !this.closed; attempt++) {
      const add = this.queue.enqueue(job);
      let slow: ReturnType<typeof setTimeout> | undefined;
      try {
        const first = await Promise.race([add.then(() => 'done' as const), new Promise<'slow'>((r) => (slow = setTimeout(() => r('slow'), SLOW_ENQUEUE_MS)))]);
        if (first === 'slow') {
          await this.down(job.roundId, `the queue has not taken the job within ${SLOW_ENQUEUE_MS / 1000} s`);
          await add;
        }
        if (this.unavailable) {
          this.unavailable = false;
          await this.alert('info', 'SETTLEMENT_QUEUE_RECOVERED', job.roundId, `The settlement queue takes jobs again (round ${job.roundId} queued); settlement catches up.`);
        }
        return;
      } catch (e) {
        await this.down(job.roundId, (e as Error).message);
        await new Promise((r) => setTimeout(r, Math.min(MAX_RETRY_MS, 250 * 2 ** attempt)));
      } finally {
        clearTimeout(slow);
      }
    }
  }

  private async down(roundId: string, why: string): Promise<void> {
    if (this.unavailable) return;
    this.unavailable = true;
    await this.alert('critical', 'SETTLEMENT_QUEUE_UNAVAILABLE', roundId, `Settlement of round ${roundId} cannot be queued (${why}). Tables and ingest keep running; resolved rounds are settled as soon as the queue is back.`);
  }

  private async alert(severity: 'info' | 'critical', code: string, roundId: string, message: string): Promise<void> {
    try {
      await this.alerts.raise({ roundId, severity, code, message });
    } catch (e) {
      this.log.error(`alert ${code}: ${(e as Error).message}`);
    }
  }

  /**
   * Post the bets a round settled early (the kernel's BetsSettled: Riverside's Bonus before turn and
   * river, §7.4) now, without waiting for the round's end. Never blocks the caller; retried a few times.
   * Exactly once whatever happens: the processor skips bets already moved, and the round's final
   * settlement (and recovery after a restart) posts whatever is still pending under the same ids.
   */
  settleEarly(roundId: string): Promise<void> {
    const run = async (): Promise<void> => {
      for (let attempt = 0; attempt < 5 && !this.closed; attempt++) {
        try {
          await this.processor.settleEarly(roundId);
          return;
        } catch (e) {
          this.log.warn(`early settlement of ${roundId} (attempt ${attempt + 1}): ${(e as Error).message}`);
          await new Promise((r) => setTimeout(r, 250 * 2 ** attempt));
        }
      }
      await this.alert('critical', 'EARLY_SETTLEMENT_DELAYED', roundId, `Bets of round ${roundId} settled early (e.g. a Riverside Bonus) could not be posted yet; the round's settlement posts them at its end.`);
    };
    const p: Promise<void> = run().finally(() => this.handing.delete(p));
    this.handing.add(p);
    return Promise.resolve();
  }

  /** Settle right now in the caller's flow (tests, admin tools). Same idempotent processor. */
  settleNow(roundId: string): Promise<SettleResult> {
    return this.processor.settle({ roundId, enqueuedAt: this.clock.now() });
  }

  /** Wait until every queued settlement has finished (tests, graceful shutdown). */
  async drain(): Promise<void> {
    while (this.handing.size > 0) await Promise.all([...this.handing]);
    await this.queue.drain();
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    await this.queue.close();
  }
}
