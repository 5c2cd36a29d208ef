import type { Card } from '../cards/card.js';
import { isCard } from '../cards/card.js';
import { trackShoe, type Shoe } from '../cards/shoe.js';
import { carryShoe, shoeDeviceReaction, snapshotOf, trackCard, validateShoeSnapshot, type ShoeSnapshot } from '../cards/shoe-tracking.js';
import type { Minor } from '../common/money.js';
import { ok, violation, type Result } from '../common/result.js';
import { betsOfPlayer, bookTotals, stakeOnSpot, type BookTotals } from '../kernel/book.js';
import { acceptedEvent, checkStakeAmount, createKernel, defineGame, duplicate, events, globalStakeCeiling, refuse, vio, type RefereeDecision, type RefereeState } from '../kernel/define.js';
import { roundViewBase, type AcceptedBet, type Audience, type CommonCommand, type CommonEvent, type Deadline, type NextAction, type Phase, type PlayCommand, type PlayEvent, type RoundLimits, type SettlementLine, type RoundViewBase } from '../kernel/kernel.js';
import { cardPoints, handValue, isAce, isBlackjackCards, isTenValue } from './hand.rules.js';
import { blackjackProfiles, type BlackjackProfile } from './profiles.js';
import { dealerNeedsCard, finalTotal, handResult, handReturn, insuranceReturn, isPlayerBlackjack } from './settle.rules.js';

// ───────────────────────────── commands and events ─────────────────────────────

export const PLAYER_ACTIONS = ['hit', 'stand', 'double', 'split', 'insurance', 'no-insurance'] as const;
export type PlayerActionKind = (typeof PLAYER_ACTIONS)[number];

export type BlackjackCommand =
  | CommonCommand
  | PlayCommand
  /** A card left the shoe (scanner). The kernel decides whose card it is (BJ-5 order). */
  | { readonly type: 'RecordCard'; readonly at: number; readonly card: Card; readonly shoeIndex?: number }
  /** The cut card left the shoe: shuffle after this round (S-4). */
  | { readonly type: 'RecordCutCard'; readonly at: number; readonly shoeIndex?: number }
  /** The previous round's shoe (S-1 carry, S-4): before the first card only. */
  | { readonly type: 'AttachShoe'; readonly at: number; readonly shoe: ShoeSnapshot }
  /** A seat owner's decision. `betId` (new, client-generated) is required for double/split/insurance. */
  | { readonly type: 'PlayerAction'; readonly at: number; readonly seat: number; readonly hand: number; readonly action: PlayerActionKind; readonly betId?: string; readonly playerId: string }
  /** Issued by the server when the decision deadline of `deadlines(state)` passes: stand / no insurance (BJ-9). */
  | { readonly type: 'DecisionTimeout'; readonly at: number; readonly seat: number; readonly hand: number }
  /** Pit boss accepts the round after a misdeal halt (S-2); the rejected card stays out of play. */
  | { readonly type: 'ResumeRound'; readonly at: number; readonly by: string };

/** Where a recorded card went. `faceDown` = the hole card (BJ-5/BJ-5a): publish it redacted until revealed. */
export type CardTarget = { readonly type: 'seat'; readonly seat: number; readonly hand: number } | { readonly type: 'dealer'; readonly faceDown: boolean };

export type BlackjackEvent =
  | CommonEvent
  | PlayEvent
  | { readonly type: 'CardRecorded'; readonly at: number; readonly card: Card; readonly to: CardTarget }
  | { readonly type: 'HandActed'; readonly at: number; readonly seat: number; readonly hand: number; readonly action: PlayerActionKind; readonly by: 'player' | 'timeout'; readonly betId?: string }
  | { readonly type: 'CutCardRecorded'; readonly at: number }
  | { readonly type: 'ShoeAttached'; readonly at: number; readonly shoe: ShoeSnapshot }
  /** S-2 / BJ misdeal: a card the rules did not call for. It is NOT dealt to anyone; the round halts. */
  | { readonly type: 'MisdealDetected'; readonly at: number; readonly card: Card; readonly code: 'MISDEAL'; readonly message: string }
  | { readonly type: 'RoundResumed'; readonly at: number; readonly by: string };

// ───────────────────────────── state ─────────────────────────────

export type HandDone = 'stand' | 'timeout' | 'bust' | 'twenty-one' | 'blackjack' | 'doubled' | 'split-aces';

export interface BlackjackHand {
  readonly cards: readonly Card[];
  /** The stake covering this hand: the seat's main bet, or the split bet for the second split hand. */
  readonly betId: string;
  readonly doubleBetId: string | null;
  readonly fromSplit: boolean;
  readonly splitAces: boolean;
  /** A hit or double was accepted and the card has not arrived yet. */
  readonly awaitingCard: boolean;
  readonly done: HandDone | null;
}

export type InsuranceState = 'not-offered' | 'pending' | 'declined' | 'taken';

export interface BlackjackSeat {
  readonly seat: number;
  readonly playerId: string;
  readonly betId: string;
  readonly stakeMinor: Minor;
  readonly hands: readonly BlackjackHand[];
  readonly insurance: InsuranceState;
  readonly insuranceBetId: string | null;
}

/** Sub-phase of `play` (and `closed`): where the round stands. */
export type Stage = 'betting' | 'initial-deal' | 'insurance' | 'players' | 'dealer' | 'done';

/** The main bet on a seat during betting (≤ profile.seats entries: O(1) to copy). */
export interface SeatBet {
  readonly playerId: string;
  readonly betId: string;
  readonly stakeMinor: Minor;
}

export interface BlackjackState extends RefereeState {
  readonly game: 'blackjack';
  /** seat number → its main bet, kept per bet (BJ-1 seat ownership without a scan of the round's bets). */
  readonly seatBets: Readonly<Record<string, SeatBet>>;
  /** seat number → how many players bet behind it (RAY §8.1 cap, O(1)); the stake behind it is the book's spot total of `behind:N`. */
  readonly behindBettors: Readonly<Record<string, number>>;
  /** Composition tracker of the shoe (S-1); null before the round opens. Carried to the next round (`carry`). */
  readonly shoe: Shoe | null;
  /** The rule profile snapshot, resolved when the round opened. */
  readonly profile: BlackjackProfile | null;
  readonly stage: Stage;
  /** Seats with a main bet, left to right (filled when betting closes). */
  readonly seats: readonly BlackjackSeat[];
  readonly dealer: { readonly cards: readonly Card[]; readonly holeRevealed: boolean };
  /** Cards of the initial deal recorded so far (BJ-5). */
  readonly initialDealt: number;
  /** BJ-8 peek result: null = no peek happened. */
  readonly peek: 'blackjack' | 'no-blackjack' | null;
  /** The decision currently pending and since when (BJ-9 decision time runs from `since`). */
  readonly decision: { readonly key: string; readonly since: number } | null;
  readonly halt: { readonly at: number; readonly card: Card; readonly message: string; readonly from: Phase } | null;
  /** Cards rejected as misdeals (kept for the audit record, GEN-8). */
  readonly rejectedCards: readonly Card[];
  readonly shuffleAfterRound: boolean;
}

// ───────────────────────────── view ─────────────────────────────

export interface BlackjackHandView {
  readonly cards: readonly Card[];
  readonly total: number;
  readonly soft: boolean;
  readonly blackjack: boolean;
  readonly fromSplit: boolean;
  readonly doubled: boolean;
  readonly done: HandDone | null;
}

