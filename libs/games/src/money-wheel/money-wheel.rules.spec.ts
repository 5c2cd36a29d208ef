import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { betNumbers, checkLiveProfile, checkProfile, maxReturnMultiple, MONEY_WHEEL_UNLIMITED, EMPTY_CHAIN, foldSpin, judgeSpin, MONEY_WHEEL_CAPPED, MONEY_WHEEL_STANDARD, MONEY_WHEEL_TWO_DOUBLES, moneyWheelProfiles, parseLabel, parseSpot, spotsOf, stack, winningIndex, type MoneyWheelProfile, type SpinOutcome } from './money-wheel.rules.js';
import { settleBets } from './money-wheel.settle.js';
import type { AcceptedBet } from '../kernel/kernel.js';

const PROPERTY_RUNS = Number(process.env.PROPERTY_RUNS ?? 200);

const counts = (p: MoneyWheelProfile): Record<string, number> => {
  const c: Record<string, number> = {};
  for (const l of p.layout) c[l] = (c[l] ?? 0) + 1;
  return c;
};

const bet = (spot: string, stakeMinor = 100, betId = `b_${spot}`): AcceptedBet => ({ betId, playerId: 'p1', spot, stakeMinor, acceptedAt: 0, kind: spot });

const judged = (p: MoneyWheelProfile, segment: number): SpinOutcome => {
  const r = judgeSpin(p, { stop: { segment }, direction: 'cw', turns: 3 });
  if (!r.ok) throw new Error(r.violation.message);
  return r.value;
};

