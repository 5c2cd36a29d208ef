import type { Card } from '../cards/card.js';
import { isCard } from '../cards/card.js';
import type { Minor } from '../common/money.js';
import { ok, violation, type Result, type Violation } from '../common/result.js';
import { accepted, checkBetIdempotency, checkBettingOpen, checkCancel, checkStake, checkVoidable, emit, evolveCommon, initialBase, refundAll, reject } from '../kernel/common.js';
import type { AcceptedBet, Audience, CommonCommand, CommonEvent, Deadline, Decision, NextAction, Phase, RoundKernel, RoundStateBase, Settlement, SettlementLine } from '../kernel/kernel.js';
import { cardPoints, handValue, isAce, isBlackjackCards, isTenValue } from './hand.rules.js';
import { blackjackProfiles, type BlackjackProfile } from './profiles.js';
import { dealerNeedsCard, finalTotal, handResult, handReturn, insuranceReturn, isPlayerBlackjack } from './settle.rules.js';

// ───────────────────────────── commands and events ─────────────────────────────

export const PLAYER_ACTIONS = ['hit', 'stand', 'double', 'split', 'insurance', 'no-insurance'] as const;
export type PlayerActionKind = (typeof PLAYER_ACTIONS)[number];

export type BlackjackCommand =
  | CommonCommand
  /** A card left the shoe (scanner). The kernel decides whose card it is (BJ-5 order). */
  | { readonly type: 'RecordCard'; readonly at: number; readonly card: Card }
  /** The cut card left the shoe: shuffle after this round (S-4). */
  | { readonly type: 'RecordCutCard'; readonly at: number }
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
  | { readonly type: 'CardRecorded'; readonly at: number; readonly card: Card; readonly to: CardTarget }
  | { readonly type: 'HandActed'; readonly at: number; readonly seat: number; readonly hand: number; readonly action: PlayerActionKind; readonly by: 'player' | 'timeout'; readonly betId?: string }
  | { readonly type: 'CutCardRecorded'; readonly at: number }
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

export interface BlackjackState extends RoundStateBase {
  readonly game: 'blackjack';
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
}

export interface BlackjackView {
  readonly game: 'blackjack';
  readonly roundId: string | null;
  readonly tableId: string | null;
  readonly profileId: string | null;
  readonly seq: number;
  readonly phase: Phase;
  readonly stage: Stage;
  readonly bettingClosesAt: number | null;
  /** Seat numbers holding a bet (public: the camera shows them). */
  readonly occupiedSeats: readonly number[];
  readonly seats: readonly BlackjackSeatView[];
  /** BJ-5a: the hole card is `'hidden'` for EVERY audience until dealer play reveals it. */
  readonly dealer: { readonly cards: readonly (Card | 'hidden')[]; readonly visibleTotal: number | null; readonly holeRevealed: boolean; readonly peek: 'blackjack' | 'no-blackjack' | null };
  readonly turn: { readonly seat: number; readonly hand: number } | null;
  readonly decisionDeadline: number | null;
  /** Bets visible to this audience (a player sees only their own). */
  readonly bets: readonly AcceptedBet[];
  readonly shuffleAfterRound: boolean;
  readonly halt: { readonly message: string } | null;
}

// ───────────────────────────── helpers ─────────────────────────────

const v = (code: string, ruleId: string | null, message: string, details?: Record<string, unknown>): Violation => violation(code, ruleId, message, details).violation;

const SEAT_SPOT = /^seat:([1-9][0-9]?)$/;

export function seatOfSpot(spot: string): number | null {
  const m = SEAT_SPOT.exec(spot);
  return m ? Number(m[1]) : null;
}

const mainBets = (s: BlackjackState): AcceptedBet[] => Object.values(s.bets).filter((b) => b.kind === 'main');

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

// ───────────────────────────── decide ─────────────────────────────