export interface BlackjackSeatView {
  readonly seat: number;
  /** The viewer owns this seat (always false for dealer/pit boss). */
  readonly mine: boolean;
  /** Owner and stakes: only for the owner, the dealer and the pit boss (other players' bets are hidden). */
  readonly playerId: string | null;
  readonly stakeMinor: Minor | null;
  readonly hands: readonly BlackjackHandView[];
  /** Insurance is a bet: null for other players' seats. */
  readonly insurance: InsuranceState | null;
  /** Bets behind this seat (RAY §8.1): the viewer's own stake behind it (players; 0 = none), null for staff. */
  readonly myBehindMinor: Minor | null;
  /** Dealer / pit boss: how many players bet behind and their total (never who); null for players (the seated player need not see it). */
  readonly behind: { readonly bettors: number; readonly totalMinor: Minor } | null;
}

export interface BlackjackView extends RoundViewBase {
  readonly game: 'blackjack';
  readonly stage: Stage;
  /** Seat numbers holding a bet (public: the camera shows them). */
  readonly occupiedSeats: readonly number[];
  readonly seats: readonly BlackjackSeatView[];
  /** BJ-5a: the hole card is `'hidden'` for EVERY audience until dealer play reveals it. */
  readonly dealer: { readonly cards: readonly (Card | 'hidden')[]; readonly visibleTotal: number | null; readonly holeRevealed: boolean; readonly peek: 'blackjack' | 'no-blackjack' | null };
  readonly turn: { readonly seat: number; readonly hand: number } | null;
  readonly decisionDeadline: number | null;
  /** A player: their own bets. Dealer / pit boss: none listed — the table totals instead. */
  readonly bets: readonly AcceptedBet[];
  readonly totals?: BookTotals;
  readonly shuffleAfterRound: boolean;
  readonly halt: { readonly message: string } | null;
}

// ───────────────────────────── helpers ─────────────────────────────


const SEAT_SPOT = /^seat:([1-9][0-9]?)$/;
const BEHIND_SPOT = /^behind:([1-9][0-9]?)$/;

export function seatOfSpot(spot: string): number | null {
  const m = SEAT_SPOT.exec(spot);
  return m ? Number(m[1]) : null;
}

/** `behind:N` → N: a bet behind seat N (RAY §8.1 back-betting), else null. */
export function behindSeatOfSpot(spot: string): number | null {
  const m = BEHIND_SPOT.exec(spot);
  return m ? Number(m[1]) : null;
}

/** The spot kind of a bet behind a seat (its per-bet limits: `limits.spots.behind`). */
export const BEHIND_KIND = 'behind';
/** The limits key of the most one seat may carry behind it, all bettors together (`limits.spots['behind-total'].maxMinor`; default the table max). */
export const BEHIND_TOTAL_KIND = 'behind-total';

/** The most the bets behind one seat may add up to (RAY §8.1 "the dealer may limit"): table data, default the table max. */
export const behindSeatMax = (limits: RoundLimits): Minor => limits.spots[BEHIND_TOTAL_KIND]?.maxMinor ?? limits.tableMaxMinor;

/**
 * What a bet behind a seat follows (RAY §8.1: the seat's first player alone decides). [Interp.] A bet
 * behind never adds stake: on a double it stays at its own stake and takes the doubled hand's result;
 * on a split it stays on the FIRST hand (the one that keeps the original bet). It is never insured.
 * So it settles on hand 0 of the seat at its own stake, like the seat's original bet.
 */
export const BEHIND_FOLLOWS_HAND = 0;

/** The seats a player holds in the round (main bets), O(seats). */
const seatsOf = (s: BlackjackState, playerId: string): number => Object.values(s.seatBets).filter((b) => b.playerId === playerId).length;


const initialDealSize = (s: BlackjackState): number => (s.seats.length === 0 ? 0 : s.seats.length * 2 + (s.profile?.holeCard ? 2 : 1));

/** The hand to act (first not-done hand, seats left to right, BJ-9 seat order). */
export function currentHand(s: BlackjackState): { seatIndex: number; seat: BlackjackSeat; handIndex: number; hand: BlackjackHand } | null {
  if (s.stage !== 'players') return null;
  for (let i = 0; i < s.seats.length; i++) {
    const seat = s.seats[i] as BlackjackSeat;
    for (let h = 0; h < seat.hands.length; h++) {
      const hand = seat.hands[h] as BlackjackHand;
      if (hand.done === null) return { seatIndex: i, seat, handIndex: h, hand };
    }
  }
  return null;
}

const allHands = (s: BlackjackState): BlackjackHand[] => s.seats.flatMap((x) => x.hands);

function handFinal(h: BlackjackHand): { cards: readonly Card[]; fromSplit: boolean; doubled: boolean } {
  return { cards: h.cards, fromSplit: h.fromSplit, doubled: h.doubleBetId !== null };
}

/** Dealer play: is a dealer card due now? (BJ-13, BJ-14; no-hole-card second card). */
function dealerCardDue(s: BlackjackState, p: BlackjackProfile): boolean {
  return dealerNeedsCard(p, s.dealer.cards, allHands(s).map((h) => handFinal(h)), s.seats.some((x) => x.insurance === 'taken'));
}

/** Whose card is due next (BJ-5 deal order, then the acting hand, then dealer play); null = none. */
export function cardDue(s: BlackjackState): CardTarget | null {
  const p = s.profile;
  if (!p || (s.phase !== 'closed' && s.phase !== 'play')) return null;
  switch (s.stage) {
    case 'initial-deal': {
      const n = s.seats.length;
      const i = s.initialDealt;
      if (i < n) return { type: 'seat', seat: (s.seats[i] as BlackjackSeat).seat, hand: 0 };
      if (i === n) return { type: 'dealer', faceDown: false };
      if (i < 2 * n + 1) return { type: 'seat', seat: (s.seats[i - n - 1] as BlackjackSeat).seat, hand: 0 };
      if (i === 2 * n + 1 && p.holeCard) return { type: 'dealer', faceDown: true };
      return null;
    }
    case 'players': {
      const c = currentHand(s);
      if (!c) return null;
      return c.hand.cards.length < 2 || c.hand.awaitingCard ? { type: 'seat', seat: c.seat.seat, hand: c.handIndex } : null;
    }
    case 'dealer':
      return dealerCardDue(s, p) ? { type: 'dealer', faceDown: false } : null;
    case 'betting':
    case 'insurance':
    case 'done':
      return null;
  }
}

const mapSeat = (s: BlackjackState, seatNo: number, f: (seat: BlackjackSeat) => BlackjackSeat): BlackjackState => ({ ...s, seats: s.seats.map((x) => (x.seat === seatNo ? f(x) : x)) });
const mapHand = (seat: BlackjackSeat, h: number, f: (hand: BlackjackHand) => BlackjackHand): BlackjackSeat => ({ ...seat, hands: seat.hands.map((x, i) => (i === h ? f(x) : x)) });

/** Auto-complete a hand that has no decision left (BJ-9, BJ-10, BJ-11, BJ-12). */
function autoDone(p: BlackjackProfile, h: BlackjackHand): BlackjackHand {
  if (h.done !== null || h.awaitingCard || h.cards.length < 2) return h;
  const total = finalTotal(p, handFinal(h));
  if (total > 21) return { ...h, done: 'bust' };
  if (h.doubleBetId !== null) return { ...h, done: 'doubled' };
  if (isPlayerBlackjack(handFinal(h))) return { ...h, done: 'blackjack' };
  if (total === 21) return { ...h, done: 'twenty-one' };
  if (h.splitAces && p.splitAcesOneCard) return { ...h, done: 'split-aces' };
  return h;
}