describe('Money Wheel layout and paytable (MW-1)', () => {
  it('the standard wheel has 54 segments: 23×1, 15×2, 7×5, 4×10, 2×20, 1×40, 1×2x, 1×7x', () => {
    expect(MONEY_WHEEL_STANDARD.layout).toHaveLength(54);
    expect(counts(MONEY_WHEEL_STANDARD)).toEqual({ '1': 23, '2': 15, '5': 7, '10': 4, '20': 2, '40': 1, '2x': 1, '7x': 1 });
  });

  it('the two-doubles profile takes MW-1 counts literally: 2×"2x" makes 55 segments', () => {
    expect(MONEY_WHEEL_TWO_DOUBLES.layout).toHaveLength(55);
    expect(counts(MONEY_WHEEL_TWO_DOUBLES)).toEqual({ '1': 23, '2': 15, '5': 7, '10': 4, '20': 2, '40': 1, '2x': 2, '7x': 1 });
  });

  it.each(Object.keys(moneyWheelProfiles))('profile %s passes checkProfile (MW-1)', (id) => {
    const p = moneyWheelProfiles[id];
    expect(p && checkProfile(p).ok).toBe(true);
  });

  it('checkProfile rejects a 1x multiplier, an unpaid number, an unknown label and negative turns (PROFILE_UNSUPPORTED, MW-1)', () => {
    const bad: MoneyWheelProfile[] = [
      { ...MONEY_WHEEL_STANDARD, layout: ['1', '1x'] },
      { ...MONEY_WHEEL_STANDARD, layout: ['1', '3'] },
      { ...MONEY_WHEEL_STANDARD, layout: ['1', 'joker'] },
      { ...MONEY_WHEEL_STANDARD, layout: ['2x', '7x'] },
      { ...MONEY_WHEEL_STANDARD, minTurns: -1 },
      { ...MONEY_WHEEL_STANDARD, maxInvalidSpins: 0 },
      { ...MONEY_WHEEL_STANDARD, multiplierCap: 0 },
    ];
    for (const p of bad) {
      const r = checkProfile(p);
      expect(r.ok === false && [r.violation.code, r.violation.ruleId]).toEqual(['PROFILE_UNSUPPORTED', 'MW-1']);
    }
  });

  it('parses labels: numbers and <n>x multipliers only', () => {
    expect(parseLabel('40')).toEqual({ type: 'number', value: 40 });
    expect(parseLabel('7x')).toEqual({ type: 'multiplier', factor: 7 });
    for (const l of ['', 'x', '0', '07', '2X', '-1', '1.5', ' 2']) expect(parseLabel(l)).toBeNull();
  });

  it('the spots are number:N for every number on the wheel; multipliers cannot be bet on (UNKNOWN_SPOT, MW-1)', () => {
    expect(spotsOf(MONEY_WHEEL_STANDARD)).toEqual(['number:1', 'number:2', 'number:5', 'number:10', 'number:20', 'number:40']);
    for (const s of ['number:3', 'number:2x', '2x', 'multiplier:7', 'number:01', 'number:', '10', 'NUMBER:10']) {
      const r = parseSpot(s, MONEY_WHEEL_STANDARD);
      expect(r.ok === false && [r.violation.code, r.violation.ruleId]).toEqual(['UNKNOWN_SPOT', 'MW-1']);
    }
  });

  // Golden: every segment × every spot, single spin (independent oracle: label === number → 1 + number).
  it.each(Object.keys(moneyWheelProfiles))('golden (%s): every number segment × every spot pays the number to 1, else loses (MW-1)', (id) => {
    const p = moneyWheelProfiles[id] as MoneyWheelProfile;
    let checked = 0;
    p.layout.forEach((label, index) => {
      if (label.endsWith('x')) return;
      const chain = foldSpin(p, EMPTY_CHAIN, judged(p, index));
      expect(chain.result).toBe(Number(label));
      const lines = settleBets(spotsOf(p).map((s) => bet(s, 100)), chain.result as number, chain.multiplier, p);
      expect(lines.ok).toBe(true);
      if (!lines.ok) return;
      for (const l of lines.value) {
        const n = Number(l.betId.slice('b_number:'.length));
        expect([l.betId, l.returnMinor, l.outcome]).toEqual([l.betId, n === Number(label) ? 100 * (1 + n) : 0, n === Number(label) ? 'win' : 'lose']);
        checked++;
      }
    });
    expect(checked).toBe(p.layout.filter((l) => !l.endsWith('x')).length * spotsOf(p).length);
  });

  // Golden: every multiplier segment × every number segment × every spot (MW-2).
  it.each(Object.keys(moneyWheelProfiles))('golden (%s): every multiplier segment, then every number segment × every spot (MW-2)', (id) => {
    const p = moneyWheelProfiles[id] as MoneyWheelProfile;
    p.layout.forEach((mLabel, mi) => {
      if (!mLabel.endsWith('x')) return;
      const factor = Number(mLabel.slice(0, -1));
      const afterM = foldSpin(p, EMPTY_CHAIN, judged(p, mi));
      expect(afterM).toMatchObject({ result: null, multiplier: factor, multipliers: [mLabel] });
      p.layout.forEach((label, index) => {
        if (label.endsWith('x')) return;
        const chain = foldSpin(p, afterM, judged(p, index));
        const lines = settleBets(spotsOf(p).map((s) => bet(s, 10)), chain.result as number, chain.multiplier, p);
        if (!lines.ok) throw new Error(lines.violation.message);
        for (const l of lines.value) {
          const n = Number(l.betId.slice('b_number:'.length));
          expect(l.returnMinor).toBe(n === Number(label) ? 10 * (1 + n * Math.min(factor, p.multiplierCap ?? Infinity)) : 0);
          expect(l.rules).toEqual(n === Number(label) ? ['MW-1', 'MW-2'] : ['MW-1']);
        }
      });
    });
  });

  it('bounds the highest payout for the referee (D-1): 1 + 40 × 1000 on standard; the unlimited profile cannot run live', () => {
    expect(maxReturnMultiple(MONEY_WHEEL_STANDARD)).toBe(40_001);
    expect(maxReturnMultiple(MONEY_WHEEL_CAPPED)).toBe(2001);
    expect(maxReturnMultiple(MONEY_WHEEL_UNLIMITED)).toBe(Number.POSITIVE_INFINITY);
    expect(checkLiveProfile(MONEY_WHEEL_STANDARD).ok).toBe(true);
    const live = checkLiveProfile(MONEY_WHEEL_UNLIMITED);
    expect(live.ok === false && [live.violation.code, live.violation.ruleId]).toEqual(['PROFILE_UNSUPPORTED', 'D-1']);
  });

  it('pays exactly what the profile says: a 38:1 "40" is data, not code (D-2)', () => {
    const p = { ...MONEY_WHEEL_STANDARD, pays: { ...MONEY_WHEEL_STANDARD.pays, '40': { num: 38, den: 1 } } };
    const r = settleBets([bet('number:40', 100)], 40, null, p);
    expect(r.ok && r.value[0]?.returnMinor).toBe(3900);
  });
});

