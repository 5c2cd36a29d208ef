import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { RoundLimits } from '../kernel/kernel.js';
import { settlementMoneyFaults } from '../kernel/money.spec-helper.js';
import { createKernel } from '../kernel/define.js';
import { defineMoneyWheel, moneyWheelKernel as k, type MoneyWheelCommand, type MoneyWheelEvent, type MoneyWheelState } from './money-wheel.game.js';
import { MONEY_WHEEL_STANDARD, moneyWheelProfiles } from './money-wheel.rules.js';

const RUNS = Number(process.env.PROPERTY_RUNS ?? 150);
const L = MONEY_WHEEL_STANDARD.layout;
const limits: RoundLimits = { tableMinMinor: 100, tableMaxMinor: 100_000, spots: { 'number:40': { minMinor: 100, maxMinor: 5_000 } } };
const T0 = 1_000_000;
const open: MoneyWheelCommand = { type: 'OpenRound', at: T0, roundId: 'rnd_1', tableId: 'tbl_mw', profileId: 'standard', bettingClosesAt: T0 + 15_000, limits };
const bet = (betId: string, playerId: string, spot: string, stakeMinor: number, at = T0 + 1000): MoneyWheelCommand => ({ type: 'PlaceBet', at, bet: { betId, playerId, spot, stakeMinor } });
const spin = (n: number, segment: number, turns = 2.5, at = T0 + 20_000 + n * 100): MoneyWheelCommand => ({ type: 'RecordSpin', at, spin: n, report: { stop: { segment }, direction: 'cw', turns } });
const close: MoneyWheelCommand = { type: 'CloseBetting', at: T0 + 15_000, reason: 'deadline' };

function run(cmds: readonly MoneyWheelCommand[]): { state: MoneyWheelState; log: MoneyWheelEvent[]; rejected: string[] } {
  let state = k.initial();
  const log: MoneyWheelEvent[] = [];
  const rejected: string[] = [];
  for (const c of cmds) {
    const d = k.decide(state, c);
    if (!d.ok) {
      rejected.push(`${c.type}:${d.violation.code}`);
      continue;
    }
    for (const e of d.events) {
      state = k.evolve(state, e);
      log.push(e);
    }
  }
  return { state, log, rejected };
}

