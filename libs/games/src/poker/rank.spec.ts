import { describe, expect, it } from 'vitest';
import { cardId, parseHand, JOKER_1, JOKER_2, type CardId } from './cards.js';
import { evaluate5, evaluate7, evaluateStandard } from './fast.js';
import {
  bestLowEight,
  bestOf,
  categoryOf,
  combinations,
  evaluateFive,
  evaluateWild,
  lowCardsOf,
  lowEightValue,
  omahaHigh,
  omahaLowEight,
  tieBreakOf,
  type HandCategory,
  type PokerRanking,
} from './rank.js';
import type { Card } from '../cards/card.js';

const h = (s: string): CardId[] => s.split(' ').map((c) => (c === 'JK' ? JOKER_1 : cardId(c as Card)));
const std = (s: string): number => evaluateFive(h(s), { ranking: 'standard' });
const val = (s: string, ranking: PokerRanking, lowestRank?: number): number => evaluateFive(h(s), lowestRank === undefined ? { ranking } : { ranking, lowestRank });

function countAll5(deck: readonly CardId[], ev: (c: CardId[]) => number): Map<HandCategory, number> {
  const out = new Map<HandCategory, number>();
  const n = deck.length;
  const cs = [0, 0, 0, 0, 0];
  for (let a = 0; a < n; a++)
    for (let b = a + 1; b < n; b++)
      for (let c = b + 1; c < n; c++)
        for (let d = c + 1; d < n; d++)
          for (let e = d + 1; e < n; e++) {
            cs[0] = deck[a] as number; cs[1] = deck[b] as number; cs[2] = deck[c] as number; cs[3] = deck[d] as number; cs[4] = deck[e] as number;
            const cat = categoryOf(ev(cs));
            out.set(cat, (out.get(cat) ?? 0) + 1);
          }
  return out;
}

describe('standard ranking, every five-card hand (001 §2.5 A–G, J, K)', () => {
  it('the fast evaluator and the generic rules agree on all 2 598 960 hands, with the textbook class counts and 7 462 distinct values', () => {
    const counts = new Map<HandCategory, number>();
    const distinct = new Set<number>();
    let disagreements = 0;
    const cs = [0, 0, 0, 0, 0];
    for (let a = 0; a < 52; a++)
      for (let b = a + 1; b < 52; b++)
        for (let c = b + 1; c < 52; c++)
          for (let d = c + 1; d < 52; d++)
            for (let e = d + 1; e < 52; e++) {
              const fast = evaluate5(a, b, c, d, e);
              cs[0] = a; cs[1] = b; cs[2] = c; cs[3] = d; cs[4] = e;
              if (fast !== evaluateFive(cs, { ranking: 'standard' })) disagreements++;
              distinct.add(fast);
              const cat = categoryOf(fast);
              counts.set(cat, (counts.get(cat) ?? 0) + 1);
            }
    expect(disagreements).toBe(0);
    expect(Object.fromEntries(counts)).toEqual({
      'straight-flush': 40,
      'four-of-a-kind': 624,
      'full-house': 3744,
      flush: 5108,
      straight: 10200,
      'three-of-a-kind': 54912,
      'two-pair': 123552,
      pair: 1098240,
      'high-card': 1302540,
    });
    expect(distinct.size).toBe(7462);
  }, 120_000);

  it('orders the 004 test vectors (docs/rules/live-poker.md §1.3)', () => {
    expect(std('4S 4H 4D 7C 7S')).toBeGreaterThan(std('2S 2H 2D KC KS'));
    expect(std('4S 4H 4D 3C 2S')).toBeGreaterThan(std('2S 2H 2D AC KS'));
    expect(std('5S 5H 5D 9C 9S')).toBeGreaterThan(std('5S 5H 5C 6C 6S'));
    expect(std('KS KH 2D 2C AS')).toBeGreaterThan(std('7S 7H 3D 3C QS'));
    expect(std('7S 7H 3D 3C QS')).toBeGreaterThan(std('7S 7H 2D 2C AS'));
    expect(std('AS KH 8D 3C 2S')).toBeGreaterThan(std('AS KH 7D 6C 5H'));
    expect(std('6S 5H 4D 3C 2S')).toBeGreaterThan(std('5S 4H 3D 2C AS'));
  });

  it('the ace is low only in A-2-3-4-5, the lowest straight and straight flush; no wrap-around (001 §2.5 A/E, 004)', () => {
    expect(categoryOf(std('5S 4H 3D 2C AS'))).toBe('straight');
    expect(tieBreakOf(std('5S 4H 3D 2C AS'))).toEqual([5]);
    expect(categoryOf(std('QS KH AD 2C 3S'))).toBe('high-card');
    expect(categoryOf(std('4S 3S 2S AS KS'))).toBe('flush');
    expect(std('5H 4H 3H 2H AH')).toBeLessThan(std('6D 5D 4D 3D 2D'));
    expect(categoryOf(std('5H 4H 3H 2H AH'))).toBe('straight-flush');
  });

  it('suits never break ties: equal hands in different suits are equal (001 §2.5 M)', () => {
    expect(std('AS KS QS JS 9S')).toBe(std('AH KH QH JH 9H'));
    expect(std('AS KH QD JC 9S')).toBe(std('AC KD QH JS 9D'));
  });

  it('Hold\'em plays the board: board 5-5-5-K-7, A-K vs K-3 split (004)', () => {
    const board = h('5S 5H 5D KC 7S');
    expect(evaluateStandard([...h('AD KD'), ...board])).toBe(evaluateStandard([...h('KH 3C'), ...board]));
    expect(evaluate7(...(h('AD KD 5S 5H 5D KC 7S') as [number, number, number, number, number, number, number]))).toBe(std('5S 5H 5D KC KD'));
  });

  it('best of six and seven agree with the generic best-of on every hand built from a fixed sample', () => {
    const deck = h('AS KD 7H 7C 2S 3S 4S 5D 9S TS JS QS 8H');
    let checked = 0;
    for (const idx of combinations(deck.length, 7)) {
      const cards = idx.map((i) => deck[i] as CardId);
      expect(evaluateStandard(cards)).toBe(bestOf(cards, { ranking: 'standard' }));
      expect(evaluateStandard(cards.slice(0, 6))).toBe(bestOf(cards.slice(0, 6), { ranking: 'standard' }));
      checked++;
    }
    expect(checked).toBe(1716);
  });
});

