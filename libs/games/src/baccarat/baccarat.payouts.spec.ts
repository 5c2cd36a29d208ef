import { describe, expect, it } from 'vitest';
import type { Card } from '../cards/card.js';
import { settleBets, spotReturn } from './baccarat.payouts.js';
import { baccaratProfiles, type BaccaratProfile } from './baccarat.profiles.js';
import { handResult, type HandResult } from './baccarat.rules.js';

const hand = (cards: Card[]): HandResult => {
  const r = handResult(cards);
  if (!r) throw new Error(`not a complete hand: ${cards.join(' ')}`);
  return r;
};

const PB = baccaratProfiles['punto-banco'];
const NC = baccaratProfiles['no-commission'];
const PAIRS = baccaratProfiles['punto-banco-pairs'];

/** P 2+K = 2, B 7+K = 7: Player draws 3 → 5; Banker 7 stands → Banker wins 7–5. */
const BANKER_7: HandResult = hand(['2S', '7H', 'KD', 'KC', '3S']);
/** P 9 natural vs B 0. */
const PLAYER_9: HandResult = hand(['9S', 'KH', 'KD', 'QC']);
/** Both 6 on two cards: both stand, tie 6–6. */
const TIE_6: HandResult = hand(['6S', '6H', 'KD', 'QC']);
/** P 5 draws an 8 → 3; Banker 6 stands against an 8 (BAC-16) → Banker wins 6–3. */
const BANKER_6: HandResult = hand(['5S', '6H', 'KD', 'KC', '8S']);

describe('Banker commission (BAC-8, BAC-11)', () => {
  it('sanity of the fixtures: Banker 7–5, Player natural 9, tie 6–6, Banker 6–3', () => {
    expect([BANKER_7.outcome, BANKER_7.bankerPoints, BANKER_7.playerPoints]).toEqual(['banker', 7, 5]);
    expect([PLAYER_9.outcome, PLAYER_9.natural]).toEqual(['player', true]);
    expect([TIE_6.outcome, TIE_6.playerPoints]).toEqual(['tie', 6]);
    expect([BANKER_6.outcome, BANKER_6.bankerPoints, BANKER_6.playerPoints]).toEqual(['banker', 6, 3]);
  });
  for (const [stake, win] of [
    [1, 0],
    [19, 18],
    [20, 19],
    [21, 19],
    [101, 95],
    [999, 949],
    [1001, 950],
    [12345, 11727],
  ] as const) {
    it(`a winning Banker stake of ${stake} wins ${win}: 5 % commission rounded down in the player's disfavour (BAC-11)`, () => {
      const r = spotReturn(PB, 'banker', stake, BANKER_7);
      expect(r).toEqual({ returnMinor: stake + win, outcome: 'win', rules: ['BAC-5', 'BAC-8', 'BAC-11'] });
      // never more than one minor unit below the exact 0.95 × stake
      expect(stake * 0.95 - win).toBeLessThan(1);
    });
  }
  it('the rounding is a profile field: rounding up pays 951 on 1001 (BAC-11)', () => {
    const up: BaccaratProfile = { ...PB, id: 'up', bankerWinRounding: 'up' };
    expect(spotReturn(up, 'banker', 1001, BANKER_7).returnMinor).toBe(1001 + 951);
    expect(spotReturn(up, 'banker', 1000, BANKER_7).returnMinor).toBe(1000 + 950);
  });
  it('Player pays 1:1 without commission and Banker loses the stake when Player wins (BAC-6, BAC-8)', () => {
    expect(spotReturn(PB, 'player', 1001, PLAYER_9)).toMatchObject({ returnMinor: 2002, outcome: 'win' });
    expect(spotReturn(PB, 'banker', 1001, PLAYER_9)).toMatchObject({ returnMinor: 0, outcome: 'lose' });
    expect(spotReturn(PB, 'player', 1001, BANKER_7)).toMatchObject({ returnMinor: 0, outcome: 'lose' });
  });
});