describe('money wheel on the referee (defineGame)', () => {
  it('a full round: bets, close, 2x, 7x, then 5 → resolved and settled at 70 to 1 (MW-1, MW-2)', () => {
    const { state, rejected } = run([open, bet('b1', 'p1', 'number:5', 100), bet('b2', 'p2', 'number:1', 200), close, spin(1, L.indexOf('2x')), spin(2, L.indexOf('7x')), spin(3, L.indexOf('5'))]);
    expect(rejected).toEqual([]);
    expect(state.phase).toBe('resolved');
    expect(k.view(state, { role: 'pitboss' })).toMatchObject({ multipliers: ['2x', '7x'], multiplier: 14, result: 5 });
    const s = k.settle(state);
    expect(s.ok && s.value.lines.map((l) => [l.betId, l.returnMinor])).toEqual([['b1', 7100], ['b2', 0]]);
  });

  it('no bet after a multiplier: bets stand, new bets are BETTING_CLOSED (MW-2, GEN-3)', () => {
    const { rejected, state } = run([open, bet('b1', 'p1', 'number:5', 100), close, spin(1, L.indexOf('2x')), bet('b2', 'p1', 'number:1', 100, T0 + 30_000)]);
    expect(rejected).toEqual(['PlaceBet:BETTING_CLOSED']);
    expect(state.phase).toBe('closed');
    expect(k.next(state)[0]).toMatchObject({ kind: 'spin', ruleId: 'MW-2' });
  });

  it('a short spin is not an outcome: the wheel is re-spun; three in a row void the round with refunds (MW-4, GEN-6)', () => {
    const one = run([open, bet('b1', 'p1', 'number:5', 100), close, spin(1, L.indexOf('5'), 0.5)]);
    expect(one.state.phase).toBe('closed');
    expect(k.next(one.state)[0]).toMatchObject({ kind: 'spin', ruleId: 'MW-4' });
    const three = run([open, bet('b1', 'p1', 'number:5', 100), close, spin(1, 3, 0.5), spin(2, 3, 0.2), spin(3, 3, 0.9)]);
    expect(three.state.phase).toBe('void');
    const s = three.state && k.settle(three.state);
    expect(s.ok && s.value).toMatchObject({ voided: true, houseResultMinor: 0 });
  });

  it('the wheel starting to turn while betting is open closes betting first (GEN-3)', () => {
    const { log } = run([open, bet('b1', 'p1', 'number:5', 100), { type: 'WheelSpinning', at: T0 + 5000 }]);
    expect(log.map((e) => e.type)).toEqual(['RoundOpened', 'BetAccepted', 'BettingClosed']);
  });

  it('rejects a multiplier segment as a spot and a spin before betting closed', () => {
    const { rejected } = run([open, bet('b1', 'p1', '2x', 100), spin(1, 0)]);
    expect(rejected).toEqual(['PlaceBet:UNKNOWN_SPOT', 'RecordSpin:DEVICE_RESULT_OUT_OF_PHASE']); // a result while betting is open is a fault (issue 9 §2)
  });

  it('maps the wheel device events: result → RecordSpin, spinning → close betting, fault → alert', () => {
    const dev = k.definition.devices;
    const ctx = { hints: {} };
    expect(dev.map({ type: 'moneywheel.result', deviceId: 'mw', payload: { spin: 1, segment: 4, direction: 'cw', turns: 2, roundId: 'rnd_1' } }, ctx, 5)).toMatchObject({ kind: 'command', command: { type: 'RecordSpin', spin: 1 }, forRoundId: 'rnd_1' });
    expect(dev.map({ type: 'moneywheel.state', deviceId: 'mw', payload: { state: 'spinning', spin: 1 } }, ctx, 5)).toMatchObject({ kind: 'command', closesBetting: true });
    expect(dev.map({ type: 'moneywheel.fault', deviceId: 'mw', payload: { code: 'sensor_fault', text: 'x' } }, ctx, 5)).toMatchObject({ kind: 'alert', fault: true });
    expect(dev.map({ type: 'moneywheel.result', deviceId: 'mw', payload: { spin: 'x' } }, ctx, 5)).toMatchObject({ kind: 'alert' });
    expect(dev.map({ type: 'dice.result', deviceId: 'mw', payload: {} }, ctx, 5)).toBeNull();
  });

  it('a live table cannot run the unlimited profile: not among its profiles, and refused if given (PROFILE_UNSUPPORTED, D-1)', () => {
    const d = k.decide(k.initial(), { ...open, profileId: 'unlimited' });
    expect(d.ok === false && d.violation.code).toBe('UNKNOWN_PROFILE');
    const all = createKernel(defineMoneyWheel(moneyWheelProfiles));
    const e = all.decide(all.initial(), { ...open, profileId: 'unlimited' });
    expect(e.ok === false && [e.violation.code, e.violation.ruleId]).toEqual(['PROFILE_UNSUPPORTED', 'D-1']);
  });

  it('property: replay reproduces the state; money is conserved; every accepted bet is settled exactly once', () => {
    const cmd = fc.oneof(
      fc.record({ p: fc.constantFrom('p1', 'p2', 'p3'), spot: fc.constantFrom('number:1', 'number:2', 'number:5', 'number:10', 'number:20', 'number:40', '7x'), stake: fc.integer({ min: 50, max: 6000 }), id: fc.integer({ min: 1, max: 8 }) }).map((b) => bet(`b${b.id}`, b.p, b.spot, b.stake)),
      fc.constant(close),
      fc.record({ n: fc.integer({ min: 1, max: 12 }), seg: fc.integer({ min: 0, max: 53 }), turns: fc.constantFrom(0.3, 1.5, 3) }).map((x) => spin(x.n, x.seg, x.turns)),
      fc.constant<MoneyWheelCommand>({ type: 'VoidRound', at: T0 + 40_000, reason: 'pit boss', by: 'pb1' }),
    );
    fc.assert(
      fc.property(fc.array(cmd, { maxLength: 25 }), (cmds) => {
        const { state, log } = run([open, ...cmds, close, ...Array.from({ length: 30 }, (_, i) => spin(100 + i, L.indexOf('1')))]);
        const replayed = log.reduce((s, e) => k.evolve(s, e), k.initial());
        expect(replayed).toEqual(state);
        const s = k.settle(state);
        if (!s.ok) return state.phase !== 'resolved' && state.phase !== 'void';
        const accepted = new Set(log.flatMap((e) => (e.type === 'BetAccepted' ? [e.bet.betId] : [])));
        const cancelled = new Set(log.flatMap((e) => (e.type === 'BetCancelled' ? [e.betId] : [])));
        expect(settlementMoneyFaults(s.value, [...accepted].filter((b) => !cancelled.has(b)))).toEqual([]);
        return true;
      }),
      { numRuns: RUNS },
    );
  });
});
