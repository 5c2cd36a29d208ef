import { packValue, type HandCategory } from './rank.js';

/**
 * Fast standard-ranking evaluation (001 §2.5 A–G, J, K) of 5 and 7 cards, returning the same value as
 * `evaluateFive`/`bestOf(…, { ranking: 'standard' })` in rank.ts (tested on every five-card hand and
 * against `phe` on millions of seven-card hands).
 *
 * Method (perfect hashing by additive keys, as in Shackleton's SKPokerEval): each rank has a key such
 * that the sums of the keys of any rank multiset of one hand size (≤ 4 per rank) are all distinct, so
 * the sum indexes a table of the best non-flush value directly. Suits are summed as 3-bit counters
 * (1 << 3·suit): a 12-bit sum tells whether a suit holds five or more cards; only then the suit's
 * 13-bit rank mask indexes the flush table. Integers only, no allocation in the hot path; the tables
 * (≈ 16 MB for seven cards) are built on first use from the exact rules below, in ≈ 50 ms.
 */

/** Rank keys, deuce … ace: distinct sums for every 7-card rank multiset (max sum 7 825 759). */
export const RANK_KEYS_7 = [0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181] as const;
/** Rank keys, deuce … ace: distinct sums for every 5-card rank multiset (max sum 360 918). */
export const RANK_KEYS_5 = [0, 1, 5, 22, 94, 312, 992, 2422, 5624, 12522, 19998, 43258, 79415] as const;

let K7: Int32Array; // per card id
let K5: Int32Array;
let SK: Int32Array; // suit key per card id
let FLUSH_SUIT: Int8Array; // suit-key sum → suit with ≥ 5 cards, else -1
let FLUSH: Int32Array; // 13-bit rank mask → best straight-flush/flush value
let T7: Uint16Array | null = null;
let T5: Uint16Array | null = null;
let VALUES: Int32Array; // compact index → value

/** Best straight flush or flush from a one-suit rank mask with ≥ 5 bits. */
function flushValue(mask: number): number {
  const top = straightTop(mask);
  if (top) return packValue('standard', 'straight-flush', [top]);
  const tie: number[] = [];
  for (let r = 12; r >= 0 && tie.length < 5; r--) if (mask & (1 << r)) tie.push(r + 2);
  return packValue('standard', 'flush', tie);
}

/** Top card value (5..14) of the best straight in a rank mask, 0 if none (ace low only in A-2-3-4-5). */
function straightTop(mask: number): number {
  for (let t = 12; t >= 4; t--) if (((mask >> (t - 4)) & 31) === 31) return t + 2;
  if ((mask & 0b1000000001111) === 0b1000000001111) return 5;
  return 0;
}

/** Best non-flush five-card value of a rank multiset (counts[r], r 0 = deuce). */
function nonFlushValue(counts: readonly number[]): number {
  const byCount: number[][] = [[], [], [], [], []];
  let mask = 0;
  for (let r = 12; r >= 0; r--) {
    const c = counts[r] as number;
    if (c > 0) {
      mask |= 1 << r;
      (byCount[c] as number[]).push(r + 2);
    }
  }
  const [, ones, twos, threes, fours] = byCount as [number[], number[], number[], number[], number[]];
  const kickers = (exclude: readonly number[], n: number): number[] => {
    const out: number[] = [];
    for (let r = 12; r >= 0 && out.length < n; r--) if ((counts[r] as number) > 0 && !exclude.includes(r + 2)) out.push(r + 2);
    return out;
  };
  const v = (cat: HandCategory, tie: number[]): number => packValue('standard', cat, tie);
  if (fours.length) return v('four-of-a-kind', [fours[0] as number, ...kickers([fours[0] as number], 1)]);
  if (threes.length >= 2) return v('full-house', [threes[0] as number, threes[1] as number]);
  if (threes.length && twos.length) return v('full-house', [threes[0] as number, twos[0] as number]);
  const st = straightTop(mask);
  if (st) return v('straight', [st]);
  if (threes.length) return v('three-of-a-kind', [threes[0] as number, ...kickers([threes[0] as number], 2)]);
  if (twos.length >= 2) return v('two-pair', [twos[0] as number, twos[1] as number, ...kickers([twos[0] as number, twos[1] as number], 1)]);
  if (twos.length) return v('pair', [twos[0] as number, ...kickers([twos[0] as number], 3)]);
  return v('high-card', ones.slice(0, 5));
}

