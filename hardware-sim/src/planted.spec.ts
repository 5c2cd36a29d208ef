import { describe, expect, it } from 'vitest';
import { integrity, roulette } from '@felt-studio/games';
import { ShoeSim } from './shoe.sim.js';
import { WheelSim } from './wheel.sim.js';

describe('planted anomalies for the integrity demo (issue 23, felt studio --plant-anomalies)', () => {
  it('a short shoe: every shoe the simulator inserts lacks the planted cards, and the shoe monitor names the rank', () => {
    const sched = { now: () => 0, setTimeout: () => ({}) as never, clearTimeout: () => undefined } as never;
    const shoe = new ShoeSim({ scheduler: sched, seed: 5, decks: 8, cutFromEnd: 7, shortOf: { T: 16 }, insertOnStart: false });
    const sessions: { cards: import('@felt-studio/games').Card[] }[] = [];
    for (let n = 0; n < 2; n++) {
      shoe.insert();
      const order = (shoe as unknown as { order: import('@felt-studio/games').Card[] }).order;
      expect(order).toHaveLength(416 - 16);
      expect(order.filter((c) => c[0] === 'T')).toHaveLength(16);
      sessions.push({ cards: order.slice(0, 312) });
    }
    const r = integrity.shoeIntegrity(sessions, { decks: 8 });
    expect(r.alarm).toBe(true);
    expect(r.suspects).toContain('T');
  });

  it('a biased wheel: pocket 17 comes up about 3× as often, and the wheel monitor flags it within 400 spins', () => {
    const sched = { now: () => 0, setTimeout: () => ({}) as never, clearTimeout: () => undefined } as never;
    const wheel = new WheelSim({ scheduler: sched, seed: 9, bias: { pocket: 17, factor: 3 } });
    const pick = (): number => (wheel as unknown as { pickPocket(): number }).pickPocket();
    const spins = Array.from({ length: 400 }, pick);
    const seventeens = spins.filter((p) => p === 17).length;
    expect(seventeens).toBeGreaterThan(400 * (2 / 37));
    const report = integrity.wheelBias(spins, { pockets: 37, order: roulette.WHEEL_ORDER });
    expect(report.alarm).toBe(true);
    expect(report.suspects).toContain(17);
    const fair = new WheelSim({ scheduler: sched, seed: 9 });
    const fairSpins = Array.from({ length: 4000 }, () => (fair as unknown as { pickPocket(): number }).pickPocket());
    expect(integrity.wheelBias(fairSpins, { pockets: 37, order: roulette.WHEEL_ORDER }).alarm).toBe(false);
  });
});
