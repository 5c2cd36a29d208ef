import { assertNever } from '../common/result.js';
import type { CardId } from './cards.js';

/**
 * Poker hand ranking per variant (docs/rules/live-poker.md §0.1, §1; RAY 2011 (docs/rules) §6.2, §7.1). Pure, generic
 * and exact; the fast standard best-of-7 lives in fast.ts and is tested against this one on every
 * five-card hand.
 *
 * A hand value is one integer, higher = stronger, equal = split/push (suits never break ties,
 * docs/rules/live-poker.md §0.2, 001 §2.5 M):
 *   value = strength << 24 | category << 20 | five 4-bit tie-break ranks (most significant first)
 * `strength` is the category's place in the variant's list, so values compare across categories
 * by the variant's order; tie-break ranks are 2..14 (ace high) or 1 (ace low in A-2-3-4-5).
 */

export const CATEGORIES = [
  'high-card',
  'pair',
  'two-pair',
  'three-of-a-kind',
  'straight',
  'flush',
  'full-house',
  'four-of-a-kind',
  'straight-flush',
  'five-of-a-kind',
  'four-card-straight',
  'four-card-flush',
] as const;
export type HandCategory = (typeof CATEGORIES)[number];

/**
 * - `standard`: 001 §2.5 A–G, J, K (Hold'em, Omaha, Mörkpoker, stud).
 * - `soko`: standard plus H (four-card flush) and I (four-card straight) between two pair and pair
 *   (001 §2.5 [INTERP] Sökö uses H and I; RAY §6.2 order: pair < 4-straight < 4-flush < two pair).
 * - `short-deck`: 001 §2.5 L, a flush beats a full house (Mörkpoker 7-E, Americana).
 * - `three-card`: RAY §7.1 Fast Poker: high card < pair < flush < straight < trips < straight flush.
 */
export const RANKINGS = ['standard', 'soko', 'short-deck', 'three-card'] as const;
export type PokerRanking = (typeof RANKINGS)[number];

/** Category order per ranking, weakest first (the index is the strength). */
export const CATEGORY_ORDER: Readonly<Record<PokerRanking, readonly HandCategory[]>> = {
  standard: ['high-card', 'pair', 'two-pair', 'three-of-a-kind', 'straight', 'flush', 'full-house', 'four-of-a-kind', 'straight-flush', 'five-of-a-kind'],
  soko: ['high-card', 'pair', 'four-card-straight', 'four-card-flush', 'two-pair', 'three-of-a-kind', 'straight', 'flush', 'full-house', 'four-of-a-kind', 'straight-flush', 'five-of-a-kind'],
  'short-deck': ['high-card', 'pair', 'two-pair', 'three-of-a-kind', 'straight', 'full-house', 'flush', 'four-of-a-kind', 'straight-flush', 'five-of-a-kind'],
  'three-card': ['high-card', 'pair', 'flush', 'straight', 'three-of-a-kind', 'straight-flush'],
};

export interface RankingOptions {
  readonly ranking: PokerRanking;
  /**
   * Lowest rank in the deck (0 = deuce). The ace also plays low just below it: A-2-3-4-5 on 52 cards,
   * A-6-7-8-9 on 36 cards (lowestRank 4), A-7-8-9-T on 32 cards (lowestRank 5) — Mörkpoker 7-E
   * (docs/rules/live-poker.md §1.1 "Ace").
   */
  readonly lowestRank?: number;
  /**
   * Sökö four-card flush tie-break [INTERP] docs/rules/live-poker.md §1.1: `suited-first` (default, the common
   * reading: the four suited cards, then the odd card) or `all-cards` (001 read literally: 1st…5th card).
   */
  readonly fourFlushTieBreak?: 'suited-first' | 'all-cards';
}

const CAT_INDEX: Readonly<Record<HandCategory, number>> = Object.fromEntries(CATEGORIES.map((c, i) => [c, i])) as Record<HandCategory, number>;

const STRENGTH: Readonly<Record<PokerRanking, Int8Array>> = Object.fromEntries(
  RANKINGS.map((r) => {
    const a = new Int8Array(CATEGORIES.length).fill(-1);
    CATEGORY_ORDER[r].forEach((c, i) => (a[CAT_INDEX[c]] = i));
    return [r, a];
  }),
) as unknown as Record<PokerRanking, Int8Array>;

