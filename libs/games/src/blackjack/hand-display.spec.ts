import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALL_CARDS, type Card } from '../cards/card.js';
import { blackjackHandDisplay } from './hand-display.js';
import { handValue } from './hand.rules.js';

const RUNS = Number(process.env['PROPERTY_RUNS'] ?? 150);
const d = (cards: string, opts = {}) => blackjackHandDisplay(cards.split(' ').filter(Boolean) as Card[], opts);

describe('blackjack hand display (BJ-2, BJ-3, BJ-12)', () => {
  it.each([
    ['AS KD', {}, 21, 'blackjack'],
    ['AS KD', { fromSplit: true }, 21, 'hard'],
    ['AS 6H', {}, 17, 'soft'],
    ['AS 6H', { finished: true }, 17, 'hard'],
    ['AS AH', {}, 12, 'soft'],
    ['AS 5H 5D', {}, 21, 'hard'],
    ['TS 6H KD', {}, 26, 'bust'],
    ['TS 7H', {}, 17, 'hard'],
    ['AS 6H', { acesAsOne: true }, 7, 'hard'],
    ['', {}, 0, 'empty'],
  ])('%s %o → %i (%s)', (cards, opts, total, label) => {
    const v = d(cards, opts);
    expect([v.total, v.label]).toEqual([total, label]);
  });

  it('soft 17 shows both totals', () => {
    expect(d('AS 6H')).toMatchObject({ total: 17, hard: 7, soft: true, blackjack: false, bust: false });
  });

  it('property: total and bust agree with the hand rules; Blackjack only on two cards', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...ALL_CARDS), { maxLength: 8 }), fc.boolean(), (cards, fromSplit) => {
        const v = blackjackHandDisplay(cards, { fromSplit });
        expect(v.total).toBe(handValue(cards).total);
        expect(v.bust).toBe(v.total > 21);
        if (v.blackjack) expect([cards.length, v.total, fromSplit]).toEqual([2, 21, false]);
      }),
      { numRuns: RUNS },
    );
  });
});
