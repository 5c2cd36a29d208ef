import { describe, expect, it } from 'vitest';
import { settleSpot } from './payout.js';
import { europeanProfile, rayParlourProfile, type RouletteProfile } from './profiles.js';
import { ALL_SIMPLE_SPOTS, parseSpot, type Spot } from './spots.js';
import { colourOf, POCKETS, RED_NUMBERS, WHEEL_ORDER } from './wheel.js';

/* Golden tables: ROU-1 / ROU-2 written out by hand from the layout (rows of three, 0 above the first row). */

const SPLITS = [
  '0-1', '0-2', '0-3',
  '1-2', '2-3', '4-5', '5-6', '7-8', '8-9', '10-11', '11-12', '13-14', '14-15', '16-17', '17-18', '19-20', '20-21', '22-23', '23-24',
  '25-26', '26-27', '28-29', '29-30', '31-32', '32-33', '34-35', '35-36',
  '1-4', '2-5', '3-6', '4-7', '5-8', '6-9', '7-10', '8-11', '9-12', '10-13', '11-14', '12-15', '13-16', '14-17', '15-18', '16-19', '17-20', '18-21',
  '19-22', '20-23', '21-24', '22-25', '23-26', '24-27', '25-28', '26-29', '27-30', '28-31', '29-32', '30-33', '31-34', '32-35', '33-36',
];
const STREETS = ['0-1-2', '0-2-3', '1-2-3', '4-5-6', '7-8-9', '10-11-12', '13-14-15', '16-17-18', '19-20-21', '22-23-24', '25-26-27', '28-29-30', '31-32-33', '34-35-36'];
const CORNERS = [
  '0-1-2-3', '1-2-4-5', '2-3-5-6', '4-5-7-8', '5-6-8-9', '7-8-10-11', '8-9-11-12', '10-11-13-14', '11-12-14-15', '13-14-16-17', '14-15-17-18', '16-17-19-20',
  '17-18-20-21', '19-20-22-23', '20-21-23-24', '22-23-25-26', '23-24-26-27', '25-26-28-29', '26-27-29-30', '28-29-31-32', '29-30-32-33', '31-32-34-35', '32-33-35-36',
];
const SIXLINES = [
  '1-2-3-4-5-6', '4-5-6-7-8-9', '7-8-9-10-11-12', '10-11-12-13-14-15', '13-14-15-16-17-18', '16-17-18-19-20-21', '19-20-21-22-23-24', '22-23-24-25-26-27',
  '25-26-27-28-29-30', '28-29-30-31-32-33', '31-32-33-34-35-36',
];
const OUTSIDE: Record<string, number[]> = {
  'column:1': [1, 4, 7, 10, 13, 16, 19, 22, 25, 28, 31, 34],
  'column:2': [2, 5, 8, 11, 14, 17, 20, 23, 26, 29, 32, 35],
  'column:3': [3, 6, 9, 12, 15, 18, 21, 24, 27, 30, 33, 36],
  'dozen:1': [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
  'dozen:2': [13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24],
  'dozen:3': [25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36],
  red: [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36],
  black: [2, 4, 6, 8, 10, 11, 13, 15, 17, 20, 22, 24, 26, 28, 29, 31, 33, 35],
  odd: [1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31, 33, 35],
  even: [2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34, 36],
  low: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18],
  high: [19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36],
};

/** Every legal spot with its covered numbers and payout class: the golden table. */
const GOLDEN: { key: string; numbers: number[]; pays: keyof RouletteProfile['payouts'] }[] = [
  ...POCKETS.map((n) => ({ key: `straight:${n}`, numbers: [n], pays: 'straight' as const })),
  ...SPLITS.map((s) => ({ key: `split:${s}`, numbers: s.split('-').map(Number), pays: 'split' as const })),
  ...STREETS.map((s) => ({ key: `street:${s}`, numbers: s.split('-').map(Number), pays: 'street' as const })),
  ...CORNERS.map((s) => ({ key: `corner:${s}`, numbers: s.split('-').map(Number), pays: 'corner' as const })),
  ...SIXLINES.map((s) => ({ key: `sixline:${s}`, numbers: s.split('-').map(Number), pays: 'sixline' as const })),
  ...Object.entries(OUTSIDE).map(([key, numbers]) => ({ key, numbers, pays: (key.startsWith('column') ? 'column' : key.startsWith('dozen') ? 'dozen' : 'evenMoney') as 'column' | 'dozen' | 'evenMoney' })),
];

