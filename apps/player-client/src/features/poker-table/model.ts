import type { pokerTable } from '@felt-studio/games';
import type { PokerSeatFrame, PokerTableFrame } from '@felt-studio/protocol';
import { handSeatAt } from '@felt-studio/ui';

/**
 * Screen derivations of the live poker table (issue 11) — geometry and number crunching only, no
 * rules: what is legal comes from the server's `hand.legal` (the pure core's `legalActions`).
 */

export type HandView = pokerTable.HandView;
export type SeatView = pokerTable.SeatView;
export type LegalActions = pokerTable.LegalActions;

/** One place at the table: the seat frame (null = free), its hand seat (null = not in the hand). */
export interface SeatSlot {
  readonly seat: number;
  readonly frame: PokerSeatFrame | null;
  readonly inHand: SeatView | null;
  /** the phase of the frame's hand (null: none), for the seat's stack as it stands now. */
  readonly handPhase: HandView['phase'] | null;
  /** position on the oval, % of the table box (centre of the seat). */
  readonly x: number;
  readonly y: number;
  /** the same on a standing oval (phone portrait): the seats sit on the rim to leave room inside. */
  readonly xTall: number;
  readonly yTall: number;
  /** where its bet sits, between the seat and the centre: on a wide table (landscape) and a standing one (phone portrait). */
  readonly betX: number;
  readonly betY: number;
  readonly betXTall: number;
  readonly betYTall: number;
}

/**
 * Seats around an oval, clockwise, the player's own seat (or seat 1) at the bottom centre — so a
 * player always reads the table from where they sit.
 */
export function seatSlots(frame: PokerTableFrame): SeatSlot[] {
  const n = frame.config.seatCount;
  const mine = frame.seats.find((s) => s?.me)?.seat ?? 1;
  return Array.from({ length: n }, (_, i) => {
    const seat = i + 1;
    const angle = Math.PI / 2 + ((seat - mine) * 2 * Math.PI) / n; // y grows downward: π/2 is the bottom
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    return {
      seat,
      frame: frame.seats.find((s) => s?.seat === seat) ?? null,
      // a hand that is over shows at a seat only while its player still holds it (not the next occupant's)
      inHand: handSeatAt(frame, seat),
      handPhase: frame.hand?.phase ?? null,
      x: round1(50 + 44 * cos),
      y: round1(50 + 41 * sin),
      xTall: round1(50 + 47 * cos),
      yTall: round1(50 + 45 * sin),
      betX: round1(50 + 30 * cos),
      betY: round1(50 + 17 * sin),
      betXTall: round1(50 + 26 * cos),
      betYTall: round1(50 + 20 * sin),
    };
  });
}

const round1 = (v: number): number => Math.round(v * 10) / 10;

export const mySeat = (frame: PokerTableFrame): PokerSeatFrame | null => frame.seats.find((s) => s?.me) ?? null;

export const freeSeats = (frame: PokerTableFrame): number[] =>
  Array.from({ length: frame.config.seatCount }, (_, i) => i + 1).filter((n) => !frame.seats.some((s) => s?.seat === n));

/** The hand is being played (not over, not void). */
export const handLive = (hand: HandView | null): hand is HandView => hand !== null && hand.phase !== 'complete' && hand.phase !== 'void';

/** A quick bet size ("to" amount of the street) offered beside the slider. */
export interface QuickSize {
  readonly key: 'half-pot' | 'pot' | 'all-in';
  readonly toMinor: number;
}

/**
 * Quick sizes within the legal bounds: ½ pot and pot (the pot after calling: PT-PL-POT's pot + call),
 * all-in when the stack is the bound. Sizes outside [min, max] are clamped; duplicates dropped.
 */
export function quickSizes(hand: HandView, legal: LegalActions, structure: pokerTable.BettingStructure): QuickSize[] {
  const r = legal.raise;
  if (!r || structure === 'fixed-limit') return [];
  const me = hand.seats.find((s) => s.seat === legal.seat);
  const street = me?.streetMinor ?? 0;
  const call = Math.max(0, hand.currentBetMinor - street);
  const potAfterCall = hand.potMinor + call;
  const clamp = (v: number): number => Math.min(r.maxToMinor, Math.max(r.minToMinor, v));
  const out: QuickSize[] = [];
  const push = (key: QuickSize['key'], to: number): void => {
    if (!out.some((q) => q.toMinor === to)) out.push({ key, toMinor: to });
  };
  push('half-pot', clamp(hand.currentBetMinor + Math.floor(potAfterCall / 2)));
  push('pot', clamp(hand.currentBetMinor + potAfterCall));
  if (legal.canAllIn && legal.allInToMinor <= r.maxToMinor) push('all-in', legal.allInToMinor);
  return out;
}

/** A typed amount (major units, "12.50" or "12,50") → minor units; null when not a number. */
export function parseAmount(text: string, digits: number): number | null {
  const t = text.trim().replace(/\s/g, '').replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(t)) return null;
  const [whole, frac = ''] = t.split('.');
  if (frac.length > digits) return null;
  return Number(whole) * 10 ** digits + Number(frac.padEnd(digits, '0') || '0');
}