function insuranceEligible(p: BlackjackProfile, seat: BlackjackSeat): boolean {
  const h = seat.hands[0];
  if (!h) return false;
  return p.insuranceOnBlackjack || !isPlayerBlackjack(handFinal(h));
}

function pendingDecisionKey(s: BlackjackState): string | null {
  if (s.phase !== 'play') return null;
  if (s.stage === 'insurance') return 'insurance';
  const c = currentHand(s);
  if (!c || c.hand.cards.length < 2 || c.hand.awaitingCard) return null;
  return `${c.seat.seat}:${c.handIndex}:${c.hand.cards.length}`;
}

/** Automatic progress after every event: peek, turn order, reveal, dealer stop. Pure and total. */
function advance(state: BlackjackState, at: number): BlackjackState {
  const p = state.profile;
  if (!p) return state;
  let s = state;
  for (let guard = 0; guard < 64; guard++) {
    if (s.phase !== 'play' && s.phase !== 'closed') break;
    if (s.stage === 'initial-deal') {
      if (s.seats.length === 0) {
        s = { ...s, stage: 'done', phase: 'resolved' };
        continue;
      }
      if (s.initialDealt < initialDealSize(s)) break;
      const up = s.dealer.cards[0] as Card;
      if (p.insuranceOffered && isAce(up) && s.seats.some((x) => insuranceEligible(p, x))) {
        s = { ...s, stage: 'insurance', seats: s.seats.map((x) => ({ ...x, insurance: insuranceEligible(p, x) ? 'pending' : 'not-offered' })) };
        continue;
      }
      s = peekOrPlay(s, p);
      continue;
    }
    if (s.stage === 'insurance') {
      if (s.seats.some((x) => x.insurance === 'pending')) break;
      s = peekOrPlay(s, p);
      continue;
    }
    if (s.stage === 'players') {
      const c = currentHand(s);
      if (!c) {
        s = { ...s, stage: 'dealer', dealer: { ...s.dealer, holeRevealed: true } };
        continue;
      }
      const done = autoDone(p, c.hand);
      if (done !== c.hand) {
        s = mapSeat(s, c.seat.seat, (seat) => mapHand(seat, c.handIndex, () => done));
        continue;
      }
      break;
    }
    if (s.stage === 'dealer') {
      if (!dealerCardDue(s, p)) s = { ...s, stage: 'done', phase: 'resolved', dealer: { ...s.dealer, holeRevealed: true } };
      break;
    }
    break;
  }
  const key = pendingDecisionKey(s);
  const decision = key === null ? null : s.decision?.key === key ? s.decision : { key, since: at };
  return decision === s.decision ? s : { ...s, decision };
}

/** BJ-8: peek under an Ace (and a ten if `peekOnTen`) when a hole card exists; a dealer BJ ends the round. */
function peekOrPlay(s: BlackjackState, p: BlackjackProfile): BlackjackState {
  const up = s.dealer.cards[0] as Card;
  const peeks = p.holeCard && ((isAce(up) && p.peekOnAce) || (isTenValue(up) && p.peekOnTen));
  if (!peeks) return { ...s, stage: 'players' };
  if (isBlackjackCards(s.dealer.cards)) return { ...s, peek: 'blackjack', stage: 'done', phase: 'resolved', dealer: { ...s.dealer, holeRevealed: true } };
  return { ...s, peek: 'no-blackjack', stage: 'players' };
}

export function pairOk(p: BlackjackProfile, a: Card, b: Card): boolean {
  switch (p.splitOn) {
    case 'value':
      return cardPoints(a) === cardPoints(b);
    case 'rank':
      return a[0] === b[0];
  }
}

export function doubleOk(p: BlackjackProfile, cards: readonly Card[]): boolean {
  if (p.doubleOn === 'any') return true;
  const total = handValue(cards, p.doubleOn.acesCountOne).total;
  return p.doubleOn.totals.includes(total);
}

// ───────────────────────────── bets behind (RAY §8.1) ─────────────────────────────

/**
 * A bet behind seat N (RAY §8.1 back-betting): only behind a seat another player holds in this round,
 * within the published number of bettors per seat and the most the seat may carry behind it. Per-bet
 * min/max (`behind` kind) and the player's table max were checked by the referee. O(1).
 */
function restrictBehind(s: BlackjackState, p: BlackjackProfile, bet: { readonly playerId: string; readonly spot: string; readonly stakeMinor: Minor }) {
  const seatNo = behindSeatOfSpot(bet.spot) ?? 0;
  const bb = p.betBehind;
  if (bb === null) return vio('SPOT_NOT_OFFERED', 'BJB-1', 'This table does not take bets behind a seat.');
  const onSeat = s.seatBets[String(seatNo)];
  if (!onSeat) return vio('BEHIND_EMPTY_SEAT', 'BJB-1', `Nobody plays seat ${seatNo} yet: a bet behind follows a seated player.`, { seat: seatNo });
  if (onSeat.playerId === bet.playerId) return vio('BEHIND_OWN_SEAT', 'BJB-1', `Seat ${seatNo} is yours: add to your own bet instead of betting behind it.`, { seat: seatNo });
  const already = stakeOnSpot(s.book, bet.playerId, bet.spot) > 0;
  const bettors = s.behindBettors[String(seatNo)] ?? 0;
  if (!already && bb.maxBettorsPerSeat !== null && bettors >= bb.maxBettorsPerSeat) {
    return vio('BEHIND_SEAT_FULL', 'BJB-2', `Seat ${seatNo} already has the most players behind it (${bb.maxBettorsPerSeat}).`, { seat: seatNo, maxBettorsPerSeat: bb.maxBettorsPerSeat });
  }
  const max = s.limits ? behindSeatMax(s.limits) : Number.MAX_SAFE_INTEGER;
  const total = s.book.spots.get(bet.spot)?.stakeMinor ?? 0;
  if (total + bet.stakeMinor > max) return vio('BEHIND_SEAT_MAX', 'BJB-2', `The bets behind seat ${seatNo} may add up to at most ${max}; ${Math.max(0, max - total)} is left.`, { seat: seatNo, maxMinor: max, leftMinor: Math.max(0, max - total) });
  return null;
}

/** The live bets behind seats (kind `behind`), from the book. */
const behindBets = (s: BlackjackState): AcceptedBet[] => [...s.book.byId.values()].filter((b) => b.kind === BEHIND_KIND);

/**
 * Bets behind a seat that was not dealt (its owner cancelled, nobody sat): refunded once betting has closed.
 * The referee pays them early (`BetsSettled`) at the round's first move after the close and leaves them
 * out of the final settlement — exactly once. Scanned only while the initial deal starts (O(1) later).
 */
function orphanBehindRefunds(s: BlackjackState): SettlementLine[] {
  if (s.phase !== 'closed' && s.phase !== 'play') return [];
  if (s.stage !== 'initial-deal' || s.initialDealt > 1) return [];
  return orphansOf(s);
}

function orphansOf(s: BlackjackState): SettlementLine[] {
  const dealt = new Set(s.seats.map((x) => x.seat));
  return behindBets(s)
    .filter((b) => !dealt.has(behindSeatOfSpot(b.spot) ?? 0))
    .map((b): SettlementLine => ({ betId: b.betId, playerId: b.playerId, stakeMinor: b.stakeMinor, returnMinor: b.stakeMinor, outcome: 'refund', rules: ['BJB-4', 'GEN-6'] }));
}

