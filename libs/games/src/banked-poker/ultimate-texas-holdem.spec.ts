import { describe, expect, it } from 'vitest';
import { ultimateTexasHoldemGame } from './ultimate-texas-holdem.game.js';
import { preflopRaise, simulateUltimateTexasHoldem, tripsExact } from './ultimate-texas-holdem.rtp.js';
import { ultimateTexasHoldemProfiles } from './ultimate-texas-holdem.rules.js';
import { cardId } from '../poker/cards.js';

/** Total return per unit staked by spot for one player: Ante 100, Blind 100, Trips 100. */
function returns(player: string[], dealer: string[], board: string[], actions: string[], blind = 100): Record<string, number> {
  const bets = [
    { spot: 'ante', stakeMinor: 100, playerId: 'p1', betId: 'ante' },
    { spot: 'blind', stakeMinor: blind, playerId: 'p1', betId: 'blind' },
    { spot: 'trips', stakeMinor: 100, playerId: 'p1', betId: 'trips' },
  ];
  const r = ultimateTexasHoldemGame.settleOffline('standard', { player, dealer, board, bets, actions: { p1: actions } });
  if (!r.ok) throw new Error(`${r.violation.code}: ${r.violation.message}`);
  return Object.fromEntries(r.value.lines.map((l) => [l.betId === 'ante:play' ? 'play' : l.betId, l.returnMinor / l.stakeMinor]));
}

describe("Ultimate Texas Hold'em golden table (docs/rules UTH; rule IDs in RULES-COVERAGE.md)", () => {
  const cases: [string, string[], string[], string[], string[], Record<string, number>][] = [
    ['UTH-2/4 Play 4× pre-flop wins 1:1; qualified dealer: Ante 1:1; Blind pushes below a straight', ['AS', 'AD'], ['KC', 'KD'], ['2H', '7C', '9S', 'JD', '3H'], ['bet-4x'], { ante: 2, blind: 1, play: 2, trips: 0 }],
    ['UTH-3 dealer without a pair does not qualify: Ante pushes, Play and Blind still settle', ['AS', 'KD'], ['QC', 'JD'], ['2H', '7C', '9S', '4D', '3H'], ['bet-4x'], { ante: 1, blind: 1, play: 2, trips: 0 }],
    ['UTH-4 worse hand: Play and Blind lose; Ante pushes when the dealer did not qualify', ['QS', 'JD'], ['AC', 'KD'], ['2H', '7C', '9S', '4D', '3H'], ['check', 'check', 'bet-1x'], { ante: 1, blind: 0, play: 0, trips: 0 }],
    ['UTH-4 Blind 3:2 on a flush; Trips flush 6:1; Play 2× after the flop', ['AH', '9H'], ['5C', '5D'], ['2H', '7H', 'KH', 'JD', '3S'], ['check', 'bet-2x'], { ante: 2, blind: 2.5, play: 2, trips: 7 }],
    ['UTH-4 royal flush: Blind 500:1; UTH-5 Trips 50:1', ['AS', 'KS'], ['2C', '2D'], ['QS', 'JS', 'TS', '4D', '5H'], ['bet-3x'], { ante: 2, blind: 501, play: 2, trips: 51 }],
    ['UTH-4 equal hands push everything', ['2D', '3C'], ['2H', '3S'], ['AH', 'AC', 'KS', 'KD', 'QH'], ['check', 'check', 'bet-1x'], { ante: 1, blind: 1, play: 1, trips: 0 }],
    ['UTH-2 fold at the river loses Ante and Blind; UTH-5 Trips stands (trips 3:1)', ['7S', '2D'], ['AC', 'AD'], ['7H', '7C', 'KS', '9D', '4H'], ['check', 'check', 'fold'], { ante: 0, blind: 0, trips: 4 }],
    ['UTH-2 no decision in time: check, check, then fold', ['7S', '2D'], ['AC', 'AD'], ['8H', '3C', 'KS', '9D', '4H'], [], { ante: 0, blind: 0, trips: 0 }],
  ];
  it.each(cases)('%s', (_n, player, dealer, board, actions, expected) => {
    expect(returns(player, dealer, board, actions)).toEqual(expected);
  });

  it('UTH-1 Ante and Blind must be equal: otherwise the hand is not played and both are returned', () => {
    expect(returns(['AS', 'AD'], ['KC', 'KD'], ['2H', '7C', '9S', 'JD', '3H'], [], 200)).toEqual({ ante: 1, blind: 1, trips: 0 });
  });

  it('UTH-2 only one Play per hand: after 4× there is nothing left to decide', () => {
    const r = ultimateTexasHoldemGame.settleOffline('standard', { player: ['AS', 'AD'], dealer: ['KC', 'KD'], board: ['2H', '7C', '9S', 'JD', '3H'], bets: [{ spot: 'ante', stakeMinor: 100 }, { spot: 'blind', stakeMinor: 100 }], actions: { player: ['bet-4x', 'bet-2x'] } });
    expect(r.ok ? r : r.violation.code).toBe('UNUSED_ACTIONS');
  });
});

describe("Ultimate Texas Hold'em returns", () => {
  it('Trips exactly from the seven-card class counts: 1.90 % on 50-40-30-8-6-5-3', () => {
    const t = tripsExact(ultimateTexasHoldemProfiles['standard'] as never);
    expect(1 - t.num / t.den).toBeCloseTo(0.019, 3);
  });
  it('the stated pre-flop strategy: 4× with any ace or pairs 3s+, not with 2-2 or J-7', () => {
    const c = (x: string) => cardId(x as never);
    expect(preflopRaise(c('AS'), c('2D'))).toBe(true);
    expect(preflopRaise(c('3S'), c('3D'))).toBe(true);
    expect(preflopRaise(c('2S'), c('2D'))).toBe(false);
    expect(preflopRaise(c('JS'), c('7D'))).toBe(false);
    expect(preflopRaise(c('KS'), c('2S'))).toBe(true);
  });
  it('the simulation is reproducible from its seed', () => {
    const p = ultimateTexasHoldemProfiles['standard'] as never;
    expect(simulateUltimateTexasHoldem(p, 50, 3)).toEqual(simulateUltimateTexasHoldem(p, 50, 3));
  }, 60_000);
});