/** The buy-in bounds of the sit-down dialog (S1-STACK): at least the table minimum, at most the table maximum and the balance. */
export function buyInBounds(frame: PokerTableFrame): { minMinor: number; maxMinor: number; enough: boolean } {
  const min = frame.config.minBuyInMinor;
  const balance = frame.myBalanceMinor ?? 0;
  const max = Math.min(frame.config.maxBuyInMinor ?? Number.MAX_SAFE_INTEGER, balance);
  return { minMinor: min, maxMinor: max, enough: max >= min };
}

/** Why a buy-in is refused before it is sent (the server checks the same, S1-STACK). */
export function buyInProblem(amountMinor: number | null, frame: PokerTableFrame): 'invalid' | 'too-small' | 'too-large' | 'balance' | null {
  if (amountMinor === null || !Number.isSafeInteger(amountMinor) || amountMinor <= 0) return 'invalid';
  if (amountMinor < frame.config.minBuyInMinor) return 'too-small';
  if (frame.config.maxBuyInMinor !== null && amountMinor > frame.config.maxBuyInMinor) return 'too-large';
  if (amountMinor > (frame.myBalanceMinor ?? 0)) return 'balance';
  return null;
}

/** A top-up: positive, from the balance, and the stack after it not above the maximum buy-in (S1-STACK). */
export function topUpProblem(amountMinor: number | null, frame: PokerTableFrame): 'invalid' | 'too-large' | 'balance' | null {
  if (amountMinor === null || !Number.isSafeInteger(amountMinor) || amountMinor <= 0) return 'invalid';
  if (amountMinor > (frame.myBalanceMinor ?? 0)) return 'balance';
  const me = mySeat(frame);
  const max = frame.config.maxBuyInMinor;
  if (me && max !== null && me.stackMinor + me.pendingTopUpMinor + amountMinor > max) return 'too-large';
  return null;
}

/** The hand category key of an evaluator description ("two pair (K-K-9-9-A)" → `two-pair`). */
export function categoryOf(text: string): { key: string; detail: string } {
  const m = /^([a-z -]+?)\s*(\((.*)\))?$/.exec(text.trim());
  if (!m) return { key: text, detail: '' };
  return { key: (m[1] ?? text).trim().replace(/ /g, '-'), detail: m[3] ?? '' };
}

/** The cards a draw-game player may discard now: their turn in the draw, before any replacement (five held). */
export function canDrawNow(frame: PokerTableFrame): boolean {
  const hand = frame.hand;
  const me = mySeat(frame);
  if (!hand || !me || hand.phase !== 'draw' || hand.toAct !== me.seat) return false;
  const seat = hand.seats.find((s) => s.seat === me.seat);
  return seat !== undefined && seat.cards.length === 5 && seat.cards.every((c) => 'card' in c);
}

export const isDrawVariant = (variant: string): boolean => variant === 'draw' || variant === 'draw-7e';

/**
 * The pots of the hand in play as a player reads them (S1-ALLIN): a main pot up to the smallest all-in,
 * a side pot per further all-in level, and the pot still in play above the highest all-in (it holds the
 * bets of the round still being matched). The rake taken so far comes off each pot in proportion to its
 * chips (PT-RAKE-ALLOC; the view's `potMinor` is the total net of rake). The final split at the end is the server's (`result.awards`).
 */
export function potsOf(hand: HandView): { readonly index: number; readonly amountMinor: number }[] {
  const totals = hand.seats.map((s) => s.totalMinor);
  const levels = [...new Set(hand.seats.filter((s) => s.allIn && !s.folded).map((s) => s.totalMinor))].sort((a, b) => a - b);
  const amounts: number[] = [];
  let prev = 0;
  for (const l of levels) {
    const amount = totals.reduce((a, t) => a + Math.min(t, l) - Math.min(t, prev), 0);
    if (amount > 0) amounts.push(amount);
    prev = l;
  }
  const rest = totals.reduce((a, t) => a + t - Math.min(t, prev), 0);
  if (rest > 0 || amounts.length === 0) amounts.push(rest);
  // PT-RAKE-ALLOC (issue 24): each pot pays the rake in proportion to its chips, leftover chips to the largest remainders
  const total = amounts.reduce((a, x) => a + x, 0);
  const rake = Math.min(total, Math.max(0, totals.reduce((a, t) => a + t, 0) - hand.potMinor));
  const take = amounts.map((x) => (total > 0 ? Math.floor((rake * x) / total) : 0));
  let left = rake - take.reduce((a, x) => a + x, 0);
  const order = amounts.map((_, i) => i).sort((a, b) => ((rake * (amounts[b] ?? 0)) % (total || 1)) - ((rake * (amounts[a] ?? 0)) % (total || 1)) || (amounts[b] ?? 0) - (amounts[a] ?? 0) || a - b);
  for (const i of order) {
    if (left <= 0) break;
    take[i] = (take[i] ?? 0) + 1;
    left--;
  }
  return amounts.map((amount, index) => ({ index, amountMinor: amount - (take[index] ?? 0) }));
}
