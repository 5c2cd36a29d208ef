import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { HandState } from '../poker-table/hand.js';
import { actInRound, advanceRound, playRound, roundHand, sitIn, staffTablesView, tableViewFor } from './play.js';
import { cardCode } from '../poker/cards.js';
import { replayTournament } from './replay.js';
import { placesAndPrizes, prizesFor, splitProportionally } from './payouts.js';
import { AWAY_REASON, BACK_REASON, addTime, cancel, evolve, foldEvents, pause, playing, proposeDeal, rebalance, register, resume, start, tick, type TournamentEvent, type TournamentState } from './state.js';
import { STANDARD_PAYOUTS, STRUCTURE_PRESETS, standardStructure, turboStructure, validateDef, type TournamentDef } from './structure.js';

const LEVEL_MS = 60_000;
const T0 = Date.UTC(2026, 0, 1, 12);

function def(over: Partial<TournamentDef> = {}): TournamentDef {
  return {
    tournamentId: 'trn_1', name: 'Test', kind: 'scheduled', currency: 'EUR', buyInMinor: 1_000, feeMinor: 100, startingStack: 1_500,
    seatsPerTable: 9, minPlayers: 2, maxPlayers: 30, startsAt: T0, structure: turboStructure(LEVEL_MS), lateRegistrationLevels: 0, reEntry: null, payoutTable: STANDARD_PAYOUTS, ...over,
  };
}

/** Applies a decider's events to the log and the state. */
function apply(log: TournamentEvent[], s: TournamentState, events: readonly TournamentEvent[]): TournamentState {
  log.push(...events);
  return events.reduce(evolve, s);
}

function unwrap<T>(r: { ok: true; value: T } | { ok: false; violation: { code: string; message: string } }): T {
  if (!r.ok) throw new Error(`${r.violation.code}: ${r.violation.message}`);
  return r.value;
}

/** TRN-PLAY: twelve registered (p1…p12, entries ent_1…ent_12; `people` are persons, the rest robot entries), started with seed 11, p1 sitting in unless `sit` is false. */
function twelveWithP1(people: readonly string[] = ['p1'], sit = true): { d: TournamentDef; log: TournamentEvent[]; s: TournamentState } {
  const d = def({ maxPlayers: 12 });
  const log: TournamentEvent[] = [{ type: 'created', def: d, at: T0 - 1 }];
  let s = foldEvents(log);
  for (let i = 1; i <= 12; i++) s = apply(log, s, unwrap(register(s, { entryId: `ent_${i}`, playerId: `p${i}`, robot: !people.includes(`p${i}`), at: T0 - 1 })));
  s = apply(log, s, unwrap(start(s, T0, 11)));
  if (sit) s = apply(log, s, unwrap(sitIn(s, 'p1', true, T0)));
  return { d, log, s };
}

/** A tournament of robot entries (TRN-ABSENT: `robot`), or of people who never sit in (`people`). */
function runTournament(d: TournamentDef, players: number, seed: number, roundMs = 5_000, people = false): { log: TournamentEvent[]; s: TournamentState; maxTables: number } {
  const log: TournamentEvent[] = [{ type: 'created', def: d, at: T0 - 1 }];
  let s = foldEvents(log);
  for (let i = 1; i <= players; i++) s = apply(log, s, unwrap(register(s, { entryId: `ent_${i}`, playerId: `p${i}`, robot: !people, at: T0 - 1 })));
  s = apply(log, s, unwrap(start(s, T0, seed)));
  let at = T0;
  let maxTables = 0;
  for (let round = 1; s.status === 'running' && round < 20_000; round++) {
    at += roundMs;
    s = apply(log, s, tick(s, at));
    s = apply(log, s, playRound(s, seed, round, at));
    maxTables = Math.max(maxTables, s.tables.length);
    if (s.status === 'running') checkTables(s);
    if (s.status === 'running') expect(s.entries.reduce((a, e) => a + e.chips, 0)).toBe(s.entries.length * d.startingStack);
  }
  return { log, s, maxTables };
}

function checkTables(s: TournamentState): void {
  const sizes = s.tables.map((t) => t.seats.filter((x) => x !== null).length);
  for (const n of sizes) expect(n).toBeLessThanOrEqual(s.def.seatsPerTable);
  if (sizes.length > 1) expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
  const seated = s.tables.flatMap((t) => t.seats.filter((x) => x !== null));
  expect(new Set(seated).size).toBe(seated.length);
  expect(seated.length).toBe(playing(s).length);
}

describe('tournament terms (TRN-DEF)', () => {
  it('accepts the standard terms and refuses a payout table that does not pay the whole pool', () => {
    expect(validateDef(def()).ok).toBe(true);
    const r = validateDef(def({ payoutTable: [{ minEntries: 2, maxEntries: 100, basisPoints: [6_000, 3_000] }] }));
    expect(r.ok ? null : r.violation.code).toBe('TOURNAMENT_INVALID_DEF');
    const gap = validateDef(def({ payoutTable: [{ minEntries: 2, maxEntries: 10, basisPoints: [10_000] }] }));
    expect(gap.ok).toBe(false);
  });
});

describe('structure presets (the pit boss\'s creation form)', () => {
  it('turbo and standard start with a level, rise, never end on a break, and pass TRN-DEF', () => {
    for (const [name, p] of Object.entries(STRUCTURE_PRESETS)) {
      const items = p.build(p.levelMinutes * 60_000);
      expect(items[0]?.type, name).toBe('level');
      expect(items.at(-1)?.type, name).toBe('level');
      const levels = items.flatMap((x) => (x.type === 'level' ? [x] : []));
      for (let i = 1; i < levels.length; i++) expect(levels[i]!.bigBlind, name).toBeGreaterThan(levels[i - 1]!.bigBlind);
      expect(validateDef(def({ structure: items })).ok, name).toBe(true);
    }
    const std = standardStructure(15 * 60_000);
    expect(std.filter((x) => x.type === 'level')).toHaveLength(18);
    expect(std.filter((x) => x.type === 'break').map((x) => x.durationMs)).toEqual([300_000, 300_000, 300_000, 300_000]);
  });
});