describe('Sökö ranking (001 §2.5 H and I; RAY §6.2)', () => {
  it('four-card flush and four-card straight sit between two pair and one pair, the flush above the straight', () => {
    const fourFlush = val('AS 9S 7S 3S KD', 'soko');
    const fourStraight = val('9S 8H 7D 6C KD', 'soko');
    expect(categoryOf(fourFlush)).toBe('four-card-flush');
    expect(categoryOf(fourStraight)).toBe('four-card-straight');
    expect(val('2S 2H 3D 3C 4S', 'soko')).toBeGreaterThan(fourFlush);
    expect(fourFlush).toBeGreaterThan(fourStraight);
    expect(fourStraight).toBeGreaterThan(val('AS AH KD QC 9S', 'soko'));
  });

  it('four-straight ties: top card of the run, then the fifth card; A-2-3-4 is the lowest run [INTERP]', () => {
    expect(val('9S 8H 7D 6C KD', 'soko')).toBeGreaterThan(val('9H 8D 7S 6H QD', 'soko'));
    expect(val('TS 9H 8D 7C 2D', 'soko')).toBeGreaterThan(val('9H 8D 7S 6H KD', 'soko'));
    expect(tieBreakOf(val('AS 2H 3D 4C 9D', 'soko'))).toEqual([4, 9]);
    expect(val('AS 2H 3D 4C 9D', 'soko')).toBeLessThan(val('2S 3H 4D 5C 9D', 'soko'));
  });

  it('four-flush tie-break: suited cards first by default, all five cards when the profile says so [INTERP]', () => {
    const a = h('AS 9S 7S 3S 2D');
    const b = h('AH 9H 7H 2H KD');
    expect(evaluateFive(a, { ranking: 'soko' })).toBeGreaterThan(evaluateFive(b, { ranking: 'soko' }));
    expect(evaluateFive(a, { ranking: 'soko', fourFlushTieBreak: 'all-cards' })).toBeLessThan(evaluateFive(b, { ranking: 'soko', fourFlushTieBreak: 'all-cards' }));
  });

  it('on a third × a half of all five-card hands (every a, b, c; every 3rd d, 2nd e), Sökö differs from standard only where a pair or high card holds four suited or four in sequence', () => {
    let diff = 0;
    const cs = [0, 0, 0, 0, 0];
    for (let a = 0; a < 52; a += 1)
      for (let b = a + 1; b < 52; b++)
        for (let c = b + 1; c < 52; c++)
          for (let d = c + 1; d < 52; d += 3)
            for (let e = d + 1; e < 52; e += 2) {
              cs[0] = a; cs[1] = b; cs[2] = c; cs[3] = d; cs[4] = e;
              const s = categoryOf(evaluateFive(cs, { ranking: 'standard' }));
              const k = categoryOf(evaluateFive(cs, { ranking: 'soko' }));
              const suitCounts = [0, 0, 0, 0];
              for (const x of cs) (suitCounts[x & 3] as number)++;
              const ranks = new Set(cs.map((x) => x >> 2));
              const run4 = [...Array(11).keys()].some((lo) => [0, 1, 2, 3].every((i) => ranks.has(lo - 1 + i === -1 ? 12 : lo - 1 + i)));
              const weak = s === 'pair' || s === 'high-card';
              const expected = !weak ? s : suitCounts.includes(4) ? 'four-card-flush' : run4 ? 'four-card-straight' : s;
              if (k !== expected) diff++;
            }
    expect(diff).toBe(0);
  }, 60_000);
});

