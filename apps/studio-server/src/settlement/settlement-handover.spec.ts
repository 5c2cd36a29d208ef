import { describe, expect, it } from 'vitest';
import { AlertsService, InMemoryAlertsRepository } from '../alerts/alerts.service.js';
import { SequentialIds, systemClock } from '../shared/clock.js';
import type { SettleRoundJob, SettlementQueue } from '../shared/ports/settlement.port.js';
import type { SettlementProcessor } from './settlement.processor.js';
import { SettlementService } from './settlement.service.js';

/** A queue whose backend (Redis) is away until `back()`: every hand-over waits, as ioredis' offline queue does. */
class AwayQueue implements SettlementQueue {
  readonly taken: string[] = [];
  private waiting: (() => void)[] = [];
  private up = false;
  enqueue(job: SettleRoundJob): Promise<void> {
    if (this.up) {
      this.taken.push(job.roundId);
      return Promise.resolve();
    }
    return new Promise((r) =>
      this.waiting.push(() => {
        this.taken.push(job.roundId);
        r();
      }),
    );
  }
  back(): void {
    this.up = true;
    for (const w of this.waiting.splice(0)) w();
  }
  async drain(): Promise<void> {}
  async ping(): Promise<void> {}
  async close(): Promise<void> {}
}

describe('handing a round to settlement never blocks the table (issue 9 finding 4)', () => {
  it('enqueue returns at once while the queue is away; one alert for the outage, one when it is back; every round is queued after', async () => {
    const queue = new AwayQueue();
    const repo = new InMemoryAlertsRepository();
    const alerts = new AlertsService(repo, systemClock, new SequentialIds());
    const svc = new SettlementService(queue, {} as SettlementProcessor, systemClock, alerts);
    let returned = 0;
    for (const id of ['rnd_1', 'rnd_2', 'rnd_3']) {
      await svc.enqueue(id);
      returned += 1;
    }
    expect(returned).toBe(3);
    expect(queue.taken).toEqual([]);
    await new Promise((r) => setTimeout(r, 2_300));
    expect((await repo.list(10)).map((a) => a.code)).toEqual(['SETTLEMENT_QUEUE_UNAVAILABLE']);
    queue.back();
    await svc.drain();
    expect([...queue.taken].sort()).toEqual(['rnd_1', 'rnd_2', 'rnd_3']);
    expect((await repo.list(10)).map((a) => a.code).sort()).toEqual(['SETTLEMENT_QUEUE_RECOVERED', 'SETTLEMENT_QUEUE_UNAVAILABLE']);
  });
});
