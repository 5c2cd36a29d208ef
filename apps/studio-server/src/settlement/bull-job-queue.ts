/**
 * A BullMQ job queue with a dead-letter queue, the one kit behind settlement's queue (bullmq.queue.ts) and the seamless
 * wallet's jobs (wallet/seamless/wallet-jobs.ts): its own Redis connections, a worker with a short lock and stall check
 * (a job whose worker died is taken again within seconds), after the last attempt the job copied to the dead-letter
 * queue and handed to the owner, a drain that waits for the dead letters, a close that lets running jobs finish. What a
 * job is, its job id, attempts and backoff stay with the owner (`queue.add`). BullMQ lives only in these adapters
 * (STYLE.md habit 7).
 */
import { Queue, Worker, type Job, type WorkerOptions } from 'bullmq';
import { Redis } from 'ioredis';

export interface BullJobQueueOptions<T> {
  readonly redisUrl: string;
  readonly prefix: string;
  readonly name: string;
  readonly deadLetterName: string;
  /** The job name of a dead letter. */
  readonly deadLetterJobName: string;
  readonly concurrency: number;
  /** The worker's lock, renewed every lockMs/2 while a job runs; a job whose lock expired is stalled. */
  readonly lockMs: number;
  readonly stallCheckMs: number;
  readonly settings?: WorkerOptions['settings'];
  /** Runs one attempt; throws to be retried. */
  readonly process: (data: T) => Promise<unknown>;
  /** An attempt failed and will be retried. */
  readonly onRetry?: (data: T, err: Error, attemptsMade: number) => void;
  /** After the last attempt, once the job is in the dead-letter queue. */
  readonly onDeadLetter: (data: T, err: Error, attemptsMade: number) => Promise<void> | void;
  /** Filing a dead letter failed. */
  readonly onDeadLetterError: (e: unknown) => void;
  readonly onRedisError: (message: string) => void;
  readonly onWorkerError: (err: Error) => void;
}

export class BullJobQueue<T> {
  readonly queue: Queue<T>;
  private readonly dead: Queue;
  private readonly worker: Worker<T>;
  private readonly connections: Redis[] = [];
  private readonly pending = new Set<Promise<unknown>>();
  private readonly inflight: { readonly n: number };

  constructor(o: BullJobQueueOptions<T>) {
    const conn = redisConnector(o.redisUrl, this.connections, o.onRedisError);
    const prefix = o.prefix;
    this.queue = new Queue<T>(o.name, { connection: conn(), prefix });
    this.dead = new Queue(o.deadLetterName, { connection: conn(), prefix });
    this.worker = new Worker<T>(o.name, async (job: Job<T>) => o.process(job.data), {
      connection: conn(),
      prefix,
      concurrency: o.concurrency,
      ...(o.settings === undefined ? {} : { settings: o.settings }),
      // Issue 9 finding 6, issue 22 §6: a job whose worker died (kill -9) is taken again within seconds, not after
      // BullMQ's default 30 s lock + 30 s stall check. The lock is renewed every lockDuration/2.
      lockDuration: o.lockMs,
      stalledInterval: o.stallCheckMs,
      // A false stall (an event loop busy past the lock) runs the job again: the owners' jobs are idempotent.
      maxStalledCount: 5,
    });
    this.inflight = countInflight(this.worker);
    this.worker.on('failed', (job, err) => {
      if (job === undefined) return;
      if (job.attemptsMade < (job.opts.attempts ?? 1)) {
        o.onRetry?.(job.data, err, job.attemptsMade);
        return;
      }
      this.track(this.toDeadLetter(o, job, err), o.onDeadLetterError);
    });
    this.worker.on('error', o.onWorkerError);
  }

  private async toDeadLetter(o: BullJobQueueOptions<T>, job: Job<T>, err: Error): Promise<void> {
    await this.dead.add(o.deadLetterJobName, { ...job.data, error: err.message, attemptsMade: job.attemptsMade }, { jobId: job.id, removeOnComplete: false, removeOnFail: false });
    await o.onDeadLetter(job.data, err, job.attemptsMade);
  }

  /** Work started beside the worker (a dead letter, a job run again by its owner): drain and close wait for it; its error goes to `onError`. */
  track(p: Promise<unknown>, onError: (e: unknown) => void): void {
    const tracked = p.catch(onError).finally(() => this.pending.delete(tracked));
    this.pending.add(tracked);
  }

  /** Waits until nothing is waiting, running or delayed, no job is in flight in this worker and every dead letter is filed. */
  drain(pollMs: number): Promise<void> {
    return drainBullQueue(this.queue, this.pending, this.inflight, pollMs);
  }

  deadLetterCount(): Promise<number> {
    return this.dead.count();
  }

  async ping(): Promise<void> {
    const [c] = this.connections;
    if (c === undefined || (await c.ping()) !== 'PONG') throw new Error('redis did not answer PING');
  }

  /** Stop taking jobs, let the running ones finish, close the queues and their connections. */
  async close(): Promise<void> {
    await this.worker.close();
    await Promise.all([...this.pending]);
    await this.queue.close();
    await this.dead.close();
    await Promise.all(this.connections.map((c) => c.quit().catch(() => c.disconnect())));
  }

  /** Removes every key of the queue and its dead-letter queue (tests). */
  async obliterate(): Promise<void> {
    await this.queue.obliterate({ force: true });
    await this.dead.obliterate({ force: true });
  }
}

/**
 * A new Redis connection for a BullMQ queue or worker each call (BullMQ wants `maxRetriesPerRequest: null`), kept in
 * `connections` to be closed with the queue, its errors reported (not thrown: ioredis reconnects by itself).
 */
function redisConnector(redisUrl: string, connections: Redis[], onError: (message: string) => void): () => Redis {
  return () => {
    const c = new Redis(redisUrl, { maxRetriesPerRequest: null });
    c.on('error', (err: Error) => onError(err.message));
    connections.push(c);
    return c;
  };
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
