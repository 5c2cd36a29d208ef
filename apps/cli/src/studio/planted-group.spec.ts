import { describe, expect, it } from 'vitest';
import { createRng, integrity } from '@felt-studio/games';
import type { FeltClient } from '@felt-studio/client-sdk';
import { BOT_SPOTS, DEMO_ROBOTS } from './demo-tables.js';
import { groupSignal, groupTables, PLANTED_GROUP, PlantedGroup } from './planted-group.js';

const members = DEMO_ROBOTS.map((r) => `bot_${r.username}`);

/**
 * The demo's tables as the monitor sees them: the robots' own bets (each round at each table, 3 in 4 of them
 * bet one random demo spot at a random moment of the 15 s of betting, as studio.ts's demo players do), and with
 * `planted` the signal besides: a moment in the first 3 s, every robot within 200 ms on groupSignal's spot.
 */
function demoRounds(rounds: number, seed: number, planted: boolean): integrity.PatternBet[] {
  const rng = createRng(seed);
  const out: integrity.PatternBet[] = [];
  for (let r = 0; r < rounds; r++) {
    for (const [k, game] of PLANTED_GROUP.games.entries()) {
      const tableId = `${game}-1`;
      const roundId = `rnd_${game}_${r}`;
      const close = 1_800_000_000_000 + r * 40_000 + k * 5_000;
      const bet = (playerId: string, spot: string, unit: number, ms: number): void => void out.push({ playerId, tableId, roundId, spot, amount: unit, acceptedAt: close - Math.round(ms), msBeforeClose: Math.round(ms) });
      const spots = BOT_SPOTS[game]!;
      for (const id of members) {
        if (rng.int(4) === 0) continue;
        const pick = spots[rng.int(spots.length)]!;
        bet(id, pick.spot, pick.unit, rng.next() * 15_000);
      }
      if (!planted) continue;
      const signal = groupSignal(roundId, spots)!;
      const at = 15_000 - rng.next() * PLANTED_GROUP.maxWaitMs;
      for (const id of members) bet(id, signal.spot, signal.unit, at - rng.next() * PLANTED_GROUP.spreadMs);
    }
  }
  return out;
}

describe('the planted betting group (issue 23 §5, felt studio --plant-anomalies)', () => {
  it('the signal is one spot per round, the same for every member, and moves between the spots', () => {
    expect(groupSignal('rnd_a', BOT_SPOTS['roulette']!)).toEqual(groupSignal('rnd_a', BOT_SPOTS['roulette']!));
    const seen = new Set(Array.from({ length: 50 }, (_, i) => groupSignal(`rnd_${i}`, BOT_SPOTS['roulette']!)!.spot));
    expect(seen.size).toBeGreaterThan(5);
    expect(groupSignal('rnd_a', [])).toBeNull();
    expect(groupTables([{ tableId: 'bj', game: 'blackjack' }, { tableId: 'bac1', game: 'baccarat' }, { tableId: 'rou1', game: 'roulette' }, { tableId: 'rou2', game: 'roulette' }]).map((t) => t.tableId)).toEqual(['rou1', 'bac1']);
  });

  it('at the demo\'s tables the monitor flags the three robots as one group within 15 rounds on each of 5 seeds, and nothing without the plant', () => {
    for (let seed = 1; seed <= 5; seed++) {
      let flaggedAt: number | null = null;
      const bets = demoRounds(15, seed, true);
      for (let n = 5; n <= 15 && flaggedAt === null; n++) {
        const r = integrity.sharedPatterns(bets.filter((b) => Number(b.roundId.split('_').at(-1)) < n));
        if (r.groups.some((g) => members.every((m) => g.players.includes(m)))) flaggedAt = n;
      }
      expect(flaggedAt, `seed ${seed}`).not.toBeNull();
      expect(integrity.sharedPatterns(demoRounds(100, seed, false)).alarm, `seed ${seed}`).toBe(false);
    }
  });

  it('each member bets the signal once a round, each after its own wait within 200 ms of the signal\'s moment (no clock: the waits are recorded)', async () => {
    const placed: { who: number; spot: string; waited: number }[] = [];
    let waited = 0;
    const waits: number[] = [];
    const client = (who: number) => ({ currentRound: async () => ({ roundId: 'rnd_7', view: { phase: 'betting' } }), placeBet: async (_t: string, b: { spot: string }) => void placed.push({ who, spot: b.spot, waited }) }) as unknown as FeltClient;
    const sleep = async (ms: number): Promise<void> => {
      waits.push(ms);
      waited = ms;
    };
    const random = createRng(3);
    const g = new PlantedGroup([client(0), client(1), client(2)], [{ tableId: 'rou1', game: 'roulette' }], (game) => BOT_SPOTS[game] ?? [], () => random.next(), () => undefined, sleep);
    await g.round({ tableId: 'rou1', game: 'roulette' });
    await g.round({ tableId: 'rou1', game: 'roulette' }); // the same round: nothing more
    const spot = groupSignal('rnd_7', BOT_SPOTS['roulette']!)!.spot;
    expect(placed.map((p) => [p.who, p.spot]).sort()).toEqual([[0, spot], [1, spot], [2, spot]]);
    // one wait for the signal's moment (up to 3 s into the betting), then one per member below the spread
    expect(waits).toHaveLength(4);
    expect(waits[0]).toBeLessThan(PLANTED_GROUP.maxWaitMs);
    expect(waits.slice(1).every((ms) => ms < PLANTED_GROUP.spreadMs)).toBe(true);
  });
});
