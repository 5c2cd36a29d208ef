import { Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { SETTLE_ROUND_JOB, settlementJobId, type SettleRoundJob, type SettlementQueue } from '../shared/ports/settlement.port.js';
import { BullJobQueue } from './bull-job-queue.js';
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
 * alert is raised, by the BullMQ job-queue kit (bull-job-queue.ts; BullMQ lives only in these adapters, STYLE.md habit 7).
 */
export class BullMqSettlementQueue implements SettlementQueue {
  private readonly logger = new Logger('SettlementQueue');
  private readonly jobs: BullJobQueue<SettleRoundJob>;

  constructor(
    redisUrl: string,
    prefix: string,
    private readonly processor: SettlementProcessor,
    private readonly attempts: number,
    private readonly backoffMs: number,
  ) {
    this.jobs = new BullJobQueue<SettleRoundJob>({
      redisUrl,
      prefix,
      name: SETTLEMENT_QUEUE_NAME,
      deadLetterName: SETTLEMENT_DEAD_LETTER_QUEUE_NAME,
      deadLetterJobName: SETTLE_ROUND_JOB,
      concurrency: 4,
      lockMs: SETTLEMENT_LOCK_MS,
      stallCheckMs: SETTLEMENT_STALL_CHECK_MS,
      process: (job) => this.processor.settle(job),
      onRetry: (job, err, attempt) => this.logger.warn({ msg: 'settlement attempt failed, will retry', roundId: job.roundId, attempt, error: err.message }),
      onDeadLetter: (job, err, attemptsMade) => this.processor.deadLetter(job, err, attemptsMade),
      onDeadLetterError: (e) => this.logError(e),
      onRedisError: (error) => this.logger.warn({ msg: 'redis error', error }),
      onWorkerError: (err) => this.logger.warn({ msg: 'settlement worker error', error: err.message }),
    });
  }

  private logError(e: unknown): void {
    this.logger.error(e instanceof Error ? e : String(e));
  }

  async enqueue(job: SettleRoundJob): Promise<void> {
    const queue = this.jobs.queue;
    await queue.add(SETTLE_ROUND_JOB, job, {
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
    const client = (await queue.client) as unknown as Redis;
    if (await orphanedActive(client, queue.toKey('active'), `${queue.toKey(id)}:lock`, id)) this.jobs.track(this.processor.settle(job), (e) => this.logError(e));
  }

  drain(): Promise<void> {
    return this.jobs.drain(20);
  }

  deadLetterCount(): Promise<number> {
    return this.jobs.deadLetterCount();
  }

  ping(): Promise<void> {
    return this.jobs.ping();
  }

  close(): Promise<void> {
    return this.jobs.close();
  }

  /** Test helper: removes every key of this prefix's queues. */
  obliterate(): Promise<void> {
    return this.jobs.obliterate();
  }
}