describe('short deck (001 §2.5 L, Mörkpoker 7-E)', () => {
  it('a flush beats a full house; the ace plays low as A-6-7-8-9 on 36 cards and A-7-8-9-T on 32 cards', () => {
    expect(val('AS 9S 7S 3S 8S', 'short-deck', 4)).toBeGreaterThan(val('KS KH KD 7C 7S', 'short-deck', 4));
    expect(categoryOf(val('AS 6H 7D 8C 9S', 'short-deck', 4))).toBe('straight');
    expect(tieBreakOf(val('AS 6H 7D 8C 9S', 'short-deck', 4))).toEqual([9]);
    expect(val('AS 6H 7D 8C 9S', 'short-deck', 4)).toBeLessThan(val('6S 7H 8D 9C TS', 'short-deck', 4));
    expect(categoryOf(val('AS 7H 8D 9C TS', 'short-deck', 5))).toBe('straight');
    expect(categoryOf(val('AS 6H 7D 8C 9S', 'short-deck', 5))).toBe('high-card');
  });

  it('class counts of all 376 992 hands of the 36-card deck (derived by combinatorics)', () => {
    const deck = Array.from({ length: 52 }, (_, i) => i).filter((c) => c >> 2 >= 4);
    const counts = countAll5(deck, (c) => evaluateFive(c, { ranking: 'short-deck', lowestRank: 4 }));
    // 6 straights (tops 9..A) × 4 suits = 24 straight flushes; 4·C(9,5) − 24 flushes; 6·4⁵ − 24 straights; …
    expect(Object.fromEntries(counts)).toEqual({
      'straight-flush': 24,
      'four-of-a-kind': 288,
      flush: 480,
      'full-house': 1728,
      straight: 6120,
      'three-of-a-kind': 16128,
      'two-pair': 36288,
      pair: 193536,
      'high-card': 122400,
    });
  }, 60_000);
});

describe('three-card ranking (RAY §7.1 Fast Poker)', () => {
  it('class counts of all 22 100 three-card hands; a straight beats a flush', () => {
    const counts = new Map<string, number>();
    for (const idx of combinations(52, 3)) {
      const cat = categoryOf(evaluateFive(idx, { ranking: 'three-card' }));
      counts.set(cat, (counts.get(cat) ?? 0) + 1);
    }
    expect(Object.fromEntries(counts)).toEqual({ 'straight-flush': 48, 'three-of-a-kind': 52, straight: 720, flush: 1096, pair: 3744, 'high-card': 16440 });
    expect(val('2S 3H 4D', 'three-card')).toBeGreaterThan(val('AS KS 9S', 'three-card'));
    expect(val('2S 2H 2D', 'three-card')).toBeGreaterThan(val('QS KH AD', 'three-card'));
  });

  it('A-2-3 is the lowest straight (ace = 1), Q-K-A the highest; K-A-2 is no straight', () => {
    expect(tieBreakOf(val('AS 2H 3D', 'three-card'))).toEqual([3]);
    expect(val('AS 2H 3D', 'three-card')).toBeLessThan(val('2S 3H 4D', 'three-card'));
    expect(val('QS KH AD', 'three-card')).toBeGreaterThan(val('JS QH KD', 'three-card'));
    expect(categoryOf(val('KS AH 2D', 'three-card'))).toBe('high-card');
  });
});