describe('payouts (TRN-PAY, TRN-TIE)', () => {
  it('pays the whole pool by the published table, the remainder to 1st place', () => {
    expect(prizesFor(STANDARD_PAYOUTS, 30, 30_001)).toEqual([10_501, 6_600, 4_500, 3_300, 2_700, 2_400]);
    fc.assert(fc.property(fc.integer({ min: 2, max: 500 }), fc.integer({ min: 0, max: 10_000_000 }), (n, pool) => prizesFor(STANDARD_PAYOUTS, n, pool).reduce((a, b) => a + b, 0) === pool));
  });

  it('players out in the same hand share their places\' prizes equally (TRN-TIE)', () => {
    const prizes = [5_000, 3_000, 2_001];
    const r = placesAndPrizes(['a'], [['x'], ['b', 'c']], prizes);
    expect(r).toEqual([
      { entryId: 'a', place: 1, placeTo: 1, amountMinor: 5_000 },
      { entryId: 'b', place: 2, placeTo: 3, amountMinor: 2_501 },
      { entryId: 'c', place: 2, placeTo: 3, amountMinor: 2_500 },
      { entryId: 'x', place: 4, placeTo: 4, amountMinor: 0 },
    ]);
  });

  it('places and prizes pay the pool exactly for any elimination order with ties (property)', () => {
    fc.assert(fc.property(fc.integer({ min: 2, max: 60 }), fc.integer({ min: 0, max: 1_000_000 }), fc.array(fc.integer({ min: 1, max: 4 }), { maxLength: 60 }), (n, pool, sizes) => {
      const ids = Array.from({ length: n }, (_, i) => `e${i}`);
      const groups: string[][] = [];
      let i = 1;
      for (const k of sizes) {
        if (i >= n) break;
        groups.push(ids.slice(i, Math.min(n, i + k)));
        i += k;
      }
      if (i < n) groups.push(ids.slice(i));
      const r = placesAndPrizes([ids[0] as string], groups, prizesFor(STANDARD_PAYOUTS, n, pool));
      return r.length === n && r.reduce((a, p) => a + p.amountMinor, 0) === pool;
    }));
  });

  it('splits in proportion to chips by largest remainders', () => {
    expect(splitProportionally(100, [1, 1, 1])).toEqual([34, 33, 33]);
    fc.assert(fc.property(fc.integer({ min: 0, max: 1e9 }), fc.array(fc.integer({ min: 0, max: 1e6 }), { minLength: 1, maxLength: 30 }), (a, w) => splitProportionally(a, w).reduce((x, y) => x + y, 0) === a));
  });

  it('refuses a deal (TRN-DEAL)', () => {
    const r = proposeDeal();
    expect(r.ok ? null : r.violation.code).toBe('TOURNAMENT_DEAL_REFUSED');
  });
});

describe('replay of a stored log', () => {
  it('a log read back from PostgreSQL (jsonb: object keys in its own order) replays without a mismatch', () => {
    const { log } = runTournament(def(), 10, 3);
    const reordered = JSON.parse(JSON.stringify(log), (_k, v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).reverse()) : v)) as unknown;
    const r = replayTournament(reordered);
    expect(r.ok && r.value.mismatches).toEqual([]);
  });
});

describe('a 30-player tournament with robots (issue 24)', () => {
  it('runs to its end: chips conserved, tables balanced and broken, the pool paid by the table', () => {
    const { s, log, maxTables } = runTournament(def(), 30, 7);
    expect(s.status).toBe('finished');
    const started = log.find((e) => e.type === 'started');
    expect(new Set(started?.type === 'started' ? started.seating.map((x) => x.table) : []).size).toBe(4);
    expect(maxTables).toBeGreaterThanOrEqual(2);
    expect(playing(s)).toHaveLength(0);
    expect(s.entries.filter((e) => e.status === 'won')).toHaveLength(1);
    expect(s.payouts.reduce((a, p) => a + p.amountMinor, 0)).toBe(30_000);
    const paid = s.payouts.filter((p) => p.amountMinor > 0);
    expect(paid.length).toBeGreaterThanOrEqual(5);
    expect(log.some((e) => e.type === 'table-broken')).toBe(true);
    expect(log.some((e) => e.type === 'level-advanced')).toBe(true);
    // the log folds to the same state (STYLE habit 2)
    expect(foldEvents(log)).toEqual(s);
  });

  it('chips are conserved, the pool is fully paid and tables stay within one player (property over seeds and fields)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 40 }), fc.integer({ min: 1, max: 1e6 }), fc.integer({ min: 3, max: 10 }), (n, seed, seats) => {
        const { s } = runTournament(def({ seatsPerTable: seats, maxPlayers: 40 }), n, seed, 20_000);
        expect(s.status).toBe('finished');
        expect(s.payouts.reduce((a, p) => a + p.amountMinor, 0)).toBe(n * 1_000);
      }),
      { numRuns: 12 },
    );
  });
});

describe('the clock (TRN-CLOCK, S1-PAUSE, TRN-TIME)', () => {
  it('advances levels on the server clock, stops while paused, and takes added time', () => {
    const log: TournamentEvent[] = [{ type: 'created', def: def(), at: T0 }];
    let s = foldEvents(log);
    // robot entries: present, so TRN-AWAY never pauses this clock (people left away would: see TRN-AWAY below)
    for (let i = 1; i <= 4; i++) s = apply(log, s, unwrap(register(s, { entryId: `e${i}`, playerId: `p${i}`, robot: true, at: T0 })));
    s = apply(log, s, unwrap(start(s, T0, 1)));
    expect(s.levelEndsAt).toBe(T0 + LEVEL_MS);
    s = apply(log, s, tick(s, T0 + 2 * LEVEL_MS + 5));
    expect(s.level).toBe(2);
    s = apply(log, s, unwrap(pause(s, 'boss', 'shoe fault', T0 + 2 * LEVEL_MS + 10_000)));
    expect(tick(s, T0 + 100 * LEVEL_MS)).toEqual([]);
    expect(playRound(s, 1, 1, T0 + 100 * LEVEL_MS)).toEqual([]);
    s = apply(log, s, unwrap(addTime(s, 30_000, 'boss', 'make up', T0 + 3 * LEVEL_MS)));
    s = apply(log, s, unwrap(resume(s, 'boss', 'fixed', T0 + 10 * LEVEL_MS)));
    expect(s.levelEndsAt).toBe(T0 + 10 * LEVEL_MS + LEVEL_MS - 10_000 + 30_000);
    expect(foldEvents(log)).toEqual(s);
  });

  it('deals no hand during a break', () => {
    const log: TournamentEvent[] = [{ type: 'created', def: def(), at: T0 }];
    let s = foldEvents(log);
    for (let i = 1; i <= 4; i++) s = apply(log, s, unwrap(register(s, { entryId: `e${i}`, playerId: `p${i}`, at: T0 })));
    s = apply(log, s, unwrap(start(s, T0, 1)));
    s = apply(log, s, tick(s, T0 + 4 * LEVEL_MS + 1));
    expect(s.def.structure[s.level]?.type).toBe('break');
    expect(playRound(s, 1, 1, T0 + 4 * LEVEL_MS + 1)).toEqual([]);
  });
});

