import { describe, expect, it } from 'vitest';
import { gameModule } from '../registry.js';
import { exactReturn, rouletteModule } from './module.js';
import { europeanProfile } from './profiles.js';
import { parseSpot } from './spots.js';

const rows = (profile: string) => {
  const r = rouletteModule.rtp(profile);
  if (!r.ok) throw new Error(r.violation.code);
  return Object.fromEntries(r.value.rows.map((row) => [row.bet, row]));
};

describe('RTP by exact enumeration over 37 pockets', () => {
  it('european: a straight returns exactly 36/37; every bet type, racetrack included, returns 36/37', () => {
    const r = rows('european');
    expect(r['straight']).toMatchObject({ exact: '36/37', method: 'exact' });
    expect(r['straight']?.rtp).toBeCloseTo(36 / 37, 15);
    expect(r['straight']?.houseEdge).toBeCloseTo(1 / 37, 15);
    expect(Object.keys(r).sort()).toEqual(
      ['black', 'column', 'corner', 'dozen', 'even', 'high', 'jeu-zero', 'low', 'neighbours:2', 'odd', 'orphelins', 'red', 'sixline', 'split', 'straight', 'street', 'tiers', 'voisins'].sort(),
    );
    for (const row of Object.values(r)) {
      expect(row.exact, row.bet).toBe('36/37');
      expect(row.note).toBeUndefined();
    }
  });

  it('european even chances return 36/37 (outside bets lose on 0, ROU-2)', () => {
    const r = rows('european');
    for (const bet of ['red', 'black', 'odd', 'even', 'low', 'high']) expect(r[bet]?.exact).toBe('36/37');
  });

  it('ray-parlour: straight 31/37, split 32/37, street 33/37, corner 32/37, six line 30/37, outside 36/37; no racetrack rows', () => {
    const r = rows('ray-parlour');
    expect(Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v.exact]))).toEqual({
      straight: '31/37',
      split: '32/37',
      street: '33/37',
      corner: '32/37',
      sixline: '30/37',
      column: '36/37',
      dozen: '36/37',
      red: '36/37',
      black: '36/37',
      odd: '36/37',
      even: '36/37',
      low: '36/37',
      high: '36/37',
    });
  });

  it('with la partage on, an even-money bet returns 73/74 (half back on 0)', () => {
    const partage = { ...europeanProfile, id: 'partage', zero: { ...europeanProfile.zero, laPartage: true } };
    const red = parseSpot('red', partage);
    if (!red.ok) throw new Error('parse');
    expect(exactReturn(partage, red.value)).toEqual({ num: 73, den: 74 });
  });

  it('rejects an unknown profile with a code', () => {
    const r = rouletteModule.rtp('american');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.violation.code).toBe('UNKNOWN_PROFILE');
  });

  it('roulette is registered for the CLI and the server', () => {
    expect(gameModule('roulette')).toBe(rouletteModule);
    expect(rouletteModule.defaultProfile).toBe('european');
  });
});

