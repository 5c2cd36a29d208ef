import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyRatio, ratio } from '../common/money.js';
import { createRng } from '../common/random.js';
import { ALL_CARDS, parseCard } from './card.js';
import { burn, cardsLeft, createShoe, deal, record, trackShoe } from './shoe.js';

describe('card codes (devices.md §1)', () => {
  it('accepts 10 and lower case at the edge, emits canonical codes', () => {
    expect(parseCard('10d')).toEqual({ ok: true, value: 'TD' });
    expect(parseCard('as')).toEqual({ ok: true, value: 'AS' });
    expect(parseCard('QC')).toEqual({ ok: true, value: 'QC' });
  });
  it('rejects non-cards with a code', () => {
    for (const bad of ['', '1S', '11H', 'AX', 'ZZ', 'A', 'TDX']) {
      const r = parseCard(bad);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.violation.code).toBe('INVALID_CARD');
    }
  });
  it('has 52 distinct cards', () => expect(new Set(ALL_CARDS).size).toBe(52));
});

describe('shoe', () => {
  it('a seeded shuffle is reproducible and differs by seed', () => {
    const a = createShoe({ decks: 8 }, 42).order;
    expect(createShoe({ decks: 8 }, 42).order).toEqual(a);
    expect(createShoe({ decks: 8 }, 43).order).not.toEqual(a);
    expect(a).toHaveLength(416);
  });
  it('brings the cut card out 7 cards from the end (BAC-1)', () => {
    let s = createShoe({ decks: 1, cutFromEnd: 7 }, 1);
    let reachedAt = -1;
    for (let i = 1; i <= 52; i++) {
      const d = deal(s);
      if (!d.ok) throw new Error('empty');
      if (d.value.cutCardReached) reachedAt = i;
      s = d.value.shoe;
    }
    expect(reachedAt).toBe(45);
    expect(deal(s).ok).toBe(false);
  });
  it('a tracker rejects a 33rd ace of spades in 8 decks (S-1)', () => {
    let s = trackShoe({ decks: 8 });
    for (let i = 0; i < 8; i++) {
      const r = record(s, 'AS');
      if (!r.ok) throw new Error('unexpected');
      s = r.value.shoe;
    }
    const r = record(s, 'AS');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.violation.ruleId).toBe('S-1');
  });
  it('property: a shoe never deals a card it does not hold', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 8 }), fc.integer(), fc.integer({ min: 0, max: 20 }), (decks, seed, burnN) => {
        const b = burn(createShoe({ decks }, seed), burnN);
        if (!b.ok) return false;
        let s = b.value;
        const seen = new Map<string, number>();
        for (const c of s.burned) seen.set(c, (seen.get(c) ?? 0) + 1);
        while (cardsLeft(s) > 0) {
          const d = deal(s);
          if (!d.ok) return false;
          seen.set(d.value.card, (seen.get(d.value.card) ?? 0) + 1);
          s = d.value.shoe;
        }
        return seen.size === 52 && [...seen.values()].every((n) => n === decks) && !deal(s).ok;
      }),
      { numRuns: 50 },
    );
  });
});

describe('money and rng', () => {
  it('applies ratios in integers with explicit rounding (BAC-11)', () => {
    expect(applyRatio(105, ratio(19, 20), 'down')).toBe(99);
    expect(applyRatio(105, ratio(19, 20), 'up')).toBe(100);
    expect(applyRatio(10, ratio(3, 2))).toBe(15);
    expect(() => applyRatio(1.5, ratio(1))).toThrow();
  });
  it('rng.int is in range and deterministic', () => {
    const a = createRng(7), b = createRng(7);
    for (let i = 0; i < 1000; i++) {
      const x = a.int(37);
      expect(x).toBe(b.int(37));
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(37);
    }
  });
});