function buildTables(): void {
  K7 = new Int32Array(52);
  K5 = new Int32Array(52);
  SK = new Int32Array(52);
  for (let c = 0; c < 52; c++) {
    K7[c] = RANK_KEYS_7[c >> 2] as number;
    K5[c] = RANK_KEYS_5[c >> 2] as number;
    SK[c] = 1 << (3 * (c & 3));
  }
  FLUSH_SUIT = new Int8Array(4096).fill(-1);
  for (let s = 0; s < 4096; s++) for (let suit = 0; suit < 4; suit++) if (((s >> (3 * suit)) & 7) >= 5) FLUSH_SUIT[s] = suit;
  FLUSH = new Int32Array(8192);
  for (let m = 0; m < 8192; m++) {
    let bits = 0;
    for (let x = m; x; x &= x - 1) bits++;
    if (bits >= 5) FLUSH[m] = flushValue(m);
  }
  const index = new Map<number, number>();
  const values: number[] = [0];
  const t7 = new Uint16Array(RANK_KEYS_7[12] * 4 + RANK_KEYS_7[11] * 3 + 1);
  const t5 = new Uint16Array(RANK_KEYS_5[12] * 4 + RANK_KEYS_5[11] + 1);
  const counts = new Array<number>(13).fill(0);
  const fill = (table: Uint16Array, keys: readonly number[], size: number): void => {
    const rec = (r: number, left: number, sum: number): void => {
      if (r === 13) {
        if (left !== 0) return;
        const value = nonFlushValue(counts);
        let i = index.get(value);
        if (i === undefined) {
          i = values.length;
          values.push(value);
          index.set(value, i);
        }
        if (table[sum] !== 0) throw new Error(`rank keys collide at ${sum} (size ${size})`);
        table[sum] = i;
        return;
      }
      for (let c = 0; c <= 4 && c <= left; c++) {
        counts[r] = c;
        rec(r + 1, left - c, sum + c * (keys[r] as number));
      }
      counts[r] = 0;
    };
    rec(0, size, 0);
  };
  fill(t7, RANK_KEYS_7, 7);
  fill(t5, RANK_KEYS_5, 5);
  VALUES = Int32Array.from(values);
  T7 = t7;
  T5 = t5;
}

/** Builds the lookup tables now (otherwise on first use). */
export function warmUpFastEvaluator(): void {
  if (T7 === null) buildTables();
}

/** Standard value of seven card ids (0..51, distinct): the best five of the seven. */
export function evaluate7(a: number, b: number, c: number, d: number, e: number, f: number, g: number): number {
  if (T7 === null) buildTables();
  const s = SK[a]! + SK[b]! + SK[c]! + SK[d]! + SK[e]! + SK[f]! + SK[g]!;
  const fs = FLUSH_SUIT[s]!;
  if (fs >= 0) {
    let m = 0;
    if ((a & 3) === fs) m |= 1 << (a >> 2);
    if ((b & 3) === fs) m |= 1 << (b >> 2);
    if ((c & 3) === fs) m |= 1 << (c >> 2);
    if ((d & 3) === fs) m |= 1 << (d >> 2);
    if ((e & 3) === fs) m |= 1 << (e >> 2);
    if ((f & 3) === fs) m |= 1 << (f >> 2);
    if ((g & 3) === fs) m |= 1 << (g >> 2);
    return FLUSH[m]!;
  }
  return VALUES[T7![K7[a]! + K7[b]! + K7[c]! + K7[d]! + K7[e]! + K7[f]! + K7[g]!]!]!;
}

/** Standard value of five card ids (0..51, distinct). */
export function evaluate5(a: number, b: number, c: number, d: number, e: number): number {
  if (T5 === null) buildTables();
  const s = SK[a]! + SK[b]! + SK[c]! + SK[d]! + SK[e]!;
  if (FLUSH_SUIT[s]! >= 0) return FLUSH[(1 << (a >> 2)) | (1 << (b >> 2)) | (1 << (c >> 2)) | (1 << (d >> 2)) | (1 << (e >> 2))]!;
  return VALUES[T5![K5[a]! + K5[b]! + K5[c]! + K5[d]! + K5[e]!]!]!;
}

/** Standard best-of-n for 5 ≤ n ≤ 7 card ids (6 cards: the best of six five-card hands). */
export function evaluateStandard(cards: readonly number[]): number {
  const [a, b, c, d, e, f, g] = cards as [number, number, number, number, number, number, number];
  switch (cards.length) {
    case 5:
      return evaluate5(a, b, c, d, e);
    case 7:
      return evaluate7(a, b, c, d, e, f, g);
    case 6:
      return Math.max(evaluate5(b, c, d, e, f), evaluate5(a, c, d, e, f), evaluate5(a, b, d, e, f), evaluate5(a, b, c, e, f), evaluate5(a, b, c, d, f), evaluate5(a, b, c, d, e));
    default:
      throw new Error(`evaluateStandard takes 5 to 7 cards, got ${cards.length}`);
  }
}