/** Packs a category and up to five tie-break ranks (2..14, ace-low 1) into a value for `ranking`. */
export function packValue(ranking: PokerRanking, category: HandCategory, tie: readonly number[]): number {
  const s = STRENGTH[ranking][CAT_INDEX[category]] as number;
  if (s < 0) throw new Error(`${category} is not a ${ranking} category`);
  let t = 0;
  for (let i = 0; i < 5; i++) t = t * 16 + (tie[i] ?? 0);
  return s * 16777216 + CAT_INDEX[category] * 1048576 + t;
}

/** The category a value encodes. */
export function categoryOf(value: number): HandCategory {
  return CATEGORIES[(value >>> 20) & 15] as HandCategory;
}

/** The tie-break ranks a value encodes (2..14, 1 = ace low), most significant first, zeros dropped. */
export function tieBreakOf(value: number): number[] {
  const out: number[] = [];
  for (let i = 4; i >= 0; i--) {
    const r = (value >>> (4 * i)) & 15;
    if (r) out.push(r);
  }
  return out;
}

const RANK_NAMES = ['', 'A', '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K', 'A'];
/** "straight, 5 high" / "pair of 8s, A-K-3" — for logs, the CLI and player views. */
export function describeValue(value: number): string {
  const t = tieBreakOf(value).map((r) => RANK_NAMES[r] as string);
  const cat = categoryOf(value);
  return `${cat.replace(/-/g, ' ')} (${t.join('-')})`;
}

/**
 * Value of exactly five (or, for `three-card`, exactly three) natural cards. Throws on a wrong count
 * (programmer error: edges validate with parseHand). No allocation beyond two small arrays.
 */
export function evaluateFive(cards: readonly CardId[], opts: RankingOptions): number {
  const { ranking } = opts;
  const n = cards.length;
  if (ranking === 'three-card' ? n !== 3 : n !== 5) throw new Error(`${ranking} evaluates ${ranking === 'three-card' ? 3 : 5} cards, got ${n}`);
  const low = opts.lowestRank ?? 0;
  // rank values 2..14, sorted descending (insertion sort: at most five cards)
  const v: number[] = new Array<number>(n);
  let flush = true;
  const s0 = (cards[0] as number) & 3;
  for (let i = 0; i < n; i++) {
    const c = cards[i] as number;
    if ((c & 3) !== s0) flush = false;
    const r = (c >> 2) + 2;
    let j = i;
    while (j > 0 && (v[j - 1] as number) < r) {
      v[j] = v[j - 1] as number;
      j--;
    }
    v[j] = r;
  }
  // groups: [rank, count] by count desc, rank desc (v is sorted, so equal ranks are adjacent)
  const groups: [number, number][] = [];
  for (let i = 0; i < n; ) {
    let j = i;
    while (j < n && v[j] === v[i]) j++;
    const g: [number, number] = [v[i] as number, j - i];
    let k = groups.length;
    groups.push(g);
    while (k > 0 && (groups[k - 1] as [number, number])[1] < g[1]) {
      groups[k] = groups[k - 1] as [number, number];
      k--;
    }
    groups[k] = g;
    i = j;
  }
  const top = groups[0] as [number, number];
  const distinct = groups.length === n;
  let straightTop = 0;
  if (distinct) {
    if ((v[0] as number) - (v[n - 1] as number) === n - 1) straightTop = v[0] as number;
    else if (v[0] === 14) {
      // the ace plays low just below the deck's lowest rank: A-2-3(-4-5), A-6-7-8-9, A-7-8-9-T
      const lowest = low + 2;
      let wheel = true;
      for (let i = 1; i < n; i++) if (v[i] !== lowest + (n - 1 - i)) wheel = false;
      if (wheel) straightTop = lowest + n - 2;
    }
  }
  const straightTie = straightTop ? [straightTop] : [];
  const byGroups = groups.map((g) => g[0]);
  if (ranking === 'three-card') {
    if (straightTop && flush) return packValue(ranking, 'straight-flush', straightTie);
    if (top[1] === 3) return packValue(ranking, 'three-of-a-kind', byGroups);
    if (straightTop) return packValue(ranking, 'straight', straightTie);
    if (flush) return packValue(ranking, 'flush', v);
    if (top[1] === 2) return packValue(ranking, 'pair', byGroups);
    return packValue(ranking, 'high-card', v);
  }
  if (straightTop && flush) return packValue(ranking, 'straight-flush', straightTie);
  if (top[1] === 4) return packValue(ranking, 'four-of-a-kind', byGroups);
  if (top[1] === 3 && groups.length === 2) return packValue(ranking, 'full-house', byGroups);
  if (flush) return packValue(ranking, 'flush', v);
  if (straightTop) return packValue(ranking, 'straight', straightTie);
  if (top[1] === 3) return packValue(ranking, 'three-of-a-kind', byGroups);
  if (top[1] === 2 && groups.length === 3) return packValue(ranking, 'two-pair', byGroups);
  if (ranking === 'soko') {
    const ff = fourFlush(cards, opts);
    if (ff) return packValue(ranking, 'four-card-flush', ff);
    const fs = fourStraight(v, low);
    if (fs) return packValue(ranking, 'four-card-straight', fs);
  }
  if (top[1] === 2) return packValue(ranking, 'pair', byGroups);
  return packValue(ranking, 'high-card', v);
}

