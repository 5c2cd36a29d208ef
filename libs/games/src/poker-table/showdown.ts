import { assertNever } from '../common/result.js';
import type { CardId } from '../poker/cards.js';
import { bestLowEight, bestOf, evaluateFive, omahaHigh, omahaLowEight, packValue, type RankingOptions } from '../poker/rank.js';
import type { VariantProfile } from './profiles.js';

/**
 * Showdown values per variant with the evaluator (issue 10) and the variant's ranking: Hold'em best
 * five of seven (001 §3.1), Omaha exactly two + three (001 §3.2), 8-or-better lows (001 §3.3, RAY
 * §6.5/6.6), the five held cards in draw (standard / short deck 001 §3.5) and Sökö (RAY §6.7).
 */
export function highValue(v: VariantProfile, hole: readonly CardId[], board: readonly CardId[], lowestRank: number): number {
  const opts: RankingOptions = { ranking: v.ranking, lowestRank };
  switch (v.formation) {
    case 'best-five':
      return bestOf([...hole, ...board], opts);
    case 'omaha':
      return omahaHigh(hole, board, opts);
    case 'five-held':
      return evaluateFive(hole, opts);
    default:
      return assertNever(v.formation, 'hand formation');
  }
}

/** The 8-or-better low (-1 = none) for hi/lo variants. */
export function lowValue(v: VariantProfile, hole: readonly CardId[], board: readonly CardId[]): number {
  switch (v.formation) {
    case 'best-five':
      return bestLowEight([...hole, ...board]);
    case 'omaha':
      return omahaLowEight(hole, board);
    case 'five-held':
      return hole.length === 5 ? bestLowEight(hole) : -1;
    default:
      return assertNever(v.formation, 'hand formation');
  }
}

/**
 * The value of a showing hand of 1–4 up cards (stud and Sökö: "the best hand opens", RAY §6.7, 004):
 * four / three of a kind, two pair, pair, high cards; straights and flushes do not count on fewer than
 * five cards, except Sökö's four-card straight and flush on four up cards (PT-SHOWING).
 */
export function showingValue(v: VariantProfile, up: readonly CardId[]): number {
  if (up.length === 5) return evaluateFive(up, { ranking: v.ranking });
  if (v.ranking === 'soko' && up.length === 4) {
    const suits = new Set(up.map((c) => c & 3));
    const r = up.map((c) => (c >> 2) + 2).sort((a, b) => b - a);
    const counts = new Set(r).size;
    if (suits.size === 1) return packValue('soko', 'four-card-flush', r);
    if (counts === 4 && ((r[0] as number) - (r[3] as number) === 3 || (r[0] === 14 && r[1] === 5 && r[3] === 2))) {
      return packValue('soko', 'four-card-straight', [r[0] === 14 && r[1] === 5 ? 5 : (r[0] as number)]);
    }
  }
  const ranks = up.map((c) => (c >> 2) + 2);
  const groups = [...new Set(ranks)].map((r) => [r, ranks.filter((x) => x === r).length] as const).sort((a, b) => b[1] - a[1] || b[0] - a[0]);
  const tie = groups.map((g) => g[0]);
  const [g0, g1] = groups;
  const ranking = v.ranking === 'three-card' ? 'standard' : v.ranking;
  if (g0 && g0[1] === 4) return packValue(ranking, 'four-of-a-kind', tie);
  if (g0 && g0[1] === 3) return packValue(ranking, 'three-of-a-kind', tie);
  if (g0 && g1 && g0[1] === 2 && g1[1] === 2) return packValue(ranking, 'two-pair', tie);
  if (g0 && g0[1] === 2) return packValue(ranking, 'pair', tie);
  return packValue(ranking, 'high-card', tie);
}

/**
 * PT-BRINGIN: the lowest up card brings it in (004); the ace is high. Suits never rank (001 §2.5 M, 004
 * "alla färger lika"), so the key is the rank alone: equal ranks tie, and the caller breaks the tie by
 * seat — the first from position 1, as PT-SHOWING and Sökö's highest up card (issue 24). Lower = brings in.
 */
export function bringInKey(card: CardId): number {
  return card >> 2;
}