/** The profile paytables as the specs state them (ROU-2; RAY §4.3 net reading). */
const PAYS: Record<string, Record<keyof RouletteProfile['payouts'], number>> = {
  european: { straight: 35, split: 17, street: 11, corner: 8, sixline: 5, column: 2, dozen: 2, evenMoney: 1 },
  'ray-parlour': { straight: 30, split: 15, street: 10, corner: 7, sixline: 4, column: 2, dozen: 2, evenMoney: 1 },
};

const parsed = (key: string, profile: RouletteProfile = europeanProfile): Spot => {
  const r = parseSpot(key, profile);
  if (!r.ok) throw new Error(`${key}: ${r.violation.code}`);
  return r.value;
};

describe('wheel (ROU-1)', () => {
  it('has 37 pockets, 18 red, 18 black and a green 0', () => {
    expect(POCKETS).toHaveLength(37);
    expect(POCKETS.filter((n) => colourOf(n) === 'red')).toEqual(RED_NUMBERS);
    expect(POCKETS.filter((n) => colourOf(n) === 'black')).toHaveLength(18);
    expect(colourOf(0)).toBe('green');
  });
  it('wheel order holds every pocket exactly once, 0 first, 26 last (clockwise)', () => {
    expect([...WHEEL_ORDER].sort((a, b) => a - b)).toEqual([...POCKETS]);
    expect(WHEEL_ORDER.slice(0, 4)).toEqual([0, 32, 15, 19]);
    expect(WHEEL_ORDER.at(-1)).toBe(26);
  });
});

describe('bet geometry golden table (ROU-2)', () => {
  it('the layout has 37 straights, 60 splits, 14 streets, 23 corners, 11 six lines, 3 columns, 3 dozens, 6 even chances', () => {
    const count = (k: string) => ALL_SIMPLE_SPOTS.filter((s) => s.kind === k).length;
    expect([count('straight'), count('split'), count('street'), count('corner'), count('sixline'), count('column'), count('dozen')]).toEqual([37, 60, 14, 23, 11, 3, 3]);
    expect(ALL_SIMPLE_SPOTS.filter((s) => ['red', 'black', 'odd', 'even', 'low', 'high'].includes(s.kind))).toHaveLength(6);
    expect(ALL_SIMPLE_SPOTS).toHaveLength(GOLDEN.length);
  });

  it.each(GOLDEN)('$key covers exactly its numbers (ROU-2)', ({ key, numbers }) => {
    const s = parsed(key);
    expect(s.key).toBe(key);
    expect(s.type === 'simple' && s.numbers).toEqual(numbers);
  });

  for (const profile of [europeanProfile, rayParlourProfile]) {
    const pays = PAYS[profile.id] as Record<string, number>;
    it(`${profile.id}: every spot pays its table odds on each covered number and loses elsewhere, incl. every 1x/2x bet on 0 (ROU-2)`, () => {
      for (const g of GOLDEN) {
        const spot = parsed(g.key, profile);
        for (const n of POCKETS) {
          const r = settleSpot(profile, spot, 100, n);
          const expected = g.numbers.includes(n) ? 100 * ((pays[g.pays] as number) + 1) : 0;
          expect(r.returnMinor, `${g.key} on ${n}`).toBe(expected);
          expect(r.outcome).toBe(expected > 0 ? 'win' : 'lose');
        }
      }
    });
  }
});

/** Independent oracle: grid coordinates of the layout; 0 touches 1, 2 and 3. */
const pos = (n: number) => ({ row: Math.ceil(n / 3), col: ((n - 1) % 3) + 1 });
const adjacent = (a: number, b: number): boolean => {
  if (a === 0 || b === 0) return a + b >= 1 && a + b <= 3;
  const p = pos(a), q = pos(b);
  return Math.abs(p.row - q.row) + Math.abs(p.col - q.col) === 1;
};

