import { Logger } from '@nestjs/common';
import { Queue, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { SETTLE_ROUND_JOB, settlementJobId, type SettleRoundJob, type SettlementQueue } from '../shared/ports/settlement.port.js';
import type { SettlementProcessor } from './settlement.processor.js';

export const SETTLEMENT_QUEUE_NAME = 'settlement';
export const SETTLEMENT_DEAD_LETTER_QUEUE_NAME = 'settlement-dead';
export const SETTLEMENT_LOCK_MS = 4_000;
export const SETTLEMENT_STALL_CHECK_MS = 1_000;

/** 1 when job ARGV[1] is in the active list KEYS[1] and its lock KEYS[2] has expired (its worker died), else 0. */
const ORPHANED_ACTIVE_JOB = `if redis.call('LPOS', KEYS[1], ARGV[1]) == false then return 0 end
return 1 - redis.call('EXISTS', KEYS[2])`;

/** Is job `id` active with no lock, read in one step (a job between attempts is in neither state half-way). */
export async function orphanedActive(client: Pick<Redis, 'eval'>, activeKey: string, lockKey: string, id: string): Promise<boolean> {
  return (await client.eval(ORPHANED_ACTIVE_JOB, 2, activeKey, lockKey, id)) === 1;
}

/**
 * BullMQ adapter (REDIS_URL): job id `settle-<roundId>` (dedup while queued/running), `attempts` with
 * exponential backoff, and after the last attempt the job is copied to the dead-letter queue and an
 * alert is raised. BullMQ lives only here (STYLE.md habit 7).
 */
export class BullMqSettlementQueue implements SettlementQueue {
  private readonly logger = new Logger('SettlementQueue');
  private readonly queue: Queue<SettleRoundJob>;
  private readonly dead: Queue;
  private readonly worker: Worker<SettleRoundJob>;
  private readonly connections: Redis[] = [];
  private readonly pending = new Set<Promise<unknown>>();
  private readonly inflight: { readonly n: number };

  constructor(
    redisUrl: string,
    prefix: string,
    private readonly processor: SettlementProcessor,
    private readonly attempts: number,
    private readonly backoffMs: number,
  ) {
    const conn = redisConnector(redisUrl, this.connections, (error) => this.logger.warn({ msg: 'redis error', error }));
    this.queue = new Queue<SettleRoundJob>(SETTLEMENT_QUEUE_NAME, { connection: conn(), prefix });
    this.dead = new Queue(SETTLEMENT_DEAD_LETTER_QUEUE_NAME, { connection: conn(), prefix });
    this.worker = new Worker<SettleRoundJob>(SETTLEMENT_QUEUE_NAME, async (job: Job<SettleRoundJob>) => this.processor.settle(job.data), {
      connection: conn(),
      prefix,
      concurrency: 4,
      // Issue 9 finding 6: a job whose worker died (kill -9) is taken again within seconds, not after
      // BullMQ's default 30 s lock + 30 s stall check. The lock is renewed every lockDuration/2.
      lockDuration: SETTLEMENT_LOCK_MS,
      stalledInterval: SETTLEMENT_STALL_CHECK_MS,
      // A false stall (an event loop busy past the lock) runs the job again: harmless, settlement is idempotent.
      maxStalledCount: 5,
    });
    this.inflight = countInflight(this.worker);
    this.worker.on('failed', (job, err) => {
      if (job === undefined) return;
      const attemptsAllowed = job.opts.attempts ?? 1;
      if (job.attemptsMade < attemptsAllowed) {
        this.logger.warn({ msg: 'settlement attempt failed, will retry', roundId: job.data.roundId, attempt: job.attemptsMade, error: err.message });
        return;
      }
      this.track(this.toDeadLetter(job, err));
    });
    this.worker.on('error', (err) => this.logger.warn({ msg: 'settlement worker error', error: err.message }));
  }

  private track(p: Promise<unknown>): void {
    const tracked = p.catch((e: unknown) => this.logger.error(e instanceof Error ? e : String(e))).finally(() => this.pending.delete(tracked));
    this.pending.add(tracked);
  }

  private async toDeadLetter(job: Job<SettleRoundJob>, err: Error): Promise<void> {
    await this.dead.add(SETTLE_ROUND_JOB, { ...job.data, error: err.message, attemptsMade: job.attemptsMade }, { jobId: job.id, removeOnComplete: false, removeOnFail: false });
    await this.processor.deadLetter(job.data, err, job.attemptsMade);
  }

  async enqueue(job: SettleRoundJob): Promise<void> {
    await this.queue.add(SETTLE_ROUND_JOB, job, {
      jobId: settlementJobId(job.roundId),
      attempts: this.attempts,
      backoff: { type: 'exponential', delay: this.backoffMs },
      // Completed jobs are removed so a later re-enqueue (e.g. crash recovery) runs again — harmless, settlement is idempotent.
      removeOnComplete: true,
      // A finally failed job is copied to the dead-letter queue and removed here, so a re-enqueue (after the cause is fixed) runs.
      removeOnFail: true,
    });
    // Issue 9 finding 6: after a crash during settlement the job is still `active` under the dead worker's
    // lock and the add above was a no-op. Once that lock has expired, settle now (idempotent: the stale job,
    // when BullMQ moves it back, finds the round settled and posts nothing).
    // One atomic read: "active and no lock" read as two round trips let a job that failed an attempt in between (lock
    // released, job moved to delayed) look orphaned — a clean-clone CI run counted a fourth settlement beside the
    // queue's three attempts.
    const id = settlementJobId(job.roundId);
    const client = (await this.queue.client) as unknown as Redis;
    if (await orphanedActive(client, this.queue.toKey('active'), `${this.queue.toKey(id)}:lock`, id)) this.track(this.processor.settle(job));
  }

  async drain(): Promise<void> {
    await drainBullQueue(this.queue, this.pending, this.inflight, 20);
  }

  async deadLetterCount(): Promise<number> {
    return this.dead.count();
  }

  async ping(): Promise<void> {
    const [c] = this.connections;
    if (c === undefined || (await c.ping()) !== 'PONG') throw new Error('redis did not answer PING');
  }

  close(): Promise<void> {
    const { worker, queue, dead, pending, connections } = this;
    return closeBullQueues({ worker, queue, dead, pending, connections });
  }

  /** Test helper: removes every key of this prefix's queues. */
  obliterate(): Promise<void> {
    return obliterateBullQueues({ queue: this.queue, dead: this.dead });
  }
}

/**
 * A new Redis connection for a BullMQ queue or worker each call (BullMQ wants `maxRetriesPerRequest: null`), kept in
 * `connections` to be closed with the queue, its errors reported (not thrown: ioredis reconnects by itself).
 */
export function redisConnector(redisUrl: string, connections: Redis[], onError: (message: string) => void): () => Redis {
  return () => {
    const c = new Redis(redisUrl, { maxRetriesPerRequest: null });
    c.on('error', (err: Error) => onError(err.message));
    connections.push(c);
    return c;
  };
}

/** The parts of a BullMQ job queue with a dead-letter queue (settlement, seamless wallet jobs). */
export interface BullQueueParts {
  readonly worker: { close(): Promise<void> };
  readonly queue: { close(): Promise<void>; obliterate(o: { force: boolean }): Promise<void> };
  readonly dead: { close(): Promise<void>; obliterate(o: { force: boolean }): Promise<void> };
  readonly pending: ReadonlySet<Promise<unknown>>;
  readonly connections: readonly Redis[];
}

/** Stop taking jobs, let the running ones finish, close the queues and their connections. */
export async function closeBullQueues(q: BullQueueParts): Promise<void> {
  await q.worker.close();
  await Promise.all([...q.pending]);
  await q.queue.close();
  await q.dead.close();
  await Promise.all(q.connections.map((c) => c.quit().catch(() => c.disconnect())));
}

/** Removes every key of the queue and its dead-letter queue (tests). */
export async function obliterateBullQueues(q: Pick<BullQueueParts, 'queue' | 'dead'>): Promise<void> {
  await q.queue.obliterate({ force: true });
  await q.dead.obliterate({ force: true });
}

/**
 * The jobs a worker is running: a job leaves Redis's counts (moved to failed) a moment before its `failed` event has
 * put its dead letter in `pending`, so a drain that looked at the counts alone could return in between (a clean-clone
 * CI run: settlement's dead-letter count read 0 after its three attempts, under load). Count it from `active` until
 * `completed` or `failed` — register this before the `failed` handler that files the dead letter.
 */
export function countInflight(worker: { on(ev: 'active' | 'completed' | 'failed', f: (...a: never[]) => void): unknown }): { readonly n: number } {
  const c = { n: 0 };
  worker.on('active', () => void c.n++);
  worker.on('completed', () => void (c.n = Math.max(0, c.n - 1)));
  worker.on('failed', () => void (c.n = Math.max(0, c.n - 1)));
  return c;
}

/** Waits until the queue has nothing waiting, running or delayed, no job is in flight in this worker and every dead letter is filed. */
export async function drainBullQueue(queue: { getJobCounts(...types: ('waiting' | 'active' | 'delayed' | 'prioritized' | 'waiting-children')[]): Promise<Record<string, number>> }, pending: ReadonlySet<Promise<unknown>>, inflight: { readonly n: number }, pollMs: number): Promise<void> {
  for (;;) {
    const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'waiting-children');
    if (Object.values(counts).reduce((a, b) => a + b, 0) === 0 && pending.size === 0 && inflight.n === 0) return;
    await Promise.all([...pending]);
    await new Promise((r) => setTimeout(r, pollMs));
  }
}