describe('registration (TRN-REG, TRN-LATE, TRN-REENTRY)', () => {
  it('late registration seats the new entry at the shortest table; re-entry only for a busted player within the period', () => {
    const d = def({ lateRegistrationLevels: 2, reEntry: { maxReEntries: 1, untilLevel: 2 } });
    const log: TournamentEvent[] = [{ type: 'created', def: d, at: T0 }];
    let s = foldEvents(log);
    for (let i = 1; i <= 10; i++) s = apply(log, s, unwrap(register(s, { entryId: `e${i}`, playerId: `p${i}`, at: T0 })));
    s = apply(log, s, unwrap(start(s, T0, 3)));
    expect(s.tables.map((t) => t.seats.filter((x) => x).length)).toEqual([5, 5]);
    s = apply(log, s, unwrap(register(s, { entryId: 'e11', playerId: 'p11', at: T0 + 1 })));
    expect(s.entries.find((e) => e.entryId === 'e11')?.table).toBe(1);
    const again = register(s, { entryId: 'e12', playerId: 'p1', at: T0 + 2 });
    expect(again.ok ? null : again.violation.code).toBe('TOURNAMENT_ALREADY_REGISTERED');
    s = apply(log, s, [{ type: 'busted', entryIds: ['e1'], group: 0, at: T0 + 3 }]);
    s = apply(log, s, unwrap(register(s, { entryId: 'e12', playerId: 'p1', at: T0 + 4 })));
    expect(s.entries).toHaveLength(12);
    expect(s.poolMinor).toBe(12_000);
    s = apply(log, s, tick(s, T0 + 2 * LEVEL_MS));
    const late = register(s, { entryId: 'e13', playerId: 'p13', at: T0 + 2 * LEVEL_MS });
    expect(late.ok ? null : late.violation.code).toBe('TOURNAMENT_REGISTRATION_CLOSED');
  });

  it('a tournament without re-entry refuses a second entry', () => {
    let s = foldEvents([{ type: 'created', def: def(), at: T0 }]);
    s = unwrap(register(s, { entryId: 'e1', playerId: 'p1', at: T0 })).reduce(evolve, s);
    const r = register(s, { entryId: 'e2', playerId: 'p1', at: T0 });
    expect(r.ok ? null : r.violation.code).toBe('TOURNAMENT_ALREADY_REGISTERED');
  });
});

describe('balancing (TRN-BALANCE)', () => {
  it('breaks the shortest table when the players fit one table fewer, then balances within one', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 10 }), fc.array(fc.integer({ min: 0, max: 10 }), { minLength: 1, maxLength: 8 }), (seats, raw) => {
        const counts = raw.map((c) => Math.min(c, seats));
        let s = foldEvents([{ type: 'created', def: def({ seatsPerTable: seats, maxPlayers: 100 }), at: T0 }]);
        let n = 0;
        const seating: { entryId: string; table: number; seat: number }[] = [];
        counts.forEach((c, ti) => {
          for (let k = 1; k <= c; k++) seating.push({ entryId: `e${++n}`, table: ti + 1, seat: k });
        });
        if (n < 2) return;
        for (let i = 1; i <= n; i++) s = evolve(s, { type: 'registered', entryId: `e${i}`, playerId: `p${i}`, at: T0 });
        s = evolve(s, { type: 'started', seating, seed: 1, endsAt: T0 + 1, at: T0 });
        s = rebalance(s, T0).reduce(evolve, s);
        checkTables(s);
        expect(s.tables.length).toBe(Math.ceil(n / seats));
      }),
    );
  });
});

describe('cancellation (TRN-CANCEL, S1-FAIL-STT, S1-FAIL-MTT)', () => {
  const total = (s: TournamentState): number => s.payouts.reduce((a, p) => a + p.amountMinor, 0);

  it('before the start every entry gets buy-in and fee back', () => {
    let s = foldEvents([{ type: 'created', def: def(), at: T0 }]);
    for (let i = 1; i <= 3; i++) s = unwrap(register(s, { entryId: `e${i}`, playerId: `p${i}`, at: T0 })).reduce(evolve, s);
    s = unwrap(cancel(s, 'boss', 'no dealer', T0)).reduce(evolve, s);
    expect(total(s)).toBe(3 * 1_100);
  });

  it('S1-FAIL-STT: the remaining players get their fee back and share the whole pool equally', () => {
    const d = def({ seatsPerTable: 6, maxPlayers: 6, kind: 'sit-and-go', startsAt: null });
    let s = foldEvents([{ type: 'created', def: d, at: T0 }]);
    for (let i = 1; i <= 6; i++) s = unwrap(register(s, { entryId: `e${i}`, playerId: `p${i}`, at: T0 })).reduce(evolve, s);
    s = unwrap(start(s, T0, 1)).reduce(evolve, s);
    s = evolve(s, { type: 'busted', entryIds: ['e1', 'e2'], group: 0, at: T0 });
    const c = unwrap(cancel(s, 'boss', 'system failure', T0))[0];
    expect(c?.type === 'cancelled' ? c.rule : null).toBe('S1-FAIL-STT');
    s = evolve(s, c as TournamentEvent);
    expect(s.payouts.filter((p) => p.kind === 'prize').map((p) => p.amountMinor)).toEqual([1_500, 1_500, 1_500, 1_500]);
    expect(s.payouts.filter((p) => p.kind === 'fee-refund')).toHaveLength(4);
    expect(total(s)).toBe(6_000 + 4 * 100);
  });

  it('S1-FAIL-MTT A, B and C pay the whole pool plus the remaining fees', () => {
    const d = def();
    let s = foldEvents([{ type: 'created', def: d, at: T0 }]);
    for (let i = 1; i <= 30; i++) s = unwrap(register(s, { entryId: `e${i}`, playerId: `p${i}`, at: T0 })).reduce(evolve, s);
    s = unwrap(start(s, T0, 1)).reduce(evolve, s);
    const a = cancellationPayoutsOf(s);
    expect(a.rule).toBe('S1-FAIL-MTT-A');
    expect(a.sum).toBe(30_000 + 30 * 100);
    s = evolve(s, { type: 'busted', entryIds: ['e1', 'e2'], group: 0, at: T0 });
    s = evolve(s, { type: 'hand-played', table: 1, handId: 'h', button: 1, seed: 1, handForHand: false, chips: [{ entryId: 'e3', chips: 1_500 + 3_000 }], at: T0 });
    const b = cancellationPayoutsOf(s);
    expect(b.rule).toBe('S1-FAIL-MTT-B');
    expect(b.sum).toBe(30_000 + 28 * 100);
    const inMoney = s.entries.filter((e) => e.status === 'playing').slice(5).map((e) => e.entryId);
    s = evolve(s, { type: 'busted', entryIds: inMoney, group: 1, at: T0 });
    const c = cancellationPayoutsOf(s);
    expect(c.rule).toBe('S1-FAIL-MTT-C');
    expect(c.sum).toBe(30_000 + 5 * 100);
  });

  function cancellationPayoutsOf(s: TournamentState): { rule: string; sum: number } {
    const e = unwrap(cancel(s, 'boss', 'failure', T0))[0];
    if (e?.type !== 'cancelled') throw new Error('no cancel');
    return { rule: e.rule, sum: e.payouts.reduce((x, p) => x + p.amountMinor, 0) };
  }
});

