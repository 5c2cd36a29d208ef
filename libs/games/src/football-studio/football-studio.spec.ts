import { describe, expect, it } from 'vitest';
import { gameModule } from '../registry.js';
import { footballStudioGame } from './football-studio.game.js';

const settle = (cards: unknown, bets: unknown, profile = 'standard') => footballStudioGame.settleOffline(profile, { cards, bets });
const returns = (cards: [string, string], spot: string, stakeMinor: number, profile = 'standard'): number => {
  const r = settle(cards, [{ spot, stakeMinor }], profile);
  if (!r.ok) throw new Error(r.violation.message);
  return r.value.lines[0]?.returnMinor ?? -1;
};

// [home, away, spot, stake, return] — FS-1 rank 2 lowest … A highest, FS-2 pays and half loss on a draw.
const GOLDEN: readonly [string, string, string, number, number][] = [
  ['AH', 'KS', 'home', 100, 200], // ace high by default
  ['AH', 'KS', 'away', 100, 0],
  ['2H', 'AS', 'away', 100, 200],
  ['9C', 'TC', 'away', 100, 200],
  ['JD', 'JS', 'draw', 100, 1200], // 11:1
  ['JD', 'JS', 'home', 100, 50], // half back
  ['JD', 'JS', 'away', 99, 49], // odd stake: half rounds down
  ['JD', 'QS', 'draw', 100, 0],
];

describe('Football Studio paytable (FS-1, FS-2)', () => {
  it.each(GOLDEN)('FS-2 golden: home %s vs away %s, %s %i returns %i', (h, a, spot, stake, expected) => {
    expect(returns([h, a], spot, stake)).toBe(expected);
  });

  it('FS-1: the ace-low profile ranks A below 2', () => {
    expect(returns(['AH', '2S'], 'home', 100, 'ace-low')).toBe(0);
    expect(returns(['AH', '2S'], 'away', 100, 'ace-low')).toBe(200);
    expect(returns(['AH', '2S'], 'home', 100, 'standard')).toBe(200);
  });

  it('FS-2: a draw settles home/away as partial with rule FS-2', () => {
    const r = settle(['4D', '4H'], [{ spot: 'home', stakeMinor: 1000 }, { spot: 'draw', stakeMinor: 10, playerId: 'p2' }]);
    expect(r.ok && r.value.lines.map((l) => [l.outcome, l.returnMinor, l.rules])).toEqual([
      ['partial', 500, ['FS-2']],
      ['win', 120, ['FS-2']],
    ]);
  });

  it('RES-5: one player may not bet home and away', () => {
    const r = settle(['4D', '5H'], [{ spot: 'away', stakeMinor: 1 }, { spot: 'home', stakeMinor: 1 }]);
    expect(r.ok === false && [r.violation.code, r.violation.ruleId]).toEqual(['RESTRICTED_COMBINATION', 'RES-5']);
  });

  it('FS-2: unknown spots (including Dragon Tiger ones) are rejected with UNKNOWN_SPOT', () => {
    for (const spot of ['tie', 'dragon', 'suited-tie']) {
      const r = settle(['4D', '5H'], [{ spot, stakeMinor: 1 }]);
      expect(r.ok === false && [r.violation.code, r.violation.ruleId]).toEqual(['UNKNOWN_SPOT', 'FS-2']);
    }
  });

  it('FS-1: an invalid card is rejected with INVALID_CARD', () => {
    const r = settle(['4D', '15H'], []);
    expect(r.ok === false && [r.violation.code, r.violation.ruleId]).toEqual(['INVALID_CARD', 'FS-1']);
  });
});

describe('Football Studio RTP (exact, 8 decks)', () => {
  it('is registered as "football-studio"', () => {
    expect(gameModule('football-studio')).toBe(footballStudioGame);
  });

  it('FS-2: home/away ≈ 96.27 % and draw 11:1 ≈ 89.64 %, with either ace rule', () => {
    for (const profile of ['standard', 'ace-low']) {
      const r = footballStudioGame.rtp(profile);
      if (!r.ok) throw new Error(r.violation.message);
      const by = Object.fromEntries(r.value.rows.map((x) => [x.bet, x]));
      expect(Object.keys(by)).toEqual(['home', 'away', 'draw']);
      expect((by.home?.rtp ?? 0) * 100).toBeCloseTo(96.27, 2);
      expect(by.away?.exact).toBe(by.home?.exact);
      expect((by.draw?.rtp ?? 0) * 100).toBeCloseTo(89.64, 2);
      expect(by.draw?.exact).toBe('372/415'); // 12 × 31/415;
    }
  });
});