describe('8-or-better low and Omaha (001 §3.2–3.3; 004)', () => {
  it('five unpaired cards of 8 or lower; ace = 1; straights and flushes ignored; 8-6-5-4-3 beats 8-7-4-3-2', () => {
    expect(lowEightValue(h('AS 2S 3S 4S 5S'))).toBeGreaterThan(lowEightValue(h('AS 2H 3D 4C 6S')));
    expect(lowEightValue(h('8S 6H 5D 4C 3S'))).toBeGreaterThan(lowEightValue(h('8S 7H 4D 3C 2S')));
    expect(lowEightValue(h('9S 6H 5D 4C 3S'))).toBe(-1);
    expect(lowEightValue(h('8S 8H 5D 4C 3S'))).toBe(-1);
    expect(lowCardsOf(bestLowEight(h('AS 2H KD 4C 3S 7D 7H')))).toEqual([7, 4, 3, 2, 1]);
  });

  it('Omaha uses exactly two hole cards and three board cards, high and low chosen separately', () => {
    // one spade in hand and four on board: no flush in Omaha (it would be in Hold'em)
    const board = h('2S 5S 9S KS 8D');
    const hole = h('AS QH QD 3C');
    expect(categoryOf(omahaHigh(hole, board))).toBe('pair');
    expect(categoryOf(bestOf([...hole, ...board], { ranking: 'standard' }))).toBe('flush');
    // four to a straight in hand but only two may play
    expect(categoryOf(omahaHigh(h('6H 7H 8C 9C'), h('2D 3D KS KH 4C')))).toBe('pair');
    expect(lowCardsOf(omahaLowEight(h('AH 2C KD KC'), h('3D 6S 8H QS JS')))).toEqual([8, 6, 3, 2, 1]);
    expect(omahaLowEight(h('AH KC KD QC'), h('3D 6S 8H 2S JS'))).toBe(-1);
  });
});

describe('wild cards and five of a kind (003)', () => {
  const wild = { ranking: 'standard' as const, wild: [] as number[] };
  it('a joker makes five of a kind above a royal flush; fewer wild cards win among equal hands', () => {
    const five = evaluateWild(h('JS JH JD JC JK'), wild);
    expect(categoryOf(five >> 3)).toBe('five-of-a-kind');
    expect(five).toBeGreaterThan(evaluateWild(h('AS KS QS JS TS'), wild));
    expect(categoryOf(evaluateWild([...h('AS KS QS JS'), JOKER_1], wild) >> 3)).toBe('straight-flush');
    const natural = evaluateWild(h('9S 9H 9D KC 2S'), wild);
    const withJoker = evaluateWild([...h('9S 9H KC 2S'), JOKER_2], wild);
    expect(natural >> 3).toBe(withJoker >> 3);
    expect(natural).toBeGreaterThan(withJoker);
  });
  it('wild ranks: deuces wild make 2-2-A-A-A five aces', () => {
    const deucesWild = { ranking: 'standard' as const, wild: h('2S 2H 2D 2C') };
    expect(categoryOf(evaluateWild(h('2S 2H AD AC AS'), deucesWild) >> 3)).toBe('five-of-a-kind');
  });
});

describe('parseHand (edge input)', () => {
  it('rejects a non-card, a duplicate and a wrong count with codes', () => {
    expect(parseHand(['AS', 'XX'])).toMatchObject({ ok: false, violation: { code: 'POKER_CARD_INVALID' } });
    expect(parseHand(['AS', 'as'])).toMatchObject({ ok: false, violation: { code: 'POKER_CARD_DUPLICATE' } });
    expect(parseHand(['AS'], 3)).toMatchObject({ ok: false, violation: { code: 'POKER_CARD_COUNT' } });
    expect(parseHand(['10s', 'KD'], 2)).toEqual({ ok: true, value: h('TS KD') });
  });
});