/** Sökö H: four of the five cards one suit (not a straight flush, checked before). */
function fourFlush(cards: readonly CardId[], opts: RankingOptions): number[] | null {
  for (let s = 0; s < 4; s++) {
    const suited = cards.filter((c) => (c & 3) === s);
    if (suited.length !== 4) continue;
    const odd = cards.find((c) => (c & 3) !== s) as CardId;
    const desc = (xs: readonly CardId[]): number[] => xs.map((c) => (c >> 2) + 2).sort((a, b) => b - a);
    if (opts.fourFlushTieBreak === 'all-cards') return desc(cards);
    return [...desc(suited), (odd >> 2) + 2];
  }
  return null;
}

/**
 * Sökö I: four cards in sequence (ace high, or low below the deck's lowest rank). Tie-break [INTERP]
 * docs/rules/live-poker.md §1.1: the top card of the run, then the fifth card (RAY §6.2 "the fifth card decides").
 */
function fourStraight(vDesc: readonly number[], low: number): number[] | null {
  const lowest = low + 2;
  const without = (run: readonly number[]): number[] => {
    const rest = [...vDesc];
    for (const r of run) rest.splice(rest.indexOf(r), 1);
    return rest;
  };
  for (let t = 14; t >= lowest + 3; t--) {
    const run = [t, t - 1, t - 2, t - 3];
    if (run.every((r) => vDesc.includes(r))) return [t, ...without(run)];
  }
  const wheel = [14, lowest, lowest + 1, lowest + 2];
  if (wheel.every((r) => vDesc.includes(r))) return [lowest + 2, ...without(wheel)];
  return null;
}

/** All k-subsets of n indices, as arrays (callers that care about speed use fast.ts). */
export function combinations(n: number, k: number): number[][] {
  const out: number[][] = [];
  const idx = Array.from({ length: k }, (_, i) => i);
  if (k > n) return out;
  for (;;) {
    out.push([...idx]);
    let i = k - 1;
    while (i >= 0 && idx[i] === n - k + i) i--;
    if (i < 0) return out;
    (idx[i] as number)++;
    for (let j = i + 1; j < k; j++) idx[j] = (idx[j - 1] as number) + 1;
  }
}

/** Best value of any five (three for `three-card`) of `cards` under the ranking. */
export function bestOf(cards: readonly CardId[], opts: RankingOptions): number {
  const k = opts.ranking === 'three-card' ? 3 : 5;
  if (cards.length < k) throw new Error(`need at least ${k} cards, got ${cards.length}`);
  let best = -1;
  for (const idx of combinations(cards.length, k)) {
    const v = evaluateFive(idx.map((i) => cards[i] as CardId), opts);
    if (v > best) best = v;
  }
  return best;
}

/** Omaha: exactly two of the hole cards and exactly three of the board (001 §3.2, docs/rules/live-poker.md §0.4). */
export function omahaHigh(hole: readonly CardId[], board: readonly CardId[], opts: RankingOptions = { ranking: 'standard' }): number {
  let best = -1;
  for (const h of combinations(hole.length, 2)) {
    for (const b of combinations(board.length, 3)) {
      const v = evaluateFive([...h.map((i) => hole[i] as CardId), ...b.map((i) => board[i] as CardId)], opts);
      if (v > best) best = v;
    }
  }
  return best;
}

/**
 * 8-or-better low of exactly five cards (001 §3.3 A–B; 004): five unpaired cards, all 8 or lower, ace
 * = 1; straights and flushes ignored. Higher value = better low (A-2-3-4-5 best; 8-6-5-4-3 beats
 * 8-7-4-3-2, compared from the highest card down, [INTERP] 004's lowball method). -1 = no low.
 */
