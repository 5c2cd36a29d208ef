/**
 * Retried wallet calls (issue 12 point 1): credits and rollbacks are jobs that are retried with
 * exponential backoff until the operator acknowledges them, and land in a dead-letter list (with an
 * alert) after the last attempt. `InProcessWalletJobs` for the embedded mode; `BullMqWalletJobs` on Redis
 * (REDIS_URL), the same semantics (attempts + exponential backoff + dead-letter queue), on settlement's BullMQ
 * job-queue kit (settlement/bull-job-queue.ts).
 */
import { BullJobQueue } from '../../settlement/bull-job-queue.js';

export interface WalletJob {
  readonly operatorId: string;
  readonly transactionUuid: string;
}

/** Runs one attempt; throws to be retried. */
export type WalletJobHandler = (job: WalletJob) => Promise<void>;
export type DeadLetterHandler = (job: WalletJob, error: string, attempts: number) => Promise<void> | void;

export interface WalletJobs {
  enqueue(job: WalletJob): Promise<void>;
  /** Resolves when nothing is queued, running or waiting for a retry. */
  drain(): Promise<void>;
  close(): Promise<void>;
}

export interface RetryPolicy {
  readonly attempts: number;
  readonly backoffMs: number;
  /** Longest wait between two attempts. */
  readonly maxBackoffMs: number;
}

export const delayFor = (p: RetryPolicy, attempt: number): number => Math.min(p.maxBackoffMs, p.backoffMs * 2 ** (attempt - 1));

export class InProcessWalletJobs implements WalletJobs {
  private readonly running = new Set<Promise<void>>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly queued = new Set<string>();
  private closed = false;

  constructor(
    private readonly handler: WalletJobHandler,
    private readonly onDead: DeadLetterHandler,
    private readonly policy: RetryPolicy,
  ) {}

  async enqueue(job: WalletJob): Promise<void> {
    if (this.queued.has(job.transactionUuid)) return; // one job per transaction (idempotent enqueue)
    this.queued.add(job.transactionUuid);
    this.attempt(job, 1);
  }

  private attempt(job: WalletJob, n: number): void {
    if (this.closed) return;
    const run = (async (): Promise<void> => {
      try {
        await this.handler(job);
        this.queued.delete(job.transactionUuid);
      } catch (e) {
        const msg = e instanceof Error ? e.message : String(e);
        if (n >= this.policy.attempts) {
          this.queued.delete(job.transactionUuid);
          await this.onDead(job, msg, n);
          return;
        }
        const t = setTimeout(() => {
          this.timers.delete(t);
          this.attempt(job, n + 1);
        }, delayFor(this.policy, n));
        this.timers.add(t);
      }
    })();
    this.running.add(run);
    void run.finally(() => this.running.delete(run));
  }

  async drain(): Promise<void> {
    while (this.running.size > 0 || this.timers.size > 0) {
      await Promise.all([...this.running]);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    await Promise.all([...this.running]);
  }
}

export const WALLET_QUEUE_NAME = 'seamless-wallet';
/** BullMQ lock and stall check of wallet calls (issue 22 §6; the same as settlement's). */
export const WALLET_LOCK_MS = 4_000;
export const WALLET_STALL_CHECK_MS = 1_000;
export const WALLET_DEAD_LETTER_QUEUE_NAME = 'seamless-wallet-dead';

export class BullMqWalletJobs implements WalletJobs {
  private readonly jobs: BullJobQueue<WalletJob>;

  constructor(
    redisUrl: string,
    prefix: string,
    handler: WalletJobHandler,
    onDead: DeadLetterHandler,
    private readonly policy: RetryPolicy,
    onError: (msg: string) => void,
  ) {
    // Issue 22 §6: a call whose worker died (kill, crash) is taken again within ~5 s, as settlement's is: a 4 s lock
    // (renewed every 2 s while the call runs) and a stall check every second. A false stall re-sends the call with the
    // same transaction uuid, which the operator answers idempotently.
    this.jobs = new BullJobQueue<WalletJob>({
      redisUrl,
      prefix,
      name: WALLET_QUEUE_NAME,
      deadLetterName: WALLET_DEAD_LETTER_QUEUE_NAME,
      deadLetterJobName: 'dead',
      concurrency: 8,
      lockMs: WALLET_LOCK_MS,
      stallCheckMs: WALLET_STALL_CHECK_MS,
      settings: { backoffStrategy: (attemptsMade: number) => delayFor(this.policy, attemptsMade) },
      process: handler,
      onDeadLetter: (job, err, attemptsMade) => onDead(job, err.message, attemptsMade),
      onDeadLetterError: (e) => onError(`dead-letter: ${(e as Error).message}`),
      onRedisError: (message) => onError(`redis: ${message}`),
      onWorkerError: (err) => onError(`worker: ${err.message}`),
    });
  }

  async enqueue(job: WalletJob): Promise<void> {
    await this.jobs.queue.add('call', job, { jobId: `wallet-${job.transactionUuid}`, attempts: this.policy.attempts, backoff: { type: 'custom' }, removeOnComplete: true, removeOnFail: true });
  }

  drain(): Promise<void> {
    return this.jobs.drain(50);
  }

  deadLetters(): Promise<number> {
    return this.jobs.deadLetterCount();
  }

  close(): Promise<void> {
    return this.jobs.close();
  }

  obliterate(): Promise<void> {
    return this.jobs.obliterate();
  }
}
