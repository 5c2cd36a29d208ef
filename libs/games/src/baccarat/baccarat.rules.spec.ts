import { describe, expect, it } from 'vitest';
import { RANKS, type Card } from '../cards/card.js';
import { cardValue, classifyCard, handResult, nextDue, points } from './baccarat.rules.js';

/** A card of baccarat value v (0 → a king), suit chosen by the caller to avoid accidental pairs. */
const c = (v: number, suit: 'S' | 'H' | 'D' | 'C' = 'S'): Card => (v === 0 ? `K${suit}` : v === 1 ? `A${suit}` : `${v}${suit}`) as Card;
/** Two cards totalling t (0–9): (t, 0) — e.g. 7 = 7 + K. */
const two = (t: number): [Card, Card] => [c(t, 'H'), c(0, 'D')];
/** The round's first four cards in shoe order P, B, P, B (BAC-12) for Player total p and Banker total b. */
const firstFour = (p: number, b: number): Card[] => {
  const [p1, p2] = two(p);
  const [b1, b2] = two(b);
  return [p1, b1, p2, b2].map((x, i) => (i % 2 === 0 ? x : ((x[0] as string) + 'C') as Card));
};

/**
 * BAC-16 exactly as printed in the spec, transcribed independently of the implementation's data:
 * row = Banker two-card total, column = Player's third-card value 0…9; D = draws, S = stands.
 */
const SPEC_BAC16: Record<number, string> = {
  0: 'DDDDDDDDDD',
  1: 'DDDDDDDDDD',
  2: 'DDDDDDDDDD',
  3: 'DDDDDDDDSD', // not on 8
  4: 'SSDDDDDDSS', // 2–7
  5: 'SSSSDDDDSS', // 4–7
  6: 'SSSSSSDDSS', // 6–7
  7: 'SSSSSSSSSS', // never
};

describe('card values and points (BAC-2, BAC-3)', () => {
  it('values 2–9 at face, T/J/Q/K as 0 and A as 1 (BAC-2)', () => {
    const expected: Record<string, number> = { A: 1, '2': 2, '3': 3, '4': 4, '5': 5, '6': 6, '7': 7, '8': 8, '9': 9, T: 0, J: 0, Q: 0, K: 0 };
    for (const r of RANKS) expect(cardValue(`${r}S` as Card), r).toBe(expected[r]);
  });
  it('a hand counts its sum mod 10: A+2+9 = 12 → 2 (BAC-2)', () => {
    expect(points(['AS', '2H', '9D'])).toBe(2);
    expect(points(['9S', '9H'])).toBe(8);
    expect(points(['KS', 'QH', 'JD'])).toBe(0);
    expect(points(['AS', '2H', '4D'])).toBe(7);
  });
});

describe('naturals (BAC-13)', () => {
  for (let p = 0; p <= 9; p++) {
    for (let b = 0; b <= 9; b++) {
      const natural = p >= 8 || b >= 8;
      it(`Player ${p} vs Banker ${b} on two cards: ${natural ? 'natural, both stand' : 'no natural'} (BAC-13)`, () => {
        const d = nextDue(firstFour(p, b));
        if (natural) {
          expect(d.type).toBe('complete');
          if (d.type === 'complete') {
            expect(d.ruleId).toBe('BAC-13');
            expect(d.announcements).toContain('Both stand');
          }
        } else {
          // the draw rules decide: a third card is due, or both stand on 6/7 (BAC-14, BAC-15)
          expect(d.type === 'deal' || (d.type === 'complete' && d.ruleId === 'BAC-15' && p >= 6 && b >= 6)).toBe(true);
        }
      });
    }
  }
  it('a natural 8 against a Banker 7 settles at once: Player wins 8–7 (BAC-13)', () => {
    const r = handResult(firstFour(8, 7));
    expect(r).toMatchObject({ playerPoints: 8, bankerPoints: 7, outcome: 'player', natural: true });
  });
});

describe('Player rule (BAC-14): every Player two-card total', () => {
  for (let p = 0; p <= 7; p++) {
    const draws = p <= 5;
    it(`Player ${draws ? 'draws' : 'stands'} on ${p} (BAC-14)`, () => {
      // Banker 7 stands whatever Player did, so the only call left is Player's.
      const d = nextDue(firstFour(p, 7));
      if (draws) {
        expect(d).toMatchObject({ type: 'deal', to: 'player', position: 3, index: 4, message: "Deal Player's third card", ruleId: 'BAC-14' });
      } else {
        expect(d).toMatchObject({ type: 'complete', message: 'Round complete' });
        if (d.type === 'complete') expect(d.announcements).toEqual([`Player stands on ${p}`, 'Banker stands on 7']);
      }
    });
  }
});

