import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { pathToFileURL, fileURLToPath } from 'node:url';
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

  it('issue 22 §6: a call whose worker process was killed mid-call runs again within seconds of the restart (was 60–90 s)', async () => {
    const dist = pathToFileURL(fileURLToPath(new URL('../../../dist/wallet/seamless/wallet-jobs.js', import.meta.url))).href;
    const killedPrefix = `${prefix}-kill`;
    // The "old server": takes the call and is killed while the operator's answer is outstanding.
    const child = spawn(process.execPath, ['--input-type=module', '-e', `
      const { BullMqWalletJobs } = await import(${JSON.stringify(dist)});
      const jobs = new BullMqWalletJobs(process.env.R, process.env.P, async () => { process.send('taken'); await new Promise(() => {}); }, () => {}, { attempts: 3, backoffMs: 10, maxBackoffMs: 10 }, () => {});
      await jobs.enqueue({ operatorId: 'op1', transactionUuid: 'crd_killed1' });
    `], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], env: { ...process.env, R: redisUrl, P: killedPrefix } });
    await once(child, 'message');
    child.kill('SIGKILL');
    await once(child, 'exit');
    const restartedAt = Date.now();
    // The "restarted server".
    let ranAt = 0;
    const again = new BullMqWalletJobs(redisUrl, killedPrefix, async (job) => {
      if (job.transactionUuid === 'crd_killed1' && ranAt === 0) ranAt = Date.now();
    }, () => undefined, { attempts: 3, backoffMs: 10, maxBackoffMs: 10 }, () => undefined);
    try {
      for (let i = 0; i < 300 && ranAt === 0; i++) await new Promise((r) => setTimeout(r, 100));
      expect(ranAt, 'the killed call was never run again').toBeGreaterThan(0);
      // bounded, not a benchmark: BullMQ's defaults (30 s lock, 30 s stall check) took 60–90 s
      expect(ranAt - restartedAt).toBeLessThan(10_000);
      console.log(`wallet call taken again ${ranAt - restartedAt} ms after the restart`);
    } finally {
      await again.obliterate();
      await again.close();
    }
  }, 60_000);
});
