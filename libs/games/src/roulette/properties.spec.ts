import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { replay, type RoundLimits } from '../kernel/kernel.js';
import { rouletteKernel, type RouletteCommand, type RouletteEvent, type RouletteState } from './kernel.js';
import { europeanProfile, rayParlourProfile } from './profiles.js';
import { ALL_SIMPLE_SPOTS } from './spots.js';
import { POCKETS } from './wheel.js';

/** Property runs: small by default, CI sets PROPERTY_RUNS for the big count. */
const RUNS = Number(process.env['PROPERTY_RUNS'] ?? 150);

const K = rouletteKernel;
const T0 = 1_000_000;
const CLOSES = T0 + 15_000;
const LIMITS: RoundLimits = { spots: { straight: { minMinor: 100, maxMinor: 5000 } }, tableMinMinor: 100, tableMaxMinor: 200_000 };

const SPOTS = [
  ...ALL_SIMPLE_SPOTS.map((s) => s.key),
  'voisins', 'tiers', 'orphelins', 'jeu-zero', 'neighbours:17:2', 'neighbours:0:9', 'neighbours:26',
  'split:2-1', 'corner:5-4-2-1', // unnormalised
  'split:1-5', 'straight:37', 'corner:0-1-2', 'green', // invalid
];
const OUTSIDE = ['dozen:1', 'dozen:2', 'dozen:3', 'column:1', 'column:2', 'column:3', 'red', 'black', 'odd', 'even', 'low', 'high'];
const STAKES = fc.oneof({ weight: 9, arbitrary: fc.constantFrom(100, 180, 360, 900, 2520) }, { weight: 1, arbitrary: fc.constantFrom(1000, 7, 0, -100, 1.5) });
const betIds = Array.from({ length: 40 }, (_, i) => `bet_${i}`);

type Step = { dt: number; make: (at: number) => RouletteCommand };

const placeBet = (spots: readonly string[]) =>
  fc.record({ betId: fc.constantFrom(...betIds), playerId: fc.constantFrom('p1', 'p2'), spot: fc.constantFrom(...spots), stakeMinor: STAKES }).map(
    (bet) => (at: number): RouletteCommand => ({ type: 'PlaceBet', at, bet }),
  );

const command: fc.Arbitrary<(at: number) => RouletteCommand> = fc.oneof(
  { weight: 12, arbitrary: placeBet(SPOTS) },
  { weight: 6, arbitrary: placeBet(OUTSIDE) },
  { weight: 2, arbitrary: fc.record({ betId: fc.constantFrom(...betIds), playerId: fc.constantFrom('p1', 'p2') }).map((c) => (at: number): RouletteCommand => ({ type: 'CancelBet', at, ...c })) },
  { weight: 1, arbitrary: fc.constantFrom('deadline', 'dealer', 'device').map((reason) => (at: number): RouletteCommand => ({ type: 'CloseBetting', at, reason: reason as 'deadline' })) },
  { weight: 2, arbitrary: fc.integer({ min: 1, max: 3 }).map((spin) => (at: number): RouletteCommand => ({ type: 'RecordBallLaunched', at, spin })) },
  {
    weight: 2,
    arbitrary: fc
      .record({ spin: fc.integer({ min: 1, max: 3 }), number: fc.integer({ min: -1, max: 37 }), revolutions: fc.integer({ min: 0, max: 6 }), ballDirection: fc.constantFrom('cw', 'ccw'), wheelDirection: fc.constantFrom('cw', 'ccw') })
      .map((r) => (at: number): RouletteCommand => ({ type: 'RecordSpinResult', at, ...(r as Omit<Extract<RouletteCommand, { type: 'RecordSpinResult' }>, 'type' | 'at'>) })),
  },
  { weight: 1, arbitrary: fc.constant((at: number): RouletteCommand => ({ type: 'DeclareNoSpin', at, reason: 'ball jumped out', by: 'dealer_1' })) },
  { weight: 1, arbitrary: fc.constant((at: number): RouletteCommand => ({ type: 'MarkSettled', at })) },
  { weight: 1, arbitrary: fc.constantFrom('fault', 'void').map((kind) => (at: number): RouletteCommand => (kind === 'fault' ? { type: 'RecordWheelFault', at, reason: 'sensor' } : { type: 'VoidRound', at, reason: 'camera', by: 'pitboss_1' })) },
);

