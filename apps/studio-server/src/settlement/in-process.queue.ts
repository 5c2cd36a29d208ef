import { Logger } from '@nestjs/common';
import type { SettleRoundJob, SettlementQueue } from '../shared/ports/settlement.port.js';
import type { SettlementProcessor } from './settlement.processor.js';

/**
 * Default queue (no Redis): jobs run in this process, one at a time per round id, with the same
 * attempts / exponential backoff / dead-letter + alert policy as the BullMQ adapter. A round already
 * queued or running is not queued twice (same semantics as the BullMQ job id).
 */
export class InProcessSettlementQueue implements SettlementQueue {
  private readonly logger = new Logger('SettlementQueue');
  private readonly inFlight = new Map<string, Promise<void>>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private closed = false;

  constructor(
    private readonly processor: SettlementProcessor,
    private readonly attempts: number,
    private readonly backoffMs: number,
  ) {}

  async enqueue(job: SettleRoundJob): Promise<void> {
    if (this.closed) throw new Error('settlement queue is closed');
    if (this.inFlight.has(job.roundId)) return;
    const p = this.runWithRetries(job).finally(() => this.inFlight.delete(job.roundId));
    this.inFlight.set(job.roundId, p);
  }

  private async runWithRetries(job: SettleRoundJob): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.processor.settle(job);
        return;
      } catch (err) {
        if (attempt >= this.attempts || this.closed) {
          await this.processor.deadLetter(job, err, attempt).catch((e: unknown) => this.logger.error(e instanceof Error ? e : String(e)));
          return;
        }
        this.logger.warn({ msg: 'settlement attempt failed, retrying', roundId: job.roundId, attempt, error: err instanceof Error ? err.message : String(err) });
        await this.sleep(this.backoffMs * 2 ** (attempt - 1));
      }
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const t = setTimeout(() => {
        this.timers.delete(t);
        resolve();
      }, ms);
      this.timers.add(t);
    });
  }

  async drain(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight.values()]);
  }

  async ping(): Promise<void> {
    if (this.closed) throw new Error('settlement queue is closed');
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.drain();
    for (const t of this.timers) clearTimeout(t);
  }
}
