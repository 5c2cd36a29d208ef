import { describe, expect, it } from 'vitest';
import { integrity } from '@felt-studio/games';
import { ShoeSim } from '@felt-studio/hardware-sim';
import { counterStake, PLANTED_COUNTER } from './planted-counter.js';

describe('the planted card counter (issue 23 §3, felt studio --plant-anomalies)', () => {
  it('spreads 1–8 units with the Hi-Lo true count of the cards dealt', () => {
    expect(counterStake([], 8, 500)).toBe(500);
    // 8 decks, 52 low cards out: running +52 over 364 cards left (7 decks) → true count ≈ 7.4 → 8 units
    const low = Array.from({ length: 52 }, (_, i) => (['2S', '3H', '4D', '5C', '6S'] as const)[i % 5]);
    expect(counterStake(low, 8, 500)).toBe(4000);
    expect(counterStake(low.slice(0, 15), 8, 500)).toBe(500); // +15 over 401 cards (7.7 decks): +1.95
    expect(counterStake(low.slice(0, 16), 8, 500)).toBe(1000); // +16 over 400 cards: +2.08
  });

  it('betting on the simulated shoe as the studio deals it (8 decks, cut at half), it is flagged by the monitor beside a flat bettor', () => {
    const sched = { now: () => 0, setTimeout: () => ({}) as never, clearTimeout: () => undefined } as never;
    const shoe = new ShoeSim({ scheduler: sched, seed: 31, decks: 8, cutFromEnd: 208, insertOnStart: false });
    const rounds: integrity.CountedRound[] = [];
    let flaggedAt: number | null = null;
    for (let s = 0; s < 30 && flaggedAt === null; s++) {
      shoe.insert();
      let r = 0;
      while (shoe.cardsDealt < 208) {
        const count = new integrity.ShoeCount(8);
        for (const c of shoe.dealtCards) count.see(c);
        rounds.push({ shoe: `s${s}`, trueCount: count.trueCount, stakes: { counter: counterStake(shoe.dealtCards, 8, PLANTED_COUNTER.unit), flat: 500 } });
        for (let k = 0; k < 12 + ((r++ * 7) % 9); k++) shoe.dealNext();
      }
      const counter = integrity.advantagePlay(rounds).find((p) => p.playerId === 'counter')!;
      if (counter.alarm) flaggedAt = s + 1;
    }
    expect(flaggedAt).not.toBeNull();
    expect(flaggedAt!).toBeLessThanOrEqual(30);
    expect(integrity.advantagePlay(rounds).find((p) => p.playerId === 'flat')!.alarm).toBe(false);
  });
});
