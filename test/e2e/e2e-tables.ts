/** The shared studio's tables (test/e2e/studio.global.ts): the demo set at a test pace, and tables only one file uses. */
import { demoTables, type DemoTable } from '../../apps/cli/src/studio/demo-tables.js';

/** Betting window and pause between rounds on the demo tables (the demo set: 12–15 s and 4 s). */
export const E2E_PACE = { betWindowS: 10, pauseS: 2 } as const;

/** Tables only one file uses (it changes them: another file's rounds there would be voided or stopped). */
export const E2E_ONLY_TABLES = {
  /** dealer.e2e.ts: the dealer opens rounds by hand, closes betting early and voids. */
  dealer: 'Baccarat 2',
  /** pit-boss.e2e.ts: a round voided by the pit boss (a long window: time to approve before the wheel spins). */
  pit: 'Roulette 3',
  /** player.e2e.ts: the lobby counts the players at it (nobody else may open it). */
  lobby: 'Roulette 2',
} as const;

export function e2eTables(): DemoTable[] {
  const demo = demoTables().map((t) => ({ ...t, betWindowS: Math.min(t.betWindowS ?? E2E_PACE.betWindowS, E2E_PACE.betWindowS), ...(t.cadence ? { cadence: { ...t.cadence, pauseS: E2E_PACE.pauseS } } : {}) }));
  const like = (name: string): DemoTable => {
    const t = demo.find((x) => x.name === name);
    if (!t) throw new Error(`no demo table ${name}`);
    return t;
  };
  const roulette = like('Roulette 1');
  const baccarat = like('Baccarat 1');
  return [
    ...demo,
    { ...roulette, name: E2E_ONLY_TABLES.lobby, devices: [{ deviceId: 'wheel-2', kind: 'wheel' }, { deviceId: 'timer-2', kind: 'timer' }] },
    { ...roulette, name: E2E_ONLY_TABLES.pit, betWindowS: 25, devices: [{ deviceId: 'wheel-3', kind: 'wheel' }, { deviceId: 'timer-3', kind: 'timer' }] },
    { ...baccarat, name: E2E_ONLY_TABLES.dealer, devices: [{ deviceId: 'shoe-12', kind: 'shoe' }] },
  ];
}