describe('settleOffline (felt settle roulette)', () => {
  it('settles the documented example: split:17-20 for 100 on 17 returns 1800', () => {
    const r = rouletteModule.settleOffline('european', { number: 17, bets: [{ betId: 'b1', playerId: 'p1', spot: 'split:17-20', stakeMinor: 100 }] });
    expect(r).toEqual({
      ok: true,
      value: { roundId: 'offline', voided: false, houseResultMinor: -1700, lines: [{ betId: 'b1', playerId: 'p1', stakeMinor: 100, returnMinor: 1800, outcome: 'win', rules: ['ROU-2', 'ROU-5'] }] },
    });
  });

  it('settles several bets and announced bets per profile', () => {
    const bets = [
      { betId: 'a', playerId: 'p1', spot: 'straight:0', stakeMinor: 100 },
      { betId: 'b', playerId: 'p1', spot: 'red', stakeMinor: 100 },
      { betId: 'c', playerId: 'p2', spot: 'jeu-zero', stakeMinor: 400 },
    ];
    const eu = rouletteModule.settleOffline('european', { roundId: 'rnd_9', number: 0, bets });
    expect(eu.ok && eu.value.lines.map((l) => [l.betId, l.returnMinor, l.outcome])).toEqual([['a', 3600, 'win'], ['b', 0, 'lose'], ['c', 1800, 'win']]);
    expect(eu.ok && eu.value.roundId).toBe('rnd_9');
    const ray = rouletteModule.settleOffline('ray-parlour', { number: 0, bets: bets.slice(0, 2) });
    expect(ray.ok && ray.value.lines.map((l) => l.returnMinor)).toEqual([3100, 0]);
  });

  it.each([
    ['not an object', 42, 'INVALID_INPUT', ''],
    ['unknown top-level field', { numer: 1, bets: [] }, 'INVALID_INPUT', 'numer'],
    ['number out of range', { number: 37, bets: [] }, 'INVALID_NUMBER', 'number'],
    ['number not an integer', { number: '17', bets: [] }, 'INVALID_NUMBER', 'number'],
    ['bets missing', { number: 1 }, 'INVALID_INPUT', 'bets'],
    ['bet not an object', { number: 1, bets: [null] }, 'INVALID_INPUT', 'bets[0]'],
    ['empty betId', { number: 1, bets: [{ betId: '', playerId: 'p', spot: 'red', stakeMinor: 1 }] }, 'INVALID_INPUT', 'bets[0].betId'],
    ['duplicate betId', { number: 1, bets: [{ betId: 'x', playerId: 'p', spot: 'red', stakeMinor: 1 }, { betId: 'x', playerId: 'p', spot: 'odd', stakeMinor: 1 }] }, 'INVALID_INPUT', 'bets[1].betId'],
    ['missing playerId', { number: 1, bets: [{ betId: 'x', spot: 'red', stakeMinor: 1 }] }, 'INVALID_INPUT', 'bets[0].playerId'],
    ['bad geometry', { number: 1, bets: [{ betId: 'x', playerId: 'p', spot: 'split:1-5', stakeMinor: 100 }] }, 'INVALID_GEOMETRY', 'bets[0].spot'],
    ['float stake', { number: 1, bets: [{ betId: 'x', playerId: 'p', spot: 'red', stakeMinor: 1.5 }] }, 'INVALID_AMOUNT', 'bets[0].stakeMinor'],
    ['zero stake', { number: 1, bets: [{ betId: 'x', playerId: 'p', spot: 'red', stakeMinor: 0 }] }, 'INVALID_AMOUNT', 'bets[0].stakeMinor'],
    ['announced stake not divisible', { number: 1, bets: [{ betId: 'x', playerId: 'p', spot: 'voisins', stakeMinor: 100 }] }, 'STAKE_NOT_DIVISIBLE', 'bets[0].stakeMinor'],
    ['unknown bet field', { number: 1, bets: [{ betId: 'x', playerId: 'p', spot: 'red', stakeMinor: 1, amount: 2 }] }, 'INVALID_INPUT', 'bets[0].amount'],
  ])('rejects %s with %s at %s', (_name, input, code, path) => {
    const r = rouletteModule.settleOffline('european', input);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.violation.code).toBe(code);
      expect(r.violation.details?.['path']).toBe(path);
    }
  });

  it('rejects bets that break RES-1 (a player covering 35 pockets) naming the bet', () => {
    const bets = [
      { betId: 'd1', playerId: 'p1', spot: 'dozen:1', stakeMinor: 100 },
      { betId: 'd2', playerId: 'p1', spot: 'dozen:2', stakeMinor: 100 },
      { betId: 'd3', playerId: 'p1', spot: 'sixline:25-26-27-28-29-30', stakeMinor: 100 },
      { betId: 's', playerId: 'p1', spot: 'corner:31-32-34-35', stakeMinor: 100 },
      { betId: 't', playerId: 'p1', spot: 'straight:0', stakeMinor: 100 },
    ];
    const r = rouletteModule.settleOffline('european', { number: 1, bets });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.violation).toMatchObject({ code: 'COVERAGE_LIMIT', ruleId: 'RES-1', details: { betId: 't', path: 'bets[4]' } });
  });
});
