import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EMPTY_SETTINGS, refuseBet, RG_PERIODS, SESSION_GAP_MS, usageOf, type LimitTable, type MoneyMove, type RgPeriod, type RgSettings } from './limits.rules.js';
import { UsageIndex } from './limits.usage.js';

const RUNS = Number(process.env['PROPERTY_RUNS'] ?? 300);
const SEED = 25; // issue 25
const HOUR = 3_600_000;
/** Sun 29 Nov, Mon 30 Nov (a week starts), Tue 1 Dec (a month starts), Wed 2 Dec 2026, 00:00 UTC. */
const BOUNDARIES = [Date.UTC(2026, 10, 29), Date.UTC(2026, 10, 30), Date.UTC(2026, 11, 1), Date.UTC(2026, 11, 2)];
const MONTH_START = Date.UTC(2026, 11, 1);

/** The reference: today's fold (limits.rules.ts) over the same moves and the bet times in order (sessionsOf folds them sorted). */
const reference = (moves: readonly MoneyMove[], activity: readonly number[], at: number) => usageOf(moves, [...activity].sort((a, b) => a - b), at);

// Times on and around the period starts and session gaps, in a dense cluster (sessions form), and anywhere in five weeks.
const nearBoundary = fc
  .tuple(fc.constantFrom(...BOUNDARIES), fc.integer({ min: -2, max: 2 }), fc.constantFrom(0, 0, SESSION_GAP_MS, -SESSION_GAP_MS, 2 * SESSION_GAP_MS, 60_000, -60_000))
  .map(([b, o, g]) => b + o + g);
const cluster = fc.integer({ min: MONTH_START - 3 * HOUR, max: MONTH_START + HOUR });
const anywhere = fc.integer({ min: Date.UTC(2026, 9, 28), max: Date.UTC(2026, 11, 3) });
const time = fc.oneof({ weight: 2, arbitrary: nearBoundary }, { weight: 3, arbitrary: cluster }, { weight: 1, arbitrary: anywhere });
const delta = fc.integer({ min: -10_000, max: 10_000 });

type Op =
  | { type: 'bet'; at: number; stakeMinor: number }
  | { type: 'move'; at: number; deltaMinor: number }
  | { type: 'activity'; at: number }
  | { type: 'refresh'; moves: { at: number; deltaMinor: number }[]; activity: number[]; keepSince: number; storeOrder: boolean; thenAdd: boolean }
  | { type: 'query'; at: number; stakeMinor: number }
  | { type: 'query-after-bet'; pick: number; gaps: number; off: number; stakeMinor: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ type: fc.constant('bet' as const), at: time, stakeMinor: fc.integer({ min: 1, max: 5_000 }) }) },
  { weight: 3, arbitrary: fc.record({ type: fc.constant('move' as const), at: time, deltaMinor: delta }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('activity' as const), at: time }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('refresh' as const), moves: fc.array(fc.record({ at: time, deltaMinor: delta }), { maxLength: 30 }), activity: fc.array(time, { maxLength: 20 }), keepSince: time, storeOrder: fc.boolean(), thenAdd: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ type: fc.constant('query' as const), at: time, stakeMinor: fc.integer({ min: 1, max: 5_000 }) }) },
  { weight: 3, arbitrary: fc.record({ type: fc.constant('query-after-bet' as const), pick: fc.nat(), gaps: fc.constantFrom(0, 1, 1, 2), off: fc.integer({ min: -2, max: 2 }), stakeMinor: fc.integer({ min: 1, max: 5_000 }) }) },
);

const limit = (max: number) => fc.option(fc.integer({ min: 0, max }), { nil: undefined, freq: 2 });
const table = (max: number): fc.Arbitrary<Partial<Record<RgPeriod, number>>> =>
  fc.tuple(limit(max), limit(max), limit(max), limit(max)).map((v) => Object.fromEntries(RG_PERIODS.flatMap((p, i) => (v[i] === undefined ? [] : [[p, v[i]]]))));
const settings: fc.Arbitrary<RgSettings> = fc.record({ loss: table(30_000), time: table(600) }).map((limits: LimitTable) => ({ ...EMPTY_SETTINGS, limits }));