describe('geometry validation against the real layout (ROU-2)', () => {
  it('accepts a split exactly when the two numbers are adjacent on the layout (all 666 pairs)', () => {
    let accepted = 0;
    for (let a = 0; a <= 36; a++) {
      for (let b = a + 1; b <= 36; b++) {
        const r = parseSpot(`split:${a}-${b}`, europeanProfile);
        expect(r.ok, `split:${a}-${b}`).toBe(adjacent(a, b));
        if (r.ok) accepted++;
        else expect(r.violation).toMatchObject({ code: 'INVALID_GEOMETRY', ruleId: 'ROU-2' });
      }
    }
    expect(accepted).toBe(60);
  });

  it('rejects split:1-5 with INVALID_GEOMETRY naming ROU-2', () => {
    const r = parseSpot('split:1-5', europeanProfile);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.violation.code).toBe('INVALID_GEOMETRY');
      expect(r.violation.ruleId).toBe('ROU-2');
      expect(r.violation.message).toContain('ROU-2');
    }
  });

  it.each([
    ['split:3-4', 'INVALID_GEOMETRY'], // end of row to start of next
    ['split:0-4', 'INVALID_GEOMETRY'],
    ['split:7-7', 'INVALID_GEOMETRY'],
    ['street:2-3-4', 'INVALID_GEOMETRY'],
    ['street:0-1-3', 'INVALID_GEOMETRY'],
    ['street:1-4-7', 'INVALID_GEOMETRY'],
    ['corner:3-4-6-7', 'INVALID_GEOMETRY'],
    ['corner:1-2-3-4', 'INVALID_GEOMETRY'],
    ['corner:0-1-2-4', 'INVALID_GEOMETRY'],
    ['sixline:1-2-3-7-8-9', 'INVALID_GEOMETRY'],
    ['sixline:0-1-2-3-4-5', 'INVALID_GEOMETRY'],
    ['sixline:34-35-36-31-32-30', 'INVALID_GEOMETRY'],
    ['corner:0-1-2', 'INVALID_SPOT'],
    ['split:1', 'INVALID_SPOT'],
    ['straight', 'INVALID_SPOT'],
    ['straight:37', 'INVALID_NUMBER'],
    ['straight:-1', 'INVALID_SPOT'], // '-' separates numbers,
    ['straight:1.5', 'INVALID_NUMBER'],
    ['split:1-x', 'INVALID_NUMBER'],
    ['column:4', 'INVALID_SPOT'],
    ['dozen:0', 'INVALID_SPOT'],
    ['column', 'INVALID_SPOT'],
    ['red:1', 'INVALID_SPOT'],
    ['green', 'INVALID_SPOT'],
    ['', 'INVALID_SPOT'],
    ['basket:0-1-2-3', 'INVALID_SPOT'],
  ])('rejects %s with %s', (key, code) => {
    const r = parseSpot(key, europeanProfile);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.violation.code).toBe(code);
  });

  it.each([
    ['split:2-1', 'split:1-2'],
    ['split:3-0', 'split:0-3'],
    ['street:3-2-0', 'street:0-2-3'],
    ['corner:5-1-4-2', 'corner:1-2-4-5'],
    ['corner:3-2-1-0', 'corner:0-1-2-3'],
    ['sixline:36-35-34-33-32-31', 'sixline:31-32-33-34-35-36'],
    ['STRAIGHT:07', 'straight:7'],
    [' red ', 'red'],
    ['Dozen:2', 'dozen:2'],
  ])('accepts numbers in any order and normalises %s to %s', (raw, canonical) => {
    expect(parsed(raw).key).toBe(canonical);
  });
});

