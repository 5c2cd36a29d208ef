import { describe, expect, it } from 'vitest';
import { createRng } from '../common/random.js';
import { evaluate5 } from '../poker/fast.js';
import { CATEGORIES } from '../poker/rank.js';
import { categoryIndex, categoryMeans, ControlVariates, FIVE_CARD_CLASS_COUNTS, FIVE_CARD_HANDS, SEVEN_CARD_CLASS_COUNTS, SEVEN_CARD_TOTAL } from './sampling.js';
import { thbFoldsPreflop, thbRiverBet, thbTurnBet } from './texas-holdem-bonus.rtp.js';
import { cardId } from '../poker/cards.js';
import { parseCard } from '../cards/card.js';

/** The simulations' variance reduction (felt rtp for Casino Hold'em, UTH, THB): exact means of the controls, and estimators that keep the expectation. */

const ids = (s: string): number[] =>
  s.split(' ').map((c) => {
    const p = parseCard(c);
    if (!p.ok) throw new Error(c);
    return cardId(p.value);
  });

describe('control means are exact', () => {
  it('the five-card class counts are those of all 2 598 960 hands (recounted here)', () => {
    const n = new Array<number>(CATEGORIES.length).fill(0);
    for (let a = 0; a < 52; a++) for (let b = a + 1; b < 52; b++) for (let c = b + 1; c < 52; c++) for (let d = c + 1; d < 52; d++) for (let e = d + 1; e < 52; e++) n[categoryIndex(evaluate5(a, b, c, d, e))]++;
    const counted = Object.fromEntries(CATEGORIES.map((c, i) => [c, n[i]]).filter(([, k]) => (k as number) > 0));
    expect(counted).toEqual(FIVE_CARD_CLASS_COUNTS);
    expect(Object.values(FIVE_CARD_CLASS_COUNTS).reduce((x, y) => x + y, 0)).toBe(FIVE_CARD_HANDS);
  }, 60_000);

  it('the seven-card class counts add up to C(52,7) = 133 784 560 (each recounted by the poker benchmark)', () => {
    expect(Object.values(SEVEN_CARD_CLASS_COUNTS).reduce((x, y) => x + y, 0)).toBe(SEVEN_CARD_TOTAL);
    expect(categoryMeans(SEVEN_CARD_CLASS_COUNTS, SEVEN_CARD_TOTAL).mu.reduce((x, y) => x + y, 0)).toBeCloseTo(1 - 23_294_460 / SEVEN_CARD_TOTAL, 12);
  });
});

describe('estimators keep the expectation and shrink the interval', () => {
  // synthetic round: a category c (known probabilities), a symmetric x (mean 0), y = 2c + 3x + noise; E[y] = 2 E[c]
  const weights = { 'high-card': 5, pair: 3, 'two-pair': 2 } as const;
  const total = 10;
  const E = (2 * (0 * 5 + 1 * 3 + 2 * 2)) / total;
  function draw(rng: ReturnType<typeof createRng>): { c: number; x: number; y: number } {
    const u = rng.int(total);
    const c = u < 5 ? 0 : u < 8 ? 1 : 2;
    const x = rng.int(2) === 0 ? -1 : 1;
    return { c, x, y: 2 * c + 3 * x + (rng.int(1000) / 1000 - 0.5) };
  }

  it('ControlVariates: the estimate sits within its interval of the true mean, far tighter than the plain mean (20 seeds)', () => {
    const mu = categoryMeans(weights, total);
    let hits = 0;
    for (let seed = 1; seed <= 20; seed++) {
      const rng = createRng(seed);
      const cv = new ControlVariates([...mu.mu, 0]);
      for (let i = 0; i < 2_000; i++) {
        const r = draw(rng);
        cv.add(r.y, [...mu.index.map((k) => (k === r.c ? 1 : 0)), r.x]);
      }
      const est = cv.estimate();
      if (Math.abs(est.mean - E) <= est.ci95) hits++;
      expect(est.ci95).toBeLessThan(cv.plain().ci95 / 5);
    }
    expect(hits).toBeGreaterThanOrEqual(17);
  });
});

describe("Texas Hold'em Bonus stated strategy (table-games-online.com published strategy)", () => {
  it.each([
    ['2-7 offsuit folds', '2C 7D', true],
    ['2-3 offsuit folds', '2C 3D', true],
    ['2-8 offsuit plays', '2C 8D', false],
    ['2-7 suited plays', '2C 7C', false],
    ['3-4 offsuit plays', '3C 4D', false],
  ])('pre-flop: %s', (_n, hole, folds) => {
    const [a, b] = ids(hole) as [number, number];
    expect(thbFoldsPreflop(a, b)).toBe(folds);
  });

  it.each([
    ['any pair with a hole card', 'KC 4D', '4S 9H JC', true],
    ['a pair on the board only', 'KC 5D', '4S 4H JC', false],
    ['four consecutive ranks with a hole card', '9C TD', 'JS QH 3C', true],
    ['four to a flush with a hole card', 'AH 3D', 'KH 7H 2H', true],
    ['nothing', 'AH 3D', 'KC 7S 9H', false],
  ])('Turn bet after the flop: %s', (_n, hole, flop, bet) => {
    const [a, b] = ids(hole) as [number, number];
    expect(thbTurnBet(a, b, ids(flop))).toBe(bet);
  });

  it.each([
    ['a pair of sixes with a hole card', '6C 2D', '6S 9H JC 3D', true],
    ['a pair of fives is too small', '5C 2D', '5S 9H JC KD', false],
    ['two pair with a hole card', 'KC 9D', 'KS 9H 2C 4D', true],
    ['a straight-flush draw (four consecutive of one suit) with a hole card', '7H 8H', '9H TH 2C 3D', true],
    ['four to a flush alone is not enough at the turn', 'AH 3D', 'KH 7H 2H 9C', false],
    ['a straight with a hole card', '9C TD', 'JS QH KC 2D', true],
  ])('River bet after the turn: %s', (_n, hole, board, bet) => {
    const [a, b] = ids(hole) as [number, number];
    expect(thbRiverBet(a, b, ids(board))).toBe(bet);
  });
});
