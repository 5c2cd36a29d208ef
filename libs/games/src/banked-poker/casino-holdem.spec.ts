import { describe, expect, it } from 'vitest';
import type { Settlement } from '../kernel/kernel.js';
import { casinoHoldemGame } from './casino-holdem.game.js';
import { aaBonusExact, simulateCasinoHoldem } from './casino-holdem.rtp.js';
import { casinoHoldemProfiles } from './casino-holdem.rules.js';

const settle = (input: unknown): Settlement => {
  const r = casinoHoldemGame.settleOffline('standard', input);
  if (!r.ok) throw new Error(`${r.violation.code}: ${r.violation.message}`);
  return r.value;
};
/** Total return per unit staked, by spot, for one player with Ante 100 and AA Bonus 100. */
function returns(player: string[], dealer: string[], board: string[], action: string[] | null, bonus = true): Record<string, number> {
  const bets = [{ spot: 'ante', stakeMinor: 100, playerId: 'p1', betId: 'ante' }, ...(bonus ? [{ spot: 'aa-bonus', stakeMinor: 100, playerId: 'p1', betId: 'aa' }] : [])];
  const s = settle({ player, dealer, board, bets, actions: action ? { p1: action } : {} });
  return Object.fromEntries(s.lines.map((l) => [l.betId === 'ante:call' ? 'call' : l.betId, l.returnMinor / l.stakeMinor]));
}

describe("Casino Hold'em golden table (docs/rules CHE; rule IDs in RULES-COVERAGE.md)", () => {
  const cases: [string, string[], string[], string[], string[] | null, Record<string, number>][] = [
    ['CHE-2/3 dealer without a pair of 4s does not qualify: Ante per paytable (straight or lower 1:1), Call pushes', ['AS', 'KD'], ['3C', '3D'], ['9H', '7C', '2S', 'JD', '5H'], ['call'], { ante: 2, call: 1, aa: 0 }],
    ['CHE-2 a pair of 4s qualifies; the better player hand wins Ante 1:1 and Call 1:1', ['AS', 'KD'], ['4C', '4D'], ['9H', 'AC', '2S', 'JD', '5H'], ['call'], { ante: 2, call: 2, aa: 7 + 1 }],
    ['CHE-3 a qualified better dealer takes Ante and Call', ['KS', 'QD'], ['9C', '9D'], ['9H', '7C', '2S', 'JD', '5H'], ['call'], { ante: 0, call: 0, aa: 0 }],
    ['CHE-3 equal hands (both play the board) push Ante and Call', ['2D', '3C'], ['2H', '3S'], ['AH', 'AC', 'KS', 'KD', 'QH'], ['call'], { ante: 1, call: 1, aa: 8 }],
    ['CHE-3 flush pays 2:1 on the Ante; AA Bonus flush 20:1 on the first five', ['AH', '9H'], ['5C', '5D'], ['2H', '7H', 'KH', 'JD', '3S'], ['call'], { ante: 3, call: 2, aa: 21 }],
    ['CHE-3 full house 3:1, four of a kind 10:1 (AA Bonus full house 30:1)', ['8S', '8D'], ['QC', 'QD'], ['8H', '2C', '2S', '8C', '5H'], ['call'], { ante: 11, call: 2, aa: 31 }],
    ['CHE-3 royal flush 100:1; AA Bonus royal 100:1', ['AS', 'KS'], ['2C', '7D'], ['QS', 'JS', 'TS', '4D', '5H'], ['call'], { ante: 101, call: 1, aa: 101 }],
    ['CHE-3 straight flush 20:1 (AA Bonus straight flush 50:1)', ['9S', '8S'], ['QC', 'QD'], ['7S', '6S', '5S', '4D', '2H'], ['call'], { ante: 21, call: 2, aa: 51 }],
    ['CHE-4 AA Bonus two pair 7:1 (the board pair qualifies the dealer)', ['KS', 'KD'], ['2C', '7D'], ['9S', '9H', '3C', '4D', '6H'], ['call'], { ante: 2, call: 2, aa: 8 }],
    ['CHE-4 AA Bonus: pair of kings on the first five loses', ['KS', 'KD'], ['2C', '7D'], ['9S', 'TH', '3C', '4D', '6H'], ['call'], { ante: 2, call: 1, aa: 0 }],
    ['CHE-1 fold loses the Ante; CHE-4 the AA Bonus still stands', ['AS', 'AD'], ['KC', 'KD'], ['9S', 'TH', '3C', '4D', '6H'], ['fold'], { ante: 0, aa: 8 }],
    ['CHE-5 no decision in time = fold', ['AS', 'AD'], ['KC', 'KD'], ['9S', 'TH', '3C', '4D', '6H'], null, { ante: 0, aa: 8 }],
  ];
  it.each(cases)('%s', (_name, player, dealer, board, action, expected) => {
    expect(returns(player, dealer, board, action)).toEqual(expected);
  });

  it('CHE-4 the AA Bonus needs an Ante (side bet)', () => {
    const r = casinoHoldemGame.settleOffline('standard', { player: ['AS', 'AD'], dealer: ['KC', 'KD'], board: ['9S', 'TH', '3C', '4D', '6H'], bets: [{ spot: 'aa-bonus', stakeMinor: 100 }] });
    expect(r.ok ? r : r.violation.code).toBe('RESTRICTED_COMBINATION');
  });

  it('felt settle rejects a wrong board count and an impossible deal', () => {
    const bad = (input: unknown): string => {
      const r = casinoHoldemGame.settleOffline('standard', input);
      return r.ok ? 'accepted' : r.violation.code;
    };
    expect(bad({ player: ['AS', 'AD'], dealer: ['KC', 'KD'], board: ['9S', 'TH', '3C', '4D'], bets: [] })).toBe('POKER_CARD_COUNT');
    expect(bad({ player: ['AS', 'AD'], dealer: ['KC', 'KD'], board: ['9S', 'TH', '3C', '4D', 'AS'], bets: [] })).toBe('POKER_CARD_DUPLICATE');
  });
});

describe("Casino Hold'em returns", () => {
  it('AA Bonus exactly: house edge 6.26 % on the 100-50-40-30-20-7 table', () => {
    const aa = aaBonusExact(casinoHoldemProfiles['standard'] as never);
    expect(`${aa.num}/${aa.den}`).toBe('2436308/2598960');
    expect(1 - Number(aa.num) / Number(aa.den)).toBeCloseTo(0.0626, 4);
  });
  it('the simulated Ante is reproducible from its seed and calls about 82 % of hands', () => {
    const p = casinoHoldemProfiles['standard'] as never;
    const a = simulateCasinoHoldem(p, 400, 7);
    expect(simulateCasinoHoldem(p, 400, 7)).toEqual(a);
    expect(a.callRate).toBeGreaterThan(0.7);
    expect(a.callRate).toBeLessThan(0.92);
  }, 60_000);
});