// ───────────────────────────── decide ─────────────────────────────

function decidePlayerAction(s: BlackjackState, c: Extract<BlackjackCommand, { type: 'PlayerAction' }>, p: BlackjackProfile): RefereeDecision<BlackjackEvent> {
  if (s.phase === 'halted') return refuse(vio('ROUND_HALTED', 'S-2', 'The round is halted for the pit boss.'));
  if (s.phase !== 'play') return refuse(vio('DECISION_NOT_PENDING', 'BJ-9', 'No decision is open in this round.', { phase: s.phase }));
  const seat = s.seats.find((x) => x.seat === c.seat);
  if (!seat) return refuse(vio('NO_SUCH_SEAT', 'BJ-5', `Seat ${c.seat} has no bet in this round.`));
  if (seat.playerId !== c.playerId) return refuse(vio('NOT_SEAT_OWNER', 'BJ-9', 'Only the seat owner decides for the seat (RAY §8.1).', { seat: c.seat }));
  const needsBet = c.action === 'double' || c.action === 'split' || c.action === 'insurance';
  if (needsBet) {
    if (typeof c.betId !== 'string' || c.betId.length === 0) return refuse(vio('BET_ID_REQUIRED', 'BJ-17', `${c.action} adds a stake and needs a new betId.`));
    if (s.book.cancelled.has(c.betId)) return refuse(vio('BET_ID_CONFLICT', 'D-3', `Bet id ${c.betId} was already used for a cancelled bet.`, { betId: c.betId }));
    const prior = s.book.byId.get(c.betId);
    if (prior) {
      // A retry only when THIS action on THIS hand already took that stake; a reused id for another
      // move (e.g. a second split with the first split's id) is refused, never swallowed (issue 8).
      const sameMove =
        prior.kind === c.action &&
        prior.playerId === c.playerId &&
        prior.spot === `seat:${c.seat}` &&
        ((c.action === 'split' && seat.hands[c.hand + 1]?.betId === c.betId && (seat.hands[c.hand]?.cards.length ?? 0) < 2) || (c.action === 'double' && seat.hands[c.hand]?.doubleBetId === c.betId) || (c.action === 'insurance' && seat.insuranceBetId === c.betId));
      if (sameMove) return duplicate();
      return refuse(vio('BET_ID_CONFLICT', 'D-3', `Bet id ${c.betId} was already used for another bet or move.`, { betId: c.betId }));
    }
  }
  const derived = (kind: string, stakeMinor: Minor): BlackjackEvent =>
    acceptedEvent(c.at, { betId: c.betId as string, playerId: c.playerId, spot: `seat:${c.seat}`, stakeMinor }, kind, seat.betId);
  const acted = (): BlackjackEvent => (c.betId !== undefined && needsBet ? { type: 'HandActed', at: c.at, seat: c.seat, hand: c.hand, action: c.action, by: 'player', betId: c.betId } : { type: 'HandActed', at: c.at, seat: c.seat, hand: c.hand, action: c.action, by: 'player' });

  if (c.action === 'insurance' || c.action === 'no-insurance') {
    if (s.stage !== 'insurance') return refuse(vio('INSURANCE_NOT_OFFERED', 'BJ-7', 'Insurance is offered only on a dealer Ace, right after the initial deal and before any further card.'));
    if (seat.insurance === 'not-offered') return refuse(vio('INSURANCE_NOT_OFFERED', 'BJ-7', 'Insurance is not offered on this hand (RAY §8.2: a Blackjack cannot be insured).'));
    if (seat.insurance !== 'pending') return refuse(vio('INSURANCE_ALREADY_DECIDED', 'BJ-7', 'This seat already decided on insurance.'));
    if (c.action === 'no-insurance') return events(acted());
    const stake = Math.floor(seat.stakeMinor / 2);
    if (stake <= 0) return refuse(vio('INSURANCE_STAKE_TOO_SMALL', 'BJ-7', 'Insurance costs half the original bet; this bet is too small to halve.'));
    return events(derived('insurance', stake), acted());
  }
  if (s.stage === 'insurance') return refuse(vio('INSURANCE_PERIOD', 'BJ-7', 'Insurance decisions come first; play continues after the insurance period.'));
  const cur = currentHand(s);
  if (!cur || cur.seat.seat !== c.seat || cur.handIndex !== c.hand) {
    return refuse(vio('NOT_YOUR_TURN', 'BJ-9', cur ? `Seat ${cur.seat.seat} hand ${cur.handIndex + 1} is acting; seats act in turn.` : 'No hand is acting.', { seat: c.seat, hand: c.hand }));
  }
  const hand = cur.hand;
  if (hand.cards.length < 2 || hand.awaitingCard) return refuse(vio('WAITING_FOR_CARD', 'BJ-9', 'Wait for the card before the next decision.'));
  const insured = seat.insurance === 'taken' && !p.insuredHandMayDoubleOrSplit;
  switch (c.action) {
    case 'stand':
      return events(acted());
    case 'hit':
      return events(acted()); // a hand at 21 is never current (BJ-10)
    case 'double': {
      if (hand.cards.length !== 2) return refuse(vio('DOUBLE_NOT_ALLOWED', 'BJ-11', 'A double is only on the first two cards of a hand.'));
      if (hand.splitAces && !p.doubleSplitAces) return refuse(vio('DOUBLE_NOT_ALLOWED', 'BJ-11', 'Split aces cannot be doubled.'));
      if (hand.fromSplit && !p.doubleAfterSplit) return refuse(vio('DOUBLE_NOT_ALLOWED', 'BJ-11', 'This table does not allow a double after a split.'));
      if (insured) return refuse(vio('DOUBLE_NOT_ALLOWED', 'RAY-8.2', 'An insured hand cannot be doubled.'));
      if (!doubleOk(p, hand.cards)) return refuse(vio('DOUBLE_NOT_ALLOWED', 'BJ-11', 'This table allows a double only on the listed two-card totals.', { doubleOn: p.doubleOn }));
      return events(derived('double', seat.stakeMinor), acted());
    }
    case 'split': {
      const [a, b] = hand.cards;
      if (hand.cards.length !== 2 || a === undefined || b === undefined || !pairOk(p, a, b)) return refuse(vio('SPLIT_NOT_ALLOWED', 'BJ-12', `Only two cards of equal ${p.splitOn} can be split.`));
      if (seat.hands.length > p.maxSplits) return refuse(vio('SPLIT_NOT_ALLOWED', 'BJ-12', 'One split only.'));
      if (insured) return refuse(vio('SPLIT_NOT_ALLOWED', 'RAY-8.2', 'An insured hand cannot be split.'));
      return events(derived('split', seat.stakeMinor), acted());
    }
  }
}

