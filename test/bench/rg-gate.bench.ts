/**
 * The responsible-gambling bet gate per bet (issue 25, the closing burst: it runs on every bet): the player's
 * usage (net loss and play time per session / day / week / month) plus `refuseBet`, with 1, 100, 3 000 and
 * 10 000 money moves in the player's month (a regular at ~100 bets a day has ~3 000). NEW: `UsageIndex.usage`
 * (limits.usage.ts, a binary search per period), the path `LimitsService.refuse` takes; OLD (the baseline,
 * same run): `usageOf` (limits.rules.ts), the fold of the whole month the gate ran before. Also the cost of
 * keeping the index: a bet folded in (stake + bet time, in order), a return stamped at a bet 100 moves back,
 * and a refresh's rebuild of the player (LimitsService.fold: the index built from the store's snapshot plus the
 * last minute's local moves) beside what the refresh did before (the snapshot and the local moves concatenated).
 * Pure code, no server: `npx tsx test/bench/rg-gate.bench.ts [rounds] [--src]` (also in `npm run bench`).
 * It measures the server's build (apps/studio-server/dist, `npx tsc -b tsconfig.build.json`), the code that
 * runs; `--src` measures the TypeScript sources through tsx instead, whose keepNames wraps every closure it
 * creates (a fold's filter callbacks) and makes both paths slower than they run in the server.
 * Not a test: it prints numbers, it never fails on timing (it fails if the two paths ever disagree).
 */
import { isDeepStrictEqual } from 'node:util';
import { performance } from 'node:perf_hooks';
import type { MoneyMove, RgSettings, Usage } from '../../apps/studio-server/src/limits/limits.rules.js';

const SRC = process.argv.includes('--src');
const dir = SRC ? '../../apps/studio-server/src/limits' : '../../apps/studio-server/dist/limits';
const { EMPTY_SETTINGS, refuseBet, sessionsOf, usageOf } = (await import(`${dir}/limits.rules.js`)) as typeof import('../../apps/studio-server/src/limits/limits.rules.js');
const { UsageIndex } = (await import(`${dir}/limits.usage.js`)) as typeof import('../../apps/studio-server/src/limits/limits.usage.js');

const SIZES = [1, 100, 3_000, 10_000];
const ROUNDS = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 5);
const MONTH = Date.UTC(2026, 11, 1);
const AT = Date.UTC(2026, 11, 28, 20); // late in the month: every move counts in the month, few in the day
const BETS_PER_SESSION = 25;
// Every limit set and none reached: the gate checks all eight (the most work a passing bet costs).
const SETTINGS: RgSettings = { ...EMPTY_SETTINGS, limits: { loss: { session: 1e12, day: 1e12, week: 1e12, month: 1e12 }, time: { session: 1e9, day: 1e9, week: 1e9, month: 1e9 } } };

/** A month of play: bets 30 s apart in sessions of 25, the sessions spread over the month; each bet a stake and (most) a return. */
function month(nMoves: number): { moves: MoneyMove[]; activity: number[] } {
  const bets = Math.ceil(nMoves / 2);
  const sessions = Math.ceil(bets / BETS_PER_SESSION);
  const spacing = (AT - 2 * 3_600_000 - MONTH) / sessions;
  const moves: MoneyMove[] = [];
  const activity: number[] = [];
  for (let k = 0; k < bets; k++) {
    const t = Math.round(MONTH + Math.floor(k / BETS_PER_SESSION) * spacing + (k % BETS_PER_SESSION) * 30_000);
    activity.push(t);
    moves.push({ at: t, deltaMinor: 100 + (k % 7) * 50, ref: `b${k}:stake` });
    if (moves.length < nMoves) moves.push({ at: t, deltaMinor: -(k % 3) * 150, ref: `b${k}:back` });
  }
  return { moves, activity };
}

let sink = 0;
/** µs per call of `fn` (over `iterations` calls at `at`, `at` + 1 ms, …), best of ROUNDS. */
function measure(iterations: number, fn: (at: number) => void): number {
  let best = Infinity;
  for (let r = 0; r < ROUNDS; r++) {
    const t0 = performance.now();
    for (let i = 0; i < iterations; i++) fn(AT + (i & 1023));
    best = Math.min(best, (performance.now() - t0) / iterations);
  }
  return best * 1000;
}

