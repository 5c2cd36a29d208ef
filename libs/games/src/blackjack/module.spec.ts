import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Card } from '../cards/card.js';
import { createShoe } from '../cards/shoe.js';
import { gameModule } from '../registry.js';
import { blackjackModule, blackjackRtp, blackjackSettleOffline, insuranceRtp } from './module.js';
import { blackjackProfiles, standardProfile } from './profiles.js';
import { simulateRound } from './simulate.js';

const RUNS = Number(process.env.PROPERTY_RUNS ?? 150);

const mainRow = (profileId: string, rounds: number, seed = 7) => {
  const r = blackjackRtp(profileId, { rounds, seed });
  if (!r.ok) throw new Error(JSON.stringify(r.violation));
  const row = r.value.rows.find((x) => x.bet === 'main');
  if (!row) throw new Error('no main row');
  return row;
};

describe('felt rtp blackjack', () => {
  it('is registered as the blackjack game module', () => {
    expect(gameModule('blackjack')).toBe(blackjackModule);
    expect(blackjackModule.defaultProfile).toBe('standard');
  });

  it('standard table: simulated RTP about 99.5 % with a 95 % interval and sample size', () => {
    const row = mainRow('standard', 200_000);
    expect(row.method).toBe('simulation');
    expect(row.samples).toBe(200_000);
    expect(row.ci95).toBeGreaterThan(0.002);
    expect(row.ci95).toBeLessThan(0.007);
    expect(Math.abs(row.rtp - 0.995)).toBeLessThan(0.01);
    expect(row.houseEdge).toBeCloseTo(1 - row.rtp, 12);
  });

  it('bet behind row: simulated on the same rounds, following the seat’s basic strategy at its own stake (RAY-8.1) — below the seat’s own RTP, which gains from its doubles and splits', () => {
    const r = blackjackRtp('standard', { rounds: 200_000, seed: 7 });
    if (!r.ok) throw new Error(JSON.stringify(r.violation));
    const behind = r.value.rows.find((x) => x.bet === 'behind');
    const main = r.value.rows.find((x) => x.bet === 'main');
    expect(behind).toMatchObject({ method: 'simulation', samples: 200_000 });
    expect(behind?.note).toContain('first hand');
    expect(behind && main && behind.rtp < main.rtp).toBe(true);
    expect(behind && Math.abs(behind.rtp - 0.985)).toBeLessThan(0.02);
    expect(behind?.ci95).toBeGreaterThan(0.001);
    expect(behind?.ci95).toBeLessThan(0.006);
  });

  it('is reproducible by seed and changes with the seed', () => {
    expect(mainRow('standard', 20_000, 3).rtp).toBe(mainRow('standard', 20_000, 3).rtp);
    expect(mainRow('standard', 20_000, 3).rtp).not.toBe(mainRow('standard', 20_000, 4).rtp);
  });

  it('on the same cards a lower Blackjack payout gives a lower RTP (RAY B 3:2 > 7:5 > 6:5 > 1:1; RAY A 2:1 > 3:2)', () => {
    const b = ['ray-b', 'ray-b-7to5', 'ray-b-6to5', 'ray-b-1to1'].map((id) => mainRow(id, 30_000).rtp);
    for (let i = 1; i < b.length; i++) expect(b[i]).toBeLessThan(b[i - 1] as number);
    expect(mainRow('ray-a-2to1', 30_000).rtp).toBeGreaterThan(mainRow('ray-a', 30_000).rtp);
  });

  it('RAY version A (dealer wins ties) returns far less than version B on the same cards', () => {
    expect(mainRow('ray-a', 50_000).rtp).toBeLessThan(mainRow('ray-b', 50_000).rtp - 0.05);
  });

  it('insurance row is exact: 8 decks with the dealer Ace out, 128 tens of 415 cards, pays 2:1 → 384/415', () => {
    expect(insuranceRtp(standardProfile)).toEqual({ rtp: 384 / 415, exact: '384/415' });
    const r = blackjackRtp('standard', { rounds: 1_000 });
    expect(r.ok && r.value.rows.find((x) => x.bet === 'insurance')).toMatchObject({ method: 'exact', exact: '384/415' });
  });

  it('rejects an unknown profile with a code', () => {
    const r = blackjackRtp('nope');
    expect(!r.ok && r.violation.code).toBe('UNKNOWN_PROFILE');
  });
});