function decidePlayerAction(s: BlackjackState, c: Extract<BlackjackCommand, { type: 'PlayerAction' }>, p: BlackjackProfile): Decision<BlackjackEvent> {
  if (s.phase === 'halted') return reject(v('ROUND_HALTED', 'S-2', 'The round is halted for the pit boss.'));
  if (s.phase !== 'play') return reject(v('DECISION_NOT_PENDING', 'BJ-9', 'No decision is open in this round.', { phase: s.phase }));
  const seat = s.seats.find((x) => x.seat === c.seat);
  if (!seat) return reject(v('NO_SUCH_SEAT', 'BJ-5', `Seat ${c.seat} has no bet in this round.`));
  if (seat.playerId !== c.playerId) return reject(v('NOT_SEAT_OWNER', 'BJ-9', 'Only the seat owner decides for the seat (RAY §8.1).', { seat: c.seat }));
  const needsBet = c.action === 'double' || c.action === 'split' || c.action === 'insurance';
  if (needsBet) {
    if (typeof c.betId !== 'string' || c.betId.length === 0) return reject(v('BET_ID_REQUIRED', 'BJ-17', `${c.action} adds a stake and needs a new betId.`));
    const prior = s.bets[c.betId];
    if (prior) {
      // A retry only when THIS action on THIS hand already took that stake; a reused id for another
      // move (e.g. a second split with the first split's id) is refused, never swallowed (issue 8).
      const sameMove =
        prior.kind === c.action &&
        prior.playerId === c.playerId &&
        prior.spot === `seat:${c.seat}` &&
        ((c.action === 'split' && seat.hands[c.hand + 1]?.betId === c.betId && (seat.hands[c.hand]?.cards.length ?? 0) < 2) || (c.action === 'double' && seat.hands[c.hand]?.doubleBetId === c.betId) || (c.action === 'insurance' && seat.insuranceBetId === c.betId));
      if (sameMove) return emit();
      return reject(v('BET_ID_CONFLICT', 'D-3', `Bet id ${c.betId} was already used for another bet or move.`, { betId: c.betId }));
    }
  }
  const derived = (kind: string, stakeMinor: Minor): BlackjackEvent =>
    accepted(c.at, { betId: c.betId as string, playerId: c.playerId, spot: `seat:${c.seat}`, stakeMinor }, kind, seat.betId);
  const acted = (): BlackjackEvent => (c.betId !== undefined && needsBet ? { type: 'HandActed', at: c.at, seat: c.seat, hand: c.hand, action: c.action, by: 'player', betId: c.betId } : { type: 'HandActed', at: c.at, seat: c.seat, hand: c.hand, action: c.action, by: 'player' });

  if (c.action === 'insurance' || c.action === 'no-insurance') {
    if (s.stage !== 'insurance') return reject(v('INSURANCE_NOT_OFFERED', 'BJ-7', 'Insurance is offered only on a dealer Ace, right after the initial deal and before any further card.'));
    if (seat.insurance === 'not-offered') return reject(v('INSURANCE_NOT_OFFERED', 'BJ-7', 'Insurance is not offered on this hand (RAY §8.2: a Blackjack cannot be insured).'));
    if (seat.insurance !== 'pending') return reject(v('INSURANCE_ALREADY_DECIDED', 'BJ-7', 'This seat already decided on insurance.'));
    if (c.action === 'no-insurance') return emit(acted());
    const stake = Math.floor(seat.stakeMinor / 2);
    if (stake <= 0) return reject(v('INSURANCE_STAKE_TOO_SMALL', 'BJ-7', 'Insurance costs half the original bet; this bet is too small to halve.'));
    return emit(derived('insurance', stake), acted());
  }
  if (s.stage === 'insurance') return reject(v('INSURANCE_PERIOD', 'BJ-7', 'Insurance decisions come first; play continues after the insurance period.'));
  const cur = currentHand(s);
  if (!cur || cur.seat.seat !== c.seat || cur.handIndex !== c.hand) {
    return reject(v('NOT_YOUR_TURN', 'BJ-9', cur ? `Seat ${cur.seat.seat} hand ${cur.handIndex + 1} is acting; seats act in turn.` : 'No hand is acting.', { seat: c.seat, hand: c.hand }));
  }
  const hand = cur.hand;
  if (hand.cards.length < 2 || hand.awaitingCard) return reject(v('WAITING_FOR_CARD', 'BJ-9', 'Wait for the card before the next decision.'));
  const insured = seat.insurance === 'taken' && !p.insuredHandMayDoubleOrSplit;
  switch (c.action) {
    case 'stand':
      return emit(acted());
    case 'hit':
      return emit(acted()); // a hand at 21 is never current (BJ-10)
    case 'double': {
      if (hand.cards.length !== 2) return reject(v('DOUBLE_NOT_ALLOWED', 'BJ-11', 'A double is only on the first two cards of a hand.'));
      if (hand.splitAces && !p.doubleSplitAces) return reject(v('DOUBLE_NOT_ALLOWED', 'BJ-11', 'Split aces cannot be doubled.'));
      if (hand.fromSplit && !p.doubleAfterSplit) return reject(v('DOUBLE_NOT_ALLOWED', 'BJ-11', 'This table does not allow a double after a split.'));
      if (insured) return reject(v('DOUBLE_NOT_ALLOWED', 'RAY-8.2', 'An insured hand cannot be doubled.'));
      if (!doubleOk(p, hand.cards)) return reject(v('DOUBLE_NOT_ALLOWED', 'BJ-11', 'This table allows a double only on the listed two-card totals.', { doubleOn: p.doubleOn }));
      return emit(derived('double', seat.stakeMinor), acted());
    }
    case 'split': {
      const [a, b] = hand.cards;
      if (hand.cards.length !== 2 || a === undefined || b === undefined || !pairOk(p, a, b)) return reject(v('SPLIT_NOT_ALLOWED', 'BJ-12', `Only two cards of equal ${p.splitOn} can be split.`));
      if (seat.hands.length > p.maxSplits) return reject(v('SPLIT_NOT_ALLOWED', 'BJ-12', 'One split only.'));
      if (insured) return reject(v('SPLIT_NOT_ALLOWED', 'RAY-8.2', 'An insured hand cannot be split.'));
      return emit(derived('split', seat.stakeMinor), acted());
    }
  }
}

