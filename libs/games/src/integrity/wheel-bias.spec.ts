import { describe, expect, it } from 'vitest';
import { WHEEL_ORDER } from '../roulette/wheel.js';
import { monitorWheel, wheelBias } from './wheel-bias.js';
import { wheelSpins } from './simulate.js';

const EU = { pockets: 37, order: WHEEL_ORDER } as const;
const MONTH = 43_200; // 60 spins an hour, 30 days

describe('wheel bias (issue 23 §1)', () => {
  it('a fair wheel: at most one false alarm per 30 days over five seeded 30-day runs of the live monitor (216 000 spins, 2 160 evaluations)', () => {
    let alarms = 0;
    for (let seed = 1; seed <= 5; seed++) alarms += monitorWheel(wheelSpins(MONTH, 37, seed), EU).length;
    expect(alarms).toBeLessThanOrEqual(5);
  });

  it('a pocket at 1.5× its fair frequency is flagged, and named, within 6 000 spins on every one of 10 seeded wheels', () => {
    for (let seed = 1; seed <= 10; seed++) {
      const spins = wheelSpins(6_000, 37, 1000 + seed, { pocket: 17, factor: 1.5 });
      const raised = monitorWheel(spins, EU);
      expect(raised.length, `seed ${seed}`).toBeGreaterThan(0);
      const report = wheelBias(spins.slice(0, raised[0]), { ...EU, window: 4000 });
      expect(report.alarm).toBe(true);
      expect(report.suspects).toContain(17);
    }
  });

  it('a tilted wheel (a sector of 9 neighbours each at 1.25×) is flagged with the sector as suspects', () => {
    const sector = WHEEL_ORDER.slice(10, 19);
    const spins: number[] = [];
    const base = wheelSpins(8_000, 37, 77);
    const extra = wheelSpins(8_000, 9, 78);
    base.forEach((s, i) => spins.push(i % 4 === 0 && !sector.includes(s) && i % 8 === 0 ? sector[extra[i]!]! : s));
    const report = wheelBias(spins, EU);
    expect(report.alarm).toBe(true);
    expect(report.suspects.filter((p) => sector.includes(p)).length).toBeGreaterThanOrEqual(5);
  });

  it('a dealer signature: the ball lands a fixed distance on from the last number too often', () => {
    const base = wheelSpins(4_000, 37, 91);
    const spins = [base[0]!];
    for (let i = 1; i < base.length; i++) {
      const prevAt = WHEEL_ORDER.indexOf(spins[i - 1]!);
      spins.push(i % 10 === 0 ? WHEEL_ORDER[(prevAt + 12) % 37]! : base[i]!);
    }
    const report = wheelBias(spins, EU);
    expect(report.alarm).toBe(true);
    expect(report.tests.find((t) => t.name === 'distance')!.pValue).toBeLessThan(1e-4);
  });

  it('reports its evidence: counts with the fair band for each pocket, and no alarm on too few spins', () => {
    const report = wheelBias(wheelSpins(370, 37, 5), EU);
    expect(report.frequencies).toHaveLength(37);
    expect(report.frequencies.reduce((s, f) => s + f.count, 0)).toBe(370);
    for (const f of report.frequencies) expect(f.low).toBeLessThan(f.high);
    expect(wheelBias([1, 2, 3], EU).alarm).toBe(false);
  });
});