describe("the pit boss's tables (TRN-PLAY; non-negotiable 4)", () => {
  it('every table with its seats and chips; the hand in play with no down card until it is over, its logged actions; then the last hand shown', () => {
    expect(staffTablesView(foldEvents([{ type: 'created', def: def({ maxPlayers: 12 }), at: T0 - 1 }]))).toEqual([]); // before the start: no tables
    const started = twelveWithP1();
    const log = started.log;
    let s = started.s;
    let at = T0 + 5_000;
    s = apply(log, s, playRound(s, 11, 1, at));
    expect(s.round).not.toBeNull();
    const mine = s.entries.find((e) => e.playerId === 'p1')?.table;
    let sawLive = false;
    for (let k = 0; s.round !== null && k < 60; k++) {
      const v = staffTablesView(s);
      expect(v.map((t) => t.tableNo)).toEqual(s.tables.map((t) => t.tableNo));
      // the seats are the tournament's: every entry in play once, the chips as the tournament counts them
      expect(v.flatMap((t) => t.seats.map((x) => x.entryId)).sort()).toEqual(s.entries.filter((e) => e.status === 'playing').map((e) => e.entryId).sort());
      expect(v.flatMap((t) => t.seats).find((x) => x.playerId === 'p1')?.sittingIn).toBe(true);
      const t1 = v.find((t) => t.tableNo === mine);
      expect(t1?.hand).not.toBeNull();
      if (t1?.live) {
        sawLive = true;
        // a hand in play: no down card's value for the pit boss (as at a live table)
        for (const x of t1.hand?.seats ?? []) expect(x.cards.every((c) => 'hidden' in c || c.up)).toBe(true);
        const logged = s.round.actions.filter((a) => a.table === mine).map((a) => [a.seat, a.action, a.by]);
        expect(t1.actions.map((a) => [a.seat, a.action, a.by])).toEqual(logged);
      }
      // the robots' tables were played at once: over, not live
      for (const t of v) if (t.tableNo !== mine) expect(t.live).toBe(false);
      at = (s.round.hands.length > 0 ? (tableViewFor(s, 'p1').hand?.deadlineAt ?? at) : at) + 1;
      s = apply(log, s, advanceRound(s, at)); // nobody acts: the clock acts for p1 (S1-TIMEOUT), the robots for the rest
    }
    expect(sawLive).toBe(true);
    expect(s.round).toBeNull();
    // the round is over: its hands stay readable, over, every card the pit may see now shown
    const after = staffTablesView(s).find((t) => t.tableNo === mine);
    expect(after?.live).toBe(false);
    expect(after?.hand?.phase).toMatch(/complete|void/);
    expect(after?.actions.length).toBeGreaterThan(0);
    expect(after?.hand?.seats.every((x) => x.cards.every((c) => !('hidden' in c)))).toBe(true);
  });
});