function decideTimeout(s: BlackjackState, c: Extract<BlackjackCommand, { type: 'DecisionTimeout' }>, p: BlackjackProfile): Decision<BlackjackEvent> {
  if (s.phase !== 'play' || !s.decision) return reject(v('DECISION_NOT_PENDING', 'BJ-9', 'No decision is pending.'));
  const deadline = s.decision.since + p.decisionTimeMs;
  if (c.at < deadline) return reject(v('DECISION_TIME_NOT_OVER', 'BJ-9', 'The decision time has not run out yet.', { deadline }));
  if (s.stage === 'insurance') {
    const seat = s.seats.find((x) => x.seat === c.seat);
    if (!seat || seat.insurance !== 'pending') return reject(v('DECISION_NOT_PENDING', 'BJ-7', `Seat ${c.seat} has no insurance decision pending.`));
    return emit({ type: 'HandActed', at: c.at, seat: c.seat, hand: 0, action: 'no-insurance', by: 'timeout' });
  }
  const cur = currentHand(s);
  if (!cur || cur.seat.seat !== c.seat || cur.handIndex !== c.hand) return reject(v('DECISION_NOT_PENDING', 'BJ-9', `Seat ${c.seat} hand ${c.hand + 1} is not acting.`));
  return emit({ type: 'HandActed', at: c.at, seat: c.seat, hand: c.hand, action: 'stand', by: 'timeout' });
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

function decideCard(s: BlackjackState, c: Extract<BlackjackCommand, { type: 'RecordCard' }>, evolve: (s: BlackjackState, e: BlackjackEvent) => BlackjackState): Decision<BlackjackEvent> {
  if (!isCard(c.card)) return reject(v('INVALID_CARD', null, `"${String(c.card)}" is not a canonical card code.`));
  if (s.phase === 'halted') return reject(v('ROUND_HALTED', 'S-2', 'The round is halted after a misdeal; the pit boss must void or resume it.'));
  const pre: BlackjackEvent[] = [];
  let st = s;
  if (s.phase === 'betting') {
    if (mainBets(s).length === 0) return reject(v('NO_CARD_DUE', 'BJ-5', 'No seat has a bet: no card is dealt.'));
    // GEN-3: "No more bets" before the first card leaves the shoe; the card itself closes betting.
    const closed: BlackjackEvent = { type: 'BettingClosed', at: c.at, reason: 'device' };
    pre.push(closed);
    st = evolve(st, closed);
  }
  if (st.phase !== 'closed' && st.phase !== 'play') return reject(v('NO_CARD_DUE', 'S-2', 'No round is being dealt.', { phase: st.phase }));
  const target = cardDue(st);
  if (target === null) {
    return emit(...pre, { type: 'MisdealDetected', at: c.at, card: c.card, code: 'MISDEAL', message: `Misdeal (S-2): ${c.card} was not called for — ${describeTarget(null, st)}.` });
  }
  return emit(...pre, { type: 'CardRecorded', at: c.at, card: c.card, to: target });
}

// ───────────────────────────── evolve ─────────────────────────────

function evolveGame(s: BlackjackState, e: Exclude<BlackjackEvent, CommonEvent>): BlackjackState {
  const p = s.profile;
  const seq = s.seq + 1;
  switch (e.type) {
    case 'CutCardRecorded':
      return { ...s, seq, shuffleAfterRound: true };
    case 'MisdealDetected':
      return { ...s, seq, halt: { at: e.at, card: e.card, message: e.message, from: s.phase }, phase: 'halted', rejectedCards: [...s.rejectedCards, e.card] };
    case 'RoundResumed':
      // the decision clock restarts on resume: a halt never eats a player's decision time (BJ-9)
      return advance({ ...s, seq, phase: s.halt?.from ?? 'play', halt: null, decision: null }, e.at);
    case 'CardRecorded': {
      let next: BlackjackState = { ...s, seq, phase: 'play' };
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
  return mainBets(s)
    .map((b) => ({ b, seat: seatOfSpot(b.spot) ?? 0 }))
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

function settleState(s: BlackjackState): Result<Settlement> {
  const roundId = s.roundId ?? '';
  if (s.phase === 'void' || s.voidReason !== null) {
    const lines = refundAll(s);
    return ok({ roundId, voided: true, lines, houseResultMinor: 0 });
  }
  const p = s.profile;
  if (!p || (s.phase !== 'resolved' && s.phase !== 'settled')) return violation('ROUND_NOT_RESOLVED', 'GEN-5', 'The round is settled only when the dealer hand is complete.', { phase: s.phase });
  const lines: SettlementLine[] = [];
  const dealer = s.dealer.cards;
  const lateBj = isBlackjackCards(dealer) && s.peek === null;
  const line = (betId: string, returnMinor: Minor, rules: readonly string[]): void => {
    const b = s.bets[betId];
    if (!b) return;
    const outcome = returnMinor === 0 ? 'lose' : returnMinor === b.stakeMinor ? (rules.includes('BJ-8a') ? 'refund' : 'push') : 'win';
    lines.push({ betId, playerId: b.playerId, stakeMinor: b.stakeMinor, returnMinor, outcome, rules });
  };
  for (const seat of s.seats) {
    for (const h of seat.hands) {
      const { result, rules } = handResult(p, handFinal(h), dealer);
      const extraRefund = lateBj && p.lateDealerBlackjackTakes === 'original-only' && result === 'lose';
      const stakeOf = (id: string): Minor => s.bets[id]?.stakeMinor ?? 0;
      const isSplitStake = h.betId !== seat.betId;
      if (extraRefund && isSplitStake) line(h.betId, stakeOf(h.betId), ['BJ-8a']);
      else line(h.betId, handReturn(p, result, stakeOf(h.betId)), lateBj ? [...rules, 'BJ-8a'] : rules);
      if (h.doubleBetId !== null) {
        if (extraRefund) line(h.doubleBetId, stakeOf(h.doubleBetId), ['BJ-8a']);
        else line(h.doubleBetId, handReturn(p, result === 'blackjack' ? 'win' : result, stakeOf(h.doubleBetId)), [...rules, 'BJ-11']);
      }
    }
    if (seat.insuranceBetId !== null) {
      const stake = s.bets[seat.insuranceBetId]?.stakeMinor ?? 0;
      line(seat.insuranceBetId, insuranceReturn(p, dealer, stake), ['BJ-7', 'BJ-17']);
    }
  }
  let stakes = 0;
  let returns = 0;
  for (const l of lines) {
    stakes += l.stakeMinor;
    returns += l.returnMinor;
  }
  return ok({ roundId, voided: false, lines, houseResultMinor: stakes - returns });
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
    roundId: s.roundId,
    tableId: s.tableId,
    profileId: s.profileId,
    seq: s.seq,
    phase: s.phase,
    stage: s.stage,
    bettingClosesAt: s.bettingClosesAt,
    occupiedSeats: seatsForView.map((x) => x.seat),
    seats: seatsForView.map((x) => ({
      seat: x.seat,
      mine: audience.role === 'player' && audience.playerId === x.playerId,
      playerId: sees(x.playerId) ? x.playerId : null,
      stakeMinor: sees(x.playerId) ? x.stakeMinor : null,
      hands: p ? x.hands.map((h) => handView(p, h)) : [],
      insurance: sees(x.playerId) ? x.insurance : null,
    })),
    dealer: { cards: dealerCards, visibleTotal: visible.length > 0 ? handValue(visible).total : null, holeRevealed: s.dealer.holeRevealed, peek: s.peek },
    turn: cur ? { seat: cur.seat.seat, hand: cur.handIndex } : null,
    decisionDeadline: s.decision && p ? s.decision.since + p.decisionTimeMs : null,
    bets: Object.values(s.bets).filter((b) => sees(b.playerId)),
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

function deadlinesOf(s: BlackjackState): Deadline[] {
  if (s.phase === 'betting' && s.bettingClosesAt !== null) return [{ at: s.bettingClosesAt, command: { type: 'CloseBetting', at: s.bettingClosesAt, reason: 'deadline' } }];
  const p = s.profile;
  if (s.phase !== 'play' || !s.decision || !p) return [];
  const at = s.decision.since + p.decisionTimeMs;
  if (s.stage === 'insurance') return s.seats.filter((x) => x.insurance === 'pending').map((x) => ({ at, command: { type: 'DecisionTimeout', at, seat: x.seat, hand: 0 } }));
  const cur = currentHand(s);
  return cur ? [{ at, command: { type: 'DecisionTimeout', at, seat: cur.seat.seat, hand: cur.handIndex } }] : [];
}

// ───────────────────────────── the kernel ─────────────────────────────

export type BlackjackKernel = RoundKernel<BlackjackState, BlackjackCommand, BlackjackEvent, BlackjackView>;

export function initialBlackjackState(): BlackjackState {
  return {
    ...initialBase('blackjack'),
    profile: null,
    stage: 'betting',
    seats: [],
    dealer: { cards: [], holeRevealed: false },
    initialDealt: 0,
    peek: null,
    decision: null,
    halt: null,
    rejectedCards: [],
    shuffleAfterRound: false,
  };
}

/** A blackjack kernel over a profile table (profiles are data: an operator may bring its own). */
export function createBlackjackKernel(profiles: Readonly<Record<string, BlackjackProfile>> = blackjackProfiles): BlackjackKernel {
  const evolve = (s: BlackjackState, e: BlackjackEvent): BlackjackState => {
    switch (e.type) {
      case 'RoundOpened':
        return { ...evolveCommon(s, e), profile: profiles[e.profileId] ?? null };
      case 'BettingClosed': {
        const closed = evolveCommon(s, e);
        return advance({ ...closed, stage: 'initial-deal', seats: buildSeats(closed) }, e.at);
      }
      case 'RoundVoided':
        return { ...evolveCommon(s, e), decision: null };
      case 'BetAccepted':
      case 'BetCancelled':
      case 'RoundSettled':
        return evolveCommon(s, e);
      case 'CardRecorded':
      case 'HandActed':
      case 'CutCardRecorded':
      case 'MisdealDetected':
      case 'RoundResumed':
        return evolveGame(s, e);
    }
  };

  const decide = (s: BlackjackState, c: BlackjackCommand): Decision<BlackjackEvent> => {
    switch (c.type) {
      case 'OpenRound': {
        if (s.phase !== 'idle') return reject(v('ROUND_ALREADY_OPEN', 'GEN-3', 'This kernel state already holds a round.'));
        if (!profiles[c.profileId]) return reject(v('UNKNOWN_PROFILE', 'D-2', `No blackjack profile "${c.profileId}".`));
        return emit({ type: 'RoundOpened', at: c.at, roundId: c.roundId, tableId: c.tableId, profileId: c.profileId, bettingClosesAt: c.bettingClosesAt, limits: c.limits });
      }
      case 'PlaceBet': {
        const open = checkBettingOpen(s, c.at);
        if (open) return reject(open);
        const p = s.profile as BlackjackProfile;
        const seatNo = seatOfSpot(c.bet.spot);
        if (seatNo === null || seatNo < 1 || seatNo > p.seats) return reject(v('UNKNOWN_SPOT', 'BJ-1', `Blackjack bets are on seats seat:1..seat:${p.seats}.`, { spot: c.bet.spot }));
        const dup = checkBetIdempotency(s, c.bet);
        if (dup === 'duplicate') return emit();
        if (dup) return reject(dup);
        const onSeat = mainBets(s).find((b) => b.spot === c.bet.spot);
        if (onSeat) {
          return reject(onSeat.playerId === c.bet.playerId
            ? v('SEAT_HAS_BET', 'BJ-6', `You already have a bet on seat ${seatNo}; cancel it to change the amount.`)
            : v('SEAT_TAKEN', 'BJ-1', `Seat ${seatNo} belongs to another player.`));
        }
        const stake = checkStake(s, c.bet, 'main');
        if (stake) return reject(stake);
        return emit(accepted(c.at, c.bet, 'main'));
      }
      case 'CancelBet': {
        const bad = checkCancel(s, c.at, c.betId, c.playerId);
        if (bad) return reject(bad);
        return emit({ type: 'BetCancelled', at: c.at, betId: c.betId, playerId: c.playerId, stakeMinor: (s.bets[c.betId] as AcceptedBet).stakeMinor });
      }
      case 'CloseBetting':
        if (s.phase !== 'betting') return reject(v('BETTING_CLOSED', 'GEN-3', 'Betting is not open.'));
        return emit({ type: 'BettingClosed', at: c.at, reason: c.reason });
      case 'VoidRound': {
        const bad = checkVoidable(s);
        if (bad) return reject(bad);
        return emit({ type: 'RoundVoided', at: c.at, reason: c.reason, by: c.by });
      }
      case 'MarkSettled':
        if (s.phase !== 'resolved' && s.phase !== 'void') return reject(v('ROUND_NOT_RESOLVED', 'GEN-5', 'Only a resolved or void round can be marked settled.'));
        return emit({ type: 'RoundSettled', at: c.at });
      case 'RecordCard':
        return decideCard(s, c, evolve);
      case 'RecordCutCard':
        if (s.phase === 'idle') return reject(v('ROUND_NOT_OPEN', 'S-4', 'No round is open.'));
        return s.shuffleAfterRound ? emit() : emit({ type: 'CutCardRecorded', at: c.at });
      case 'PlayerAction':
        if (!s.profile) return reject(v('ROUND_NOT_OPEN', 'GEN-3', 'No round is open.'));
        if (!(PLAYER_ACTIONS as readonly string[]).includes(c.action)) return reject(v('UNKNOWN_ACTION', 'BJ-9', `Unknown action "${String(c.action)}".`));
        return decidePlayerAction(s, c, s.profile);
      case 'DecisionTimeout':
        if (!s.profile) return reject(v('ROUND_NOT_OPEN', 'GEN-3', 'No round is open.'));
        return decideTimeout(s, c, s.profile);
      case 'ResumeRound':
        if (s.phase !== 'halted') return reject(v('ROUND_NOT_HALTED', 'S-2', 'Only a halted round can be resumed.'));
        return emit({ type: 'RoundResumed', at: c.at, by: c.by });
    }
  };

  return {
    game: 'blackjack',
    initial: initialBlackjackState,
    decide,
    evolve,
    view: viewState,
    settle: settleState,
    next: nextActions,
    deadlines: deadlinesOf,
  };
}

export const blackjackKernel: BlackjackKernel = createBlackjackKernel();

// ───────────────────────────── event redaction for publishing ─────────────────────────────

/** A `CardRecorded` as published: the hole card is `'hidden'` (BJ-5a). */
export type PublicCardRecorded = { readonly type: 'CardRecorded'; readonly at: number; readonly card: Card | 'hidden'; readonly to: CardTarget };
export type BlackjackPublicEvent = Exclude<BlackjackEvent, { type: 'CardRecorded' }> | PublicCardRecorded;

/**
 * What an audience may receive of an event on the realtime channel: the hole card is hidden from
 * EVERY audience (BJ-5a — the reveal reaches clients through `view`, whose dealer hand shows it once
 * dealer play starts), and a player gets no event about another player's bet (`null`).
 */
export function eventForAudience(e: BlackjackEvent, audience: Audience): BlackjackPublicEvent | null {
  switch (e.type) {
    case 'CardRecorded':
      return e.to.type === 'dealer' && e.to.faceDown ? { ...e, card: 'hidden' } : e;
    case 'BetAccepted':
      return audience.role === 'player' && audience.playerId !== e.bet.playerId ? null : e;
    case 'BetCancelled':
      return audience.role === 'player' && audience.playerId !== e.playerId ? null : e;
    case 'HandActed':
      // seat decisions are public (the camera shows them); the stake of a derived bet is not in it
      return e;
    case 'RoundOpened':
    case 'BettingClosed':
    case 'RoundVoided':
    case 'RoundSettled':
    case 'CutCardRecorded':
    case 'MisdealDetected':
    case 'RoundResumed':
      return e;
  }
}
