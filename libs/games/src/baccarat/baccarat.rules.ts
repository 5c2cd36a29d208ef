import { rankOf, type Card, type Rank } from '../cards/card.js';

/**
 * Punto Banco drawing rules (docs/rules BAC-2 … BAC-17) as data + pure functions.
 * The kernel, the offline settler and the RTP enumeration all go through `dueAfter`, so there is
 * exactly one implementation of the tableau.
 */

export type Side = 'player' | 'banker';
export type Outcome = 'player' | 'banker' | 'tie';

/** BAC-2: 2–9 face value; T, J, Q, K = 0; A = 1. */
export const CARD_VALUES: Readonly<Record<Rank, number>> = {
  A: 1, '2': 2, '3': 3, '4': 4, '5': 5, '6': 6, '7': 7, '8': 8, '9': 9, T: 0, J: 0, Q: 0, K: 0,
};

export const cardValue = (c: Card): number => CARD_VALUES[rankOf(c)];

/** BAC-2: a hand's points are the sum of its card values mod 10. */
export const pointsOfValues = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0) % 10;
export const points = (cards: readonly Card[]): number => pointsOfValues(cards.map(cardValue));

export interface Tableau {
  readonly naturals: readonly number[];
  readonly playerDrawsOn: readonly number[];
  readonly bankerDrawsWhenPlayerStoodOn: readonly number[];
  readonly bankerDrawsWhenPlayerDrew: Readonly<Record<number, readonly number[]>>;
}

/** The drawing rules as data (BAC-13 … BAC-16). */
export const BACCARAT_TABLEAU: Tableau = {
  /** BAC-13: a two-card 8 or 9 on either side is a natural — both stand, no exceptions. */
  naturals: [8, 9],
  /** BAC-14: Player draws a third card on a two-card total of 0–5 (stands on 6–7). */
  playerDrawsOn: [0, 1, 2, 3, 4, 5],
  /** BAC-15: if Player stood, Banker draws on 0–5 and stands on 6–7. */
  bankerDrawsWhenPlayerStoodOn: [0, 1, 2, 3, 4, 5],
  /**
   * BAC-16: if Player drew, Banker's two-card total → the values of Player's third card on which
   * Banker draws (otherwise Banker stands). 8 and 9 never reach this table (naturals).
   */
  bankerDrawsWhenPlayerDrew: {
    0: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
    1: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
    2: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
    3: [0, 1, 2, 3, 4, 5, 6, 7, 9],
    4: [2, 3, 4, 5, 6, 7],
    5: [4, 5, 6, 7],
    6: [6, 7],
    7: [],
  },
};

export const isNatural = (twoCardPoints: number): boolean => BACCARAT_TABLEAU.naturals.includes(twoCardPoints);
/** BAC-14 */
export const playerDraws = (playerTwoCard: number): boolean => BACCARAT_TABLEAU.playerDrawsOn.includes(playerTwoCard);
/** BAC-15 (playerThird = null: Player stood) and BAC-16 (playerThird = value of Player's third card). */
export function bankerDraws(bankerTwoCard: number, playerThird: number | null): boolean {
  if (playerThird === null) return BACCARAT_TABLEAU.bankerDrawsWhenPlayerStoodOn.includes(bankerTwoCard);
  return (BACCARAT_TABLEAU.bankerDrawsWhenPlayerDrew[bankerTwoCard] ?? []).includes(playerThird);
}

/** Where a card of the round goes: side, position in that hand (1–3), index in shoe order (0–5). */
export interface Slot {
  readonly to: Side;
  readonly position: 1 | 2 | 3;
  readonly index: number;
}

export type Due =
  | (Slot & { readonly type: 'deal'; readonly message: string; readonly announcements: readonly string[]; readonly ruleId: string })
  | { readonly type: 'complete'; readonly message: 'Round complete'; readonly announcements: readonly string[]; readonly ruleId: string; readonly length: number };

const ORDINAL = ['first', 'second', 'third'] as const;
const label = (s: Side): string => (s === 'player' ? 'Player' : 'Banker');

function deal(to: Side, position: 1 | 2 | 3, index: number, ruleId: string, announcements: readonly string[]): Due {
  return { type: 'deal', to, position, index, ruleId, announcements, message: `Deal ${label(to)}'s ${ORDINAL[position - 1]} card` };
}

const complete = (length: number, ruleId: string, announcements: readonly string[]): Due => ({ type: 'complete', message: 'Round complete', ruleId, announcements, length });

/**
 * What the rules call for after exactly these values (in shoe order), ignoring any excess:
 * BAC-12 order P, B, P, B; then BAC-13 naturals, BAC-14 Player, BAC-15/16 Banker.
 */