function decideTimeout(s: BlackjackState, c: Extract<BlackjackCommand, { type: 'DecisionTimeout' }>, p: BlackjackProfile): RefereeDecision<BlackjackEvent> {
  if (s.phase !== 'play' || !s.decision) return refuse(vio('DECISION_NOT_PENDING', 'BJ-9', 'No decision is pending.'));
  const deadline = s.decision.since + p.decisionTimeMs;
  if (c.at < deadline) return refuse(vio('DECISION_TIME_NOT_OVER', 'BJ-9', 'The decision time has not run out yet.', { deadline }));
  if (s.stage === 'insurance') {
    const seat = s.seats.find((x) => x.seat === c.seat);
    if (!seat || seat.insurance !== 'pending') return refuse(vio('DECISION_NOT_PENDING', 'BJ-7', `Seat ${c.seat} has no insurance decision pending.`));
    return events({ type: 'HandActed', at: c.at, seat: c.seat, hand: 0, action: 'no-insurance', by: 'timeout' });
  }
  const cur = currentHand(s);
  if (!cur || cur.seat.seat !== c.seat || cur.handIndex !== c.hand) return refuse(vio('DECISION_NOT_PENDING', 'BJ-9', `Seat ${c.seat} hand ${c.hand + 1} is not acting.`));
  return events({ type: 'HandActed', at: c.at, seat: c.seat, hand: c.hand, action: 'stand', by: 'timeout' });
}

function describeTarget(t: CardTarget | null, s: BlackjackState): string {
  if (t === null) return s.stage === 'insurance' ? 'the insurance period is open' : pendingDecisionKey(s) !== null ? 'a player decision is pending' : 'no card is due';
  switch (t.type) {
    case 'seat':
      return `the next card belongs to seat ${t.seat}${t.hand > 0 ? ` hand ${t.hand + 1}` : ''}`;
    case 'dealer':
      return t.faceDown ? 'the next card is the dealer hole card' : 'the next card belongs to the dealer';
  }
}

function decideCard(s: BlackjackState, c: Extract<BlackjackCommand, { type: 'RecordCard' }>): RefereeDecision<BlackjackEvent> {
  if (!isCard(c.card)) return refuse(vio('INVALID_CARD', 'S-1', `"${String(c.card)}" is not a canonical card code.`, { card: c.card }));
  if (s.seats.length === 0) return refuse(vio('NO_CARD_DUE', 'BJ-5', 'No seat has a bet: no card is dealt.'));
  if (s.phase !== 'closed' && s.phase !== 'play') return refuse(vio('NO_CARD_DUE', 'S-2', 'The round is complete: no card is due.', { phase: s.phase }));
  // S-1: a card the shoe can no longer hold is a fault, never dealt (nine aces of spades from 8 decks).
  if (s.shoe && !trackCard(s.shoe, c.card).ok) {
    return refuse(vio('IMPOSSIBLE_CARD', 'S-1', `${c.card} cannot come out of this shoe: all ${s.shoe.decks} decks' copies have already been dealt (S-1).`, { card: c.card }));
  }
  const target = cardDue(s);
  if (target === null) {
    return events({ type: 'MisdealDetected', at: c.at, card: c.card, code: 'MISDEAL', message: `Misdeal (S-2): ${c.card} was not called for — ${describeTarget(null, s)}.` });
  }
  return events({ type: 'CardRecorded', at: c.at, card: c.card, to: target });
}

// ───────────────────────────── evolve ─────────────────────────────

function evolveGame(s: BlackjackState, e: Exclude<BlackjackEvent, CommonEvent | PlayEvent>): BlackjackState {
  const p = s.profile;
  const seq = s.seq + 1;
  switch (e.type) {
    case 'ShoeAttached':
      return { ...s, seq, shoe: { ...trackShoe({ decks: e.shoe.decks }), ...e.shoe } };
    case 'CutCardRecorded':
      return { ...s, seq, shuffleAfterRound: true, shoe: s.shoe ? { ...s.shoe, cutCardOut: true } : s.shoe };
    case 'MisdealDetected': {
      // the misdealt card physically left the shoe (S-1 tracking), but is dealt to nobody
      const shoe = s.shoe ? trackCard(s.shoe, e.card) : null;
      return { ...s, seq, shoe: shoe && shoe.ok ? shoe.value : s.shoe, halt: { at: e.at, card: e.card, message: e.message, from: s.phase }, phase: 'halted', rejectedCards: [...s.rejectedCards, e.card] };
    }
    case 'RoundResumed':
      // the decision clock restarts on resume: a halt never eats a player's decision time (BJ-9)
      return advance({ ...s, seq, phase: s.halt?.from ?? 'play', halt: null, decision: null }, e.at);
    case 'CardRecorded': {
      const shoe = s.shoe ? trackCard(s.shoe, e.card) : null;
      let next: BlackjackState = { ...s, seq, phase: 'play', shoe: shoe && shoe.ok ? shoe.value : s.shoe };
      const to = e.to;
      switch (to.type) {
        case 'dealer':
          next = { ...next, dealer: { ...next.dealer, cards: [...next.dealer.cards, e.card] } };
          break;
        case 'seat':
          next = mapSeat(next, to.seat, (seat) => mapHand(seat, to.hand, (h) => ({ ...h, cards: [...h.cards, e.card], awaitingCard: false })));
          break;
      }
      if (next.stage === 'initial-deal') next = { ...next, initialDealt: next.initialDealt + 1 };
      return advance(next, e.at);
    }
    case 'HandActed': {
      let next: BlackjackState = { ...s, seq };
      switch (e.action) {
        case 'insurance':
          next = mapSeat(next, e.seat, (seat) => ({ ...seat, insurance: 'taken', insuranceBetId: e.betId ?? null }));
          break;
        case 'no-insurance':
          next = mapSeat(next, e.seat, (seat) => ({ ...seat, insurance: 'declined' }));
          break;
        case 'stand':
          next = mapSeat(next, e.seat, (seat) => mapHand(seat, e.hand, (h) => ({ ...h, done: e.by === 'timeout' ? 'timeout' : 'stand' })));
          break;
        case 'hit':
          next = mapSeat(next, e.seat, (seat) => mapHand(seat, e.hand, (h) => ({ ...h, awaitingCard: true })));
          break;
        case 'double':
          next = mapSeat(next, e.seat, (seat) => mapHand(seat, e.hand, (h) => ({ ...h, awaitingCard: true, doubleBetId: e.betId ?? null })));
          break;
        case 'split':
          next = mapSeat(next, e.seat, (seat) => {
            const h = seat.hands[e.hand];
            if (!h) return seat;
            const [a, b] = h.cards as [Card, Card];
            const aces = isAce(a) && isAce(b);
            const first: BlackjackHand = { ...h, cards: [a], fromSplit: true, splitAces: aces };
            const second: BlackjackHand = { cards: [b], betId: e.betId ?? '', doubleBetId: null, fromSplit: true, splitAces: aces, awaitingCard: false, done: null };
            return { ...seat, hands: [...seat.hands.slice(0, e.hand), first, second, ...seat.hands.slice(e.hand + 1)] };
          });
          break;
      }
      return p ? advance(next, e.at) : next;
    }
  }
}

function buildSeats(s: BlackjackState): BlackjackSeat[] {
  return Object.entries(s.seatBets)
    .map(([seat, b]) => ({ b, seat: Number(seat) }))
    .sort((x, y) => x.seat - y.seat)
    .map(({ b, seat }) => ({
      seat,
      playerId: b.playerId,
      betId: b.betId,
      stakeMinor: b.stakeMinor,
      hands: [{ cards: [], betId: b.betId, doubleBetId: null, fromSplit: false, splitAces: false, awaitingCard: false, done: null }],
      insurance: 'not-offered',
      insuranceBetId: null,
    }));
}

// ───────────────────────────── settle / view / next ─────────────────────────────

