import { describe, expect, it } from 'vitest';
import { applyRatio } from '../common/money.js';
import { checkRestriction, parseDice, parseSpot, resolveSpot, SICBO_MACAU, SICBO_SPOTS, SICBO_STANDARD, spotKey, type Dice } from './sicbo.rules.js';

const ret = (spot: string, dice: Dice, stake = 100, p = SICBO_STANDARD): number => {
  const s = parseSpot(spot);
  if (!s.ok) throw new Error(s.violation.message);
  return applyRatio(stake, resolveSpot(s.value, dice, p).multiple);
};

// [spot, dice, return on a stake of 100] — the SB-2 default paytable (stake included on a win).
const GOLDEN: readonly [string, Dice, number][] = [
  ['small', [1, 2, 3], 200],
  ['small', [3, 3, 4], 200],
  ['small', [4, 4, 3], 0], // 11 is big
  ['small', [2, 2, 2], 0], // loses on any triple
  ['big', [6, 5, 1], 200],
  ['big', [6, 6, 5], 200],
  ['big', [5, 5, 5], 0], // loses on any triple
  ['big', [1, 2, 3], 0],
  ['odd', [1, 2, 4], 200],
  ['odd', [1, 1, 1], 0], // odd total but a triple
  ['even', [1, 1, 2], 200],
  ['even', [2, 2, 2], 0],
  ['even', [1, 1, 3], 0],
  ['total:4', [1, 1, 2], 6100],
  ['total:17', [6, 6, 5], 6100],
  ['total:5', [1, 1, 3], 3100],
  ['total:16', [6, 5, 5], 3100],
  ['total:6', [2, 2, 2], 1800],
  ['total:15', [5, 5, 5], 1800],
  ['total:7', [1, 2, 4], 1300],
  ['total:14', [4, 4, 6], 1300],
  ['total:8', [2, 3, 3], 900],
  ['total:13', [6, 6, 1], 900],
  ['total:9', [3, 3, 3], 700],
  ['total:10', [4, 5, 1], 700],
  ['total:11', [5, 5, 1], 700],
  ['total:12', [6, 5, 1], 700],
  ['total:12', [6, 5, 2], 0],
  ['single:3', [3, 1, 2], 200],
  ['single:3', [3, 3, 2], 300],
  ['single:3', [3, 3, 3], 400],
  ['single:3', [1, 2, 4], 0],
  ['double:4', [4, 4, 1], 900],
  ['double:4', [4, 4, 4], 900], // a triple contains the double
  ['double:4', [4, 1, 2], 0],
  ['triple:6', [6, 6, 6], 15100],
  ['triple:6', [6, 6, 5], 0],
  ['any-triple', [2, 2, 2], 2500],
  ['any-triple', [2, 2, 3], 0],
  ['combo:1-2', [2, 5, 1], 600],
  ['combo:1-2', [1, 1, 2], 600],
  ['combo:1-2', [1, 1, 3], 0],
  ['combo:5-6', [6, 6, 6], 0],
];

describe('Sic Bo paytable (SB-2)', () => {
  it.each(GOLDEN)('SB-2 golden: %s on %j returns %i for 100', (spot, dice, expected) => {
    expect(ret(spot, dice)).toBe(expected);
  });

  it('SB-2 profile data: the Macau profile pays total 4 at 50:1, any triple 30:1 and a specific triple 180:1', () => {
    expect(ret('total:4', [1, 1, 2], 100, SICBO_MACAU)).toBe(5100);
    expect(ret('any-triple', [3, 3, 3], 100, SICBO_MACAU)).toBe(3100);
    expect(ret('triple:3', [3, 3, 3], 100, SICBO_MACAU)).toBe(18100);
    expect(ret('small', [1, 2, 3], 100, SICBO_MACAU)).toBe(200);
  });
});

describe('Sic Bo spot keys', () => {
  it('SB-2: lists 52 canonical spots and each parses back to itself', () => {
    expect(SICBO_SPOTS).toHaveLength(52);
    for (const key of SICBO_SPOTS) {
      const s = parseSpot(key);
      expect(s.ok && spotKey(s.value)).toBe(key);
    }
  });

  it.each(['total:3', 'total:18', 'total:04', 'single:0', 'single:7', 'double:9', 'combo:2-1', 'combo:3-3', 'BIG', 'tie', ''])('SB-2: rejects the non-canonical spot "%s" with UNKNOWN_SPOT', (key) => {
    const s = parseSpot(key);
    expect(s.ok).toBe(false);
    if (!s.ok) expect(s.violation).toMatchObject({ code: 'UNKNOWN_SPOT', ruleId: 'SB-2' });
  });
});

describe('Sic Bo dice readings (SB-1, SB-4)', () => {
  it('accepts three dice 1–6', () => {
    expect(parseDice([1, 6, 3])).toEqual({ ok: true, value: [1, 6, 3] });
  });
  it.each([[[0, 1, 2]], [[1, 2, 7]], [[1, 2, 2.5]], [['1', 2, 3]], [[1, 2]], [[1, 2, 3, 4]], ['123'], [null]])('SB-4: rejects the reading %j as INVALID_DICE', (dice) => {
    const r = parseDice(dice);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.violation.code).toBe('INVALID_DICE');
  });
});

describe('Sic Bo restriction (RES-3)', () => {
  it('RES-3: rejects big when the player already holds small, and odd after even', () => {
    expect(checkRestriction(['small'], 'big')).toMatchObject({ code: 'RESTRICTED_COMBINATION', ruleId: 'RES-3' });
    expect(checkRestriction(['big', 'total:4'], 'small')).toMatchObject({ ruleId: 'RES-3' });
    expect(checkRestriction(['even'], 'odd')).toMatchObject({ ruleId: 'RES-3' });
    expect(checkRestriction(['odd'], 'even')?.message).toContain('RES-3');
  });
  it('RES-3: allows big with odd, small with even, and repeat bets on the same spot', () => {
    expect(checkRestriction(['big'], 'odd')).toBeNull();
    expect(checkRestriction(['small', 'even'], 'total:4')).toBeNull();
    expect(checkRestriction(['small'], 'small')).toBeNull();
  });
});