const gate = (u: Usage, at: number): void => {
  const v = refuseBet(SETTINGS, u, 100, at);
  sink += v === null ? u.lossMinor.month : 1;
};

console.log(`RG bet gate per bet (µs): usage of the player's month + refuseBet, best of ${ROUNDS}; OLD = usageOf (the fold, baseline, same run), NEW = UsageIndex.usage; ${SRC ? 'sources through tsx' : 'the build (dist)'}, Node ${process.version}`);
console.log(['moves', 'bet times', 'sessions', 'OLD fold', 'NEW index', 'OLD/NEW', 'NEW: fold a bet in', 'NEW: a return 100 moves back', 'refresh rebuild NEW', 'refresh rebuild OLD'].join('\t'));
for (const n of SIZES) {
  const { moves, activity } = month(n);
  const idx = UsageIndex.of(moves, activity);
  for (const at of [AT, MONTH, MONTH - 1, AT + 3_600_000]) {
    if (!isDeepStrictEqual(idx.usage(at), usageOf(moves, activity, at))) throw new Error(`the index and the fold disagree at ${n} moves, at ${new Date(at).toISOString()}`);
  }
  const sessions = sessionsOf(activity).length;
  const oldIterations = Math.max(100, Math.floor(2_000_000 / (n + 20)));
  const oldUs = measure(oldIterations, (at) => gate(usageOf(moves, activity, at), at));
  const newUs = measure(200_000, (at) => gate(idx.usage(at), at));
  // keeping the index: 500 bets folded in after the month (in order), on a fresh copy each round
  const perBetFold = bestOf(() => {
    const copy = UsageIndex.of(moves, activity);
    const t0 = performance.now();
    for (let k = 0; k < 500; k++) {
      copy.addMove({ at: AT + k * 1_000, deltaMinor: 100, ref: `x${k}:stake` });
      copy.addActivity(AT + k * 1_000);
    }
    const us = ((performance.now() - t0) / 500) * 1000;
    sink += copy.usage(AT).lossMinor.day;
    return us;
  });
  // a return stamped at its bet's time, 100 moves back (settlement: LimitsService.foldReturns)
  const backAt = moves[Math.max(0, moves.length - 100)]!.at;
  const perReturn = bestOf(() => {
    const copy = UsageIndex.of(moves, activity);
    const t0 = performance.now();
    for (let k = 0; k < 100; k++) copy.addMove({ at: backAt, deltaMinor: -200, ref: `y${k}:back` });
    const us = ((performance.now() - t0) / 100) * 1000;
    sink += copy.usage(AT).lossMinor.month;
    return us;
  });
  // a refresh: the last two moves and the last bet time are local (the snapshot shows them too)
  const keepSince = moves[Math.max(0, moves.length - 2)]!.at;
  const stored = new Set(moves.map((m) => m.ref));
  const rebuildNew = measure(Math.max(20, Math.floor(200_000 / (n + 20))), () => {
    const u = UsageIndex.of(moves, activity);
    for (const m of idx.movesFrom(keepSince)) if (m.ref !== undefined && !stored.has(m.ref)) u.addMove(m);
    for (const t of idx.activityFrom(keepSince)) u.addActivity(t);
    sink += u.moves.length;
  });
  const rebuildOld = measure(Math.max(20, Math.floor(200_000 / (n + 20))), () => {
    const local = moves.filter((m) => m.at >= keepSince && m.ref !== undefined && !stored.has(m.ref));
    const kept = [...moves, ...local];
    const times = [...activity, ...activity.filter((t) => t >= keepSince)];
    sink += kept.length + times.length;
  });
  console.log([n, activity.length, sessions, oldUs.toFixed(2), newUs.toFixed(2), (oldUs / newUs).toFixed(0), perBetFold.toFixed(2), perReturn.toFixed(2), rebuildNew.toFixed(1), rebuildOld.toFixed(1)].join('\t'));
}
if (sink === 42) console.log('');

function bestOf(f: () => number): number {
  let best = Infinity;
  for (let r = 0; r < ROUNDS; r++) best = Math.min(best, f());
  return best;
}
