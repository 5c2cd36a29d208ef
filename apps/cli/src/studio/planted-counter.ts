import { integrity, type Card } from '@felt-studio/games';

/**
 * The demo's planted card counter (issue 23 §3, `felt studio --plant-anomalies`): a robot at the first
 * blackjack table that counts every card the shoe has dealt (Hi-Lo, as a player watching the table does)
 * and bets 1, 2, 4 or 8 units as the true count is below +2, at +2, +3, or +4 and up — the 1–8 spread the
 * advantage-play monitor is calibrated to catch. It plays every round (a counter never sits out).
 */
export function counterStake(dealt: readonly Card[], decks: number, unit: number): number {
  const count = new integrity.ShoeCount(decks);
  for (const c of dealt) count.see(c);
  const tc = count.trueCount;
  return unit * (tc < 2 ? 1 : tc < 3 ? 2 : tc < 4 ? 4 : 8);
}

/** What the plant is, for the studio's log line. */
export const PLANTED_COUNTER = { unit: 500, spread: [1, 8] } as const;
