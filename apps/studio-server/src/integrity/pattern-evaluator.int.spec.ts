import { existsSync } from 'node:fs';
import { integrity } from '@felt-studio/games';
import { describe, expect, it } from 'vitest';
import { inlinePatternEvaluator, workerPatternEvaluator } from './pattern-evaluator.js';

/**
 * Issue 23 §5: the built server evaluates shared betting patterns in a worker thread (pattern-worker.ts), not on
 * the event loop that reads bets (issue 25). Runs the compiled worker of `npm run build` (the int tier runs after
 * the build, like the drills that start the built studio).
 */
const script = new URL('../../dist/integrity/pattern-worker.js', import.meta.url);

describe('the shared-pattern worker (issue 23 §5)', () => {
  it('is built (npm run build)', () => {
    expect(existsSync(script), `${script.pathname}: run npm run build`).toBe(true);
  });

  it('gives the report the detector gives here, a group of 3 found among 40 fair players; the event loop turns while it works', async () => {
    const bets = integrity.simulatePatternBets({ tables: 2, rounds: 300, playersPerTable: 20, seed: 11, group: { size: 3, tables: 2, spreadMs: 200, presence: 0.9 } });
    const evaluate = workerPatternEvaluator(script);
    // the main thread keeps turning while the worker evaluates: a callback queued after the request runs before the
    // answer (the detector on this thread would answer first: it runs to its end before anything else)
    const order: string[] = [];
    const answer = evaluate(bets).then((r) => {
      order.push('report');
      return r;
    });
    setImmediate(() => order.push('tick'));
    const report = await answer;
    expect(order).toEqual(['tick', 'report']);
    expect(report).toEqual(await inlinePatternEvaluator(bets));
    expect(report.groups.map((g) => g.players)).toEqual([['grp1', 'grp2', 'grp3']]);
    // one worker for every evaluation, in order
    const [a, b] = await Promise.all([evaluate(bets.slice(0, 1_000)), evaluate(bets)]);
    expect(a.bets).toBe(1_000);
    expect(b).toEqual(report);
  });
});
