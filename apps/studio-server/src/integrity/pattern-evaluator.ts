import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { integrity } from '@felt-studio/games';

/** Evaluates a window of bets for shared patterns (issue 23 §5): in a worker thread in the built server, else here. */
export type PatternEvaluator = (bets: readonly integrity.PatternBet[]) => Promise<integrity.SharedPatternsReport>;

/** On the calling thread (the sources under vitest, where no compiled worker exists; small windows). */
export const inlinePatternEvaluator: PatternEvaluator = (bets) => Promise.resolve(integrity.sharedPatterns(bets));

/** The compiled worker beside this file (`dist/integrity/pattern-worker.js`), or null when running from sources. */
export const compiledPatternWorker = (): URL | null => {
  const url = new URL('./pattern-worker.js', import.meta.url);
  return import.meta.url.endsWith('.js') && existsSync(fileURLToPath(url)) ? url : null;
};

/**
 * One worker thread for the process, started on the first evaluation and `unref`'d (it never keeps the process
 * alive); a worker that dies is replaced on the next evaluation, and the evaluations it had are refused.
 */
export function workerPatternEvaluator(script: URL): PatternEvaluator {
  let worker: Worker | null = null;
  let next = 0;
  const waiting = new Map<number, { resolve: (r: integrity.SharedPatternsReport) => void; reject: (e: Error) => void }>();
  const start = (): Worker => {
    const w = new Worker(script);
    w.unref();
    w.on('message', (m: { id: number; report: integrity.SharedPatternsReport }) => {
      waiting.get(m.id)?.resolve(m.report);
      waiting.delete(m.id);
    });
    const fail = (e: Error): void => {
      if (worker === w) worker = null;
      for (const p of waiting.values()) p.reject(e);
      waiting.clear();
    };
    w.on('error', fail);
    w.on('exit', (code) => fail(new Error(`the shared-pattern worker exited (${code})`)));
    return w;
  };
  return (bets) =>
    new Promise((resolve, reject) => {
      worker ??= start();
      const id = ++next;
      waiting.set(id, { resolve, reject });
      worker.postMessage({ id, bets });
    });
}

/** The server's evaluator: the worker thread when built, else inline. */
export function patternEvaluator(): PatternEvaluator {
  const script = compiledPatternWorker();
  return script === null ? inlinePatternEvaluator : workerPatternEvaluator(script);
}
