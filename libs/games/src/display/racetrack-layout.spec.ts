import { describe, expect, it } from 'vitest';
import { RACETRACK_SECTORS } from '../roulette/racetrack-display.js';
import { WHEEL_ORDER } from '../roulette/wheel.js';
import { insidePolygon, racetrackGeometry, sectorDrawnAt } from './racetrack-layout.js';

describe('racetrack geometry (ROU-2 announced bets drawn on the racetrack)', () => {
  const g = racetrackGeometry();
  const kindOf = (n: number): string => {
    const zero = RACETRACK_SECTORS.find((s) => s.kind === 'jeu-zero')?.numbers.includes(n);
    return zero ? 'jeu-zero' : (RACETRACK_SECTORS.find((s) => s.kind !== 'jeu-zero' && s.numbers.includes(n))?.kind ?? '?');
  };

  it('puts the 37 pockets in wheel order around the stadium, 0 at the right end, evenly spaced, none overlapping', () => {
    expect(g.pockets.map((p) => p.number)).toEqual([...WHEEL_ORDER]);
    const zero = g.pockets[0]?.at;
    expect(zero?.x).toBeCloseTo(g.right.x + g.radius, 6);
    expect(zero?.y).toBeCloseTo(g.height / 2, 6);
    for (let i = 0; i < g.pockets.length; i++) {
      const a = g.pockets[i]?.at;
      const b = g.pockets[(i + 1) % g.pockets.length]?.at;
      if (!a || !b) throw new Error('pocket');
      expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeGreaterThan(5); // two pocket circles of radius 2.45 never touch
    }
  });

  it('the sector drawn beside every number is the announced bet that covers it (jeu zéro inside voisins at the zero end)', () => {
    const drawn = WHEEL_ORDER.map((n, i) => [n, sectorDrawnAt(g, i)]);
    expect(drawn).toEqual(WHEEL_ORDER.map((n) => [n, kindOf(n)]));
  });

  it('the regions do not overlap: a point of the field places exactly one announced bet', () => {
    for (let x = 0.5; x < g.width; x += 1) {
      for (let y = 0.5; y < g.height; y += 1) {
        const hits = g.sectors.filter((s) => insidePolygon({ x, y }, s.polygon)).length;
        expect(hits, `(${x}, ${y})`).toBeLessThanOrEqual(1);
      }
    }
  });

  it('tiers on the left, orphelins in the middle, voisins on the right, jeu zéro at the far right', () => {
    const x = (k: string): number => g.sectors.find((s) => s.kind === k)?.label.x ?? NaN;
    expect(x('tiers')).toBeLessThan(x('orphelins'));
    expect(x('orphelins')).toBeLessThan(x('voisins'));
    expect(x('voisins')).toBeLessThan(x('jeu-zero'));
    expect(x('jeu-zero')).toBeLessThan(g.right.x + g.innerRadius);
  });
});