/** A busy betting window (mostly bets, quick succession) followed by anything at all. */
const steps = (max: number): fc.Arbitrary<Step[]> =>
  fc
    .tuple(
      fc.array(fc.record({ dt: fc.integer({ min: 0, max: 250 }), make: fc.oneof({ weight: 20, arbitrary: placeBet(SPOTS) }, { weight: 12, arbitrary: placeBet(OUTSIDE) }, { weight: 1, arbitrary: command }) }), { maxLength: max, size: 'max' }),
      fc.array(fc.record({ dt: fc.integer({ min: 0, max: 3000 }), make: command }), { maxLength: 15 }),
    )
    .map(([a, b]) => [...a, ...b]);

/** Run a round the way the server does; returns the state and every appended event. */
function run(profileId: string, script: Step[]): { state: RouletteState; events: RouletteEvent[] } {
  let state = K.initial();
  const events: RouletteEvent[] = [];
  const apply = (cmd: RouletteCommand) => {
    const d = K.decide(state, cmd);
    if (!d.ok) return;
    for (const e of d.events) {
      state = K.evolve(state, e);
      events.push(e);
    }
  };
  apply({ type: 'OpenRound', at: T0, roundId: 'rnd_p', tableId: 'tbl_p', profileId, bettingClosesAt: CLOSES, limits: LIMITS });
  let at = T0;
  for (const s of script) {
    at += s.dt;
    apply(s.make(at));
  }
  return { state, events };
}

/** Close the round with a valid result if it is still open, so it can be settled. */
function finish(state: RouletteState, number: number): RouletteState {
  if (state.phase === 'resolved' || state.phase === 'settled' || state.phase === 'void') return state;
  let s = state;
  if (!s.ballInMotion) {
    // a result needs a spin in progress (ROU-4, issue 9 §2): launch one first (closing betting if still open)
    const launch = K.decide(s, { type: 'RecordBallLaunched', at: CLOSES + 59_000, spin: 99 });
    if (!launch.ok) throw new Error(`could not launch: ${launch.violation.code}`);
    s = launch.events.reduce((x, e) => K.evolve(x, e), s);
  }
  const d = K.decide(s, { type: 'RecordSpinResult', at: CLOSES + 60_000, spin: s.spin ?? 99, number, revolutions: 5, ballDirection: 'ccw', wheelDirection: 'cw' });
  if (!d.ok) throw new Error(`could not finish: ${d.violation.code}`);
  return d.events.reduce((x, e) => K.evolve(x, e), s);
}

/** Pockets on which a player's bets win, found end-to-end: resolve the round on each pocket and settle. */
function winningPocketsOf(state: RouletteState, playerId: string): number[] {
  return POCKETS.filter((n) => {
    const resolved = K.evolve(state, { type: 'SpinResultRecorded', at: CLOSES + 1, spin: 1, number: n, revolutions: 5, ballDirection: 'ccw', wheelDirection: 'cw' });
    const s = K.settle(resolved);
    if (!s.ok) throw new Error(s.violation.code);
    return s.value.lines.some((l) => l.playerId === playerId && l.returnMinor > l.stakeMinor);
  });
}

