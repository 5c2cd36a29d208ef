import { describe, expect, it } from 'vitest';
import { binomialUpperTail } from './stats.js';
import { lateBettors, poissonBinomialUpperTail } from './late-bets.js';
import { simTimedBettors, simulateTimedBets } from './simulate.js';

/** The number of the player's bets after which they are first flagged (evaluated every `every` bets), or null. */
function firstFlag(bets: ReturnType<typeof simulateTimedBets>, player: string, every: number): number | null {
  const mine = bets.filter((b) => b.playerId === player);
  for (let n = every; n <= mine.length; n += every) if (lateBettors(mine.slice(0, n))[0]!.alarm) return n;
  return null;
}

describe('late bettors (issue 23 §5)', () => {
  it('the Poisson-binomial tail is exact: equal chances give the binomial tail; small cases by hand', () => {
    expect(poissonBinomialUpperTail(3, [0.5, 0.5, 0.5, 0.5])).toBeCloseTo(5 / 16, 14);
    expect(poissonBinomialUpperTail(12, Array(300).fill(1 / 37))).toBeCloseTo(binomialUpperTail(12, 300, 1 / 37), 10);
    // P(both) = 0.2 · 0.5; P(at least one) = 1 − 0.8 · 0.5
    expect(poissonBinomialUpperTail(2, [0.2, 0.5])).toBeCloseTo(0.1, 14);
    expect(poissonBinomialUpperTail(1, [0.2, 0.5])).toBeCloseTo(0.6, 14);
    expect(poissonBinomialUpperTail(0, [0.2])).toBe(1);
    expect(poissonBinomialUpperTail(3, [0.2, 0.5])).toBe(0);
  });

  it('fair bettors, early, late and in between: no alarm over 10 seeds × 2 000 bets each, evaluated every 100 bets (α = 0.001)', () => {
    const alarms: string[] = [];
    for (let seed = 1; seed <= 10; seed++) {
      const bets = simulateTimedBets(2_000, seed, { early: simTimedBettors.early, late: simTimedBettors.late, mixed: simTimedBettors.mixed });
      for (const p of ['early', 'late', 'mixed']) {
        const hit = firstFlag(bets, p, 100);
        if (hit !== null) alarms.push(`seed ${seed} ${p} after ${hit}`);
      }
    }
    expect(alarms).toEqual([]);
  });

  it('a ballistics player (last second, a 9-pocket sector hitting 1.5× as often) is flagged within 600 bets on each of 10 seeds; the report shows the late wins against their expectation', () => {
    for (let seed = 100; seed < 110; seed++) {
      const bets = simulateTimedBets(600, seed, { ballistic: simTimedBettors.ballistic, late: simTimedBettors.late });
      expect(firstFlag(bets, 'ballistic', 50), `seed ${seed}`).not.toBeNull();
      const [top] = lateBettors(bets);
      expect(top!.playerId).toBe('ballistic');
      expect(top!.lateShare).toBe(1);
      expect(top!.lateWins).toBeGreaterThan(top!.lateExpected);
      expect(top!.timing[0]!.bets).toBe(600);
    }
  });

  it('needs 20 late bets before it judges anyone', () => {
    const few = simulateTimedBets(19, 1, { ballistic: { ...simTimedBettors.ballistic, edge: 4 } });
    expect(lateBettors(few)[0]).toMatchObject({ late: 19, pValue: 1, alarm: false });
  });
});
