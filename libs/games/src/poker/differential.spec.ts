import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { createRng, shuffleInPlace } from '../common/random.js';
import { evaluate5, evaluate7 } from './fast.js';
import { bestOf } from './rank.js';

/**
 * Differential test against `phe` (npm, a port of Henry Lee's PokerHandEvaluator; dev dependency
 * only): on random seven-card hands our value must induce exactly phe's order. phe returns 1 (royal
 * flush) … 7462 (7-5-4-3-2): so our equivalence class (1 = weakest … 7462) must equal 7463 − phe.
 * POKER_DIFF_HANDS raises the count (default 1 000 000); POKER_DIFF_SEED changes the seed.
 */
const phe = createRequire(import.meta.url)('phe') as { evaluateCardCodes(codes: number[]): number };
const HANDS = Number(process.env['POKER_DIFF_HANDS'] ?? 1_000_000);
const SEED = Number(process.env['POKER_DIFF_SEED'] ?? 20261123);

/** Our 7 462 distinct standard values, weakest first → class 1..7462. */
function classIndex(): Map<number, number> {
  const values = new Set<number>();
  for (let a = 0; a < 52; a++)
    for (let b = a + 1; b < 52; b++)
      for (let c = b + 1; c < 52; c++)
        for (let d = c + 1; d < 52; d++) for (let e = d + 1; e < 52; e++) values.add(evaluate5(a, b, c, d, e));
  return new Map([...values].sort((x, y) => x - y).map((v, i) => [v, i + 1]));
}

describe('differential test against phe (PokerHandEvaluator)', () => {
  it(`agrees on the class of ${HANDS} random seven-card hands (seed ${SEED}) and on every five-card class`, () => {
    const cls = classIndex();
    expect(cls.size).toBe(7462);
    const rng = createRng(SEED);
    const deck = Array.from({ length: 52 }, (_, i) => i);
    let mismatches = 0;
    const first: string[] = [];
    for (let n = 0; n < HANDS; n++) {
      shuffleInPlace(deck, rng, 7);
      const [a, b, c, d, e, f, g] = deck as [number, number, number, number, number, number, number];
      const ours = cls.get(evaluate7(a, b, c, d, e, f, g));
      const theirs = 7463 - phe.evaluateCardCodes([a, b, c, d, e, f, g]);
      if (ours !== theirs) {
        mismatches++;
        if (first.length < 5) first.push(`${deck.slice(0, 7).join(',')}: ours ${ours} phe ${theirs}`);
      }
      // every 1000th hand also against the generic rules (best of 21 five-card hands)
      if (n % 1000 === 0) expect(evaluate7(a, b, c, d, e, f, g)).toBe(bestOf(deck.slice(0, 7), { ranking: 'standard' }));
    }
    expect(first).toEqual([]);
    expect(mismatches).toBe(0);
  }, 600_000);
});
