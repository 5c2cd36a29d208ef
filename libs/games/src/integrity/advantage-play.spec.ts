import { describe, expect, it } from 'vitest';
import type { Card } from '../cards/card.js';
import { advantagePlay, pairChance, runningCount, ShoeCount, trueCount, type CountedRound } from './advantage-play.js';
import { simBettors, simulateCountedTable, SIM_TABLES, type SimBettor } from './simulate.js';

/** The shoe (1-based) after which `player` is first flagged, evaluating after every `every` shoes; null when never. */
function firstFlag(rounds: readonly CountedRound[], player: string, every = 1): { shoe: number; bets: number; test: string } | null {
  const shoes = [...new Set(rounds.map((r) => r.shoe))];
  for (let k = 6; k <= shoes.length; k += every) {
    const upto = rounds.filter((r) => shoes.indexOf(r.shoe) < k);
    const rep = advantagePlay(upto).find((r) => r.playerId === player);
    if (rep?.alarm) return { shoe: k, bets: rep.bets, test: rep.tests.reduce((a, b) => (b.pValue < a.pValue ? b : a)).name };
  }
  return null;
}

const table = (game: keyof typeof SIM_TABLES, shoes: number, seed: number, bettors: Record<string, SimBettor>): CountedRound[] => simulateCountedTable({ ...SIM_TABLES[game], shoes, seed }, bettors);

describe('advantage play (issue 23 §3)', () => {
  it('counts Hi-Lo: 2–6 +1, 7–9 0, tens and aces −1; the true count per deck left; the pair chance of the remaining shoe', () => {
    const cards: Card[] = ['2S', '6H', '7D', '9C', 'TS', 'KH', 'AD', '5C'];
    expect(runningCount(cards)).toBe(0);
    expect(runningCount(['2S', '3S', '4S'])).toBe(3);
    expect(trueCount(6, 104)).toBe(3);
    expect(trueCount(6, 10)).toBe(12); // never divides by less than half a deck
    const c = new ShoeCount(1);
    for (const x of ['2S', '3S', '4S', '5S'] as const) c.see(x);
    expect(c.running).toBe(4);
    expect(c.trueCount).toBeCloseTo(4 / (48 / 52), 12);
    // one deck: 13 ranks × 4 → P(pair) = 13 · 4 · 3 / (52 · 51) = 3/51
    expect(pairChance({ A: 4, '2': 4, '3': 4, '4': 4, '5': 4, '6': 4, '7': 4, '8': 4, '9': 4, T: 4, J: 4, Q: 4, K: 4 })).toBeCloseTo(3 / 51, 12);
    expect(new ShoeCount(8).pairChance).toBeCloseTo((13 * 32 * 31) / (416 * 415), 12);
  });

  it('fair bettors (flat, 1–8 at random, streaky sessions, random pair bets): no alarm over 8 seeded tables × 30 shoes of blackjack and of baccarat, evaluated every 4 shoes (α = 0.001)', () => {
    const alarms: string[] = [];
    let evaluations = 0;
    for (const game of ['blackjack', 'baccarat'] as const) {
      for (let seed = 1; seed <= 8; seed++) {
        const rounds = table(game, 30, seed, { flat: simBettors.flat(), random: simBettors.random(), streaky: simBettors.streaky(), pair: simBettors.pairPunter() });
        const shoes = [...new Set(rounds.map((r) => r.shoe))];
        for (let k = 6; k <= 30; k += 4) {
          for (const rep of advantagePlay(rounds.filter((r) => shoes.indexOf(r.shoe) < k))) {
            evaluations++;
            if (rep.alarm) alarms.push(`${game} seed ${seed} ${rep.playerId} after ${k} shoes (p ${rep.pValue})`);
          }
        }
      }
    }
    expect(evaluations).toBe(2 * 8 * 7 * 4);
    expect(alarms).toEqual([]);
  });

  it('a Hi-Lo counter with a 1–8 spread at blackjack (8 decks, cut at half) is flagged by the spread test within 25 shoes (~325 rounds) on each of 8 seeds, beside a flat bettor who is not', () => {
    for (let seed = 100; seed < 108; seed++) {
      const rounds = table('blackjack', 25, seed, { counter: simBettors.counter(), flat: simBettors.flat() });
      const hit = firstFlag(rounds, 'counter');
      expect(hit, `seed ${seed}`).not.toBeNull();
      expect(hit!.test).toBe('spread');
      const final = advantagePlay(rounds);
      expect(final.find((r) => r.playerId === 'flat')!.alarm).toBe(false);
      const c = final.find((r) => r.playerId === 'counter')!;
      expect(c.correlation).toBeGreaterThan(0.1);
      expect(c.minStake).toBe(100);
      expect(c.maxStake).toBeGreaterThan(c.minStake);
      // the evidence: the mean stake rises with the count
      for (const b of c.chart.filter((x) => x.bets > 0)) {
        if (b.trueCount <= 1) expect(b.meanStake).toBe(100);
        if (b.trueCount >= 3) expect(b.meanStake).toBeGreaterThanOrEqual(200);
      }
    }
  });

  it('a wonger (sits out until +2) is flagged by the wonging test, and a baccarat pair hunter by the side test, within 20 shoes', () => {
    for (let seed = 200; seed < 206; seed++) {
      const w = firstFlag(table('blackjack', 30, seed, { wonger: simBettors.wonger(), flat: simBettors.flat() }), 'wonger', 2);
      expect(w, `wonger seed ${seed}`).not.toBeNull();
      expect(w!.shoe).toBeLessThanOrEqual(30);
      expect(w!.test).toBe('wonging');
      const p = firstFlag(table('baccarat', 20, seed, { hunter: simBettors.pairHunter(), flat: simBettors.flat() }), 'hunter', 2);
      expect(p, `pair hunter seed ${seed}`).not.toBeNull();
      expect(p!.test).toBe('side');
    }
  });

  it('is reproducible: the same rounds give the same p-values (a fixed permutation seed)', () => {
    const rounds = table('blackjack', 10, 9, { counter: simBettors.counter(), random: simBettors.random() });
    expect(advantagePlay(rounds)).toEqual(advantagePlay(rounds));
  });
});