export function dueAfterValues(values: readonly number[]): Due {
  const n = values.length;
  if (n < 4) return deal(n % 2 === 0 ? 'player' : 'banker', n < 2 ? 1 : 2, n, 'BAC-12', []);
  const [p1, b1, p2, b2] = values as [number, number, number, number];
  const p = (p1 + p2) % 10;
  const b = (b1 + b2) % 10;
  if (isNatural(p) || isNatural(b)) {
    const who = isNatural(p) && isNatural(b) ? `Player natural ${p}, Banker natural ${b}` : isNatural(p) ? `Player natural ${p}` : `Banker natural ${b}`;
    return complete(4, 'BAC-13', [who, 'Both stand']);
  }
  if (!playerDraws(p)) {
    const pStands = `Player stands on ${p}`;
    if (!bankerDraws(b, null)) return complete(4, 'BAC-15', [pStands, `Banker stands on ${b}`]);
    if (n === 4) return { ...deal('banker', 3, 4, 'BAC-15', [pStands, 'Banker draws']) };
    return complete(5, 'BAC-15', [pStands, 'Banker draws']);
  }
  if (n === 4) return deal('player', 3, 4, 'BAC-14', [`Player draws on ${p}`]);
  const v = values[4] as number;
  if (!bankerDraws(b, v)) return complete(5, 'BAC-16', [`Player draws on ${p}`, `Banker stands on ${b} against a third card of ${v}`]);
  if (n === 5) return deal('banker', 3, 5, 'BAC-16', [`Player draws on ${p}`, 'Banker draws']);
  return complete(6, 'BAC-16', [`Player draws on ${p}`, 'Banker draws']);
}

export type NextDue =
  | Due
  | { readonly type: 'misdeal'; readonly index: number; readonly ruleId: 'BAC-17'; readonly message: string };

function misdealMessage(due: Extract<Due, { type: 'complete' }>): string {
  return `Misdeal: a card the rules do not call for (${due.announcements.join('; ')}) — the hand was complete after ${due.length} cards (BAC-17)`;
}

/**
 * "What is due next" for the cards dealt so far (shoe order). A sequence longer than the rules
 * allow is reported as a misdeal at the first excess card (BAC-17, S-2).
 */
export function nextDue(cards: readonly Card[]): NextDue {
  const values = cards.map(cardValue);
  for (let i = 4; i < values.length; i++) {
    const d = dueAfterValues(values.slice(0, i));
    if (d.type === 'complete') return { type: 'misdeal', index: i, ruleId: 'BAC-17', message: misdealMessage(d) };
  }
  return dueAfterValues(values);
}

export type CardClass =
  | (Slot & { readonly type: 'due' })
  | { readonly type: 'misdeal'; readonly code: 'MISDEAL'; readonly ruleId: 'BAC-17'; readonly message: string };

/**
 * Classify a card that just left the shoe (null = unreadable, S-3), given the legal cards dealt
 * before it: either it is the card the rules call for (its slot), or it is a misdeal (BAC-17 / S-2:
 * e.g. a third card when the tableau says stand). Any value is legal where a card is due, so only
 * the card's place in the sequence can make it a misdeal.
 */
export function classifyCard(cards: readonly Card[], _newCard: Card | null): CardClass {
  const d = nextDue(cards);
  switch (d.type) {
    case 'deal':
      return { type: 'due', to: d.to, position: d.position, index: d.index };
    case 'complete':
      return { type: 'misdeal', code: 'MISDEAL', ruleId: 'BAC-17', message: misdealMessage(d) };
    case 'misdeal':
      return { type: 'misdeal', code: 'MISDEAL', ruleId: 'BAC-17', message: d.message };
  }
}

/** The slot of every card of a legal sequence (shoe order), or null when the sequence is not legal. */
export function slotsOf(cards: readonly Card[]): Slot[] | null {
  const out: Slot[] = [];
  for (let i = 0; i < cards.length; i++) {
    const c = classifyCard(cards.slice(0, i), cards[i] as Card);
    if (c.type === 'misdeal') return null;
    out.push({ to: c.to, position: c.position, index: c.index });
  }
  return out;
}

export interface HandResult {
  readonly playerCards: readonly Card[];
  readonly bankerCards: readonly Card[];
  readonly playerPoints: number;
  readonly bankerPoints: number;
  /** BAC-3/5/6/7: higher points win; equal points are a tie. */
  readonly outcome: Outcome;
  /** BAC-13 */
  readonly natural: boolean;
  /** BAC-10 side bets: the first two cards of the hand have the same rank. */
  readonly playerPair: boolean;
  readonly bankerPair: boolean;
}

export function outcomeOf(playerPoints: number, bankerPoints: number): Outcome {
  return playerPoints > bankerPoints ? 'player' : bankerPoints > playerPoints ? 'banker' : 'tie';
}

/** The result of a complete legal hand; null if `cards` is not exactly a complete legal hand. */
export function handResult(cards: readonly Card[]): HandResult | null {
  const d = nextDue(cards);
  if (d.type !== 'complete') return null;
  const slots = slotsOf(cards);
  if (!slots) return null;
  return resultFromSlots(cards.map((card, i) => ({ card, to: (slots[i] as Slot).to })), d.ruleId === 'BAC-13');
}

function makeResult(playerCards: readonly Card[], bankerCards: readonly Card[], natural: boolean): HandResult {
  const playerPoints = points(playerCards);
  const bankerPoints = points(bankerCards);
  const pair = (cs: readonly Card[]): boolean => cs.length >= 2 && rankOf(cs[0] as Card) === rankOf(cs[1] as Card);
  return { playerCards, bankerCards, playerPoints, bankerPoints, outcome: outcomeOf(playerPoints, bankerPoints), natural, playerPair: pair(playerCards), bankerPair: pair(bankerCards) };
}

/** The result from cards with their slots (as the kernel holds them). */
export function resultFromSlots(cards: readonly { readonly card: Card; readonly to: Side }[], natural: boolean): HandResult {
  return makeResult(cards.filter((c) => c.to === 'player').map((c) => c.card), cards.filter((c) => c.to === 'banker').map((c) => c.card), natural);
}
