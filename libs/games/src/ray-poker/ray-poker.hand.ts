import { parseCard } from '../cards/card.js';
import { ok, violation, type Result } from '../common/result.js';
import { cardId, categoryOf, evaluate5, evaluate7, evaluateFive, tieBreakOf, type CardId, type HandCategory } from '../poker/index.js';

/**
 * The narrow interface RAY bank poker needs from the poker evaluator (libs/games/src/poker, issue 10
 * §1 — the one evaluator; nothing here ranks hands itself). Values compare: higher is stronger,
 * equal is a push (no suit ranking, RAY 2011 (docs/rules) §7.1–§7.4).
 */
export type { CardId, HandCategory };

/** RAY Fast Poker's three-card ranking (§7.1: high card < pair < flush < straight < trips < straight flush; A-2-3 low). */
export const threeCardValue = (c: readonly CardId[]): number => evaluateFive(c, { ranking: 'three-card' });
/** Standard five-card value (ace low only in A-2-3-4-5, §7.2–§7.4). */
export const fiveCardValue = (c: readonly CardId[]): number => evaluate5(c[0] as number, c[1] as number, c[2] as number, c[3] as number, c[4] as number);
/** The same, on five card ids without an array (the RTP enumerations' hot loop). */
export const fiveIds = evaluate5;
/** Best five of seven, standard ranking (§7.3, §7.4). */
export const sevenCardValue = (c: readonly CardId[]): number => evaluate7(c[0] as number, c[1] as number, c[2] as number, c[3] as number, c[4] as number, c[5] as number, c[6] as number);
/** Sökö-style ranking of exactly five cards: finds four-card straights and flushes (Triple Bet bonus, §7.2). */
export const fiveCardWithFours = (c: readonly CardId[]): number => evaluateFive(c, { ranking: 'soko' });
export const category = (value: number): HandCategory => categoryOf(value);
/** The hand's top tie-break rank (2..14; the pair's rank for a pair, the top card of a straight). */
export const topRank = (value: number): number => tieBreakOf(value)[0] ?? 0;

const RANK = '23456789TJQKA';
export const rankOf = (c: CardId): number => (c >> 2) + 2;
export const suitOf = (c: CardId): number => c & 3;
export const codeOf = (c: CardId): string => `${RANK[c >> 2] as string}${'SHDC'[c & 3] as string}`;

/**
 * Cards at the edge (felt settle, device input): canonical codes (devices.md §1), the right count,
 * no card twice across the whole deal (one 52-card deck). `seen` collects the deal's cards.
 */
export function parseCards(raw: unknown, count: number, what: string, seen: Set<CardId>, ruleId: string): Result<CardId[]> {
  if (!Array.isArray(raw) || raw.length !== count) return violation('INVALID_CARDS', ruleId, `${what} must be exactly ${count} cards, got ${JSON.stringify(raw)}.`, { what, expected: count });
  const out: CardId[] = [];
  for (const x of raw) {
    const p = typeof x === 'string' ? parseCard(x) : null;
    if (!p || !p.ok) return violation('INVALID_CARD', ruleId, `${what}: ${JSON.stringify(x)} is not a card code (e.g. AS, TD, 9H, QC).`, { what, card: x });
    const id = cardId(p.value);
    if (seen.has(id)) return violation('INVALID_CARDS', ruleId, `${what}: ${p.value} is dealt twice — one 52-card deck holds each card once.`, { what, card: p.value });
    seen.add(id);
    out.push(id);
  }
  return ok(out);
}