export function lowEightValue(cards: readonly CardId[]): number {
  if (cards.length !== 5) throw new Error(`a low hand is five cards, got ${cards.length}`);
  const r = cards.map((c) => ((c >> 2) === 12 ? 1 : (c >> 2) + 2)).sort((a, b) => b - a);
  for (let i = 0; i < 5; i++) if ((r[i] as number) > 8 || (i > 0 && r[i] === r[i - 1])) return -1;
  let packed = 0;
  for (const x of r) packed = packed * 16 + x;
  return 0xfffff - packed;
}

/** Best 8-or-better low of any five of `cards` (-1 when none qualifies). */
export function bestLowEight(cards: readonly CardId[]): number {
  let best = -1;
  for (const idx of combinations(cards.length, 5)) best = Math.max(best, lowEightValue(idx.map((i) => cards[i] as CardId)));
  return best;
}

/** Omaha Hi/Lo low: exactly two hole + three board, chosen independently of the high (001 §3.3). */
export function omahaLowEight(hole: readonly CardId[], board: readonly CardId[]): number {
  let best = -1;
  for (const h of combinations(hole.length, 2)) {
    for (const b of combinations(board.length, 3)) best = Math.max(best, lowEightValue([...h.map((i) => hole[i] as CardId), ...b.map((i) => board[i] as CardId)]));
  }
  return best;
}

/** The low cards a low value encodes, highest first (ace = 1). */
export function lowCardsOf(value: number): number[] {
  return tieBreakOf(0xfffff - value);
}

export interface WildOptions extends RankingOptions {
  /** Card ids that are wild: jokers (52, 53) and/or e.g. every deuce (003 dealer's choice). */
  readonly wild: readonly CardId[];
}

/**
 * Five cards with wild cards (003 "Værdien af en pokerhånd"): each wild stands for any card, including a
 * copy of a card already held, so five of a kind exists and ranks above a straight flush. The 003
 * tie-break between equal wild hands — more natural (non-wild) cards wins in "ens" (N-of-a-kind)
 * hands — is the low three bits: value × 8 + naturals for N-of-a-kind, × 8 for the rest.
 * [INTERP] the "higher natural cards in straights and flushes" clause is not applied (a substituted
 * straight/flush compares by its completed ranks). Values from this function compare only with each other.
 */
export function evaluateWild(cards: readonly CardId[], opts: WildOptions): number {
  if (opts.ranking === 'three-card') throw new Error('wild cards are a five-card option');
  const wildIdx: number[] = [];
  cards.forEach((c, i) => {
    if (c >= 52 || opts.wild.includes(c)) wildIdx.push(i);
  });
  const naturals = cards.length - wildIdx.length;
  if (wildIdx.length === 0) return evaluateFive(cards, opts) * 8 + nOfKindNaturals(evaluateFive(cards, opts), naturals);
  const low = opts.lowestRank ?? 0;
  const nat = cards.filter((_, i) => !wildIdx.includes(i));
  let best = -1;
  const fill = (k: number, acc: CardId[]): void => {
    if (k === wildIdx.length) {
      const v = evaluateFiveOrFive(acc, opts);
      if (v > best) best = v;
      return;
    }
    for (let c = low * 4; c < 52; c++) fill(k + 1, [...acc, c]);
  };
  fill(0, nat);
  return best * 8 + nOfKindNaturals(best, naturals);
}

function nOfKindNaturals(value: number, naturals: number): number {
  const cat = categoryOf(value);
  switch (cat) {
    case 'five-of-a-kind':
    case 'four-of-a-kind':
    case 'three-of-a-kind':
    case 'full-house':
    case 'pair':
    case 'two-pair':
      return naturals;
    case 'high-card':
    case 'straight':
    case 'flush':
    case 'straight-flush':
    case 'four-card-straight':
    case 'four-card-flush':
      return 0;
    default:
      return assertNever(cat, 'hand category');
  }
}

/** Five cards where wild substitution may have produced five of one rank. */
function evaluateFiveOrFive(cards: readonly CardId[], opts: RankingOptions): number {
  const r0 = (cards[0] as number) >> 2;
  if (cards.every((c) => c >> 2 === r0)) return packValue(opts.ranking, 'five-of-a-kind', [r0 + 2]);
  return evaluateFive(cards, opts);
}
