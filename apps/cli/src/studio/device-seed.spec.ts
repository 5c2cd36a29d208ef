import { describe, expect, it } from 'vitest';
import { demoTables } from './demo-tables.js';
import { deviceSeed } from './device-seed.js';

describe('felt studio device seeds (issue 23: two wheels showed identical spin histograms)', () => {
  it('gives every simulated device of the demo and e2e studios its own seed', () => {
    const demo = demoTables({ rayPoker: true, luckyDiceB: true });
    const roulette = demo.find((t) => t.name === 'Roulette 1');
    if (!roulette) throw new Error('no Roulette 1');
    // the e2e studio's second roulette table (test/e2e/e2e-tables.ts): its wheel is the table's first device, like Roulette 1's
    const tables = [...demo, { ...roulette, name: 'Roulette 2', devices: [{ deviceId: 'wheel-2', kind: 'wheel' as const }, { deviceId: 'timer-2', kind: 'timer' as const }] }];
    const seen = new Map<number, string>();
    for (const t of tables) {
      for (const d of t.devices) {
        const key = `${t.name}/${d.deviceId}`;
        const seed = deviceSeed(20261121, t.name, d.deviceId);
        const clash = seen.get(seed);
        if (clash !== undefined && clash !== key) expect.fail(`${key} and ${clash} share seed ${seed}`);
        seen.set(seed, key);
      }
    }
    expect(seen.size).toBeGreaterThan(10);
  });

  it('depends on the base seed (--seed replays a run, another --seed gives another run)', () => {
    expect(deviceSeed(1, 'Roulette 1', 'wheel-1')).not.toBe(deviceSeed(2, 'Roulette 1', 'wheel-1'));
    expect(deviceSeed(7, 'Roulette 1', 'wheel-1')).toBe(deviceSeed(7, 'Roulette 1', 'wheel-1'));
  });
});