describe('Multipliers keep bets and stack (MW-2)', () => {
  it('2x then 7x then 5 pays 5 × 2 × 7 = 70 to 1 on the standard wheel', () => {
    const p = MONEY_WHEEL_STANDARD;
    let chain = EMPTY_CHAIN;
    for (const i of [p.layout.indexOf('2x'), p.layout.indexOf('7x'), p.layout.indexOf('5')]) chain = foldSpin(p, chain, judged(p, i));
    expect(chain).toMatchObject({ multipliers: ['2x', '7x'], multiplier: 14, result: 5 });
    const r = settleBets([bet('number:5', 100), bet('number:1', 100)], 5, chain.multiplier, p);
    expect(r.ok && r.value.map((l) => l.returnMinor)).toEqual([7100, 0]);
  });

  it('the capped profile adds multipliers (2x + 7x = 9x) and never exceeds 50x', () => {
    const p = MONEY_WHEEL_CAPPED;
    expect(stack(p, stack(p, null, 2), 7)).toBe(9);
    let m: number | null = null;
    for (let i = 0; i < 20; i++) m = stack(p, m, 7);
    expect(m).toBe(50);
    expect(stack(MONEY_WHEEL_UNLIMITED, 343, 7)).toBe(2401);
    expect(stack(MONEY_WHEEL_STANDARD, 343, 7)).toBe(1000);
  });

  it('a payout beyond 2^53 minor units is refused with STAKE_TOO_LARGE (D-1), never a stack trace', () => {
    const r = settleBets([bet('number:40', 1e15)], 40, null, MONEY_WHEEL_STANDARD);
    expect(r.ok === false && [r.violation.code, r.violation.ruleId]).toEqual(['STAKE_TOO_LARGE', 'D-1']);
    const chained = settleBets([bet('number:40', 1000)], 40, 7 ** 15, MONEY_WHEEL_STANDARD);
    expect(chained.ok === false && chained.violation.code).toBe('STAKE_TOO_LARGE');
  });

  it('property: a chain of k multipliers then a number pays stake × (1 + n × min(Π factors, cap)) (unlimited and standard, exact)', () => {
    const p = MONEY_WHEEL_UNLIMITED;
    const mIdx = p.layout.flatMap((l, i) => (l.endsWith('x') ? [i] : []));
    const nIdx = p.layout.flatMap((l, i) => (l.endsWith('x') ? [] : [i]));
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...mIdx), { maxLength: 6 }), fc.constantFrom(...nIdx), fc.integer({ min: 1, max: 10_000 }), (ms, ni, stake) => {
        let chain = EMPTY_CHAIN;
        for (const i of [...ms, ni]) chain = foldSpin(p, chain, judged(p, i));
        const product = ms.reduce((a, i) => a * Number((p.layout[i] as string).slice(0, -1)), 1);
        const n = Number(p.layout[ni]);
        const r = settleBets(betNumbers(p).map((x) => bet(`number:${x}`, stake)), n, chain.multiplier, p);
        if (!r.ok) return false;
        let capped = EMPTY_CHAIN;
        for (const i of [...ms, ni]) capped = foldSpin(MONEY_WHEEL_STANDARD, capped, judged(MONEY_WHEEL_STANDARD, i));
        const s = settleBets([bet(`number:${n}`, stake)], n, capped.multiplier, MONEY_WHEEL_STANDARD);
        if (!s.ok || s.value[0]?.returnMinor !== stake * (1 + n * Math.min(product, 1000))) return false;
        return r.value.every((l) => l.returnMinor === (l.betId === `b_number:${n}` ? stake * (1 + n * product) : 0));
      }),
      { numRuns: PROPERTY_RUNS },
    );
  });
});

