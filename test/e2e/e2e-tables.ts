/** The shared studio's tables (test/e2e/studio.global.ts): the demo set at a test pace, and tables only one file uses. */
import { demoTables, type DemoTable } from '../../apps/cli/src/studio/demo-tables.js';

/**
 * Betting window and pause between rounds on the demo tables (the demo set: 12–15 s and 4 s). 12 s, not
 * 10: a test checks the open screen for up to 7 s before it bets, and with files and games side by side
 * (issue 19 §6) a 10 s window sometimes closed before the bet (baccarat, 1 in 10); waiting is cheap when
 * the games overlap.
 */
export const E2E_PACE = { betWindowS: 12, pauseS: 2 } as const;

/** Tables only one file uses (it changes them: another file's rounds there would be voided or stopped). */
export const E2E_ONLY_TABLES = {
  /** dealer.e2e.ts: the dealer opens rounds by hand, closes betting early and voids. */
  dealer: 'Baccarat 2',
  /** pit-boss.e2e.ts: a round voided by the pit boss (a long window: time to approve before the wheel spins). */
  pit: 'Roulette 3',
  /** player.e2e.ts: the lobby counts the players at it (nobody else may open it). */
  lobby: 'Roulette 2',
  /** video.e2e.ts: the table with the studio camera (issue 21; the shared studio runs `--no-video`). */
  video: 'Roulette 4',
  /** bet-behind.e2e.ts: a blackjack table of its own (at Blackjack 1 two other files play seats beside it; a CI run saw no seat to bet behind in six rounds). */
  behind: 'Blackjack 2',
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
  const blackjack = like('Blackjack 1');
  return [
    ...demo,
    { ...roulette, name: E2E_ONLY_TABLES.lobby, devices: [{ deviceId: 'wheel-2', kind: 'wheel' }, { deviceId: 'timer-2', kind: 'timer' }] },
    { ...roulette, name: E2E_ONLY_TABLES.pit, betWindowS: 25, devices: [{ deviceId: 'wheel-3', kind: 'wheel' }, { deviceId: 'timer-3', kind: 'timer' }] },
    { ...baccarat, name: E2E_ONLY_TABLES.dealer, devices: [{ deviceId: 'shoe-12', kind: 'shoe' }] },
    { ...blackjack, name: E2E_ONLY_TABLES.behind, devices: [{ deviceId: 'shoe-13', kind: 'shoe' }] },
    // the video table pauses 5 s between rounds (the demo's 4 s, not the test pace's 2 s): an LL-HLS picture 2–3 s
    // behind (a busy CI machine) must still show a result before the next round's opening overtakes it
    { ...roulette, name: E2E_ONLY_TABLES.video, ...(roulette.cadence ? { cadence: { ...roulette.cadence, pauseS: 5 } } : {}), devices: [{ deviceId: 'wheel-4', kind: 'wheel' }, { deviceId: 'timer-4', kind: 'timer' }] },
  ];
}
