import { moneyWheel } from '@felt-studio/games';
import { describe, expect, it } from 'vitest';
import { pitPlugin } from '../../app/games';
import { moneyWheelOutcome } from '.';

const base = { game: 'money-wheel', phase: 'resolved', spins: [], multipliers: [], multiplier: null, result: null } as unknown as moneyWheel.MoneyWheelView;

describe('Money Wheel in the pit boss (issue 20 defect 2)', () => {
  it('reads a round in one line: the spins (void ones marked), the number and the multiplier (MW-2, MW-4)', () => {
    expect(pitPlugin('money-wheel')?.outcome).toBe(moneyWheelOutcome);
    expect(moneyWheelOutcome({ ...base, spins: [] })).toBeNull();
    const spins = [
      { spin: 1, valid: false, turns: 0.5, direction: 'cw' },
      { spin: 2, valid: true, turns: 3, direction: 'cw', index: 1, label: '2x', border: false },
      { spin: 3, valid: true, turns: 3, direction: 'cw', index: 7, label: '10', border: false },
    ];
    expect(moneyWheelOutcome({ ...base, spins, multiplier: 2, result: 10 })).toBe('spins void spin · 2x · 10 — 10 at 2x');
    expect(moneyWheelOutcome({ ...base, phase: 'closed', spins: spins.slice(0, 2) })).toBe('spins void spin · 2x');
  });
});