describe('Pointer on a border (MW-3)', () => {
  const p = MONEY_WHEEL_STANDARD;
  it('clockwise, border k (between k and k+1) gives segment k; counter-clockwise gives k+1', () => {
    expect(winningIndex(p, { border: 10 }, 'cw')).toBe(10);
    expect(winningIndex(p, { border: 10 }, 'ccw')).toBe(11);
  });

  it('wraps at the last border: border 53 is between segment 53 and segment 0', () => {
    expect(winningIndex(p, { border: 53 }, 'cw')).toBe(53);
    expect(winningIndex(p, { border: 53 }, 'ccw')).toBe(0);
  });

  it('every border × both directions: the winner is one of the two segments touching the border, the one entered', () => {
    for (let k = 0; k < p.layout.length; k++) {
      const cw = judgeSpin(p, { stop: { border: k }, direction: 'cw', turns: 2 });
      const ccw = judgeSpin(p, { stop: { border: k }, direction: 'ccw', turns: 2 });
      expect(cw.ok && cw.value.valid && [cw.value.index, cw.value.label, cw.value.border, cw.value.rules]).toEqual([k, p.layout[k], true, ['MW-1', 'MW-3']]);
      const next = (k + 1) % p.layout.length;
      expect(ccw.ok && ccw.value.valid && [ccw.value.index, ccw.value.label]).toEqual([next, p.layout[next]]);
    }
  });

  it('a border between a number and the 2x segment decides whether the round ends or spins again', () => {
    const twoX = p.layout.indexOf('2x');
    const cw = judgeSpin(p, { stop: { border: twoX - 1 }, direction: 'cw', turns: 2 });
    const ccw = judgeSpin(p, { stop: { border: twoX - 1 }, direction: 'ccw', turns: 2 });
    expect(cw.ok && cw.value.valid && cw.value.segment).toEqual({ type: 'number', value: Number(p.layout[twoX - 1]) });
    expect(ccw.ok && ccw.value.valid && ccw.value.segment).toEqual({ type: 'multiplier', factor: 2 });
  });
});

describe('Spin validity (MW-4) and report validation', () => {
  const p = MONEY_WHEEL_STANDARD;
  it('fewer than minTurns full turns is a void spin, not an outcome: bets stay, the wheel is re-spun', () => {
    const short = judgeSpin(p, { stop: { segment: 28 }, direction: 'cw', turns: 0.9 });
    expect(short).toEqual({ ok: true, value: { valid: false, turns: 0.9, rules: ['MW-4'] } });
    const chain = foldSpin(p, EMPTY_CHAIN, short.ok ? short.value : (undefined as never));
    expect(chain).toEqual({ ...EMPTY_CHAIN, invalidInARow: 1 });
    expect(judgeSpin(p, { stop: { segment: 28 }, direction: 'cw', turns: 1 }).ok).toBe(true);
  });

  it('minTurns is profile data: the capped profile needs 2 turns', () => {
    const r = judgeSpin(MONEY_WHEEL_CAPPED, { stop: { segment: 0 }, direction: 'cw', turns: 1.5 });
    expect(r.ok && r.value.valid).toBe(false);
  });

  it('a void spin after a multiplier keeps the multiplier standing', () => {
    let chain = foldSpin(p, EMPTY_CHAIN, judged(p, p.layout.indexOf('7x')));
    const short = judgeSpin(p, { stop: { segment: 3 }, direction: 'cw', turns: 0 });
    if (!short.ok) throw new Error('unexpected');
    chain = foldSpin(p, chain, short.value);
    expect(chain).toMatchObject({ multiplier: 7, invalidInARow: 1, result: null });
  });

  it.each([
    [{ stop: { segment: 54 }, direction: 'cw', turns: 2 }, 'INVALID_RESULT', 'MW-1'],
    [{ stop: { segment: -1 }, direction: 'cw', turns: 2 }, 'INVALID_RESULT', 'MW-1'],
    [{ stop: { border: 1.5 }, direction: 'cw', turns: 2 }, 'INVALID_RESULT', 'MW-1'],
    [{ stop: { segment: 3 }, direction: 'up', turns: 2 }, 'INVALID_RESULT', 'MW-3'],
    [{ stop: { segment: 3 }, direction: 'cw', turns: -1 }, 'INVALID_RESULT', 'MW-4'],
    [{ stop: { segment: 3 }, direction: 'cw', turns: Number.NaN }, 'INVALID_RESULT', 'MW-4'],
    [{ stop: { segment: 3 }, direction: 'cw', turns: 2, label: '40' }, 'INVALID_RESULT', 'MW-1'],
  ])('rejects a bad report %j with %s (%s)', (report, code, ruleId) => {
    const r = judgeSpin(p, report as never);
    expect(r.ok === false && [r.violation.code, r.violation.ruleId]).toEqual([code, ruleId]);
  });

  it('property: any report either validates to a segment of the wheel or is rejected with a code — never throws', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), fc.anything(), fc.boolean(), (at, direction, turns, border) => {
        const r = judgeSpin(p, { stop: border ? { border: at as number } : { segment: at as number }, direction: direction as 'cw', turns: turns as number });
        if (!r.ok) return typeof r.violation.code === 'string' && r.violation.ruleId !== null;
        return !r.value.valid || (r.value.index >= 0 && r.value.index < p.layout.length);
      }),
      { numRuns: PROPERTY_RUNS },
    );
  });
});
