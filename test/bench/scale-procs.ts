/**
 * Bet acceptance with the load generator spread over several client processes (issue 13): the server
 * (Felt or the bare echo) runs alone in the calling process, the N players in `procs` children
 * (`load-worker.ts`). Every child connects and joins its slice; when all are ready they start betting
 * at once; when all bettors are answered the caller's `close()` closes betting (Felt: the dealer's close;
 * echo: one room broadcast) and every child waits for its players' frame. Also measured: the server
 * process's own CPU time over the betting window (`process.cpuUsage`), so a figure per accepted bet
 * extrapolates to a server with cores of its own.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LoadPlayer, LoadReport } from '../load/load.js';
import { pct } from './scale-support.js';

export interface ProcsOptions {
  readonly baseUrl: string;
  readonly tableId: string;
  readonly players: readonly LoadPlayer[];
  readonly procs: number;
  /** How many of the players bet (spread evenly over the processes); the rest stay joined and watch. */
  readonly bettors: number;
  readonly asLayout: boolean;
  readonly spreadMs: number;
  /** Betting and fan-out bound; connecting and joining get CONNECT_SECONDS more (10 000 sockets on a loaded box take minutes). */
  readonly seconds: number;
  /** Close betting once every bettor is answered. */
  readonly close: () => Promise<void>;
  readonly log?: (line: string) => void;
}

export interface ProcsReport {
  readonly procs: number;
  readonly players: number;
  readonly bettors: number;
  readonly connected: number;
  readonly answered: number;
  readonly accepted: number;
  readonly rejected: number;
  readonly unexpectedRejections: number;
  /** Answers per second over the whole betting window (first send in any process → last answer). */
  readonly answeredPerSecond: number;
  readonly acceptedPerSecond: number;
  readonly bettingSeconds: number;
  readonly latencyMs: { readonly p50: number; readonly p99: number; readonly max: number };
  readonly errorsByCode: Readonly<Record<string, number>>;
  readonly fanOutLastMs: number;
  readonly fanOutMissing: number;
  /** Resyncs the players' clients made (gaps in their streams) and the events replayed to them. */
  readonly resyncs: { readonly count: number; readonly replayed: number };
  /** The server process's CPU (user + system) from `go` to the last `betting-done`. */
  readonly serverCpu: { readonly ms: number; readonly share: number; readonly usPerAnswered: number; readonly usPerAccepted: number };
  readonly connectSeconds: number;
}

const worker = fileURLToPath(new URL('./load-worker.ts', import.meta.url));
const CONNECT_SECONDS = Number(process.env['BENCH_CONNECT_SECONDS'] ?? 600);

/** BENCH_MARKS=1: the betting window in the clock of `node --cpu-prof` profiles (µs), to cut a profile to it. */
const mark = (what: string): void => void (process.env['BENCH_MARKS'] === '1' && console.error(`MARK ${what} ${process.hrtime.bigint() / 1000n}`));

