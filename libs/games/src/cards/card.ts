import { ok, violation, type Result } from '../common/result.js';

/** Canonical card codes (devices.md §1): rank then suit, ten is `T`: `AS`, `TD`, `9H`, `QC`. */
export const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K'] as const;
export const SUITS = ['S', 'H', 'D', 'C'] as const;
export type Rank = (typeof RANKS)[number];
export type Suit = (typeof SUITS)[number];
export type Card = `${Rank}${Suit}`;

export const ALL_CARDS: readonly Card[] = SUITS.flatMap((s) => RANKS.map((r) => `${r}${s}` as Card));

const CARD_RE = /^(A|[2-9]|10|T|J|Q|K)([SHDC])$/;

/** Accepts `10` and lower case at the edge (devices.md §1); emits only the canonical form. */
export function parseCard(input: string): Result<Card> {
  const m = CARD_RE.exec(input.trim().toUpperCase());
  if (!m) return violation('INVALID_CARD', null, `"${input}" is not a card code (expected e.g. AS, TD, 9H, QC)`);
  const rank = (m[1] === '10' ? 'T' : m[1]) as Rank;
  return ok(`${rank}${m[2] as Suit}` as Card);
}

export function isCard(x: unknown): x is Card {
  return typeof x === 'string' && x.length === 2 && (RANKS as readonly string[]).includes(x[0] as string) && (SUITS as readonly string[]).includes(x[1] as string);
}

export const rankOf = (c: Card): Rank => c[0] as Rank;
export const suitOf = (c: Card): Suit => c[1] as Suit;

/** 1 for A … 13 for K (rank order A-low). */
export const rankIndex = (c: Card): number => RANKS.indexOf(rankOf(c)) + 1;