function settleState(s: BlackjackState): Result<readonly SettlementLine[]> {
  const p = s.profile;
  if (!p || (s.phase !== 'resolved' && s.phase !== 'settled')) return violation('ROUND_NOT_RESOLVED', 'GEN-5', 'The round is settled only when the dealer hand is complete.', { phase: s.phase });
  const lines: SettlementLine[] = [];
  const dealer = s.dealer.cards;
  const lateBj = isBlackjackCards(dealer) && s.peek === null;
  const line = (betId: string, returnMinor: Minor, rules: readonly string[]): void => {
    const b = s.book.byId.get(betId);
    if (!b) return;
    const outcome = returnMinor === 0 ? 'lose' : returnMinor === b.stakeMinor ? (rules.includes('BJ-8a') ? 'refund' : 'push') : 'win';
    lines.push({ betId, playerId: b.playerId, stakeMinor: b.stakeMinor, returnMinor, outcome, rules });
  };
  for (const seat of s.seats) {
    for (const h of seat.hands) {
      const { result, rules } = handResult(p, handFinal(h), dealer);
      const extraRefund = lateBj && p.lateDealerBlackjackTakes === 'original-only' && result === 'lose';
      const stakeOf = (id: string): Minor => s.book.byId.get(id)?.stakeMinor ?? 0;
      const isSplitStake = h.betId !== seat.betId;
      if (extraRefund && isSplitStake) line(h.betId, stakeOf(h.betId), ['BJ-8a']);
      else line(h.betId, handReturn(p, result, stakeOf(h.betId)), lateBj ? [...rules, 'BJ-8a'] : rules);
      if (h.doubleBetId !== null) {
        if (extraRefund) line(h.doubleBetId, stakeOf(h.doubleBetId), ['BJ-8a']);
        else line(h.doubleBetId, handReturn(p, result === 'blackjack' ? 'win' : result, stakeOf(h.doubleBetId)), [...rules, 'BJ-11']);
      }
    }
    if (seat.insuranceBetId !== null) {
      const stake = s.book.byId.get(seat.insuranceBetId)?.stakeMinor ?? 0;
      line(seat.insuranceBetId, insuranceReturn(p, dealer, stake), ['BJ-7', 'BJ-17']);
    }
  }
  // RAY §8.1: bets behind follow the seat's first hand at their own stake (BEHIND_FOLLOWS_HAND); behind an undealt seat: refunded
  const bySeat = new Map(s.seats.map((x) => [x.seat, x]));
  for (const b of behindBets(s)) {
    const h = bySeat.get(behindSeatOfSpot(b.spot) ?? 0)?.hands[BEHIND_FOLLOWS_HAND];
    if (!h) {
      lines.push({ betId: b.betId, playerId: b.playerId, stakeMinor: b.stakeMinor, returnMinor: b.stakeMinor, outcome: 'refund', rules: ['BJB-4', 'GEN-6'] });
      continue;
    }
    const { result, rules } = handResult(p, handFinal(h), dealer);
    line(b.betId, handReturn(p, result, b.stakeMinor), ['BJB-3', ...rules, ...(lateBj ? ['BJ-8a'] : [])]);
  }
  return ok(lines);
}

function handView(p: BlackjackProfile, h: BlackjackHand): BlackjackHandView {
  const f = handFinal(h);
  const val = handValue(h.cards, f.doubled && p.doubledHandAcesCountOne);
  return { cards: h.cards, total: val.total, soft: val.soft, blackjack: isPlayerBlackjack(f), fromSplit: h.fromSplit, doubled: f.doubled, done: h.done };
}

function viewState(s: BlackjackState, audience: Audience): BlackjackView {
  const p = s.profile;
  const sees = (playerId: string): boolean => audience.role !== 'player' || audience.playerId === playerId;
  const seatsForView: BlackjackSeat[] = s.seats.length > 0 ? s.seats.slice() : buildSeats(s);
  const dealerCards: (Card | 'hidden')[] = s.dealer.cards.map((c, i) => (i === 1 && p?.holeCard && !s.dealer.holeRevealed ? 'hidden' : c));
  const visible = s.dealer.cards.filter((_, i) => dealerCards[i] !== 'hidden');
  const cur = currentHand(s);
  return {
    game: 'blackjack',
    ...roundViewBase(s),
    stage: s.stage,
    occupiedSeats: seatsForView.map((x) => x.seat),
    seats: seatsForView.map((x) => ({
      seat: x.seat,
      mine: audience.role === 'player' && audience.playerId === x.playerId,
      playerId: sees(x.playerId) ? x.playerId : null,
      stakeMinor: sees(x.playerId) ? x.stakeMinor : null,
      hands: p ? x.hands.map((h) => handView(p, h)) : [],
      insurance: sees(x.playerId) ? x.insurance : null,
      myBehindMinor: audience.role === 'player' ? stakeOnSpot(s.book, audience.playerId, `behind:${x.seat}`) : null,
      behind: audience.role === 'player' ? null : { bettors: s.behindBettors[String(x.seat)] ?? 0, totalMinor: s.book.spots.get(`behind:${x.seat}`)?.stakeMinor ?? 0 },
    })),
    dealer: { cards: dealerCards, visibleTotal: visible.length > 0 ? handValue(visible).total : null, holeRevealed: s.dealer.holeRevealed, peek: s.peek },
    turn: cur ? { seat: cur.seat.seat, hand: cur.handIndex } : null,
    decisionDeadline: s.decision && p ? s.decision.since + p.decisionTimeMs : null,
    ...(audience.role === 'player' ? { bets: betsOfPlayer(s.book, audience.playerId) } : { bets: [], totals: bookTotals(s.book) }),
    shuffleAfterRound: s.shuffleAfterRound,
    halt: s.halt ? { message: s.halt.message } : null,
  };
}

function nextActions(s: BlackjackState): NextAction[] {
  const out: NextAction[] = [];
  if (s.shuffleAfterRound && (s.phase === 'resolved' || s.phase === 'settled' || s.phase === 'void')) out.push({ kind: 'shuffle', message: 'Cut card out: shuffle before the next round', ruleId: 'S-4' });
  switch (s.phase) {
    case 'idle':
    case 'void':
      return out;
    case 'betting':
      return [{ kind: 'wait-betting', message: 'Betting open', ruleId: 'GEN-3' }];
    case 'halted':
      return [{ kind: 'call-pitboss', message: s.halt?.message ?? 'Misdeal: call the pit boss', ruleId: 'S-2' }];
    case 'resolved':
    case 'settled':
      return [{ kind: 'round-complete', message: 'Round complete', ruleId: 'GEN-5' }, ...out];
    case 'closed':
    case 'play':
      break;
  }
  if (s.shuffleAfterRound) out.push({ kind: 'last-hand', message: 'Last hand before shuffle', ruleId: 'S-4' });
  const t = cardDue(s);
  if (t) {
    switch (t.type) {
      case 'seat':
        return [{ kind: 'deal-card', message: `Deal card to seat ${t.seat}${t.hand > 0 || (s.seats.find((x) => x.seat === t.seat)?.hands.length ?? 1) > 1 ? ` hand ${t.hand + 1}` : ''}`, ruleId: s.stage === 'initial-deal' ? 'BJ-5' : 'BJ-9' }, ...out];
      case 'dealer':
        if (s.stage === 'initial-deal') return [{ kind: t.faceDown ? 'deal-hole-card' : 'deal-dealer-card', message: t.faceDown ? 'Deal dealer hole card face down' : 'Deal dealer up card', ruleId: 'BJ-5' }, ...out];
        return [{ kind: 'dealer-draws', message: 'Dealer draws', ruleId: 'BJ-13' }, ...out];
    }
  }
  if (s.stage === 'insurance') return [{ kind: 'wait-insurance', message: `Waiting for insurance decisions (seats ${s.seats.filter((x) => x.insurance === 'pending').map((x) => x.seat).join(', ')})`, ruleId: 'BJ-7' }, ...out];
  const cur = currentHand(s);
  if (cur) return [{ kind: 'wait-decision', message: `Waiting for seat ${cur.seat.seat}${cur.seat.hands.length > 1 ? ` hand ${cur.handIndex + 1}` : ''} decision`, ruleId: 'BJ-9' }, ...out];
  return out;
}

