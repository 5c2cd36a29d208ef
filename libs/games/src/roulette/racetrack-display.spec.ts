import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { europeanProfile, rayParlourProfile } from './profiles.js';
import { neighboursPreview, RACETRACK_RING, RACETRACK_SECTORS, racetrackBetPreview, ringArcs } from './racetrack-display.js';
import { ANNOUNCED_CHIPS } from './spots.js';
import { WHEEL_ORDER } from './wheel.js';

const RUNS = Number(process.env['PROPERTY_RUNS'] ?? 150);
const P = europeanProfile;
const sector = (k: string) => RACETRACK_SECTORS.find((s) => s.kind === k);

describe('racetrack ring and sectors (ROU-2 announced bets)', () => {
  it('the ring is the wheel order with colours; voisins, tiers and orphelins partition it', () => {
    expect(RACETRACK_RING.map((p) => p.number)).toEqual(WHEEL_ORDER);
    expect(RACETRACK_RING[0]).toEqual({ number: 0, index: 0, colour: 'green', sector: 'voisins', jeuZero: true });
    const count = (s: string) => RACETRACK_RING.filter((p) => p.sector === s).length;
    expect([count('voisins'), count('tiers'), count('orphelins')]).toEqual([17, 12, 8]);
    expect(RACETRACK_RING.filter((p) => p.jeuZero).map((p) => p.number)).toEqual([0, 32, 15, 12, 35, 3, 26]);
    expect(RACETRACK_RING.filter((p) => p.jeuZero).every((p) => p.sector === 'voisins')).toBe(true);
  });

  it('sectors as arcs of the ring: tiers 27…33, voisins 22…25 through 0, orphelins in two arcs', () => {
    expect(sector('tiers')?.arcs).toEqual([{ start: 11, length: 12, numbers: [27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33] }]);
    expect(sector('voisins')?.arcs).toEqual([{ start: 28, length: 17, numbers: [22, 18, 29, 7, 28, 12, 35, 3, 26, 0, 32, 15, 19, 4, 21, 2, 25] }]);
    expect(sector('orphelins')?.arcs.map((a) => a.numbers)).toEqual([[17, 34, 6], [1, 20, 14, 31, 9]]);
    expect(sector('jeu-zero')?.arcs.map((a) => a.numbers)).toEqual([[12, 35, 3, 26, 0, 32, 15]]);
    expect(ringArcs(() => true)).toEqual([{ start: 0, length: 37, numbers: WHEEL_ORDER }]);
    expect(ringArcs(() => false)).toEqual([]);
  });
});

describe('racetrack bet previews', () => {
  it('voisins: 9 chips, 17 numbers, from the kernel expansion', () => {
    const r = racetrackBetPreview('voisins', P);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.chipCount).toBe(9);
    expect(r.value.chipCount).toBe(ANNOUNCED_CHIPS.voisins.length);
    expect(r.value.numbers).toEqual(sector('voisins')?.numbers);
    expect(r.value.placements.find((p) => p.key === 'corner:25-26-28-29')?.chips).toBe(2);
  });

  it.each([
    ['tiers', 6, 12],
    ['orphelins', 5, 8],
    ['jeu-zero', 4, 7],
  ])('%s: %i chips over %i numbers', (key, chips, numbers) => {
    const r = racetrackBetPreview(key, P);
    expect(r.ok && [r.value.chipCount, r.value.numbers.length]).toEqual([chips, numbers]);
  });

  it('neighbours of 17 with 2 either side: 5 straights in wheel order', () => {
    const r = neighboursPreview(17, 2, P);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.key).toBe('neighbours:17:2');
    expect(r.value.placements.map((p) => p.key)).toEqual(['straight:2', 'straight:25', 'straight:17', 'straight:34', 'straight:6']);
    expect(r.value.numbers).toEqual([2, 6, 17, 25, 34]);
    expect(r.value.ringIndexes).toEqual([6, 7, 8, 9, 10]);
  });

  it('errors come from the spot rules: K out of range, racetrack off, a layout bet', () => {
    const k = neighboursPreview(17, 10, P);
    expect(!k.ok && k.violation.code).toBe('INVALID_SPOT');
    const off = racetrackBetPreview('voisins', rayParlourProfile);
    expect(!off.ok && off.violation.code).toBe('ANNOUNCED_BETS_DISABLED');
    const simple = racetrackBetPreview('red', P);
    expect(!simple.ok && [simple.violation.code, simple.violation.ruleId]).toEqual(['NOT_A_RACETRACK_BET', 'ROU-2']);
  });

  it('property: neighbours n, k cover 2k+1 consecutive ring pockets centred on n', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 36 }), fc.integer({ min: 1, max: 9 }), (n, k) => {
        const r = neighboursPreview(n, k, P);
        if (!r.ok) throw new Error(r.violation.message);
        expect(r.value.chipCount).toBe(2 * k + 1);
        expect(r.value.numbers).toHaveLength(2 * k + 1);
        const centre = WHEEL_ORDER.indexOf(n);
        for (const i of r.value.ringIndexes) {
          const d = Math.min((i - centre + 37) % 37, (centre - i + 37) % 37);
          expect(d).toBeLessThanOrEqual(k);
        }
        expect(r.value.placements.every((p) => p.chips === 1 && p.key.startsWith('straight:'))).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });
});