describe('a person plays their own seat (TRN-PLAY)', () => {
  it('p1 sits in, acts on their turns (invalid and out-of-turn refused), times out once, and the tournament runs to its end; the log replays', () => {
    const started = twelveWithP1(['p1', 'p2']);
    const { d, log } = started;
    let s = started.s;
    s = apply(log, s, unwrap(sitIn(s, 'p2', true, T0))); // p2 sits in and never acts: the clock acts, then p2 is away and folded (TRN-ABSENT)
    let at = T0;
    const refused = new Set<string>();
    let timedOut = false;
    let leftToRobot = false;
    let acted = 0;
    for (let round = 1; s.status === 'running' && round < 5_000; round++) {
      at += 5_000;
      s = apply(log, s, tick(s, at));
      s = apply(log, s, s.round === null ? playRound(s, 11, round, at) : advanceRound(s, at));
      for (let k = 0; s.round !== null && k < 50; k++) {
        const v = tableViewFor(s, 'p1');
        // redaction: only p1's own down cards are ever visible before the showdown
        for (const x of v.hand?.seats ?? []) if (x.playerId !== 'you' && v.hand?.phase !== 'complete') expect(x.cards.every((c) => 'hidden' in c)).toBe(true);
        const h = v.hand;
        const la = h?.legal ?? null;
        if (!h || !la || h.toAct !== v.seat) {
          // not p1's turn: an action is refused with the core's code
          const r = actInRound(s, 'p1', { action: 'check' }, at);
          expect(r.ok).toBe(false);
          if (!r.ok) refused.add(r.violation.code);
          at = h?.deadlineAt ?? at + 1_000; // the clock of whoever is on it (p2) runs out
          s = apply(log, s, advanceRound(s, at));
          continue;
        }
        if (!timedOut && acted >= 3) {
          timedOut = true;
          s = apply(log, s, advanceRound(s, (h.deadlineAt ?? at) + 1));
          expect(s.sittingIn).not.toContain(v.entryId);
          s = apply(log, s, unwrap(sitIn(s, 'p1', true, at)));
          continue;
        }
        // another player at p1's table, out of turn: the core's POKER_NOT_YOUR_TURN
        const other = s.round.hands.find((x) => x.table === v.tableNo)?.seats.find((x) => x.entryId !== v.entryId)?.entryId;
        const otherPlayer = s.entries.find((e) => e.entryId === other)?.playerId ?? '';
        const oot = actInRound(s, otherPlayer, { action: 'fold' }, at);
        expect(oot.ok).toBe(false);
        if (!oot.ok) refused.add(oot.violation.code);
        if (acted === 5 && !leftToRobot) {
          // p1 leaves the seat on their own turn: their hand is folded at once (TRN-ABSENT), never robot-played
          leftToRobot = true;
          const out = unwrap(sitIn(s, 'p1', false, at));
          expect(out.filter((e) => e.type === 'hand-action' && e.entryId === v.entryId).map((e) => e.type === 'hand-action' && [e.action, e.by])).toEqual([['fold', 'absent']]);
          s = apply(log, s, out);
          s = apply(log, s, unwrap(sitIn(s, 'p1', true, at)));
          continue;
        }
        const bad = actInRound(s, 'p1', { action: 'raise', toMinor: 1 }, at);
        expect(bad.ok).toBe(false);
        if (!bad.ok) refused.add(bad.violation.code);
        const action = la.canCheck ? 'check' : la.canAllIn && acted % 3 === 0 ? 'all-in' : 'call';
        s = apply(log, s, unwrap(actInRound(s, 'p1', { action }, at)));
        acted += 1;
      }
      if (s.status === 'running' && s.round === null) expect(s.entries.reduce((a, e) => a + e.chips, 0)).toBe(12 * d.startingStack);
    }
    expect(s.status).toBe('finished');
    expect(acted).toBeGreaterThanOrEqual(3);
    expect(timedOut).toBe(true);
    expect(leftToRobot).toBe(true);
    expect([...refused]).toEqual(expect.arrayContaining(['POKER_NOT_YOUR_TURN']));
    expect(s.payouts.reduce((a, p) => a + p.amountMinor, 0)).toBe(12 * 1_000);
    expect(foldEvents(log)).toEqual(s);
    const r = replayTournament(log);
    expect(r.ok && r.value.mismatches).toEqual([]);
    if (r.ok) {
      expect(r.value.actions.player).toBe(acted);
      expect(r.value.actions.timeout).toBeGreaterThanOrEqual(2);
      expect(r.value.actions.robot).toBeGreaterThan(0);
      expect(r.value.actions.absent).toBeGreaterThan(0);
    }
    // TRN-ABSENT: the people's seats were never played by the robot
    const people = new Set(s.entries.filter((e) => e.playerId === 'p1' || e.playerId === 'p2').map((e) => e.entryId));
    expect(log.filter((e) => e.type === 'hand-action' && people.has(e.entryId) && e.by === 'robot')).toEqual([]);
    // a logged action changed is caught by the replay
    const i = log.findIndex((e) => e.type === 'hand-action' && e.by === 'player' && e.action === 'call');
    const tampered = log.map((e, j) => (j === i && e.type === 'hand-action' ? { ...e, action: 'fold' as const } : e));
    const t = replayTournament(tampered);
    expect(t.ok && t.value.mismatches.length).toBeGreaterThan(0);
  });

  it('TRN-DECK: a table with a person sitting in is dealt from the deck the server draws, logged with the round; robot-only tables from the seed; a logged deck that is not the 52 cards once each does not replay', () => {
    const first = twelveWithP1();
    const { log } = first;
    let s = first.s;
    // a known order: the deck reversed (51, 50, …): the first cards dealt are the deck's first cards
    const drawn: number[][] = [];
    const draw = (): number[] => {
      const deck = Array.from({ length: 52 }, (_, i) => 51 - ((i + drawn.length) % 52));
      drawn.push(deck);
      return deck;
    };
    const at = T0 + 5_000;
    const evs = playRound(s, 11, 1, at, undefined, draw);
    const started = evs.find((e) => e.type === 'round-started');
    expect(started?.type).toBe('round-started');
    if (started?.type !== 'round-started') return;
    const mine = s.tables.find((t) => t.seats.some((x) => x === s.entries.find((e) => e.playerId === 'p1')?.entryId))!.tableNo;
    for (const h of started.hands) {
      if (h.table === mine) expect(h.deck, 'the person\'s table: the drawn deck').toEqual(drawn[0]);
      else expect(h.deck, 'a robot-only table: its seed').toBeUndefined();
    }
    expect(drawn).toHaveLength(1);
    s = apply(log, s, evs);
    const v = tableViewFor(s, 'p1');
    const own = v.hand?.seats.find((x) => x.playerId === 'you')?.cards.flatMap((c) => ('card' in c ? [c.card] : [])) ?? [];
    expect(own.length).toBe(2);
    // hole cards go round the table one at a time from the deck's top: every card p1 holds is among the first cards of the drawn deck
    const dealtFromTop = drawn[0]!.slice(0, 2 * (s.round?.hands.find((h) => h.table === mine)?.seats.length ?? 0));
    for (const c of own) expect(dealtFromTop.map(cardCode)).toContain(c);
    // the deck is logged: the round replays from the log alone
    expect(foldEvents(log)).toEqual(s);
    // a logged deck with a card twice is not one this engine wrote
    const j = log.findIndex((e) => e.type === 'round-started');
    const bad = log.map((e, k) => (k === j && e.type === 'round-started' ? { ...e, hands: e.hands.map((h) => (h.deck ? { ...h, deck: [0, ...h.deck.slice(1, 51), 0] } : h)) } : e));
    expect(() => tableViewFor(foldEvents(bad), 'p1')).toThrow(/TRN-DECK/);
  });
});