/** BJ-9 decision deadlines (the referee adds the betting deadline). */
function deadlinesOf(s: BlackjackState): Deadline[] {
  const p = s.profile;
  if (s.phase !== 'play' || !s.decision || !p) return [];
  const at = s.decision.since + p.decisionTimeMs;
  if (s.stage === 'insurance') return s.seats.filter((x) => x.insurance === 'pending').map((x) => ({ at, command: { type: 'DecisionTimeout', at, seat: x.seat, hand: 0 } }));
  const cur = currentHand(s);
  return cur ? [{ at, command: { type: 'DecisionTimeout', at, seat: cur.seat.seat, hand: cur.handIndex } }] : [];
}

// ───────────────────────────── the definition ─────────────────────────────

/** The highest return of one stake unit (stake included): Blackjack 3:2, insurance 2:1, a double or split 1:1. */
export const blackjackMaxReturn = (p: BlackjackProfile): number => Math.max(p.blackjackPays.num / p.blackjackPays.den, p.insurancePays.num / p.insurancePays.den, 1) + 1;

/** How long a dealing step may take before the round is stalled for the pit boss (issue 9 §5). */
export const BLACKJACK_DEAL_STALL_MS = 60_000;

const UNRESOLVED: readonly Phase[] = ['betting', 'closed', 'play', 'halted'];

/**
 * What an audience may receive of an event (live frame, resync, `GET /rounds/:id/events`): the hole
 * card is `'hidden'` for EVERY audience (BJ-5a — the reveal reaches clients through `view`, whose
 * dealer hand shows it once dealer play starts). Other players' bets are hidden by the referee.
 */
export function redactBlackjack(e: Exclude<BlackjackEvent, CommonEvent | PlayEvent>): PublicBlackjackGameEvent {
  switch (e.type) {
    case 'CardRecorded':
      return e.to.type === 'dealer' && e.to.faceDown ? { ...e, card: 'hidden' } : e;
    case 'HandActed': // seat decisions are public (the camera shows them); the stake of a derived bet is not in it
    case 'CutCardRecorded':
    case 'ShoeAttached':
    case 'MisdealDetected':
    case 'RoundResumed':
      return e;
  }
}

/** A `CardRecorded` as published: the hole card is `'hidden'` (BJ-5a). */
export type PublicCardRecorded = { readonly type: 'CardRecorded'; readonly at: number; readonly card: Card | 'hidden'; readonly to: CardTarget };
export type PublicBlackjackGameEvent = Exclude<BlackjackEvent, CommonEvent | PlayEvent | { type: 'CardRecorded' }> | PublicCardRecorded;
export type BlackjackPublicEvent = Exclude<BlackjackEvent, { type: 'CardRecorded' }> | PublicCardRecorded;

