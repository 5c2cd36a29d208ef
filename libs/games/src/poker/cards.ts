import { parseCard, type Card } from '../cards/card.js';
import { ok, violation, type Result } from '../common/result.js';

/**
 * Poker card ids: `rank * 4 + suit`, rank 0 = deuce … 12 = ace, suit 0..3 = S, H, D, C (suits never
 * rank: docs/rules/live-poker.md §0.2). The evaluators take these small integers so the hot path never touches
 * strings. `JOKER` (52, 53) is a wild card when a profile allows it (003, docs/rules/live-poker.md §1.2).
 */
export type CardId = number;
export const JOKER_1: CardId = 52;
export const JOKER_2: CardId = 53;

const RANK_CHARS = '23456789TJQKA';
const SUIT_CHARS = 'SHDC';

/** Rank 0..12 (2..A) of a card id. */
export const cardRank = (c: CardId): number => c >> 2;
/** Suit 0..3 of a card id. */
export const cardSuit = (c: CardId): number => c & 3;

/** `AS` → 48 + 0. Canonical codes only (use `parseCard` first for edge input). */
export function cardId(card: Card): CardId {
  return RANK_CHARS.indexOf(card[0] as string) * 4 + SUIT_CHARS.indexOf(card[1] as string);
}

export function cardCode(id: CardId): Card | 'JK' {
  if (id >= 52) return 'JK';
  return `${RANK_CHARS[id >> 2] as string}${SUIT_CHARS[id & 3] as string}` as Card;
}

/**
 * Parses a hand at the edge (CLI, settle input): every card a real card of one 52-card deck (no
 * duplicates), `count` cards when given. Codes: POKER_CARD_INVALID, POKER_CARD_DUPLICATE,
 * POKER_CARD_COUNT.
 */
export function parseHand(input: readonly unknown[], count?: number, what = 'hand'): Result<CardId[]> {
  if (count !== undefined && input.length !== count) {
    return violation('POKER_CARD_COUNT', null, `${what} needs exactly ${count} cards, got ${input.length}`, { what, expected: count, got: input.length });
  }
  const ids: CardId[] = [];
  for (const raw of input) {
    const p = typeof raw === 'string' ? parseCard(raw) : null;
    if (!p || !p.ok) return violation('POKER_CARD_INVALID', null, `${what}: ${JSON.stringify(raw)} is not a card code (expected e.g. AS, TD, 9H, QC)`, { what, card: raw });
    const id = cardId(p.value);
    if (ids.includes(id)) return violation('POKER_CARD_DUPLICATE', null, `${what}: ${p.value} appears twice (one 52-card deck)`, { what, card: p.value });
    ids.push(id);
  }
  return ok(ids);
}

/** The 52 card ids. */
export const DECK52: readonly CardId[] = Array.from({ length: 52 }, (_, i) => i);

/**
 * A short deck (Mörkpoker 7-E, docs/rules/live-poker.md §2.13 3.5): the cards from `lowestRank` (0 = deuce, 4 =
 * six, 5 = seven) to the ace.
 */
export function shortDeck(lowestRank: number): CardId[] {
  return DECK52.filter((c) => c >> 2 >= lowestRank);
}
