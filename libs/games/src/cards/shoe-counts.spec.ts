import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALL_CARDS, RANKS, rankOf, type Card } from './card.js';
import { createShoe, deal, trackShoe, record, type Shoe } from './shoe.js';
import { remainingByRank, shoeCountsFromDealt, shoeCountsOf } from './shoe-counts.js';

const RUNS = Number(process.env['PROPERTY_RUNS'] ?? 150);

describe('shoe counts (display)', () => {
  it('a fresh 8-deck shoe has 32 of each rank, 416 cards', () => {
    const c = shoeCountsOf(trackShoe({ decks: 8 }));
    expect(c.left).toBe(416);
    expect(Object.values(c.leftByRank)).toEqual(RANKS.map(() => 32));
    expect(Object.values(c.dealtByRank)).toEqual(RANKS.map(() => 0));
  });

  it('counts recorded cards per rank, whatever the suit', () => {
    let s: Shoe = trackShoe({ decks: 8 });
    for (const card of ['AS', 'AH', 'TD', 'KC'] as Card[]) {
      const r = record(s, card);
      if (!r.ok) throw new Error(r.violation.message);
      s = r.value.shoe;
    }
    const c = shoeCountsOf(s);
    expect(c).toMatchObject({ dealt: 4, left: 412 });
    expect(c.leftByRank).toMatchObject({ A: 30, T: 31, K: 31, Q: 32 });
    expect(c.dealtByRank).toMatchObject({ A: 2, T: 1, K: 1 });
    expect(remainingByRank(s).A).toBe(30);
  });

  it('from seen cards: never below zero; a card beyond what the shoe holds is listed, not counted (S-1)', () => {
    const c = shoeCountsFromDealt(1, ['AS', 'AS', '2H'] as Card[]);
    expect(c).toMatchObject({ dealt: 2, left: 50, overdealt: ['AS'] });
    expect(c.leftByRank).toMatchObject({ A: 3, '2': 3, '3': 4 });
  });

  it('property: counts from the dealt cards equal the tracked shoe that dealt them', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 8 }), fc.integer(), fc.nat({ max: 200 }), (decks, seed, n) => {
        let s = createShoe({ decks }, seed);
        const seen: Card[] = [];
        for (let i = 0; i < Math.min(n, decks * 52); i++) {
          const d = deal(s);
          if (!d.ok) throw new Error(d.violation.message);
          seen.push(d.value.card);
          s = d.value.shoe;
        }
        const a = shoeCountsOf(s);
        const b = shoeCountsFromDealt(decks, seen);
        expect(b).toEqual(a);
        expect(Object.values(a.leftByRank).reduce((x, y) => x + y, 0)).toBe(a.left);
        for (const r of RANKS) expect(a.dealtByRank[r]).toBe(seen.filter((c) => rankOf(c) === r).length);
      }),
      { numRuns: RUNS },
    );
  });

  it('all 52 cards of one deck leave zero of every rank', () => {
    const c = shoeCountsFromDealt(1, ALL_CARDS);
    expect(c.left).toBe(0);
    expect(Object.values(c.leftByRank).every((n) => n === 0)).toBe(true);
  });
});
