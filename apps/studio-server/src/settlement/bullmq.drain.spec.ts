import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { countInflight, drainBullQueue } from './bull-job-queue.js';

/**
 * The settlement and wallet queues' drain (bull-job-queue.ts): a job that failed for the last time has left Redis's
 * counts before its `failed` event files the dead letter. A drain that read the counts alone returned in between —
 * a clean-clone CI run read a dead-letter count of 0 after settlement's three attempts. No Redis here: a worker's
 * events and a queue's counts, as BullMQ gives them.
 */
describe('draining a BullMQ queue with a dead-letter queue', () => {
  it('waits for a job in flight whose counts are already gone, and for the dead letter its failed event files', async () => {
    const worker = new EventEmitter();
    const inflight = countInflight(worker);
    const pending = new Set<Promise<unknown>>();
    const filed: string[] = [];
    worker.on('failed', () => {
      const p = new Promise<void>((r) => setTimeout(r, 30)).then(() => void filed.push('dead letter'));
      pending.add(p);
      void p.finally(() => pending.delete(p));
    });
    const queue = { getJobCounts: async (): Promise<Record<string, number>> => ({ waiting: 0, active: 0, delayed: 0 }) };
    worker.emit('active');
    expect(inflight.n).toBe(1);
    // the job is out of Redis's counts; its failed event comes 40 ms later
    setTimeout(() => worker.emit('failed'), 40);
    await drainBullQueue(queue, pending, inflight, 5);
    expect(filed).toEqual(['dead letter']);
    expect(inflight.n).toBe(0);
  });

  it('returns at once when nothing is queued, running or being filed', async () => {
    const inflight = countInflight(new EventEmitter());
    const t0 = Date.now();
    await drainBullQueue({ getJobCounts: async () => ({ waiting: 0 }) }, new Set(), inflight, 5);
    expect(Date.now() - t0).toBeLessThan(1_000);
  });
});
