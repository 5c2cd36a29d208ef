/**
 * A second studio-server instance for the closing-burst bench (`BENCH_INSTANCES=2`, issue 25 §3): the
 * server (the bench build, test/support/dist) booted in its own process — so it has a core of its own —
 * with the cluster module on the bench's PostgreSQL and Redis. IPC: → `ready {url, instanceId}`;
 * ← `tick` (renew/advertise its leases) → `ticked`; ← `loop-start` / `loop-stop` → `loop {p50,p99,max,cpuMs}`;
 * ← `stop` → closes and exits.
 *
 *   (not run by hand) node <tsx flags> test/bench/instance-worker.ts <config.json>
 */
import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Logger } from '@nestjs/common';

interface Config {
  readonly dbUrl: string;
  readonly redisUrl: string;
  readonly run: string;
  readonly instanceId: string;
}
const cfg = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Config;
const support = '../support/dist';
const dist = `${support}/apps/studio-server/src`;
const harness = (await import(`${support}/test/support/studio-server/app-harness.js`)) as typeof import('../support/studio-server/app-harness.js');
const clusterMod = (await import(`${dist}/cluster/cluster.module.js`)) as typeof import('../../apps/studio-server/src/cluster/cluster.module.js');
const ownership = (await import(`${dist}/cluster/table-ownership.service.js`)) as typeof import('../../apps/studio-server/src/cluster/table-ownership.service.js');
Logger.overrideLogger(['error']);
if (process.env['BENCH_UNCHUNKED'] === '1') {
  // the A/B of closing-burst.bench.ts: broadcasts written in one go, as before issue 25 §1, on this instance too
  const { ChunkedAdapter } = (await import(`${dist}/shared/host/sliced-adapter.js`)) as typeof import('../../apps/studio-server/src/shared/host/sliced-adapter.js');
  ChunkedAdapter.sliceMs = Number.POSITIVE_INFINITY;
}

const send = (m: Record<string, unknown>): void => void process.send?.(m);
const app = await harness.bootRoundsApp({
  config: { database: { kind: 'postgres', url: cfg.dbUrl } },
  ids: { next: (() => { let n = 0; return (p: string) => `${p}_${cfg.instanceId}${String(++n).padStart(7, '0')}`; })() },
  imports: [clusterMod.ClusterModule.forRoot({ redisUrl: cfg.redisUrl, instanceId: cfg.instanceId, keyPrefix: `felt-bench:${cfg.run}:lease:`, busPrefix: `felt-bench:${cfg.run}:`, leaseTtlMs: 30_000, forwardStampSkewMs: process.env['BENCH_SKEW_MS'] !== undefined ? Number(process.env['BENCH_SKEW_MS']) : null })],
});
const h = monitorEventLoopDelay({ resolution: 1 });
let cpu0 = process.cpuUsage();
process.on('message', (m: { type?: string }) => {
  void (async () => {
    if (m.type === 'tick') {
      await app.get(ownership.TableOwnershipService).tick();
      send({ type: 'ticked' });
    } else if (m.type === 'loop-start') {
      h.reset();
      h.enable();
      cpu0 = process.cpuUsage();
    } else if (m.type === 'loop-stop') {
      h.disable();
      const c = process.cpuUsage(cpu0);
      const ms = (ns: number): number => Number((ns / 1e6).toFixed(2));
      send({ type: 'loop', p50: ms(h.percentile(50)), p99: ms(h.percentile(99)), max: ms(h.max), cpuMs: Math.round((c.user + c.system) / 1000) });
    } else if (m.type === 'stop') {
      await app.close();
      process.exit(0);
    }
  })();
});
process.on('disconnect', () => void app.close().finally(() => process.exit(0)));
send({ type: 'ready', url: app.url, instanceId: cfg.instanceId });