describe('roulette kernel properties', () => {
  it('coverage never exceeds 34 of 37 pockets per player after any sequence of accepted bets (RES-1)', () => {
    fc.assert(
      fc.property(fc.constantFrom('european', 'ray-parlour'), steps(80), (profileId, script) => {
        const { state, events } = run(profileId, script);
        if (state.phase === 'void' || state.phase === 'settled' || state.phase === 'resolved' || state.phase === 'idle') return;
        for (const p of ['p1', 'p2']) expect(winningPocketsOf(state, p).length).toBeLessThanOrEqual(34);
        expect(events.length).toBeGreaterThan(0);
      }),
      { numRuns: RUNS },
    );
  });

  it('a bet is refused for RES-1 exactly when it would take the player past 34 pockets', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...OUTSIDE, ...ALL_SIMPLE_SPOTS.map((s) => s.key), 'voisins', 'tiers', 'orphelins'), { minLength: 1, maxLength: 30 }), (spots) => {
        let state = K.initial();
        const step = (cmd: RouletteCommand) => {
          const d = K.decide(state, cmd);
          if (d.ok) state = d.events.reduce((s, e) => K.evolve(s, e), state);
          return d;
        };
        const wide: RoundLimits = { spots: {}, tableMinMinor: 1, tableMaxMinor: 10_000_000 };
        step({ type: 'OpenRound', at: T0, roundId: 'r', tableId: 't', profileId: 'european', bettingClosesAt: CLOSES, limits: wide });
        spots.forEach((spot, i) => {
          const before = winningPocketsOf(state, 'p1');
          const bet = { betId: `b${i}`, playerId: 'p1', spot, stakeMinor: 2520 };
          const d = step({ type: 'PlaceBet', at: T0 + i, bet });
          const after = winningPocketsOf(state, 'p1');
          if (d.ok) expect(after.length).toBeLessThanOrEqual(europeanProfile.maxCoveredPockets);
          else {
            expect(d.violation).toMatchObject({ code: 'COVERAGE_LIMIT', ruleId: 'RES-1' });
            expect(after).toEqual(before); // earlier bets stand
            // …and had it been accepted, the player would really have covered more than 34 pockets
            const forced = K.evolve(state, { type: 'BetAccepted', at: T0 + i, bet: { ...bet, acceptedAt: T0 + i, kind: spot } });
            expect(winningPocketsOf(forced, 'p1').length).toBeGreaterThan(europeanProfile.maxCoveredPockets);
          }
        });
      }),
      { numRuns: RUNS },
    );
  });

  it('replaying the events reproduces the state exactly', () => {
    fc.assert(
      fc.property(fc.constantFrom('european', 'ray-parlour'), steps(60), (profileId, script) => {
        const { state, events } = run(profileId, script);
        expect(replay(K, events)).toEqual(state);
        expect(state.seq).toBe(events.length);
      }),
      { numRuns: RUNS },
    );
  });

  it('no bet is accepted after betting closed or at/after the deadline, and only a valid spin resolves the round (GEN-3, ROU-3, ROU-4, ROU-5)', () => {
    fc.assert(
      fc.property(fc.constantFrom('european', 'ray-parlour'), steps(60), (profileId, script) => {
        const { events } = run(profileId, script);
        let closed = false;
        let results = 0;
        for (const e of events) {
          if (e.type === 'BettingClosed' || e.type === 'BallLaunched') closed = true;
          if (e.type === 'BetAccepted') {
            expect(closed).toBe(false);
            expect(e.at).toBeLessThan(CLOSES);
          }
          if (e.type === 'SpinResultRecorded') {
            results++;
            expect(e.revolutions).toBeGreaterThanOrEqual(3);
            expect(e.ballDirection).not.toBe(e.wheelDirection);
          }
          if (e.type === 'NoSpinDeclared') expect(results).toBe(0);
        }
        // issue 9 §2: a result is recorded only for a launched spin, after betting closed
        for (const [i, e] of events.entries()) {
          if (e.type !== 'SpinResultRecorded') continue;
          const before = events.slice(0, i);
          expect(before.some((x) => x.type === 'BallLaunched')).toBe(true);
          expect(before.some((x) => x.type === 'BettingClosed')).toBe(true);
        }
        expect(results).toBeLessThanOrEqual(1);
      }),
      { numRuns: RUNS },
    );
  });

  it('settle conserves money, lists each accepted bet exactly once and pays only whole minor units', () => {
    fc.assert(
      fc.property(fc.constantFrom('european', 'ray-parlour'), steps(60), fc.integer({ min: 0, max: 36 }), (profileId, script, number) => {
        const { state: s0, events } = run(profileId, script);
        const state = finish(s0, number);
        const settlement = K.settle(state);
        if (!settlement.ok) throw new Error(settlement.violation.code);
        const { lines, houseResultMinor } = settlement.value;
        // Each accepted, not cancelled bet exactly once (money: BetAccepted = debit, BetCancelled = refund).
        const live = new Map<string, number>();
        for (const e of events) {
          if (e.type === 'BetAccepted') live.set(e.bet.betId, e.bet.stakeMinor);
          if (e.type === 'BetCancelled') live.delete(e.betId);
        }
        expect(lines.map((l) => l.betId).sort()).toEqual([...live.keys()].sort());
        for (const l of lines) {
          expect(l.stakeMinor).toBe(live.get(l.betId));
          expect(Number.isSafeInteger(l.returnMinor)).toBe(true);
          expect(l.returnMinor).toBeGreaterThanOrEqual(0);
        }
        const staked = lines.reduce((a, l) => a + l.stakeMinor, 0);
        const returned = lines.reduce((a, l) => a + l.returnMinor, 0);
        expect(staked).toBe(returned + houseResultMinor);
        if (settlement.value.voided) expect(houseResultMinor).toBe(0);
        // The largest possible win bounds every line (profile's best odds: a straight).
        const best = (profileId === 'european' ? europeanProfile : rayParlourProfile).payouts.straight + 1;
        for (const l of lines) expect(l.returnMinor).toBeLessThanOrEqual(l.stakeMinor * best);
      }),
      { numRuns: RUNS },
    );
  });
});