describe('announced (racetrack) bets', () => {
  const chips = (key: string) => {
    const s = parsed(key);
    if (s.type !== 'announced') throw new Error('not announced');
    return s.chips.map((c) => c.key);
  };
  it('voisins du zéro is 9 chips: 0-2-3 ×2, splits 4-7 12-15 18-21 19-22 32-35, corner 25-26-28-29 ×2', () => {
    expect(chips('voisins')).toEqual(['street:0-2-3', 'street:0-2-3', 'split:4-7', 'split:12-15', 'split:18-21', 'split:19-22', 'split:32-35', 'corner:25-26-28-29', 'corner:25-26-28-29']);
  });
  it('tiers du cylindre is 6 splits', () => {
    expect(chips('tiers')).toEqual(['split:5-8', 'split:10-11', 'split:13-16', 'split:23-24', 'split:27-30', 'split:33-36']);
  });
  it('orphelins is 5 chips: straight 1 and splits 6-9 14-17 17-20 31-34', () => {
    expect(chips('orphelins')).toEqual(['straight:1', 'split:6-9', 'split:14-17', 'split:17-20', 'split:31-34']);
  });
  it('jeu zéro is 4 chips: 0-3, 12-15, straight 26, 32-35', () => {
    expect(chips('jeu-zero')).toEqual(['split:0-3', 'split:12-15', 'straight:26', 'split:32-35']);
  });
  it('voisins, tiers and orphelins together cover the wheel: 17 + 12 + 8 = 37 pockets', () => {
    const cover = (k: string) => new Set(chips(k).flatMap((c) => c.split(':')[1]!.split('-').map(Number)));
    const all = [...cover('voisins'), ...cover('tiers'), ...cover('orphelins')];
    expect([cover('voisins').size, cover('tiers').size, cover('orphelins').size]).toEqual([17, 12, 8]);
    expect(new Set(all).size).toBe(37);
  });
  it('neighbours wrap around 0 on the wheel: neighbours:0:2 = 3 26 0 32 15, neighbours:26:2 = 35 3 26 0 32', () => {
    expect(chips('neighbours:0:2')).toEqual(['straight:3', 'straight:26', 'straight:0', 'straight:32', 'straight:15']);
    expect(chips('neighbours:26:2')).toEqual(['straight:35', 'straight:3', 'straight:26', 'straight:0', 'straight:32']);
    expect(chips('neighbours:32:1')).toEqual(['straight:0', 'straight:32', 'straight:15']);
  });
  it('neighbours defaults to 2 either side and allows K 1..9', () => {
    expect(parsed('neighbours:17').key).toBe('neighbours:17:2');
    expect(chips('neighbours:17')).toEqual(['straight:2', 'straight:25', 'straight:17', 'straight:34', 'straight:6']);
    expect(chips('neighbours:5:9')).toHaveLength(19);
    for (const bad of ['neighbours:5:0', 'neighbours:5:10', 'neighbours:37', 'neighbours', 'neighbours:5:2:1', 'voisins:1']) expect(parseSpot(bad, europeanProfile).ok, bad).toBe(false);
  });
  it('the RAY parlour profile has no racetrack: announced bets are rejected (ANNOUNCED_BETS_DISABLED)', () => {
    for (const k of ['voisins', 'tiers', 'orphelins', 'jeu-zero', 'neighbours:17:2']) {
      const r = parseSpot(k, rayParlourProfile);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.violation.code).toBe('ANNOUNCED_BETS_DISABLED');
    }
  });
  it('an announced bet settles as the sum of its chips (voisins 900 on 0 returns two street wins = 2400)', () => {
    const p = europeanProfile;
    expect(settleSpot(p, parsed('voisins'), 900, 0).returnMinor).toBe(2 * 100 * 12);
    expect(settleSpot(p, parsed('voisins'), 900, 26).returnMinor).toBe(2 * 100 * 9);
    expect(settleSpot(p, parsed('voisins'), 900, 19).returnMinor).toBe(100 * 18);
    expect(settleSpot(p, parsed('voisins'), 900, 1).returnMinor).toBe(0);
    expect(settleSpot(p, parsed('orphelins'), 500, 17).returnMinor).toBe(2 * 100 * 18);
    expect(settleSpot(p, parsed('orphelins'), 500, 1).returnMinor).toBe(100 * 36);
    expect(settleSpot(p, parsed('tiers'), 600, 33).returnMinor).toBe(100 * 18);
    expect(settleSpot(p, parsed('jeu-zero'), 400, 26).returnMinor).toBe(100 * 36);
    expect(settleSpot(p, parsed('jeu-zero'), 400, 0).returnMinor).toBe(100 * 18);
    expect(settleSpot(p, parsed('neighbours:0:2'), 500, 26).returnMinor).toBe(100 * 36);
    expect(settleSpot(p, parsed('neighbours:0:2'), 500, 4).returnMinor).toBe(0);
  });
});