describe('Banker rule when Player stood (BAC-15)', () => {
  for (const p of [6, 7]) {
    for (let b = 0; b <= 7; b++) {
      const draws = b <= 5;
      it(`Player stood on ${p}, Banker ${b} ${draws ? 'draws' : 'stands'} (BAC-15)`, () => {
        const cards = firstFour(p, b);
        const d = nextDue(cards);
        if (draws) {
          expect(d).toMatchObject({ type: 'deal', to: 'banker', position: 3, index: 4, message: "Deal Banker's third card", ruleId: 'BAC-15' });
          if (d.type === 'deal') expect(d.announcements).toContain('Banker draws');
          expect(nextDue([...cards, '5S'])).toMatchObject({ type: 'complete', length: 5 });
        } else {
          expect(d).toMatchObject({ type: 'complete', ruleId: 'BAC-15', length: 4 });
          if (d.type === 'complete') expect(d.announcements).toContain(`Banker stands on ${b}`);
        }
      });
    }
  }
});

describe('Banker tableau when Player drew (BAC-16): every Banker total × Player third-card value', () => {
  for (let b = 0; b <= 7; b++) {
    for (let v = 0; v <= 9; v++) {
      const draws = (SPEC_BAC16[b] as string)[v] === 'D';
      it(`Banker ${b}, Player's third card ${v}: Banker ${draws ? 'draws' : 'stands'} (BAC-16)`, () => {
        for (const p of [0, 3, 5]) {
          const cards = [...firstFour(p, b), c(v, 'D')];
          const d = nextDue(cards);
          if (draws) {
            expect(d, `player ${p}`).toMatchObject({ type: 'deal', to: 'banker', position: 3, index: 5, ruleId: 'BAC-16' });
            const done = nextDue([...cards, '2S']);
            expect(done).toMatchObject({ type: 'complete', length: 6 });
          } else {
            expect(d, `player ${p}`).toMatchObject({ type: 'complete', ruleId: 'BAC-16', length: 5 });
            if (d.type === 'complete') expect(d.announcements.join(' | ')).toContain('Banker stands');
          }
        }
      });
    }
  }
  it('Banker 8 or 9 never reaches the tableau: it is a natural (BAC-13)', () => {
    for (const b of [8, 9]) expect(nextDue(firstFour(3, b))).toMatchObject({ type: 'complete', ruleId: 'BAC-13' });
  });
});

describe('dealing order and what is due next (BAC-12, BAC-17)', () => {
  it('deals P, B, P, B out of the shoe (BAC-12)', () => {
    const seq: Card[] = [];
    const want = [
      ['player', 1, "Deal Player's first card"],
      ['banker', 1, "Deal Banker's first card"],
      ['player', 2, "Deal Player's second card"],
      ['banker', 2, "Deal Banker's second card"],
    ] as const;
    for (const [i, [to, position, message]] of want.entries()) {
      expect(nextDue(seq)).toMatchObject({ type: 'deal', to, position, index: i, message, ruleId: 'BAC-12' });
      seq.push('3S');
    }
  });
  it('a third card when the tableau says Banker stands is a misdeal (BAC-17, S-2)', () => {
    const cards = firstFour(6, 7); // both stand
    const cls = classifyCard(cards, '4H');
    expect(cls).toMatchObject({ type: 'misdeal', code: 'MISDEAL', ruleId: 'BAC-17' });
    if (cls.type === 'misdeal') expect(cls.message).toContain('Banker stands on 7');
    expect(nextDue([...cards, '4H'])).toMatchObject({ type: 'misdeal', index: 4, ruleId: 'BAC-17' });
  });
  it('a card after a natural is a misdeal (BAC-13, BAC-17)', () => {
    expect(classifyCard(firstFour(9, 2), '4H')).toMatchObject({ type: 'misdeal', ruleId: 'BAC-17' });
  });
  it('the called card is classified into its slot (BAC-17)', () => {
    expect(classifyCard(firstFour(2, 7), '4H')).toEqual({ type: 'due', to: 'player', position: 3, index: 4 });
  });
  it('resolves a six-card hand: P 9H 5S 2D = 6, B TD KC 9C = 9 → Banker (BAC-5, BAC-16)', () => {
    const r = handResult(['9H', 'TD', '5S', 'KC', '2D', '9C']);
    expect(r).toMatchObject({ playerCards: ['9H', '5S', '2D'], bankerCards: ['TD', 'KC', '9C'], playerPoints: 6, bankerPoints: 9, outcome: 'banker', natural: false });
    expect(handResult(['9H', 'TD', '5S', 'KC', '2D'])).toBeNull(); // Banker 0 must still draw
  });
  it('recognises Player and Banker pairs on the first two cards of each hand (BAC-10)', () => {
    expect(handResult(['4S', '7H', '4D', '7C'])).toMatchObject({ playerPair: true, bankerPair: true, playerPoints: 8, bankerPoints: 4 });
    expect(handResult(['KS', '8H', 'QD', 'TC'])).toMatchObject({ playerPair: false, bankerPair: false });
  });
});
