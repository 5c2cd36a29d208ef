import { describe, expect, it } from 'vitest';
import { sharedPatterns, type PatternBet } from './shared-patterns.js';
import { simGroupIds, simulatePatternBets } from './simulate-patterns.js';

/** Rounds [from, to) of every table. */
const rounds = (bets: readonly PatternBet[], from: number, to: number): PatternBet[] =>
  bets.filter((b) => {
    const k = Number(b.roundId.split('-')[1]);
    return k >= from && k < to;
  });

/** The first round count (evaluated every `every` rounds) at which all of `members` sit in one alarming group, or null. */
function roundsToDetect(bets: readonly PatternBet[], members: readonly string[], every: number, max: number): number | null {
  for (let n = every; n <= max; n += every) {
    const r = sharedPatterns(rounds(bets, 0, n));
    if (r.groups.some((g) => members.every((m) => g.players.includes(m)))) return n;
  }
  return null;
}

describe('shared betting patterns (issue 23 §5)', () => {
  it('a pair that always bets red together is expected to when both always bet red in the last second; the same pair on straight numbers is not', () => {
    const bet = (playerId: string, r: number, spot: string, ms: number): PatternBet => ({ playerId, tableId: 't', roundId: `r-${r}`, spot, amount: 100, acceptedAt: r * 30_000 - ms, msBeforeClose: ms });
    const red = Array.from({ length: 40 }, (_, r) => [bet('a', r, 'red', 300), bet('b', r, 'red', 400)]).flat();
    const reds = sharedPatterns(red);
    expect(reds.topPairs[0]).toMatchObject({ players: ['a', 'b'], sharedRounds: 40, coBets: 40, alarm: false });
    expect(reds.topPairs[0]!.expected).toBeGreaterThan(35);
    // the same two following one signal: a different number every round, 100 ms apart
    const signal = Array.from({ length: 40 }, (_, r) => [bet('a', r, `straight-${r % 37}`, 300 + 50 * (r % 40)), bet('b', r, `straight-${r % 37}`, 400 + 50 * (r % 40))]).flat();
    const s = sharedPatterns(signal);
    expect(s).toMatchObject({ alarm: true, pairsTested: 1 });
    expect(s.groups[0]).toMatchObject({ players: ['a', 'b'], coBets: 40, tables: ['t'] });
    expect(s.groups[0]!.evidence[0]).toMatchObject({ roundId: 'r-39', players: ['a', 'b'], gapMs: 100 });
  });

  it('needs 10 shared rounds and 5 co-bets before it judges a pair', () => {
    const bet = (playerId: string, r: number): PatternBet => ({ playerId, tableId: 't', roundId: `r-${r}`, spot: `straight-${r}`, amount: 100, acceptedAt: r * 30_000, msBeforeClose: 1_000 });
    const nine = Array.from({ length: 9 }, (_, r) => [bet('a', r), bet('b', r)]).flat();
    expect(sharedPatterns(nine)).toMatchObject({ pairsTested: 0, pValue: 1, alarm: false, groups: [] });
  });

  it('fair players (a third on red or black, half in the last 3 s, a third at two tables): no alarm on 4 seeds × 300 rounds at two tables, evaluated every 25 rounds over the last 200 (α = 0.001)', () => {
    const alarms: string[] = [];
    for (let seed = 1; seed <= 4; seed++) {
      const bets = simulatePatternBets({ tables: 2, rounds: 300, playersPerTable: 20, seed });
      for (let n = 25; n <= 300; n += 25) {
        const r = sharedPatterns(rounds(bets, Math.max(0, n - 200), n));
        if (r.alarm) alarms.push(`seed ${seed} at ${n}: ${r.groups.map((g) => g.players.join('+')).join(', ')}`);
        expect(r.pairsTested).toBeGreaterThan(100);
      }
    }
    expect(alarms).toEqual([]);
  });

  it('a planted group of 3 accounts copying one signal (same spot within 200 ms, at two tables, 90 % of rounds) is one group within 20 rounds on each of 6 seeds; its evidence spans both tables', () => {
    const members = simGroupIds(3);
    for (let seed = 11; seed <= 16; seed++) {
      const bets = simulatePatternBets({ tables: 2, rounds: 20, playersPerTable: 20, seed, group: { size: 3, tables: 2, spreadMs: 200, presence: 0.9 } });
      expect(roundsToDetect(bets, members, 5, 20), `seed ${seed}`).not.toBeNull();
      const r = sharedPatterns(bets);
      expect(r.groups.map((g) => g.players)).toEqual([members]);
      const g = r.groups[0]!;
      expect(g.tables).toHaveLength(2);
      // their own bets meet now and then too; the signal's within 200 ms
      expect(g.evidence.filter((c) => c.gapMs <= 200).length).toBeGreaterThanOrEqual(0.8 * g.evidence.length);
      expect(g.coBets).toBeGreaterThan(g.pairs[0]!.expected * 5);
    }
  });

  it('the same group in 30 % of rounds is found (at least two of it) within 100 rounds on each of 6 seeds', () => {
    for (let seed = 21; seed <= 26; seed++) {
      const bets = simulatePatternBets({ tables: 2, rounds: 100, playersPerTable: 20, seed, group: { size: 3, tables: 2, spreadMs: 200, presence: 0.3 } });
      const r = sharedPatterns(bets);
      expect(r.alarm, `seed ${seed}`).toBe(true);
      expect(r.groups.every((g) => g.players.every((p) => p.startsWith('grp'))), `seed ${seed}`).toBe(true);
    }
  });
});