describe('TRN-ABSENT: a person away from their seat is blinded off, not played by the robot (S1-DISCONNECT, S1-TIMEOUT)', () => {
  type Act = Extract<TournamentEvent, { type: 'hand-action' }>;
  const actsOf = (log: readonly TournamentEvent[], entryId: string): Act[] => log.filter((e): e is Act => e.type === 'hand-action' && e.entryId === entryId);

  /** Every hand of the log's rounds in play that `entryId` was dealt in: its seat at the end, and the round's blinds. */
  function handsOf(log: readonly TournamentEvent[], entryId: string): { seat: HandState['seats'][number]; blinds: { bigBlind: number; ante: number } }[] {
    const out: { seat: HandState['seats'][number]; blinds: { bigBlind: number; ante: number } }[] = [];
    let s = foldEvents(log.slice(0, 1));
    for (const e of log.slice(1)) {
      const before = s;
      s = evolve(s, e);
      if (e.type !== 'hand-played' || before.round === null) continue;
      const rh = before.round.hands.find((h) => h.table === e.table);
      if (!rh?.seats.some((x) => x.entryId === entryId)) continue;
      const h = roundHand(before.round, e.table) as HandState;
      out.push({ seat: h.seats.find((x) => x.playerId === entryId) as HandState['seats'][number], blinds: before.round });
    }
    return out;
  }

  it('a person who never takes their seat is dealt in, posts the blinds and antes when due and is folded on their turns (by: absent); the robots play only robot entries', () => {
    const started = twelveWithP1(['p1'], false); // p1 is a person who never opens the table; p2…p12 are robot entries
    const { log } = started;
    let s = started.s;
    const me = s.entries.find((e) => e.playerId === 'p1')?.entryId as string;
    let at = T0;
    for (let round = 1; round <= 12 && s.status === 'running' && s.entries.find((e) => e.entryId === me)?.status === 'playing'; round++) {
      at += 5_000;
      s = apply(log, s, tick(s, at));
      s = apply(log, s, playRound(s, 11, round, at));
      expect(s.round, 'nobody sits in: the round is over at once').toBeNull();
    }
    // p1's hands are logged (a round in play), each dealt in with two cards
    const hands = handsOf(log, me);
    expect(hands.length).toBeGreaterThanOrEqual(6);
    for (const h of hands) {
      expect(h.seat.cards).toHaveLength(2);
      // only forced bets: never more than the ante and a blind (S1-DISCONNECT: "måste dock betala mörkar")
      expect(h.seat.totalMinor).toBeLessThanOrEqual(h.blinds.bigBlind + h.blinds.ante);
    }
    expect(hands.some((h) => h.seat.totalMinor >= h.blinds.bigBlind + h.blinds.ante), 'p1 posted a big blind').toBe(true);
    // every action of p1's seat is a fold by the absence; never the robot's (S1-TIMEOUT: deemed to have folded)
    const mine = actsOf(log, me);
    expect(mine.length).toBeGreaterThan(0);
    expect(new Set(mine.map((a) => `${a.action} by ${a.by}`))).toEqual(new Set(['fold by absent']));
    expect(hands.filter((h) => h.seat.folded).length).toBe(mine.length);
    // the robot entries are still played by the robot; the robot-only table is played at once from its seed (no actions logged)
    const rounds = log.filter((e): e is Extract<TournamentEvent, { type: 'round-started' }> => e.type === 'round-started');
    const robotActs = log.filter((e): e is Act => e.type === 'hand-action' && e.entryId !== me);
    expect(robotActs.length).toBeGreaterThan(0);
    expect(robotActs.every((a) => a.by === 'robot')).toBe(true);
    for (const r of rounds) for (const h of r.hands) expect(h.interactive).toBe(h.seats.some((x) => x.entryId === me));
    expect(rounds.some((r) => r.hands.some((h) => !h.interactive))).toBe(true);
    // p1's screen and the pit boss's table say so
    const v = tableViewFor(s, 'p1');
    if (v.hand !== null && v.myActions.length > 0) expect(v.myActions.every((a) => a.by === 'absent' && a.action === 'fold')).toBe(true);
    const staff = staffTablesView(s).flatMap((t) => t.seats);
    expect(staff.find((x) => x.entryId === me)).toMatchObject({ sittingIn: false, robot: false });
    expect(staff.filter((x) => x.entryId !== me).every((x) => x.robot)).toBe(true);
    const r = replayTournament(log);
    expect(r.ok && r.value.mismatches).toEqual([]);
    if (r.ok) expect(r.value.actions).toMatchObject({ absent: mine.length, player: 0, timeout: 0 });
    expect(foldEvents(log)).toEqual(s);
  });

  it('a person who sits out mid-tournament (by choice, or by the clock) is folded on their turns from then on, until they sit in again', () => {
    const started = twelveWithP1(['p1']);
    const { log } = started;
    let s = started.s;
    const me = s.entries.find((e) => e.playerId === 'p1')?.entryId as string;
    let at = T0;
    let phase: 'playing' | 'away' | 'timed-out' | 'back' = 'playing';
    let round = 1;
    const away: number[] = [];
    for (; round < 200 && s.status === 'running' && s.entries.find((e) => e.entryId === me)?.status === 'playing' && phase !== 'back'; round++) {
      at += 5_000;
      s = apply(log, s, tick(s, at));
      s = apply(log, s, s.round === null ? playRound(s, 11, round, at) : advanceRound(s, at));
      for (let k = 0; s.round !== null && k < 50; k++) {
        const v = tableViewFor(s, 'p1');
        const mineNow = v.hand?.legal !== null && v.hand?.legal !== undefined && v.hand.toAct === v.seat;
        if (!mineNow) {
          at = (v.hand?.deadlineAt ?? at) + 1;
          s = apply(log, s, advanceRound(s, at));
          continue;
        }
        if (phase === 'playing' && actsOf(log, me).some((a) => a.by === 'player')) {
          // p1 leaves on their own turn: folded at once (not the robot)
          const out = unwrap(sitIn(s, 'p1', false, at));
          expect(out.filter((e): e is Act => e.type === 'hand-action' && e.entryId === me).map((a) => [a.action, a.by])).toEqual([['fold', 'absent']]);
          s = apply(log, s, out);
          phase = 'away';
          away.push(log.length);
          continue;
        }
        if (phase === 'timed-out') {
          // the clock runs out (S1-TIMEOUT: the core's timeout, sat out) — from then on p1 is away
          s = apply(log, s, advanceRound(s, (v.hand?.deadlineAt ?? at) + 1));
          expect(s.sittingIn).not.toContain(me);
          phase = 'back';
          away.push(log.length);
          continue;
        }
        s = apply(log, s, unwrap(actInRound(s, 'p1', { action: v.hand?.legal?.canCheck ? 'check' : 'fold' }, at)));
      }
      if (phase === 'away' && s.round === null && actsOf(log.slice(away[0]), me).length >= 2) {
        s = apply(log, s, unwrap(sitIn(s, 'p1', true, at)));
        phase = 'timed-out';
      }
    }
    expect(phase).toBe('back');
    // while away (after sitting out, before sitting in again): only folds by the absence; never the robot's
    const acts = actsOf(log, me);
    expect(acts.some((a) => a.by === 'player')).toBe(true);
    expect(acts.filter((a) => a.by === 'robot')).toEqual([]);
    expect(actsOf(log.slice(away[0]), me).slice(0, 2).map((a) => `${a.action} by ${a.by}`)).toEqual(['fold by absent', 'fold by absent']);
    expect(actsOf(log, me).filter((a) => a.by === 'timeout')).toHaveLength(1);
    // after the clock sat p1 out: away again, folded
    for (; round < 400 && s.status === 'running' && actsOf(log.slice(away[1]), me).length === 0; round++) {
      at += 30_000;
      s = apply(log, s, tick(s, at));
      s = apply(log, s, s.round === null ? playRound(s, 11, round, at) : advanceRound(s, at));
    }
    if (s.entries.find((e) => e.entryId === me)?.status === 'playing') expect(actsOf(log.slice(away[1]), me).map((a) => a.by)).toContain('absent');
    const r = replayTournament(log);
    expect(r.ok && r.value.mismatches).toEqual([]);
    expect(foldEvents(log)).toEqual(s);
  });

  it('TRN-AWAY: a field whose people all stay away is blinded for one level, then pauses itself; the first player back resumes it and it runs to its end; the log replays', () => {
    // nobody acts, so nothing but the blinds and antes moves chips: an orbit of folds to the big blind gives every
    // seat back what it posted, so a field left all away would never end by itself (the last level lasts for ever)
    const d = def({ maxPlayers: 6, startingStack: 1_500 });
    const log: TournamentEvent[] = [{ type: 'created', def: d, at: T0 - 1 }];
    let s = foldEvents(log);
    for (let i = 1; i <= 6; i++) s = apply(log, s, unwrap(register(s, { entryId: `ent_${i}`, playerId: `p${i}`, at: T0 - 1 })));
    s = apply(log, s, unwrap(start(s, T0, 5)));
    expect(s.awaySince).toBe(T0); // all away from the start
    let at = T0;
    let round = 0;
    for (; s.status === 'running' && round < 100; round++) {
      at += 5_000;
      s = apply(log, s, tick(s, at));
      s = apply(log, s, s.round === null ? playRound(s, 5, round, at) : advanceRound(s, at));
    }
    // one level (60 s) of blinds and folds, then the rule's own pause — nobody was dealt a hand by a robot
    expect(s.status).toBe('paused');
    const paused = log.find((e) => e.type === 'paused');
    expect(paused).toMatchObject({ by: 'system', reason: AWAY_REASON, at: T0 + LEVEL_MS });
    expect(s.awayPause).toBe(true);
    const acts = log.filter((e): e is Act => e.type === 'hand-action');
    expect(acts.length).toBeGreaterThan(0);
    expect(acts.every((a) => a.by === 'absent' && a.action === 'fold')).toBe(true);
    // paused: the hand in play is finished (folded), no new one is dealt, the level clock stands still
    for (let k = 0; k < 5; k++) {
      at += 5_000;
      s = apply(log, s, tick(s, at));
      s = apply(log, s, s.round === null ? playRound(s, 5, round++, at) : advanceRound(s, at));
    }
    expect(s.round).toBeNull();
    const hands = s.handsPlayed;
    at += 60_000;
    expect(tick(s, at)).toEqual([]);
    expect(playRound(s, 5, round++, at)).toEqual([]);
    expect(s.handsPlayed).toBe(hands);
    // p3 comes back: the rule's pause ends with their seat taken
    const back = unwrap(sitIn(s, 'p3', true, at));
    expect(back.map((e) => e.type)).toEqual(['sat-in', 'resumed']);
    expect(back[1]).toMatchObject({ by: 'system', reason: BACK_REASON });
    s = apply(log, s, back);
    expect(s.status).toBe('running');
    expect(s.awayPause).toBeUndefined();
    expect(s.awaySince).toBeUndefined();
    // p3 leaves again: all away from that moment, a whole level later paused again
    s = apply(log, s, unwrap(sitIn(s, 'p3', false, at)));
    expect(s.awaySince).toBe(at);
    expect(tick(s, at + LEVEL_MS - 1).some((e) => e.type === 'paused')).toBe(false);
    const again = tick(s, at + LEVEL_MS + 1);
    expect(again.at(-1)).toMatchObject({ type: 'paused', by: 'system', reason: AWAY_REASON });
    const r = replayTournament(log);
    expect(r.ok && r.value.mismatches).toEqual([]);
    expect(foldEvents(log)).toEqual(s);
  });

  it('TRN-AWAY: a robot entry or one person at the table keeps it running; a pit boss\'s pause is not ended by a player sitting in', () => {
    // p1 sits in (twelveWithP1): present, never an away pause
    const withP1 = twelveWithP1(['p1', 'p2', 'p3']);
    expect(withP1.s.awaySince).toBeUndefined();
    expect(tick(withP1.s, T0 + 10 * LEVEL_MS).some((e) => e.type === 'paused')).toBe(false);
    // p1 … p3 away, the rest robots: robots are always present
    const robots = twelveWithP1(['p1', 'p2', 'p3'], false);
    expect(robots.s.awaySince).toBeUndefined();
    expect(tick(robots.s, T0 + 10 * LEVEL_MS).some((e) => e.type === 'paused')).toBe(false);
    // a pit boss's pause (S1-PAUSE) stays until the pit boss resumes it
    let s = withP1.s;
    s = apply(withP1.log, s, unwrap(sitIn(s, 'p1', false, T0 + 1)));
    s = apply(withP1.log, s, unwrap(pause(s, 'pb1', 'shoe change', T0 + 2)));
    expect(s.awayPause).toBeUndefined();
    expect(unwrap(sitIn(s, 'p1', true, T0 + 3)).map((e) => e.type)).toEqual(['sat-in']);
  });

  it('a log written before TRN-ABSENT (a person\'s seat robot-played) replays identically: every hand\'s chips from its logged actions', () => {
    const raw = JSON.parse(readFileSync(new URL('./fixtures/before-absent.log.json', import.meta.url), 'utf8')) as { events: TournamentEvent[] };
    // the fixture: p1 sat in, timed out and was robot-played while sat out; p2…p4 (no robot mark then) robot-played
    expect(raw.events.some((e) => e.type === 'hand-action' && e.entryId === 'ent_1' && e.by === 'robot')).toBe(true);
    expect(raw.events.some((e) => e.type === 'registered' && 'robot' in e)).toBe(false);
    const r = replayTournament(raw);
    expect(r.ok && r.value.mismatches).toEqual([]);
    if (!r.ok) return;
    expect(r.value.state.status).toBe('finished');
    expect(r.value.actions).toEqual({ player: 31, robot: 36, timeout: 4, absent: 0, timeBank: 0 });
    expect(r.value.state.entries.map((e) => e.robot)).toEqual([false, false, false, false]);
    // a logged robot action changed → a mismatch (the log, not today's rules, decides how the old hands went)
    const i = raw.events.findIndex((e) => e.type === 'hand-action' && e.by === 'robot' && e.action !== 'fold');
    const tampered = raw.events.map((e, j) => (j === i && e.type === 'hand-action' ? { ...e, action: 'fold' as const } : e));
    const t = replayTournament(tampered);
    expect(t.ok && t.value.mismatches.length).toBeGreaterThan(0);
  });
});

