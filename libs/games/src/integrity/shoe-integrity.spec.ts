import { describe, expect, it } from 'vitest';
import { shoeIntegrity } from './shoe-integrity.js';
import { shoeCards } from './simulate.js';

const DEALT = 312; // an 8-deck shoe cut at 75 %

describe('shoe and card integrity (issue 23 §2)', () => {
  it('fair shoes: 300 seeded single-shoe checks and one 50-shoe pooled check raise no alarm', () => {
    let alarms = 0;
    for (let seed = 1; seed <= 300; seed++) if (shoeIntegrity([{ cards: shoeCards(8, seed).slice(0, DEALT), cutCardAt: DEALT }], { decks: 8 }).alarm) alarms++;
    expect(alarms).toBe(0);
    const many = Array.from({ length: 50 }, (_, i) => ({ cards: shoeCards(8, 500 + i).slice(0, DEALT) }));
    expect(shoeIntegrity(many, { decks: 8 }).alarm).toBe(false);
  });

  it('a shoe short of half its tens (16 of the 32 T) is flagged in one shoe, with T as the suspect', () => {
    let flagged = 0;
    for (let seed = 1; seed <= 20; seed++) {
      const r = shoeIntegrity([{ cards: shoeCards(8, seed, { T: 16 }).slice(0, DEALT) }], { decks: 8 });
      if (r.alarm) {
        flagged++;
        expect(r.suspects).toContain('T');
      }
    }
    expect(flagged).toBeGreaterThanOrEqual(10);
  });

  it('shoes always short of 8 of their 32 T are flagged within 8 shoes pooled, with T the suspect', () => {
    for (let start = 1; start <= 5; start++) {
      const sessions = Array.from({ length: 8 }, (_, i) => ({ cards: shoeCards(8, 100 * start + i, { T: 8 }).slice(0, DEALT) }));
      const r = shoeIntegrity(sessions, { decks: 8 });
      expect(r.alarm, `start ${start}`).toBe(true);
      expect(r.suspects).toContain('T');
    }
  });

  it('shoes short of 16 of their 128 ten-valued cards (4 each of T J Q K) are flagged by the ten-valued group within 12 shoes pooled', () => {
    for (let start = 1; start <= 5; start++) {
      const sessions = Array.from({ length: 12 }, (_, i) => ({ cards: shoeCards(8, 300 * start + i, { T: 4, J: 4, Q: 4, K: 4 }).slice(0, DEALT) }));
      const r = shoeIntegrity(sessions, { decks: 8 });
      expect(r.alarm, `start ${start}`).toBe(true);
      expect(r.suspects).toEqual(['T', 'J', 'Q', 'K']);
    }
  });

  it('a pre-arranged shoe (a session that repeats a run of an earlier one), an impossible card, a cut card out of range and a failing scanner', () => {
    const a = shoeCards(8, 1).slice(0, DEALT);
    const b = shoeCards(8, 2).slice(0, DEALT);
    b.splice(40, 12, ...a.slice(100, 112));
    const repeated = shoeIntegrity([{ cards: a }, { cards: b }], { decks: 8 });
    expect(repeated.alarm).toBe(true);
    expect(repeated.findings.map((f) => f.test)).toContain('repeats');
    const impossible = shoeIntegrity([{ cards: ['AS', 'AS', 'KD'] }], { decks: 1 });
    expect(impossible.alarm).toBe(true);
    expect(impossible.suspects).toEqual(['A']);
    expect(shoeIntegrity([{ cards: a, cutCardAt: 150 }], { decks: 8 }).findings.map((f) => f.test)).toEqual(['cut']);
    const scanner = shoeIntegrity([{ cards: a, unreadable: 12 }], { decks: 8 });
    expect(scanner.alarm).toBe(true);
    expect(scanner.findings.map((f) => f.test)).toEqual(['unreadable']);
    expect(shoeIntegrity([{ cards: a, unreadable: 2 }], { decks: 8 }).alarm).toBe(false);
  });
});
