import type { Card } from '../cards/card.js';
import { handValue, isBlackjackCards } from './hand.rules.js';

/**
 * What a blackjack hand shows on screen (BJ-2 totals, BJ-3 Blackjack, bust), from its visible cards.
 * `label` is a display token, not a sentence: the client translates it (e.g. "7/17", "Blackjack").
 */
export interface HandDisplay {
  /** Best total (an ace counts 11 when that does not bust). */
  readonly total: number;
  /** The total with every ace as 1. */
  readonly hard: number;
  /** An ace counts 11 in `total`. */
  readonly soft: boolean;
  readonly blackjack: boolean;
  readonly bust: boolean;
  /** `blackjack`, `bust`, `soft` (show "hard/total", e.g. 7/17) or `hard` (show the total). */
  readonly label: 'blackjack' | 'bust' | 'soft' | 'hard' | 'empty';
}

export interface HandDisplayOptions {
  /** A hand from a split does not count as Blackjack (BJ-12). */
  readonly fromSplit?: boolean;
  /** The hand stood, doubled or reached 21: show only the best total, not "7/17" (the choice is over). */
  readonly finished?: boolean;
  /** RAY version A: the ace of a doubled hand stays 1. */
  readonly acesAsOne?: boolean;
}

export function blackjackHandDisplay(cards: readonly Card[], opts: HandDisplayOptions = {}): HandDisplay {
  const v = handValue(cards, opts.acesAsOne ?? false);
  const blackjack = !(opts.fromSplit ?? false) && isBlackjackCards(cards);
  const bust = v.total > 21;
  const label: HandDisplay['label'] = cards.length === 0 ? 'empty' : blackjack ? 'blackjack' : bust ? 'bust' : v.soft && !(opts.finished ?? false) && v.total !== 21 ? 'soft' : 'hard';
  return { total: v.total, hard: v.hard, soft: v.soft, blackjack, bust, label };
}
