import { afterAll, describe, expect, it } from 'vitest';
import { requireEnv, runId } from '../../../../../test/support/services.js';
import { BullMqWalletJobs, type WalletJob } from './wallet-jobs.js';

describe('seamless wallet jobs on BullMQ (REDIS_URL): retries with backoff, then the dead-letter queue', () => {
  const redisUrl = requireEnv('REDIS_URL');
  const prefix = `felt-wallet-${runId()}`;
  const tries = new Map<string, number>();
  const dead: { job: WalletJob; error: string; attempts: number }[] = [];
  const errors: string[] = [];
  let fixed = false;
  const jobs = new BullMqWalletJobs(
    redisUrl,
    prefix,
    async (job) => {
      const n = (tries.get(job.transactionUuid) ?? 0) + 1;
      tries.set(job.transactionUuid, n);
      if (job.transactionUuid.startsWith('crd_flaky') && n < 3) throw new Error(`operator unreachable (attempt ${n})`);
      if (job.transactionUuid.startsWith('crd_down')) throw new Error('operator unreachable');
      if (job.transactionUuid.startsWith('crd_fixed') && !fixed) throw new Error('operator unreachable');
    },
    (job, error, attempts) => {
      dead.push({ job, error, attempts });
    },
    { attempts: 4, backoffMs: 20, maxBackoffMs: 80 },
    (m) => errors.push(m),
  );

  afterAll(async () => {
    await jobs.obliterate();
    await jobs.close();
  });

  it('a call that fails twice is retried until it succeeds; one that never succeeds is dead-lettered after the last attempt', async () => {
    await jobs.enqueue({ operatorId: 'op1', transactionUuid: 'crd_flaky1' });
    await jobs.enqueue({ operatorId: 'op1', transactionUuid: 'crd_down1' });
    await jobs.enqueue({ operatorId: 'op1', transactionUuid: 'crd_flaky1' }); // same transaction: one job
    await jobs.drain();
    expect(tries.get('crd_flaky1')).toBe(3);
    expect(tries.get('crd_down1')).toBe(4);
    expect(dead).toEqual([{ job: { operatorId: 'op1', transactionUuid: 'crd_down1' }, error: 'operator unreachable', attempts: 4 }]);
    expect(await jobs.deadLetters()).toBe(1);
  });

  it('a dead-lettered call enqueued again (the admin retry, same transaction uuid) runs again and succeeds: BullMQ does not keep its job id', async () => {
    await jobs.enqueue({ operatorId: 'op1', transactionUuid: 'crd_fixed1' });
    await jobs.drain();
    expect(dead.map((d) => d.job.transactionUuid)).toContain('crd_fixed1');
    fixed = true;
    await jobs.enqueue({ operatorId: 'op1', transactionUuid: 'crd_fixed1' });
    await jobs.drain();
    expect(tries.get('crd_fixed1')).toBe(5); // 4 attempts, dead; then 1 after the re-queue
    expect(dead.filter((d) => d.job.transactionUuid === 'crd_fixed1')).toHaveLength(1);
  });
});
