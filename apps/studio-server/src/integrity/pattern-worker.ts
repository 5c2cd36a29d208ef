/**
 * Issue 23 §5: the shared-pattern detector off the event loop. Its evaluation is O(players² per round) over the
 * window (≈ 360 ms of CPU for 1 000 rounds at two tables of 30 players, 2026-11-28): on the server's one event
 * loop that is a pause in which no bet is read (issue 25). `pattern-evaluator.ts` runs this file, compiled, in a
 * worker thread; one message in (the bets), one out (the report), in order.
 */
import { parentPort } from 'node:worker_threads';
import { integrity } from '@felt-studio/games';

parentPort?.on('message', (m: { readonly id: number; readonly bets: readonly integrity.PatternBet[] }) => {
  parentPort?.postMessage({ id: m.id, report: integrity.sharedPatterns(m.bets) });
});