describe('S1-TIMEBANK: a tournament time bank (TRN-TIMEBANK)', () => {
  const BANK = 30_000;
  /** Twelve entries, p1 a person sitting in, the rest robot entries; the tournament publishes a bank of `bank` ms. */
  function withBank(bank: number | undefined): { log: TournamentEvent[]; s: TournamentState } {
    const d = def({ maxPlayers: 12, ...(bank !== undefined ? { timeBankMs: bank } : {}) });
    const log: TournamentEvent[] = [{ type: 'created', def: d, at: T0 - 1 }];
    let s = foldEvents(log);
    for (let i = 1; i <= 12; i++) s = apply(log, s, unwrap(register(s, { entryId: `ent_${i}`, playerId: `p${i}`, robot: i !== 1, at: T0 - 1 })));
    s = apply(log, s, unwrap(start(s, T0, 11)));
    s = apply(log, s, unwrap(sitIn(s, 'p1', true, T0)));
    return { log, s };
  }
  /** Deals rounds (robots at once) until p1 is to act in a hand in play; p1 is the only person, so a round in play waits only for them. */
  function untilP1Acts(log: TournamentEvent[], s0: TournamentState, at0: number, round0: number): { s: TournamentState; at: number; round: number } {
    let s = s0;
    let at = at0;
    for (let round = round0; s.status === 'running' && round < round0 + 500; round++) {
      if (s.round === null) {
        at += 5_000;
        s = apply(log, s, tick(s, at));
        s = apply(log, s, playRound(s, 11, round, at));
      }
      const v = tableViewFor(s, 'p1');
      if (s.round !== null && v.hand?.legal && v.hand.toAct === v.seat) return { s, at, round: round + 1 };
      if (s.round !== null) s = apply(log, s, advanceRound(s, at));
    }
    throw new Error('p1 never got a turn');
  }
  const bankOf = (s: TournamentState): number => s.entries.find((e) => e.entryId === 'ent_1')?.timeBankMs ?? -1;
  /** Ends the round in play: p1 folds whenever it is their turn. */
  function finishRound(log: TournamentEvent[], s0: TournamentState, at: number): TournamentState {
    let s = s0;
    for (let k = 0; s.round !== null && k < 50; k++) {
      const v = tableViewFor(s, 'p1');
      s = apply(log, s, v.hand?.legal && v.hand.toAct === v.seat ? unwrap(actInRound(s, 'p1', { action: 'fold' }, at)) : advanceRound(s, at));
    }
    expect(s.round).toBeNull();
    return s;
  }

  it('TRN-DEF: a bank is a whole number of ms from 0 to 10 minutes', () => {
    for (const bad of [-1, 1.5, 600_001]) {
      const r = validateDef(def({ timeBankMs: bad }));
      expect(!r.ok && [r.violation.code, r.violation.details?.['field']]).toEqual(['TOURNAMENT_INVALID_DEF', 'timeBankMs']);
    }
    for (const good of [0, 30_000, 600_000]) expect(validateDef(def({ timeBankMs: good })).ok).toBe(true);
  });

  it('pressed on your turn it adds what is left to the clock, once a turn; what you spend is gone for the next hands; used up, there is no more; the log replays', () => {
    const w = withBank(BANK);
    const log = w.log;
    let s = w.s;
    expect(bankOf(s)).toBe(BANK);
    // first turn: press, the countdown moves by the whole bank; a second press in the same turn is refused
    let t = untilP1Acts(log, s, T0, 1);
    s = t.s;
    const base = tableViewFor(s, 'p1').hand?.deadlineAt as number;
    // a robot entry's player (not at the turn) is refused as at a live table
    const oot = actInRound(s, 'p2', { action: 'time-bank' }, t.at);
    expect(oot.ok).toBe(false);
    s = apply(log, s, unwrap(actInRound(s, 'p1', { action: 'time-bank' }, t.at)));
    const v1 = tableViewFor(s, 'p1').hand;
    expect([v1?.deadlineAt, v1?.bankInUse]).toEqual([base + BANK, true]);
    const again = actInRound(s, 'p1', { action: 'time-bank' }, t.at);
    expect(!again.ok && [again.violation.code, again.violation.ruleId]).toEqual(['POKER_NO_TIME_BANK', 'S1-TIMEBANK']);
    // p1 acts 12 s past the base deadline: accepted (not late), 12 s of the bank spent
    s = apply(log, s, unwrap(actInRound(s, 'p1', { action: 'fold' }, base + 12_000)));
    s = finishRound(log, s, base + 12_000);
    expect(bankOf(s)).toBe(BANK - 12_000);
    // the next turn: the bank left (18 s) is added; p1 lets the whole of it run out — the clock acts, p1 is sat out
    t = untilP1Acts(log, s, base + 12_000, t.round);
    s = t.s;
    const base2 = tableViewFor(s, 'p1').hand?.deadlineAt as number;
    s = apply(log, s, unwrap(actInRound(s, 'p1', { action: 'time-bank' }, t.at)));
    expect(tableViewFor(s, 'p1').hand?.deadlineAt).toBe(base2 + 18_000);
    s = apply(log, s, advanceRound(s, base2 + 17_999)); // still their turn
    expect(tableViewFor(s, 'p1').hand?.toAct).toBe(tableViewFor(s, 'p1').seat);
    s = apply(log, s, advanceRound(s, base2 + 18_000));
    expect(s.sittingIn).not.toContain('ent_1');
    s = finishRound(log, s, base2 + 18_000);
    expect(bankOf(s)).toBe(0);
    // back in: used up, no more extra time
    s = apply(log, s, unwrap(sitIn(s, 'p1', true, base2 + 18_000)));
    t = untilP1Acts(log, s, base2 + 18_000, t.round);
    s = t.s;
    const used = actInRound(s, 'p1', { action: 'time-bank' }, t.at);
    expect(!used.ok && used.violation.code).toBe('POKER_NO_TIME_BANK');
    // the log: the presses are logged by the player; each hand's banks go with hand-played; it replays without a mismatch
    expect(log.filter((e) => e.type === 'hand-action' && e.action === 'time-bank').map((e) => e.type === 'hand-action' && [e.entryId, e.by])).toEqual([['ent_1', 'player'], ['ent_1', 'player']]);
    expect(log.some((e) => e.type === 'hand-played' && e.timeBanks?.some((x) => x.entryId === 'ent_1' && x.ms === 18_000))).toBe(true);
    const r = replayTournament(JSON.parse(JSON.stringify(log)) as unknown);
    expect(r.ok && r.value.mismatches).toEqual([]);
    expect(r.ok && r.value.actions.timeBank).toBe(2); // the presses, counted apart from the actions
    // a log with a bank changed after a hand, or a second press in one turn, is not one this engine wrote
    const forged = JSON.parse(JSON.stringify(log)) as TournamentEvent[];
    const hp = forged.find((e) => e.type === 'hand-played' && e.timeBanks?.some((x) => x.entryId === 'ent_1' && x.ms === 18_000));
    if (hp?.type === 'hand-played') hp.timeBanks = hp.timeBanks?.map((x) => (x.entryId === 'ent_1' ? { ...x, ms: BANK } : x));
    const f = replayTournament(forged as unknown);
    expect(f.ok && f.value.mismatches.join(' ')).toMatch(/time banks logged .*S1-TIMEBANK/);
    const i = log.findIndex((e) => e.type === 'hand-action' && e.action === 'time-bank');
    const twice = JSON.parse(JSON.stringify([...log.slice(0, i + 1), log[i] as TournamentEvent, ...log.slice(i + 1)])) as unknown;
    const g = replayTournament(twice);
    expect(g.ok && g.value.mismatches.join(' ')).toMatch(/do not replay .*POKER_NO_TIME_BANK/);
  });

  it('a tournament without a bank refuses the press (POKER_NO_TIME_BANK) and writes no banks in its log (older logs replay unchanged)', () => {
    const w = withBank(undefined);
    const log = w.log;
    let s = w.s;
    const t = untilP1Acts(log, s, T0, 1);
    s = t.s;
    const r = actInRound(s, 'p1', { action: 'time-bank' }, t.at);
    expect(!r.ok && [r.violation.code, r.violation.ruleId]).toEqual(['POKER_NO_TIME_BANK', 'S1-TIMEBANK']);
    s = finishRound(log, s, t.at);
    expect(log.some((e) => e.type === 'hand-played' && 'timeBanks' in e)).toBe(false);
    expect(log.some((e) => e.type === 'round-started' && e.hands.some((h) => h.seats.some((x) => 'timeBankMs' in x)))).toBe(false);
  });
});
