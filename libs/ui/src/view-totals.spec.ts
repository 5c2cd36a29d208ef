import { describe, expect, it } from 'vitest';
import { viewTotals } from './view-totals.js';

describe('viewTotals: a staff view’s bets, players and stake', () => {
  it('reads the referee’s running totals when the view carries them', () => {
    expect(viewTotals({ bets: [], totals: { bets: 3, players: 2, stakeMinor: 900, byKind: {}, bySpot: {} } })).toEqual({ bets: 3, players: 2, stakeMinor: 900 });
  });
  it('counts a bet list (array or record) when there are no totals', () => {
    const bets = [{ playerId: 'p1', stakeMinor: 500 }, { playerId: 'p2', stakeMinor: 200 }, { playerId: 'p1', stakeMinor: 100 }];
    expect(viewTotals({ bets })).toEqual({ bets: 3, players: 2, stakeMinor: 800 });
    expect(viewTotals({ bets: { a: bets[0], b: bets[1] } })).toEqual({ bets: 2, players: 2, stakeMinor: 700 });
  });
  it('ignores what is not a view', () => {
    expect(viewTotals(null)).toEqual({ bets: 0, players: 0, stakeMinor: 0 });
    expect(viewTotals({ totals: { bets: -1 } })).toEqual({ bets: 0, players: 0, stakeMinor: 0 });
  });
});
