import { describe, expect, it } from 'vitest';
import { decideMove, EMPTY_SLICE, evolveMove, spinCommandOf, type MoneyWheelMoveCommand, type MoneyWheelSlice } from './money-wheel.moves.js';
import { MONEY_WHEEL_STANDARD } from './money-wheel.rules.js';

const p = MONEY_WHEEL_STANDARD;
const ctx = { phase: 'closed', roundId: 'rnd_1', profile: p };
const spin = (n: number, segment: number, turns = 2): MoneyWheelMoveCommand => ({ type: 'RecordSpin', at: n, spin: n, report: { stop: { segment }, direction: 'cw', turns } });

function play(cmds: readonly MoneyWheelMoveCommand[]): { slice: MoneyWheelSlice; voided: string | null } {
  let slice = EMPTY_SLICE;
  let voided: string | null = null;
  for (const c of cmds) {
    const d = decideMove(ctx, slice, c);
    if (!d.ok) throw new Error(d.violation.code);
    for (const e of d.value.events) slice = evolveMove(p, slice, e);
    voided = d.value.voidRound;
  }
  return { slice, voided };
}

describe('money wheel moves (MW-2, MW-4)', () => {
  it('a multiplier keeps the round waiting for another spin; the next number ends it with the multiplier (MW-2)', () => {
    const { slice } = play([spin(1, p.layout.indexOf('7x')), spin(2, p.layout.indexOf('20'))]);
    expect(slice.chain).toMatchObject({ multiplier: 7, result: 20, multipliers: ['7x'] });
    expect(slice.spins.map((s) => s.valid && s.label)).toEqual(['7x', '20']);
  });

  it('short spins are recorded as void; the third in a row voids the round (MW-4, GEN-6)', () => {
    const r1 = play([spin(1, 3, 0.5), spin(2, 3, 0.5)]);
    expect(r1).toMatchObject({ voided: null, slice: { chain: { invalidInARow: 2, result: null } } });
    const r2 = play([spin(1, 3, 0.5), spin(2, 3, 0.5), spin(3, 3, 0.5)]);
    expect(r2.voided).toMatch(/^MW-4/);
  });

  it('refuses a spin outside the closed phase, for another round, or a spin number already counted', () => {
    const no = (c: MoneyWheelMoveCommand, phase = 'closed', slice = EMPTY_SLICE) => {
      const d = decideMove({ ...ctx, phase }, slice, c);
      return d.ok ? 'ok' : `${d.violation.code}/${d.violation.ruleId}`;
    };
    expect(no(spin(1, 0), 'betting')).toBe('COMMAND_NOT_EXPECTED/GEN-3');
    expect(no({ ...spin(1, 0), roundId: 'rnd_2' })).toBe('SPIN_MISMATCH/MW-2');
    expect(no(spin(1, 0), 'closed', play([spin(1, p.layout.indexOf('2x'))]).slice)).toBe('SPIN_MISMATCH/MW-2');
    expect(no(spin(1, 99))).toBe('INVALID_RESULT/MW-1');
  });

  it('maps a device payload to RecordSpin, and a malformed payload to INVALID_RESULT', () => {
    expect(spinCommandOf(5, { spin: 3, border: 4, direction: 'ccw', turns: 2.5, roundId: 'rnd_1' })).toEqual({ ok: true, value: { type: 'RecordSpin', at: 5, spin: 3, report: { stop: { border: 4 }, direction: 'ccw', turns: 2.5 }, roundId: 'rnd_1' } });
    for (const bad of [null, {}, { spin: 1, segment: 1, border: 2, direction: 'cw', turns: 1 }, { spin: 1, segment: 1, direction: 'up', turns: 1 }, { spin: 1, segment: 1, direction: 'cw', turns: -1 }, { spin: 1, segment: 1, direction: 'cw', turns: 1, x: 1 }]) {
      const r = spinCommandOf(5, bad);
      expect(r.ok === false && r.violation.code).toBe('INVALID_RESULT');
    }
  });
});
