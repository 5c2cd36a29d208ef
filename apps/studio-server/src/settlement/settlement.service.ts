import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { CLOCK, type Clock } from '../config/clock.js';
import { SETTLEMENT_QUEUE, type SettlementQueue } from './settlement.port.js';
import { SettlementProcessor, type SettleResult } from './settlement.processor.js';

/** The one entry point of settlement for the rounds side: `enqueue(roundId)` when a round resolves or is voided. */
@Injectable()
export class SettlementService implements OnApplicationShutdown {
  constructor(
    @Inject(SETTLEMENT_QUEUE) private readonly queue: SettlementQueue,
    @Inject(SettlementProcessor) private readonly processor: SettlementProcessor,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Queue the round's settlement (idempotent: a round queued twice is settled once). */
  enqueue(roundId: string): Promise<void> {
    return this.queue.enqueue({ roundId, enqueuedAt: this.clock.now() });
  }

  /** Settle right now in the caller's flow (tests, admin tools). Same idempotent processor. */
  settleNow(roundId: string): Promise<SettleResult> {
    return this.processor.settle({ roundId, enqueuedAt: this.clock.now() });
  }

  /** Wait until every queued settlement has finished (tests, graceful shutdown). */
  drain(): Promise<void> {
    return this.queue.drain();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
  }
}
