/**
 * One load-generator process of a multi-process benchmark run (issue 13: 10 000 players cannot share
 * the server's event loop, nor one client process, on this 2-core machine). Started by
 * `scale-procs.ts` with an IPC channel: it connects and joins its slice of the players, says `ready`,
 * waits for `go` (every process starts betting at once), says `betting-done` when its bettors' layouts
 * are answered, waits for `closed` (the parent closed betting), waits for every player's frame of that,
 * and sends its `report` (with every latency sample, so the parent merges percentiles).
 *
 *   (not run by hand) node <tsx flags> test/bench/load-worker.ts <config.json>
 */
import { readFileSync } from 'node:fs';
import { runLoad, type LoadOptions } from '../load/load.js';

type Config = Pick<LoadOptions, 'baseUrl' | 'tableId' | 'players' | 'asLayout' | 'spreadMs' | 'bettors' | 'playerOffset' | 'seconds' | 'ackTimeoutMs' | 'connectConcurrency'>;
const cfg = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Config;
const send = (m: Record<string, unknown>): void => void process.send?.(m);
const waiting = new Map<string, () => void>();
process.on('message', (m: { type?: string }) => {
  const w = m.type === undefined ? undefined : waiting.get(m.type);
  if (w) {
    waiting.delete(m.type!);
    w();
  }
});
const wait = (type: string): Promise<void> => new Promise((r) => waiting.set(type, r));

const report = await runLoad({
  ...cfg,
  rounds: 1,
  stopAfterBetting: true,
  keepSamples: true,
  log: (line) => process.env['BENCH_VERBOSE'] === '1' && console.error(`[load ${process.pid}] ${line}`),
  beforeBetting: async () => {
    const go = wait('go');
    send({ type: 'ready' });
    await go;
  },
  afterBetting: async () => {
    const closed = wait('closed');
    send({ type: 'betting-done' });
    await closed;
  },
});
send({ type: 'report', report });
process.disconnect?.();
process.exit(0);