describe('tie (BAC-5, BAC-6, BAC-7)', () => {
  it('Tie pays 8:1 (BAC-7, BAC-8)', () => {
    expect(spotReturn(PB, 'tie', 250, TIE_6)).toEqual({ returnMinor: 250 * 9, outcome: 'win', rules: ['BAC-7', 'BAC-8'] });
    expect(spotReturn(PB, 'tie', 250, BANKER_7)).toMatchObject({ returnMinor: 0, outcome: 'lose' });
  });
  it('Player and Banker bets are refunded as a push on a tie (BAC-5, BAC-6)', () => {
    expect(spotReturn(PB, 'player', 333, TIE_6)).toEqual({ returnMinor: 333, outcome: 'push', rules: ['BAC-6'] });
    expect(spotReturn(PB, 'banker', 333, TIE_6)).toEqual({ returnMinor: 333, outcome: 'push', rules: ['BAC-5'] });
  });
});

describe('no-commission profile (D-2: a new variant is a new profile)', () => {
  it('Banker wins 1:1 without commission on 7 points', () => {
    expect(spotReturn(NC, 'banker', 1001, BANKER_7).returnMinor).toBe(2002);
  });
  it('a Banker win on 6 pays 1:2, rounded down on odd stakes (BAC-11)', () => {
    expect(spotReturn(NC, 'banker', 1000, BANKER_6).returnMinor).toBe(1500);
    expect(spotReturn(NC, 'banker', 1001, BANKER_6).returnMinor).toBe(1501);
  });
  it('the commission profile pays the same Banker 6 at 19:20', () => {
    expect(spotReturn(PB, 'banker', 1000, BANKER_6).returnMinor).toBe(1950);
  });
});

describe('pair side bets (BAC-10)', () => {
  const pairs = hand(['4S', '7H', '4D', '7C']); // P 8 natural, pairs on both sides
  it('pay 11:1 when the profile enables them', () => {
    expect(spotReturn(PAIRS, 'player-pair', 100, pairs)).toMatchObject({ returnMinor: 1200, outcome: 'win' });
    expect(spotReturn(PAIRS, 'banker-pair', 100, pairs)).toMatchObject({ returnMinor: 1200, outcome: 'win' });
    expect(spotReturn(PAIRS, 'player-pair', 100, BANKER_7)).toMatchObject({ returnMinor: 0, outcome: 'lose' });
  });
  it('are off by default: the spec profile offers no pair spot', () => {
    expect(PB.sideBets).toEqual({ 'player-pair': null, 'banker-pair': null });
  });
});

describe('one bet per spot (BAC-4)', () => {
  it('repeat clicks on Banker are paid as one spot total: 101 + 101 wins 191, not 95 + 95', () => {
    const lines = settleBets(PB, BANKER_7, [
      { betId: 'bet_1', playerId: 'p1', spot: 'banker', stakeMinor: 101 },
      { betId: 'bet_2', playerId: 'p1', spot: 'banker', stakeMinor: 101 },
    ]);
    expect(lines.map((l) => l.betId)).toEqual(['bet_1', 'bet_2']);
    expect(lines.reduce((a, l) => a + l.returnMinor, 0)).toBe(202 + 191);
    expect(lines.map((l) => l.returnMinor)).toEqual([101 + 96, 101 + 95]);
    expect(lines[0]?.rules).toContain('BAC-4');
  });
  it('bets of different players on the same spot are settled separately', () => {
    const lines = settleBets(PB, BANKER_7, [
      { betId: 'bet_1', playerId: 'p1', spot: 'banker', stakeMinor: 101 },
      { betId: 'bet_2', playerId: 'p2', spot: 'banker', stakeMinor: 101 },
    ]);
    expect(lines.map((l) => l.returnMinor)).toEqual([196, 196]);
  });
});
