import { createRng, shuffle } from '../common/random.js';
import { ok, violation, type Result } from '../common/result.js';
import { ALL_CARDS, type Card } from './card.js';

/**
 * A shoe: its composition (decks of 52, no jokers), the order cards leave it, the cut-card
 * position and burn cards. Pure and immutable: dealing returns a new shoe.
 *
 * Two uses:
 *  - a *physical* shoe model for simulators and tests (`createShoe` with a seed → known order);
 *  - a *composition tracker* for the server (`trackShoe`): cards arrive from the scanner and each is
 *    checked against what the shoe can still hold (devices.md S-1) — the order is unknown there.
 */
export interface ShoeComposition {
  readonly decks: number;
  /** Remaining count per card code. */
  readonly remaining: Readonly<Record<Card, number>>;
  readonly dealt: number;
  readonly total: number;
}

export interface Shoe extends ShoeComposition {
  /** Cards still in the shoe, next first. Empty array for a tracker (order unknown). */
  readonly order: readonly Card[];
  /** Number of cards dealt (incl. burns) after which the cut card comes out; null = no cut card. */
  readonly cutAt: number | null;
  readonly cutCardOut: boolean;
  readonly burned: readonly Card[];
  readonly seed: number | null;
}

export interface ShoeOptions {
  readonly decks: number;
  /** Cards from the end of the shoe where the cut card sits (BAC-1: 7; BJ-1: 4 decks = 208). */
  readonly cutFromEnd?: number | null;
}

function fullComposition(decks: number): Record<Card, number> {
  const r = {} as Record<Card, number>;
  for (const c of ALL_CARDS) r[c] = decks;
  return r;
}

function validateOptions(opts: ShoeOptions): void {
  if (!Number.isInteger(opts.decks) || opts.decks < 1 || opts.decks > 16) throw new Error(`decks must be 1..16, got ${opts.decks}`);
  const cut = opts.cutFromEnd ?? null;
  if (cut !== null && (!Number.isInteger(cut) || cut < 0 || cut > opts.decks * 52)) throw new Error(`bad cut position ${cut}`);
}

/** A freshly shuffled shoe. The seed is an argument and is recorded in the shoe (STYLE.md habit 3). */
export function createShoe(opts: ShoeOptions, seed: number): Shoe {
  validateOptions(opts);
  const cards: Card[] = [];
  for (let d = 0; d < opts.decks; d++) cards.push(...ALL_CARDS);
  const total = cards.length;
  const cut = opts.cutFromEnd ?? null;
  return {
    decks: opts.decks,
    remaining: fullComposition(opts.decks),
    dealt: 0,
    total,
    order: shuffle(cards, createRng(seed)),
    cutAt: cut === null ? null : total - cut,
    cutCardOut: false,
    burned: [],
    seed,
  };
}

/** A shoe with a caller-given order (tests, replays of a recorded shoe). */
export function shoeFromOrder(order: readonly Card[], opts: ShoeOptions): Result<Shoe> {
  validateOptions(opts);
  const remaining = fullComposition(opts.decks);
  for (const c of order) {
    if ((remaining[c] ?? 0) <= 0) return violation('IMPOSSIBLE_CARD', 'S-1', `${c} appears more often than ${opts.decks} deck(s) hold`);
    remaining[c] -= 1;
  }
  const total = opts.decks * 52;
  const cut = opts.cutFromEnd ?? null;
  const already = total - order.length;
  const composition = fullComposition(opts.decks);
  // cards not in `order` are considered already dealt
  for (const c of ALL_CARDS) composition[c] = opts.decks - remaining[c];
  return ok({
    decks: opts.decks,
    remaining: composition,
    dealt: already,
    total,
    order: order.slice(),
    cutAt: cut === null ? null : total - cut,
    cutCardOut: cut !== null && already >= total - cut,
    burned: [],
    seed: null,
  });
}

/** A composition tracker for a shoe whose order is unknown (the server side of S-1). */
export function trackShoe(opts: ShoeOptions): Shoe {
  validateOptions(opts);
  const cut = opts.cutFromEnd ?? null;
  const total = opts.decks * 52;
  return { decks: opts.decks, remaining: fullComposition(opts.decks), dealt: 0, total, order: [], cutAt: cut === null ? null : total - cut, cutCardOut: false, burned: [], seed: null };
}

export interface Dealt {
  readonly card: Card;
  readonly shoe: Shoe;
  /** True when this deal brought the cut card out (BAC-18 "last hand before shuffle"). */
  readonly cutCardReached: boolean;
}

/** Deal the next card of a physical shoe. A shoe never deals a card it does not hold. */
export function deal(shoe: Shoe): Result<Dealt> {
  const card = shoe.order[0];
  if (card === undefined) return violation('SHOE_EMPTY', null, 'the shoe has no cards left');
  return record(shoe, card, true);
}

/**
 * Record a card reported by a scanner (tracker) or dealt (physical). Rejects a card the shoe cannot
 * hold any more (S-1: e.g. a 33rd ace of spades in 8 decks).
 */
export function record(shoe: Shoe, card: Card, fromOrder = false): Result<Dealt> {
  const left = shoe.remaining[card] ?? 0;
  if (left <= 0) return violation('IMPOSSIBLE_CARD', 'S-1', `${card} cannot come out of this shoe: all ${shoe.decks} have been dealt`, { card });
  if (fromOrder && shoe.order[0] !== card) return violation('OUT_OF_ORDER', null, `next card is ${String(shoe.order[0])}, not ${card}`);
  const dealt = shoe.dealt + 1;
  const reached = !shoe.cutCardOut && shoe.cutAt !== null && dealt >= shoe.cutAt;
  return ok({
    card,
    cutCardReached: reached,
    shoe: {
      ...shoe,
      remaining: { ...shoe.remaining, [card]: left - 1 },
      dealt,
      order: fromOrder ? shoe.order.slice(1) : shoe.order,
      cutCardOut: shoe.cutCardOut || reached,
    },
  });
}

/** Burn n cards face down (DT-5, after a shuffle). */
export function burn(shoe: Shoe, n: number): Result<Shoe> {
  let s = shoe;
  const burned: Card[] = [];
  for (let i = 0; i < n; i++) {
    const d = deal(s);
    if (!d.ok) return d;
    burned.push(d.value.card);
    s = d.value.shoe;
  }
  return ok({ ...s, burned: [...shoe.burned, ...burned] });
}

export const cardsLeft = (shoe: ShoeComposition): number => shoe.total - shoe.dealt;
