import { describe, expect, it } from 'vitest';
import { betaIncomplete, binomialLowerTail, binomialUpperTail, chiSquareSurvival, logGamma, normalUpperTail, studentTUpperTail } from './stats.js';

describe('integrity statistics (issue 23)', () => {
  it('log-gamma matches factorials', () => {
    expect(Math.exp(logGamma(5))).toBeCloseTo(24, 9);
    expect(Math.exp(logGamma(0.5))).toBeCloseTo(Math.sqrt(Math.PI), 12);
  });
  it('chi-square survival matches published critical values', () => {
    // df 36 (a 37-pocket wheel): the 5 % and 0.1 % critical values are 50.998 and 67.985
    expect(chiSquareSurvival(50.998, 36)).toBeCloseTo(0.05, 4);
    expect(chiSquareSurvival(67.985, 36)).toBeCloseTo(0.001, 5);
    // df 12 (13 ranks): 5 % at 21.026
    expect(chiSquareSurvival(21.026, 12)).toBeCloseTo(0.05, 4);
    expect(chiSquareSurvival(0, 5)).toBe(1);
  });
  it('binomial tails are exact on small cases and complementary', () => {
    // X ~ Bin(4, 1/2): P(X ≥ 3) = 5/16, P(X ≤ 1) = 5/16
    expect(binomialUpperTail(3, 4, 0.5)).toBeCloseTo(5 / 16, 14);
    expect(binomialLowerTail(1, 4, 0.5)).toBeCloseTo(5 / 16, 14);
    for (const k of [50, 100, 120, 150]) expect(binomialUpperTail(k, 3700, 1 / 37) + binomialLowerTail(k - 1, 3700, 1 / 37)).toBeCloseTo(1, 10);
    expect(binomialUpperTail(0, 10, 0.3)).toBe(1);
    expect(binomialUpperTail(11, 10, 0.3)).toBe(0);
  });
  it('the normal tail', () => {
    expect(normalUpperTail(1.959964)).toBeCloseTo(0.025, 6);
    expect(normalUpperTail(-1.959964)).toBeCloseTo(0.975, 6);
  });
  it("Student's t tail matches published critical values, and the incomplete beta its closed forms", () => {
    // two-sided 5 % critical values: df 3 → 3.182, df 10 → 2.228; one-sided 0.1 % at df 20 → 3.552
    expect(studentTUpperTail(3.182, 3)).toBeCloseTo(0.025, 4);
    expect(studentTUpperTail(2.228, 10)).toBeCloseTo(0.025, 4);
    expect(studentTUpperTail(3.552, 20)).toBeCloseTo(0.001, 5);
    expect(studentTUpperTail(-2.228, 10)).toBeCloseTo(0.975, 4);
    expect(studentTUpperTail(0, 7)).toBeCloseTo(0.5, 12);
    // I_x(1, 1) = x; I_x(2, 1) = x²
    expect(betaIncomplete(1, 1, 0.3)).toBeCloseTo(0.3, 12);
    expect(betaIncomplete(2, 1, 0.6)).toBeCloseTo(0.36, 12);
  });
});
