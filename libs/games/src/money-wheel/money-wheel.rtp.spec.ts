import { describe, expect, it } from 'vitest';
import { add, format, lt, mul, ONE, q, sub, toNumber, ZERO, type BigRational } from './big-rational.js';
import { chainRtp, exactRtp, moneyWheelRtp } from './money-wheel.rtp.js';
import { betNumbers, MONEY_WHEEL_TWO_DOUBLES, MONEY_WHEEL_UNLIMITED, moneyWheelProfiles, type MoneyWheelProfile } from './money-wheel.rules.js';

const rows = (profile: string) => {
  const r = moneyWheelRtp(profile);
  if (!r.ok) throw new Error(r.violation.message);
  return Object.fromEntries(r.value.rows.map((x) => [x.bet, x]));
};

describe('felt rtp money-wheel: exact RTP over the 54 segments and the multiplier chain (MW-1, MW-2)', () => {
  // Independent closed form for the unlimited 54-segment wheel (one 2x, one 7x, product stacking):
  // P(final = n) = c/52, E[Π · 1{final = n}] = (c/54) / (1 − 9/54) = c/45, so RTP(n) = c/52 + n·c/45.
  it.each([
    ['number:1', 23, 1, '2231/2340'],
    ['number:2', 15, 2, '149/156'],
    ['number:5', 7, 5, '427/468'],
    ['number:10', 4, 10, '113/117'],
    ['number:20', 2, 20, '217/234'],
    ['number:40', 1, 40, '425/468'],
  ])('unlimited %s (%i segments, pays %i:1) returns exactly %s', (bet, c, n, exact) => {
    const closed = add(q(c, 52), q(n * c, 45));
    expect(format(closed)).toBe(exact);
    expect(rows('unlimited')[bet]).toMatchObject({ method: 'exact', exact });
    expect(rows('unlimited')[bet]?.rtp).toBeCloseTo(toNumber(closed), 14);
  });

  it('number:10 returns 96.58 %, the published figure for this wheel; the 1000x cap of standard costs less than 0.05 %', () => {
    expect((rows('unlimited')['number:10']?.rtp ?? 0) * 100).toBeCloseTo(96.58, 2);
    expect(rows('unlimited')['number:10']?.houseEdge).toBeCloseTo(4 / 117, 14);
    for (const [bet, row] of Object.entries(rows('standard'))) {
      const free = rows('unlimited')[bet]?.rtp ?? 0;
      expect(row.rtp).toBeLessThan(free);
      expect(free - row.rtp).toBeLessThan(5e-4);
    }
  });

  it('RTP follows the profile data: a second 2x (55 segments) raises every bet', () => {
    const std = rows('standard');
    const two = rows('two-doubles');
    for (const bet of Object.keys(std)) expect(two[bet]?.rtp ?? 0).toBeGreaterThan(std[bet]?.rtp ?? 1);
    // two 2x + one 7x on 55: P(final=n) = c/52, E[Π·1{final=n}] = (c/55)/(1 − 11/55) = c/44
    const free = exactRtp({ ...MONEY_WHEEL_TWO_DOUBLES, multiplierCap: null }, 10);
    expect(free.ok && format(free.value)).toBe(format(add(q(4, 52), q(40, 44))));
  });

  it.each(Object.keys(moneyWheelProfiles))('profile %s: the exact value is the limit of brute-force enumeration of every chain of ≤ 4 multiplier spins', (id) => {
    const p = moneyWheelProfiles[id] as MoneyWheelProfile;
    const multipliers = p.layout.filter((l) => l.endsWith('x')).length;
    for (const bet of betNumbers(p)) {
      const exact = exactRtp(p, bet);
      if (!exact.ok) throw new Error(exact.violation.message);
      const lower = chainRtp(p, bet, 4);
      expect(lt(lower, exact.value)).toBe(true);
      // The chains longer than 4 spins start with 5 multiplier segments in a row: probability (k/N)^5.
      const gap = sub(exact.value, lower);
      const tailProb = q(multipliers ** 5, p.layout.length ** 5);
      expect(toNumber(gap)).toBeLessThan(toNumber(mul(tailProb, q(1 + bet * 7 ** 7))));
      expect(toNumber(gap)).toBeGreaterThan(0);
    }
  });

  it('the exact value satisfies the one-spin equation V = Σ segments (1/N) · (pay or V after stacking) (unlimited)', () => {
    // For the product rule V(m) = a + b·m; check V(1) = Σ number segments + Σ multiplier segments (1/N)·V(f)
    const p = MONEY_WHEEL_UNLIMITED;
    for (const bet of betNumbers(p)) {
      const c = p.layout.filter((l) => l === String(bet)).length;
      const a = q(c, 52);
      const b = mul(q(c, 54), q(bet * 54, 45));
      const V = (m: number): BigRational => add(a, mul(b, q(m)));
      let rhs = ZERO;
      for (const l of p.layout) {
        if (l.endsWith('x')) rhs = add(rhs, mul(q(1, 54), V(Number(l.slice(0, -1)))));
        else if (l === String(bet)) rhs = add(rhs, mul(q(1, 54), q(1 + bet)));
      }
      const r = exactRtp(p, bet);
      expect(r.ok && format(r.value)).toBe(format(rhs));
      expect(format(V(1))).toBe(format(rhs));
    }
  });

  it('an uncapped product wheel whose multipliers average ≥ 1 has no finite RTP: PROFILE_UNSUPPORTED (MW-2)', () => {
    const p: MoneyWheelProfile = { ...MONEY_WHEEL_UNLIMITED, layout: ['1', '2', '7x'] };
    const r = exactRtp(p, 1);
    expect(r.ok === false && [r.violation.code, r.violation.ruleId]).toEqual(['PROFILE_UNSUPPORTED', 'MW-2']);
    const capped = exactRtp({ ...p, multiplierCap: 49 }, 1);
    expect(capped.ok).toBe(true);
  });

  it('every row is below 1 (the house keeps an edge on every bet of every shipped profile)', () => {
    for (const id of Object.keys(moneyWheelProfiles)) for (const row of Object.values(rows(id))) expect(row.rtp).toBeLessThan(1);
    expect(toNumber(ONE)).toBe(1);
  });

  it('rejects an unknown profile with UNKNOWN_PROFILE (D-2)', () => {
    const r = moneyWheelRtp('vegas');
    expect(r.ok === false && [r.violation.code, r.violation.ruleId]).toEqual(['UNKNOWN_PROFILE', 'D-2']);
  });
});