export function defineBlackjack(profiles: Readonly<Record<string, BlackjackProfile>> = blackjackProfiles) {
  return defineGame<BlackjackState, BlackjackCommand, BlackjackEvent, BlackjackView, BlackjackProfile>({
    id: 'blackjack',
    name: 'Blackjack',
    profiles,
    defaultProfile: 'standard',
    maxReturnMultiple: blackjackMaxReturn,
    initial: () => ({
      game: 'blackjack',
      profile: null,
      stage: 'betting',
      seatBets: {},
      behindBettors: {},
      seats: [],
      dealer: { cards: [], holeRevealed: false },
      initialDealt: 0,
      peek: null,
      decision: null,
      halt: null,
      rejectedCards: [],
      shuffleAfterRound: false,
      shoe: null,
    }),
    bets: {
      // a seat taken is seen by everyone at the table (it shows "Taken" and offers a bet behind it, BJB-1)
      public: (bet) => seatOfSpot(bet.spot) !== null,
      spot(_s, p, key) {
        const behind = behindSeatOfSpot(key);
        if (behind !== null) {
          if (behind < 1 || behind > p.seats) return violation('UNKNOWN_SPOT', 'BJB-1', `Bets behind are on seats behind:1..behind:${p.seats}.`, { spot: key });
          if (p.betBehind === null) return violation('SPOT_NOT_OFFERED', 'BJB-1', 'This table does not take bets behind a seat.', { spot: key });
          return ok({ key, kind: BEHIND_KIND });
        }
        const seatNo = seatOfSpot(key);
        if (seatNo === null || seatNo < 1 || seatNo > p.seats) return violation('UNKNOWN_SPOT', 'BJ-1', `Blackjack bets are on seats seat:1..seat:${p.seats}.`, { spot: key });
        return ok({ key, kind: 'main' });
      },
      restrict(s, p, bet, spot) {
        if (spot.kind === BEHIND_KIND) return restrictBehind(s, p, bet);
        const seatNo = seatOfSpot(bet.spot) ?? 0;
        const onSeat = s.seatBets[String(seatNo)];
        if (!onSeat) {
          // RAY §8.1: one or several seats, as many as the table allows
          return seatsOf(s, bet.playerId) >= p.maxSeatsPerPlayer ? vio('SEAT_LIMIT', 'BJ-1', `One player may hold at most ${p.maxSeatsPerPlayer} seat(s) at this table.`, { maxSeatsPerPlayer: p.maxSeatsPerPlayer }) : null;
        }
        return onSeat.playerId === bet.playerId
          ? vio('SEAT_HAS_BET', 'BJ-6', `You already have a bet on seat ${seatNo}; cancel it to change the amount.`, { seat: seatNo })
          : vio('SEAT_TAKEN', 'BJ-1', `Seat ${seatNo} belongs to another player.`, { seat: seatNo });
      },
      onAccepted(s, bet) {
        if (bet.kind === BEHIND_KIND) {
          // a new bettor behind the seat when this is the player's first stake on it (the book already holds the bet)
          if (stakeOnSpot(s.book, bet.playerId, bet.spot) !== bet.stakeMinor) return s;
          const k = String(behindSeatOfSpot(bet.spot) ?? 0);
          return { ...s, behindBettors: { ...s.behindBettors, [k]: (s.behindBettors[k] ?? 0) + 1 } };
        }
        if (bet.kind !== 'main') return s;
        return { ...s, seatBets: { ...s.seatBets, [String(seatOfSpot(bet.spot) ?? 0)]: { playerId: bet.playerId, betId: bet.betId, stakeMinor: bet.stakeMinor } } };
      },
      onCancelled(s, bet) {
        if (bet.kind === BEHIND_KIND) {
          if (stakeOnSpot(s.book, bet.playerId, bet.spot) > 0) return s;
          const k = String(behindSeatOfSpot(bet.spot) ?? 0);
          return { ...s, behindBettors: { ...s.behindBettors, [k]: Math.max(0, (s.behindBettors[k] ?? 0) - 1) } };
        }
        if (bet.kind !== 'main') return s;
        const seatBets = { ...s.seatBets };
        delete seatBets[String(seatOfSpot(bet.spot) ?? 0)];
        return { ...s, seatBets };
      },
    },
    afterCommon(s, e) {
      switch (e.type) {
        case 'RoundOpened': {
          const profile = profiles[e.profileId] ?? null;
          return { ...s, profile, shoe: profile ? trackShoe({ decks: profile.decks, cutFromEnd: profile.cutCardFromEnd }) : null };
        }
        case 'BettingClosed':
          return advance({ ...s, stage: 'initial-deal', seats: buildSeats(s) }, e.at);
        case 'RoundVoided':
          return { ...s, decision: null };
        default:
          return s;
      }
    },
    moves: {
      RecordCard: { phases: ['closed', 'play', 'resolved'], closesBetting: true, decide: decideCard },
      RecordCutCard: {
        phases: ['betting', 'closed', 'play', 'halted', 'resolved'],
        decide: (s, c) => (s.shuffleAfterRound ? duplicate() : events<BlackjackEvent>({ type: 'CutCardRecorded', at: c.at })),
      },
      AttachShoe: {
        phases: UNRESOLVED,
        decide(s, c) {
          if (s.phase !== 'betting' && s.phase !== 'closed') return refuse(vio('SHOE_LOCKED', 'S-4', 'A shoe can only be attached to an open round before its first card.'));
          if (s.initialDealt > 0 || s.rejectedCards.length > 0) return refuse(vio('SHOE_LOCKED', 'S-4', 'Cards have already come out in this round.'));
          const shoe = validateShoeSnapshot(c.shoe, s.profile?.decks ?? 8, 'BJ-1');
          if (!shoe.ok) return shoe;
          return events<BlackjackEvent>({ type: 'ShoeAttached', at: c.at, shoe: snapshotOf(shoe.value) });
        },
      },
      PlayerAction: {
        phases: ['closed', 'play'],
        decide(s, c) {
          if (!s.profile) return refuse(vio('ROUND_NOT_OPEN', 'GEN-3', 'No round is open.'));
          if (!(PLAYER_ACTIONS as readonly string[]).includes(c.action)) return refuse(vio('UNKNOWN_ACTION', 'BJ-9', `Unknown action "${String(c.action)}".`));
          const d = decidePlayerAction(s, c, s.profile);
          if (!d.ok) return d;
          // D-1: a derived stake (double, split, insurance) stays within the global ceiling too
          for (const e of d.events) {
            if (e.type !== 'BetAccepted') continue;
            const bad = checkStakeAmount(e.bet.stakeMinor, globalStakeCeiling(blackjackMaxReturn(s.profile)));
            if (bad) return refuse(bad);
          }
          return d;
        },
      },
      DecisionTimeout: {
        phases: ['closed', 'play'],
        decide: (s, c) => (s.profile ? decideTimeout(s, c, s.profile) : refuse(vio('ROUND_NOT_OPEN', 'GEN-3', 'No round is open.'))),
      },
      ResumeRound: {
        phases: UNRESOLVED,
        decide: (s, c) => (s.phase !== 'halted' ? refuse(vio('ROUND_NOT_HALTED', 'S-2', 'Only a halted round can be resumed.')) : events<BlackjackEvent>({ type: 'RoundResumed', at: c.at, by: c.by })),
      },
    },
    evolve: evolveGame,
    view: viewState,
    redact: (e) => redactBlackjack(e),
    // issue 9 §5: a card the table owes (deal, hit, dealer draw) has a deadline; a player's decision has its own (BJ-9 DecisionTimeout)
    stall: (s) => (cardDue(s) ? { step: s.stage === 'dealer' ? 'dealer-draw' : 'deal', afterMs: BLACKJACK_DEAL_STALL_MS, ruleId: 'GEN-6' } : null),
    settle: (s) => settleState(s),
    settleEarly: (s) => orphanBehindRefunds(s),
    next: nextActions,
    deadlines: deadlinesOf,
    // issue 23: a carried shoe (the shoe monitor) and a count to follow (advantage play: the main bet against the Hi-Lo count)
    integrity: { shoe: { count: { mainKinds: ['main'], sideKinds: [] } } },
    devices: {
      reporters: { shoe: ['shoe'] },
      map: (ev, _ctx, at) => shoeDeviceReaction(ev, at, { unreadable: false }),
    },
    commands: [
      { type: 'PlayerAction', roles: ['player'], ruleId: 'BJ-9', description: "The seat owner's decision: hit, stand, double, split, insurance or no insurance." },
      { type: 'RecordCutCard', roles: ['dealer'], ruleId: 'S-4', description: 'The cut card came out: shuffle after this round.' },
      { type: 'ResumeRound', roles: ['pitboss'], ruleId: 'S-2', description: 'Accept the round after a misdeal halt; the rejected card stays out of play.' },
    ],
    preOpen: { ruleId: 'GEN-8', checks: ['cards-inspected', 'shoe', 'discard-holder', 'scanner'], description: 'Cards are inspected before play; the shoe, the discard holder and the scanner are checked before the table opens.' },
    carry: { next: (prev, at) => carryShoe(prev, at) },
    // two seats, each dealt a Blackjack against a dealer 9 + hole 7: the round completes with no decision (BJ-14)
    example: {
      spots: ['seat:1', 'seat:2'],
      spare: 'seat:3',
      // bets behind seat 1 (RAY-8.1): the contract's random rounds settle them with the seat, or refund them once when seat 1 is not dealt
      more: ['behind:1'],
      autoplay: (state) => autoplay(state as BlackjackState),
      resolve: [{ type: 'RecordCard', card: 'AS' }, { type: 'RecordCard', card: 'AH' }, { type: 'RecordCard', card: '9S' }, { type: 'RecordCard', card: 'KS' }, { type: 'RecordCard', card: 'KH' }, { type: 'RecordCard', card: '7D' }],
    },
  });
}

/** A house bot for tests and simulations: the next card (no aces, so no insurance) or a stand, or null when nothing is due. */
const BOT_CARDS: readonly Card[] = ['TS', '7H', '9D', '8C', 'TC', '6S', 'QD', '5H', 'KC', '4D', 'JH', '3C'];
export function autoplay(s: BlackjackState): (Readonly<Record<string, unknown>> & { readonly type: string }) | null {
  if (s.phase !== 'closed' && s.phase !== 'play') return null;
  if (cardDue(s)) return { type: 'RecordCard', card: BOT_CARDS[s.seq % BOT_CARDS.length] as Card };
  const pending = s.seats.find((x) => x.insurance === 'pending');
  if (s.stage === 'insurance' && pending) return { type: 'PlayerAction', seat: pending.seat, hand: 0, action: 'no-insurance', playerId: pending.playerId };
  const cur = currentHand(s);
  return cur ? { type: 'PlayerAction', seat: cur.seat.seat, hand: cur.handIndex, action: 'stand', playerId: cur.seat.playerId } : null;
}

export const blackjackDefinition = defineBlackjack();

/** A blackjack kernel over a profile table (profiles are data: an operator may bring its own). */
export const createBlackjackKernel = (profiles: Readonly<Record<string, BlackjackProfile>> = blackjackProfiles) => createKernel(defineBlackjack(profiles));
export type BlackjackKernel = ReturnType<typeof createBlackjackKernel>;

export const blackjackKernel: BlackjackKernel = createBlackjackKernel();

/** The published form of any blackjack event for an audience (the referee's redaction: BJ-5a hole card, other players' bets). */
export const eventForAudience = (e: BlackjackEvent, audience: Audience): BlackjackPublicEvent | null => blackjackKernel.redact(e, audience) as BlackjackPublicEvent | null;