export async function runProcs(o: ProcsOptions): Promise<ProcsReport> {
  const log = o.log ?? ((): void => undefined);
  const dir = mkdtempSync(join(tmpdir(), 'felt-procs-'));
  const execArgv = process.execArgv.filter((a) => !a.startsWith('--cpu-prof') && !a.startsWith('--heap-prof'));
  const kids: ChildProcess[] = [];
  const per = Math.ceil(o.players.length / o.procs);
  let bettorsLeft = o.bettors;
  const msgs = new Map<string, { count: number; wake: () => void }>();
  const reports: LoadReport[] = [];
  const reportedBy = new Set<number>();
  let failed: Error | null = null;
  let wakeFail: (e: Error) => void = () => undefined;
  const failure = new Promise<never>((_, reject) => (wakeFail = reject));
  failure.catch(() => undefined);
  const all = (type: string): Promise<void> => {
    const p = new Promise<void>((wake) => msgs.set(type, { count: 0, wake }));
    return Promise.race([p, failure]);
  };
  const ready = all('ready');
  const t0 = Date.now();
  for (let k = 0; k < o.procs; k++) {
    const slice = o.players.slice(k * per, (k + 1) * per);
    if (slice.length === 0) break;
    const bettors = Math.min(slice.length, Math.ceil(bettorsLeft / (o.procs - k)));
    bettorsLeft -= bettors;
    const cfg = join(dir, `w${k}.json`);
    writeFileSync(cfg, JSON.stringify({ baseUrl: o.baseUrl, tableId: o.tableId, players: slice, asLayout: o.asLayout, spreadMs: o.spreadMs, bettors, playerOffset: k * per, seconds: o.seconds + CONNECT_SECONDS, connectConcurrency: 100 }));
    const c = fork(worker, [cfg], { execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    c.on('message', (m: { type: string; report?: LoadReport }) => {
      if (m.type === 'report' && m.report) {
        reports.push(m.report);
        reportedBy.add(k);
      }
      const w = msgs.get(m.type);
      if (w && ++w.count === kids.length) w.wake();
    });
    c.on('error', (e) => {
      if (failed === null) {
        failed = new Error(`load process ${k}: ${e.message}`);
        wakeFail(failed);
      }
    });
    c.on('exit', (code) => {
      // An IPC message may be handled just after 'exit': give the report a moment.
      setTimeout(() => {
        if (failed === null && (code !== 0 || !reportedBy.has(k))) {
          failed = new Error(`load process ${k} exited (${code}) before its report`);
          wakeFail(failed);
        }
      }, 1_000).unref();
    });
    kids.push(c);
  }
  const timeout = setTimeout(() => wakeFail(new Error(`multi-process load: no result within ${o.seconds + CONNECT_SECONDS} s`)), (o.seconds + CONNECT_SECONDS) * 1000);
  try {
    await ready;
    const connectSeconds = (Date.now() - t0) / 1000;
    log(`${kids.length} load processes ready (${connectSeconds.toFixed(1)} s): go`);
    const bettingDone = all('betting-done');
    const cpu0 = process.cpuUsage();
    const w0 = performance.now();
    mark('betting-start');
    for (const c of kids) c.send({ type: 'go' });
    await bettingDone;
    mark('betting-end');
    const cpu = process.cpuUsage(cpu0);
    const wall = performance.now() - w0;
    log('every bettor answered: closing betting');
    const reported = all('report');
    await o.close();
    for (const c of kids) c.send({ type: 'closed' });
    await reported;
    const sum = (f: (r: LoadReport) => number): number => reports.reduce((s, r) => s + f(r), 0);
    const answered = sum((r) => r.accepted + r.rejected);
    const accepted = sum((r) => r.accepted);
    const windows = reports.map((r) => r.bettingWindow).filter((w) => w !== null);
    const seconds = windows.length === 0 ? 0 : (Math.max(...windows.map((w) => w.last)) - Math.min(...windows.map((w) => w.first))) / 1000;
    const samples = reports.flatMap((r) => [...(r.latencySamples ?? [])]);
    const errors: Record<string, number> = {};
    for (const r of reports) for (const [k, v] of Object.entries(r.errorsByCode)) errors[k] = (errors[k] ?? 0) + v;
    const cpuMs = (cpu.user + cpu.system) / 1000;
    return {
      procs: kids.length,
      players: o.players.length,
      bettors: o.bettors,
      connected: sum((r) => r.connected),
      answered,
      accepted,
      rejected: sum((r) => r.rejected),
      unexpectedRejections: sum((r) => r.unexpectedRejections),
      answeredPerSecond: Number((answered / Math.max(0.001, seconds)).toFixed(1)),
      acceptedPerSecond: Number((accepted / Math.max(0.001, seconds)).toFixed(1)),
      bettingSeconds: Number(seconds.toFixed(3)),
      latencyMs: { p50: pct(samples, 0.5), p99: pct(samples, 0.99), max: pct(samples, 1) },
      errorsByCode: errors,
      fanOutLastMs: Math.max(0, ...reports.map((r) => r.lastFrameMs.max)),
      fanOutMissing: sum((r) => r.lastFrameMs.missing),
      resyncs: { count: sum((r) => r.resyncs.count), replayed: sum((r) => r.resyncs.replayed) },
      serverCpu: { ms: Number(cpuMs.toFixed(1)), share: Number((cpuMs / Math.max(1, wall)).toFixed(3)), usPerAnswered: Number(((cpuMs * 1000) / Math.max(1, answered)).toFixed(1)), usPerAccepted: Number(((cpuMs * 1000) / Math.max(1, accepted)).toFixed(1)) },
      connectSeconds: Number(connectSeconds.toFixed(1)),
    };
  } finally {
    clearTimeout(timeout);
    for (const c of kids) if (c.exitCode === null) c.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}