describe('the incremental usage gives exactly the fold the bet gate ran on every bet (issue 25, RG-2.9)', () => {
  it('usage and the bet gate equal usageOf + refuseBet over random moves, bet times, out-of-order inserts and refresh replacements, at and around period starts and session gaps', () => {
    fc.assert(
      fc.property(settings, fc.array(op, { minLength: 1, maxLength: 80 }), (s, ops) => {
        let idx = new UsageIndex();
        let moves: MoneyMove[] = [];
        let activity: number[] = [];
        let n = 0;
        const check = (at: number, stakeMinor: number): void => {
          const want = reference(moves, activity, at);
          const got = idx.usage(at);
          expect(got).toEqual(want);
          expect(refuseBet(s, got, stakeMinor, at)).toEqual(refuseBet(s, want, stakeMinor, at));
        };
        for (const o of ops) {
          switch (o.type) {
            case 'bet': {
              const m = { at: o.at, deltaMinor: o.stakeMinor, ref: `b${n++}:stake` };
              idx.addMove(m);
              idx.addActivity(o.at);
              moves.push(m);
              activity.push(o.at);
              break;
            }
            case 'move': {
              const m = { at: o.at, deltaMinor: o.deltaMinor, ref: `b${n++}:back` };
              idx.addMove(m);
              moves.push(m);
              break;
            }
            case 'activity':
              idx.addActivity(o.at);
              activity.push(o.at);
              break;
            case 'refresh': {
              // as LimitsService.fold: a stored snapshot (in time order when storeOrder, as the store returns it),
              // plus the local moves and bet times since keepSince — added one by one (the service), or in one build
              const snapshot = o.moves.map((m) => ({ ...m, ref: `b${n++}:stake` }));
              if (o.storeOrder) {
                snapshot.sort((a, b) => a.at - b.at);
                o.activity.sort((a, b) => a - b);
              }
              const keptMoves = idx.movesFrom(o.keepSince);
              const keptActivity = idx.activityFrom(o.keepSince);
              expect([...keptMoves].sort((a, b) => a.at - b.at || a.deltaMinor - b.deltaMinor)).toEqual(moves.filter((m) => m.at >= o.keepSince).sort((a, b) => a.at - b.at || a.deltaMinor - b.deltaMinor));
              expect(keptActivity).toEqual([...new Set(activity.filter((t) => t >= o.keepSince))].sort((a, b) => a - b));
              if (o.thenAdd) {
                idx = UsageIndex.of(snapshot, o.activity);
                for (const m of keptMoves) idx.addMove(m);
                for (const t of keptActivity) idx.addActivity(t);
              } else idx = UsageIndex.of([...snapshot, ...keptMoves], [...o.activity, ...keptActivity]);
              moves = [...snapshot, ...moves.filter((m) => m.at >= o.keepSince)];
              activity = [...o.activity, ...activity.filter((t) => t >= o.keepSince)];
              break;
            }
            case 'query':
              check(o.at, o.stakeMinor);
              break;
            case 'query-after-bet': {
              const t = activity.length === 0 ? BOUNDARIES[0]! : activity[o.pick % activity.length]!;
              check(t + o.gaps * SESSION_GAP_MS + o.off, o.stakeMinor);
              break;
            }
          }
        }
        // and a sweep: every period start, every bet time and its session gap, every move's time, each ±1 ms
        const times = [...BOUNDARIES, ...activity, ...activity.map((t) => t + SESSION_GAP_MS), ...moves.map((m) => m.at)];
        for (const t of times) for (const d of [-1, 0, 1]) check(t + d, 1_000);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('a bet time older than the last one joins the sessions it bridges, and a return stamped at its bet time counts in that bet’s periods', () => {
    const at = MONTH_START + 2 * HOUR;
    const idx = new UsageIndex();
    const moves: MoneyMove[] = [
      { at: MONTH_START - 30 * 60_000, deltaMinor: 500, ref: 'a:stake' },
      { at: MONTH_START + 5 * 60_000, deltaMinor: 700, ref: 'b:stake' },
    ];
    for (const m of moves) {
      idx.addMove(m);
      idx.addActivity(m.at);
    }
    expect(idx.usage(at).session).toBeNull(); // 35 min apart: two sessions, both over
    // a bet between them (an earlier frame folded late) joins them into one session; a's return lands last month
    idx.addActivity(MONTH_START - 12 * 60_000);
    idx.addMove({ at: MONTH_START - 30 * 60_000, deltaMinor: -1_000, ref: 'a:back' });
    moves.push({ at: MONTH_START - 30 * 60_000, deltaMinor: -1_000, ref: 'a:back' });
    const q = MONTH_START + 10 * 60_000;
    const u = idx.usage(q);
    expect(u).toEqual(reference(moves, [...moves.filter((m) => m.deltaMinor > 0).map((m) => m.at), MONTH_START - 12 * 60_000], q));
    expect(u.session).toEqual({ start: MONTH_START - 30 * 60_000, last: MONTH_START + 5 * 60_000 });
    expect(u.lossMinor).toEqual({ session: 200, day: 700, week: 200, month: 700 });
    expect(u.minutes).toEqual({ session: 40, day: 10, week: 40, month: 10 });
  });
});
