import { describe, expect, it } from 'vitest';
import { texasHoldemBonusGame } from './texas-holdem-bonus.game.js';
import { simulateTexasHoldemBonus, thbBonusExact } from './texas-holdem-bonus.rtp.js';
import { texasHoldemBonusProfiles } from './texas-holdem-bonus.rules.js';

/** Total return per unit staked by spot: Ante 100 and Bonus 100 for one player. */
function returns(player: string[], dealer: string[], board: string[], actions: string[], profile = 'standard'): Record<string, number> {
  const bets = [
    { spot: 'ante', stakeMinor: 100, playerId: 'p1', betId: 'ante' },
    { spot: 'bonus', stakeMinor: 100, playerId: 'p1', betId: 'bonus' },
  ];
  const r = texasHoldemBonusGame.settleOffline(profile, { player, dealer, board, bets, actions: { p1: actions } });
  if (!r.ok) throw new Error(`${r.violation.code}: ${r.violation.message}`);
  return Object.fromEntries(r.value.lines.map((l) => [l.betId.replace('ante:', ''), l.returnMinor / l.stakeMinor]));
}

describe("Texas Hold'em Bonus golden table (docs/rules THB; rule IDs in RULES-COVERAGE.md)", () => {
  const cases: [string, string[], string[], string[], string[], Record<string, number>][] = [
    ['THB-2/3 no qualification: a better pair wins Flop/Turn/River 1:1; the Ante pushes below a straight; THB-4 A-A 30:1', ['AS', 'AD'], ['3C', '2D'], ['9H', '7C', '4S', 'JD', 'KH'], ['bet', 'bet', 'bet'], { ante: 1, bonus: 31, flop: 2, turn: 2, river: 2 }],
    ['THB-3 a straight wins the Ante 1:1', ['8S', '9D'], ['KC', 'KD'], ['TH', 'JC', 'QS', '2D', '3H'], ['bet', 'check', 'check'], { ante: 2, bonus: 0, flop: 2 }],
    ['THB-3 on the flush-ante profile a straight pushes the Ante', ['8S', '9D'], ['KC', 'KD'], ['TH', 'JC', 'QS', '2D', '3H'], ['bet', 'check', 'check'], { ante: 1, bonus: 0, flop: 2 }],
    ['THB-2 the dealer wins: every bet loses', ['8S', '9D'], ['KC', 'KD'], ['TH', '2C', '4S', '2D', '3H'], ['bet', 'bet', 'check'], { ante: 0, bonus: 0, flop: 0, turn: 0 }],
    ['THB-2 equal hands push everything', ['2D', '3C'], ['2H', '3S'], ['AH', 'AC', 'KS', 'KD', 'QH'], ['bet', 'check', 'bet'], { ante: 1, bonus: 0, flop: 1, river: 1 }],
    ['THB-1 pre-flop fold loses the Ante; THB-4 the Bonus stands (A-K suited 25:1)', ['AS', 'KS'], ['2C', '2D'], ['9H', '7C', '4S', 'JD', '3H'], ['fold'], { ante: 0, bonus: 26 }],
    ['THB-1 no decision in time: fold pre-flop', ['AS', 'KD'], ['2C', '2D'], ['9H', '7C', '4S', 'JD', '3H'], [], { ante: 0, bonus: 16 }],
  ];
  it.each(cases)('%s', (_n, player, dealer, board, actions, expected) => {
    expect(returns(player, dealer, board, actions, _n.includes('flush-ante') ? 'flush-ante' : 'standard')).toEqual(expected);
  });
});

describe("Texas Hold'em Bonus returns", () => {
  it('Bonus exactly over the 1 326 starts', () => {
    const b = thbBonusExact(texasHoldemBonusProfiles['standard'] as never);
    // A-A 6×31, A-K suited 4×26, A-Q/A-J suited 8×21, A-K off 12×16, K-K/Q-Q/J-J 18×11, A-Q/A-J off 24×6, 2-2..T-T 54×4
    expect(b).toEqual({ num: 6 * 31 + 4 * 26 + 8 * 21 + 12 * 16 + 18 * 11 + 24 * 6 + 54 * 4, den: 1326 });
  });
  it('the simulation is reproducible from its seed', () => {
    const p = texasHoldemBonusProfiles['standard'] as never;
    expect(simulateTexasHoldemBonus(p, 50, 3)).toEqual(simulateTexasHoldemBonus(p, 50, 3));
  }, 60_000);
});
