import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { baccaratRoundsFromViews, rouletteNumbersFromViews } from './history.js';

const RUNS = Number(process.env['PROPERTY_RUNS'] ?? 150);
const rou = (n: unknown, phase = 'settled') => ({ phase, result: { number: n, colour: 'red' } });
const bac = (outcome: string, extra: Record<string, unknown> = {}, lastHand = false, phase = 'settled') => ({
  phase,
  lastHand,
  result: { outcome, natural: false, playerPair: false, bankerPair: false, playerPoints: 5, bankerPoints: 3, ...extra },
});

describe('history → display inputs (outside input validated)', () => {
  it('roulette: settled numbers oldest first; void, missing and malformed results skipped', () => {
    const newestFirst = [rou(17), rou(3, 'void'), { phase: 'settled', result: null }, rou(37), rou('5'), null, 'x', rou(0), rou(32)];
    expect(rouletteNumbersFromViews(newestFirst, 'newest-first')).toEqual([32, 0, 17]);
    expect(rouletteNumbersFromViews([rou(1), rou(2)], 'oldest-first')).toEqual([1, 2]);
  });

  it('baccarat: rounds oldest first with flags and points; the current shoe starts after the cut-card round (BAC-18)', () => {
    const oldest = [bac('banker'), bac('player', {}, true), bac('tie', { natural: true }), bac('banker', { bankerPair: true, playerPoints: 10 }), bac('player', {}, false, 'void'), bac('nobody')];
    const h = baccaratRoundsFromViews(oldest, 'oldest-first');
    expect(h.rounds.map((r) => r.outcome)).toEqual(['banker', 'player', 'tie', 'banker']);
    expect(h.currentShoe).toEqual([
      { outcome: 'tie', natural: true, playerPair: false, bankerPair: false, playerPoints: 5, bankerPoints: 3 },
      { outcome: 'banker', natural: false, playerPair: false, bankerPair: true },
    ]);
    expect(baccaratRoundsFromViews(oldest.slice().reverse(), 'newest-first')).toEqual(h);
    expect(baccaratRoundsFromViews([bac('player')], 'oldest-first').currentShoe).toHaveLength(1);
  });

  it('property: never throws on arbitrary input; output only valid results', () => {
    fc.assert(
      fc.property(fc.array(fc.anything(), { maxLength: 20 }), (views) => {
        expect(rouletteNumbersFromViews(views, 'newest-first').every((n) => Number.isInteger(n) && n >= 0 && n <= 36)).toBe(true);
        const h = baccaratRoundsFromViews(views, 'oldest-first');
        expect(h.rounds.every((r) => ['player', 'banker', 'tie'].includes(r.outcome))).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });
});