describe('felt settle blackjack (settleOffline, GEN-8)', () => {
  const example = { seats: [{ seat: 1, playerId: 'p1', betId: 'b1', stakeMinor: 100, actions: ['hit', 'stand'] }], cards: ['AS', '9H', '6D', 'KS', 'TC'] };

  it('replays the documented example: soft 17 hits to hard 17 and loses to the dealer 19', () => {
    const r = blackjackSettleOffline('standard', example);
    expect(r.ok && r.value).toMatchObject({ voided: false, houseResultMinor: 100, lines: [{ betId: 'b1', returnMinor: 0, outcome: 'lose' }] });
  });

  it('settles doubles, splits and insurance with derived bet ids', () => {
    const r = blackjackSettleOffline('standard', {
      seats: [
        { seat: 2, playerId: 'p1', betId: 'a', stakeMinor: 100, actions: ['insurance', 'split', 'double', 'stand'] },
        { seat: 5, playerId: 'p2', betId: 'b', stakeMinor: 100, actions: ['no-insurance', 'stand'] },
      ],
      // seat 2: 8 8, seat 5: T 9, dealer A up / 7 hole (no BJ: insurance lost); split hands: 8+3 doubled +T = 21, 8+9 = 17 stand; dealer A7 = soft 18 stands
      cards: ['8S', 'TH', 'AD', '8C', '9S', '7D', '3H', 'TD', '9C'],
    });
    if (!r.ok) throw new Error(JSON.stringify(r.violation));
    const byId = Object.fromEntries(r.value.lines.map((l) => [l.betId, l.returnMinor]));
    expect(byId).toEqual({ a: 200, 'a:double:0': 200, 'a:split:0': 0, 'a:insurance:0': 0, b: 200 });
    expect(r.value.lines.find((l) => l.betId === 'a:split:0')?.stakeMinor).toBe(100);
  });

  it.each([
    [null, 'INVALID_INPUT'],
    [{ seats: [], cards: [] }, 'INVALID_INPUT'],
    [{ ...example, cards: ['ZZ'] }, 'INVALID_INPUT'],
    [{ ...example, seats: [{ ...example.seats[0], stakeMinor: 1.5 }] }, 'INVALID_INPUT'],
    [{ ...example, seats: [{ ...example.seats[0], seat: 8 }] }, 'INVALID_INPUT'],
    [{ ...example, seats: [{ ...example.seats[0], actions: ['fold'] }] }, 'INVALID_INPUT'],
    [{ ...example, cards: ['AS', '9H', '6D'] }, 'CARDS_EXHAUSTED'],
    [{ ...example, cards: [...example.cards, '2C'] }, 'MISDEAL'],
    [{ ...example, seats: [{ ...example.seats[0], actions: ['hit'] }] }, 'ACTIONS_EXHAUSTED'],
    [{ ...example, seats: [{ ...example.seats[0], actions: ['stand', 'hit'] }], cards: ['AS', '9H', '6D', 'KS'] }, 'UNUSED_ACTIONS'],
    [{ ...example, seats: [{ ...example.seats[0], actions: ['double'] }] }, 'DOUBLE_NOT_ALLOWED' + ':ray-a'],
  ])('rejects bad input %j with %s', (input, expected) => {
    const [code, profile] = expected.split(':') as [string, string | undefined];
    const r = blackjackSettleOffline(profile ?? 'standard', input);
    expect(!r.ok && r.violation.code).toBe(code);
  });

  it('the RTP simulator settles every round exactly as the kernel does (same shoe, same decisions)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.constantFrom(...Object.keys(blackjackProfiles)), (seed, profileId) => {
        const p = blackjackProfiles[profileId];
        if (!p) throw new Error(profileId);
        const order = createShoe({ decks: p.decks }, seed).order;
        let i = 0;
        const sim = simulateRound(p, () => order[i++] as Card, 100);
        const r = blackjackSettleOffline(profileId, { seats: [{ seat: 1, playerId: 'p1', betId: 'b1', stakeMinor: 100, actions: sim.actions }], cards: order.slice(0, sim.cardsUsed), behind: [{ seat: 1, playerId: 'p2', betId: 'x1', stakeMinor: 100 }] });
        if (!r.ok) throw new Error(`${profileId} seed ${seed}: ${JSON.stringify(r.violation)}`);
        const seatLines = r.value.lines.filter((l) => l.betId !== 'x1');
        expect(seatLines.reduce((a, l) => a + l.stakeMinor, 0)).toBe(sim.stakedMinor);
        expect(seatLines.reduce((a, l) => a + l.returnMinor, 0)).toBe(sim.returnMinor);
        // the bet behind (felt rtp's `behind` row) settles in the simulator exactly as in the kernel
        expect(r.value.lines.find((l) => l.betId === 'x1')?.returnMinor).toBe(sim.behindReturnMinor);
      }),
      { numRuns: RUNS * 4 },
    );
  });
});
