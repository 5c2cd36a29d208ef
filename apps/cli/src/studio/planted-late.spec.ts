import { describe, expect, it } from 'vitest';
import { createRng, integrity } from '@felt-studio/games';
import type { FeltClient } from '@felt-studio/client-sdk';
import { PLANTED_LATE, PlantedLateBettor } from './planted-late.js';

/** A table whose rounds close at `closesAt`; the wheel's next pocket is `next` (what the leak reads). */
function rig(seed: number) {
  const rng = createRng(seed);
  let clock = 1_800_000_000_000;
  let round = 0;
  let closesAt = clock + 15_000;
  let next = rng.int(37);
  const placed: { roundId: string; spot: string; at: number; closesAt: number; pocket: number }[] = [];
  const client = {
    currentRound: async () => ({ roundId: `rnd_${round}`, view: { phase: 'betting', bettingClosesAt: closesAt } }),
    placeBet: async (_t: string, b: { spot: string }) => void placed.push({ roundId: `rnd_${round}`, spot: b.spot, at: clock, closesAt, pocket: next }),
  } as unknown as FeltClient;
  const bettor = new PlantedLateBettor(client, 'tbl_r2', { peekNextPocket: () => next }, () => rng.next(), () => undefined, () => clock, async (ms) => void (clock += ms));
  const nextRound = (): void => {
    round++;
    clock = closesAt + 25_000;
    closesAt = clock + 15_000;
    next = rng.int(37);
  };
  return { bettor, placed, nextRound };
}

describe('the planted late bettor (issue 23 §5, felt studio --plant-anomalies)', () => {
  it('bets once a round, a straight up ~1.2 s before the close — on the leaked pocket in about 40 % of rounds', async () => {
    const r = rig(3);
    for (let i = 0; i < 200; i++) {
      expect(await r.bettor.round()).toMatch(/^straight:\d+$/);
      expect(await r.bettor.round()).toBeNull(); // once a round
      r.nextRound();
    }
    expect(r.placed).toHaveLength(200);
    expect(r.placed.every((p) => p.closesAt - p.at === PLANTED_LATE.beforeCloseMs)).toBe(true);
    const leaked = r.placed.filter((p) => p.spot === `straight:${p.pocket}`).length / r.placed.length;
    expect(leaked).toBeGreaterThan(0.3);
    expect(leaked).toBeLessThan(0.55);
  });

  it('the late-bettor detector flags its account within 20–40 rounds on 5 seeds; the same account betting blind is not flagged', async () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const r = rig(seed);
      const bets: integrity.TimedBet[] = [];
      let flaggedAt: number | null = null;
      for (let i = 0; i < 40 && flaggedAt === null; i++) {
        await r.bettor.round();
        const p = r.placed.at(-1)!;
        bets.push({ playerId: 'bot_robot3', msBeforeClose: p.closesAt - p.at, pWin: 1 / 37, won: p.spot === `straight:${p.pocket}` });
        if (integrity.lateBettors(bets)[0]?.alarm) flaggedAt = i + 1;
        r.nextRound();
      }
      expect(flaggedAt, `seed ${seed}`).not.toBeNull();
      expect(flaggedAt!).toBeGreaterThanOrEqual(integrity.LATE_BETS_DEFAULTS.minLate);
    }
    // blind: the same timing, a random pocket every round
    const rng = createRng(9);
    const blind: integrity.TimedBet[] = Array.from({ length: 2_000 }, () => ({ playerId: 'blind', msBeforeClose: PLANTED_LATE.beforeCloseMs, pWin: 1 / 37, won: rng.int(37) === rng.int(37) }));
    expect(integrity.lateBettors(blind)[0]?.alarm).toBe(false);
  });
});
