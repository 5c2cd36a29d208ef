import type { Card } from '../cards/card.js';
import { parseCard } from '../cards/card.js';
import { trackShoe, type Shoe } from '../cards/shoe.js';
import { shoeDeviceReaction, trackCard } from '../cards/shoe-tracking.js';
import { applyRatio, type Minor } from '../common/money.js';
import { PMap } from '../common/pmap.js';
import { ok, type Result } from '../common/result.js';
import { betsOfPlayer, bookTotals, type BookTotals } from '../kernel/book.js';
import { acceptedEvent, bettingNext, checkStakeAmount, createKernel, defineGame, duplicate, events, globalStakeCeiling, refuse, vio, type RefereeDecision, type RefereeState } from '../kernel/define.js';
import { roundViewBase, type AcceptedBet, type Audience, type CommonCommand, type CommonEvent, type Deadline, type NextAction, type SettlementLine, type RoundViewBase } from '../kernel/kernel.js';
import { dealerMustDraw, handValue, isBlackjackCards } from '../blackjack/hand.rules.js';
import { doubleOk, pairOk } from '../blackjack/kernel.js';
import { handResult, handReturn, type HandResult } from '../blackjack/settle.rules.js';
import { infiniteBlackjackProfiles, SIDE_BETS, type InfiniteBlackjackProfile, type SideBet } from './profiles.js';
import { highestSideRatio, sideBetOutcome, sideBetReturn, type SideBetOutcome } from './side-bets.rules.js';

/**
 * Infinite blackjack on the referee (`defineGame`), rules IBJ-1..IBJ-12 (README.md here):
 * idle → betting → closed → the initial deal (the common hand's first card, the dealer's up card, the
 * common hand's second card, IBJ-1) → play: decision steps, each followed by one common draw card
 * taken by every hand that hit or doubled (IBJ-2, IBJ-3) → the dealer's hand (IBJ-6) → resolved.
 *
 * Unlimited players, each deciding on their own, at O(1) per decision and per settled bet: every
 * hand is the common hand plus a PREFIX of the common draw cards, so a player's hand is stored as
 * the number of draw cards it took (`took`) and how it stopped; the step's counters (active, decided,
 * takers, hitters) say when the step is complete and whether a draw card is due, without a scan.
 */

export const IBJ_ACTIONS = ['hit', 'stand', 'double', 'split'] as const;
export type IbjAction = (typeof IBJ_ACTIONS)[number];

export type InfiniteBlackjackCommand =
  | CommonCommand
  /** A card left the shoe (scanner): the kernel decides where it goes (IBJ-1, IBJ-2, IBJ-6). */
  | { readonly type: 'RecordCard'; readonly at: number; readonly card: string; readonly shoeIndex?: number }
  /** A player's decision at the open step (for the hand the step is about); `betId` (new, client-generated) is required for a double or a split. */
  | { readonly type: 'PlayerAction'; readonly at: number; readonly action: IbjAction; readonly playerId: string; readonly betId?: string }
  /** The step's decision time ran out (the server, from `deadlines`) or the pit boss ends it: undecided hands stand (IBJ-3). */
  | { readonly type: 'CloseDecisions'; readonly at: number; readonly reason: 'deadline' | 'pitboss' };

/**
 * Where a recorded card went: the common hand (initial deal), the dealer, the common draw (`n` = 1-based draw
 * index), or a split line (IBJ-5: `a` follows the first common card, `b` the second; `n` = 1-based on that line).
 */
export type IbjCardTo = { readonly type: 'common' } | { readonly type: 'dealer' } | { readonly type: 'draw'; readonly n: number } | { readonly type: 'split'; readonly hand: 'a' | 'b'; readonly n: number };

/** The card lines a step can be about: the common draw, then the split lines A and B (IBJ-5). */
export type IbjLine = 'main' | 'a' | 'b';

export type InfiniteBlackjackEvent =
  | CommonEvent
  | { readonly type: 'CardRecorded'; readonly at: number; readonly card: Card; readonly to: IbjCardTo }
  | { readonly type: 'HandActed'; readonly at: number; readonly playerId: string; readonly line: IbjLine; readonly step: number; readonly action: IbjAction; readonly betId?: string }
  | { readonly type: 'DecisionsClosed'; readonly at: number; readonly line: IbjLine; readonly step: number; readonly reason: 'all-decided' | 'deadline' | 'pitboss' };

/** A hand on a line: how many of the line's cards it took (beyond a split line's first card) and how it stopped. */
export interface IbjLineHand {
  readonly took: number;
  readonly stop: 'stand' | 'double' | 'split' | null;
  readonly doubleBetId: string | null;
}

/** One player's hand: the common hand plus the first `took` draw cards (IBJ-2); after a split, two split hands (IBJ-5). */
export interface IbjHand extends IbjLineHand {
  readonly betId: string;
  readonly stakeMinor: Minor;
  readonly split: { readonly betId: string; readonly a: IbjLineHand; readonly b: IbjLineHand } | null;
}

export type IbjStage = 'betting' | 'initial-deal' | 'decisions' | 'draw' | 'dealer' | 'done';

export interface InfiniteBlackjackState extends RefereeState {
  readonly game: 'infinite-blackjack';
  readonly profile: InfiniteBlackjackProfile | null;
  readonly shoe: Shoe | null;
  /** playerId → main hand (one main bet per player, IBJ-1). Persistent map: O(1) amortised per change. */
  readonly hands: PMap<IbjHand>;
  readonly mains: number;
  /** The common hand's two cards (IBJ-1). */
  readonly common: readonly Card[];
  /** The common draw cards D1, D2, … (IBJ-2). */
  readonly draws: readonly Card[];
  /** The split lines' cards (IBJ-5): A after the first common card, B after the second. */
  readonly splitDraws: { readonly a: readonly Card[]; readonly b: readonly Card[] };
  /** The line the steps are about now (IBJ-5: main, then A, then B). */
  readonly line: IbjLine;
  /** Players who split this round. */
  readonly splits: number;
  readonly dealer: readonly Card[];
  readonly stage: IbjStage;
  /** The current (or last) decision step of the line, 1-based; 0 before the first (on a split line: its first card is due). */
  readonly step: number;
  readonly window: { readonly line: IbjLine; readonly step: number; readonly opensAt: number; readonly closesAt: number } | null;
  /** Hands deciding at this step, how many decided, how many take the step's card, how many of those go on (hit). */
  readonly active: number;
  readonly decided: number;
  readonly takers: number;
  readonly hitters: number;
}

export type IbjHandStatus = 'waiting' | 'deciding' | 'waiting-card' | 'stood' | 'timeout' | 'doubled' | 'bust' | 'twenty-one' | 'blackjack' | 'charlie';
export type IbjResult = HandResult | 'charlie';

export interface IbjHandView {
  readonly cards: readonly Card[];
  readonly total: number;
  readonly soft: boolean;
  readonly status: IbjHandStatus;
  readonly stakeMinor: Minor;
  readonly doubled: boolean;
  /** Once the dealer's hand is complete. */
  readonly result: IbjResult | null;
}

export interface InfiniteBlackjackView extends RoundViewBase {
  readonly game: 'infinite-blackjack';
  readonly stage: IbjStage;
  readonly voidReason: string | null;
  /** The common hand and every draw card dealt so far (the same for everybody, IBJ-2). */
  readonly common: readonly Card[];
  readonly draws: readonly Card[];
  readonly commonTotal: number | null;
  readonly dealer: { readonly cards: readonly Card[]; readonly total: number | null };
  /** Hands with a main bet this round (a count, never who). */
  readonly players: number;
  /**
   * The open decision step. `options`: the viewer's choices (a player whose hand decides now; empty for
   * everybody else), the dealer-style play (hit below 17) first, a double last.
   */
  readonly decision: { readonly step: number; readonly closesAt: number; readonly options: readonly IbjAction[]; readonly active: number; readonly decided: number } | null;
  /** When the open step's decision time ends (server clock), for the table's decision timer; null when no step is open. */
  readonly decisionDeadline: number | null;
  /** The viewer's own hand (players with a main bet; after a split, the first split hand); null for staff and for players without one. */
  readonly hand: IbjHandView | null;
  /** After a split: the viewer's second split hand (IBJ-5). */
  readonly splitHand: IbjHandView | null;
  /** The split lines' cards so far (everybody who split shares them, IBJ-5). */
  readonly splitDraws: { readonly a: readonly Card[]; readonly b: readonly Card[] };
  /** The line the table is on: the common draw, then split line A, then B (IBJ-5). */
  readonly line: IbjLine;
  /** Players who split this round (a count). */
  readonly splits: number;
  readonly sideBets: readonly SideBet[];
  readonly bets: readonly AcceptedBet[];
  readonly totals?: BookTotals;
}

// ───────────────────────────── pure helpers ─────────────────────────────

/** A player's cards: the common hand and the first `took` draw cards (IBJ-2). */
export const handCards = (s: Pick<InfiniteBlackjackState, 'common' | 'draws'>, took: number): readonly Card[] => (took === 0 ? s.common : [...s.common, ...s.draws.slice(0, took)]);

/** A hand's cards on a line: the common hand + draws (main), or one common card + the split line's first 1 + `took` cards (IBJ-5). */
export function lineCards(s: Pick<InfiniteBlackjackState, 'common' | 'draws' | 'splitDraws'>, line: IbjLine, took: number): readonly Card[] {
  switch (line) {
    case 'main':
      return handCards(s, took);
    case 'a':
      return [s.common[0] as Card, ...s.splitDraws.a.slice(0, 1 + took)];
    case 'b':
      return [s.common[1] as Card, ...s.splitDraws.b.slice(0, 1 + took)];
  }
}

/** A player's hand on a line (main: the unsplit hand; a / b: the split hands), or null. */
export const handOn = (h: IbjHand, line: IbjLine): IbjLineHand | null => (line === 'main' ? h : (h.split?.[line] ?? null));

export const isCharlie = (p: InfiniteBlackjackProfile, cards: readonly Card[]): boolean => p.charlie !== null && cards.length >= p.charlie.cards && handValue(cards).total <= 21;

/** IBJ-4: a hand at 21, over 21 or at the Charlie count is offered nothing more (BJ-10). */
export const handLive = (p: InfiniteBlackjackProfile, cards: readonly Card[]): boolean => handValue(cards).total < 21 && !(p.charlie !== null && cards.length >= p.charlie.cards);

const splitAces = (s: Pick<InfiniteBlackjackState, 'common'>): boolean => s.common.length === 2 && s.common.every((c) => c[0] === 'A');

/** IBJ-4 / IBJ-5 on a line: live, and not a split ace (one card each, BJ-12). */
const lineLive = (s: InfiniteBlackjackState, p: InfiniteBlackjackProfile, line: IbjLine, cards: readonly Card[]): boolean => handLive(p, cards) && !(line !== 'main' && splitAces(s) && p.splitAcesOneCard);

export type IbjCardDue = 'common' | 'dealer-up' | 'draw' | 'dealer';

export function ibjCardDue(s: InfiniteBlackjackState): IbjCardDue | null {
  const p = s.profile;
  if (!p || (s.phase !== 'closed' && s.phase !== 'play')) return null;
  switch (s.stage) {
    case 'initial-deal':
      return s.dealer.length === 0 && s.common.length === 1 ? 'dealer-up' : s.common.length < 2 ? 'common' : null;
    case 'draw':
      return 'draw';
    case 'dealer':
      return dealerMustDraw(s.dealer, p.dealerHitsSoft17) ? 'dealer' : null;
    case 'betting':
    case 'decisions':
    case 'done':
      return null;
  }
}

function openStep(s: InfiniteBlackjackState, p: InfiniteBlackjackProfile, line: IbjLine, step: number, active: number, at: number): InfiniteBlackjackState {
  return { ...s, stage: 'decisions', line, step, window: { line, step, opensAt: at, closesAt: at + p.decisionTimeMs }, active, decided: 0, takers: 0, hitters: 0 };
}

/** A line is finished: the split lines follow the main line when someone split (IBJ-5), then the dealer plays (IBJ-6). */
function endLine(s: InfiniteBlackjackState): InfiniteBlackjackState {
  const fresh = { window: null, step: 0, active: 0, decided: 0, takers: 0, hitters: 0 };
  if (s.line === 'main' && s.splits > 0) return { ...s, ...fresh, line: 'a', stage: 'draw' };
  if (s.line === 'a') return { ...s, ...fresh, line: 'b', stage: 'draw' };
  return { ...s, window: null, stage: 'dealer' };
}

/** The step ends: a card is due on the line if any hand took it, else the line is finished (IBJ-3). */
const closeStep = (s: InfiniteBlackjackState): InfiniteBlackjackState => (s.takers > 0 ? { ...s, window: null, stage: 'draw' } : endLine(s));

/** After a card on a line: the next step for the hands that hit (or, after a split line's first card, every split hand), or the line ends. */
function afterLineCard(s: InfiniteBlackjackState, p: InfiniteBlackjackProfile, line: IbjLine, at: number): InfiniteBlackjackState {
  if (line !== 'main' && s.step === 0) return lineLive(s, p, line, lineCards(s, line, 0)) ? openStep(s, p, line, 1, s.splits, at) : endLine(s);
  return s.hitters > 0 && lineLive(s, p, line, lineCards(s, line, s.step)) ? openStep(s, p, line, s.step + 1, s.hitters, at) : endLine(s);
}

/** IBJ-12: the dealer's hand is complete (always played out, IBJ-6): the round is resolved. */
function dealerDone(s: InfiniteBlackjackState, p: InfiniteBlackjackProfile): InfiniteBlackjackState {
  return s.stage === 'dealer' && s.dealer.length >= 2 && !dealerMustDraw(s.dealer, p.dealerHitsSoft17) ? { ...s, stage: 'done', phase: 'resolved' } : s;
}

/** The result of a hand against the dealer's final cards, with the rule IDs (IBJ-7, IBJ-8, BJ-12, BJ-15..BJ-17). */
export function mainResult(p: InfiniteBlackjackProfile, cards: readonly Card[], doubled: boolean, dealer: readonly Card[], fromSplit = false): { readonly result: IbjResult; readonly rules: readonly string[] } {
  if (handValue(cards).total > 21) return { result: 'lose', rules: ['BJ-16'] };
  if (isCharlie(p, cards)) return isBlackjackCards(dealer) ? { result: 'lose', rules: ['IBJ-7', 'BJ-16'] } : { result: 'charlie', rules: ['IBJ-7'] };
  return handResult(p, { cards, fromSplit, doubled }, dealer);
}

export function mainReturn(p: InfiniteBlackjackProfile, result: IbjResult, stakeMinor: Minor): Minor {
  return result === 'charlie' ? stakeMinor + applyRatio(stakeMinor, p.charlie?.pays ?? { num: 1, den: 1 }, p.payoutRounding) : handReturn(p, result, stakeMinor);
}

const LINE_ORDER: Readonly<Record<IbjLine, number>> = { main: 0, a: 1, b: 2 };

function statusOf(s: InfiniteBlackjackState, p: InfiniteBlackjackProfile, line: IbjLine, h: IbjLineHand): IbjHandStatus {
  if (s.common.length < 2) return 'waiting';
  const drawn = line === 'main' ? s.draws.length : Math.max(0, s.splitDraws[line].length - 1);
  if (line !== 'main' && s.splitDraws[line].length === 0) return 'waiting';
  if (h.took > drawn) return 'waiting-card';
  const cards = lineCards(s, line, h.took);
  const v = handValue(cards);
  if (v.total > 21) return 'bust';
  if (line === 'main' && isBlackjackCards(cards)) return 'blackjack';
  if (isCharlie(p, cards)) return 'charlie';
  if (v.total === 21) return 'twenty-one';
  if (h.stop === 'double') return 'doubled';
  if (h.stop === 'stand') return 'stood';
  if (line !== 'main' && splitAces(s) && p.splitAcesOneCard) return 'stood';
  if (s.stage === 'decisions' && s.window && s.window.line === line && s.window.step === h.took + 1) return 'deciding';
  if (s.stage === 'initial-deal' || LINE_ORDER[s.line] < LINE_ORDER[line] || (s.line === line && s.stage === 'draw' && s.step === 0)) return 'waiting';
  return 'timeout';
}

function optionsFor(s: InfiniteBlackjackState, p: InfiniteBlackjackProfile, rec: IbjHand): IbjAction[] {
  const w = s.window;
  if (s.stage !== 'decisions' || !w) return [];
  const h = handOn(rec, w.line);
  if (!h || h.stop !== null || h.took !== w.step - 1) return [];
  const cards = lineCards(s, w.line, h.took);
  const out: IbjAction[] = handValue(cards).total < 17 ? ['hit', 'stand'] : ['stand', 'hit'];
  if (w.step === 1 && mayDouble(s, p, w.line)) out.push('double');
  if (w.step === 1 && w.line === 'main' && maySplit(s, p)) out.push('split');
  return out;
}

/** IBJ-5: a double on the first decision of a hand: the common hand (`doubleOn`), or a split hand after its second card (`doubleAfterSplit`, never split aces). */
function mayDouble(s: InfiniteBlackjackState, p: InfiniteBlackjackProfile, line: IbjLine): boolean {
  if (line === 'main') return doubleOk(p, s.common);
  if (!p.doubleAfterSplit || (splitAces(s) && !p.doubleSplitAces)) return false;
  return doubleOk(p, lineCards(s, line, 0));
}

/** IBJ-5: the common hand's two cards are a pair (BJ-12 `splitOn`) and the profile allows a split. */
const maySplit = (s: InfiniteBlackjackState, p: InfiniteBlackjackProfile): boolean => p.maxSplits >= 1 && s.common.length === 2 && pairOk(p, s.common[0] as Card, s.common[1] as Card);

// ───────────────────────────── decide ─────────────────────────────

const isStr = (x: unknown): x is string => typeof x === 'string' && x.length > 0;

function decideAction(s: InfiniteBlackjackState, c: Extract<InfiniteBlackjackCommand, { type: 'PlayerAction' }>, p: InfiniteBlackjackProfile): RefereeDecision<InfiniteBlackjackEvent> {
  if (!(IBJ_ACTIONS as readonly string[]).includes(c.action)) return refuse(vio('UNKNOWN_ACTION', 'IBJ-2', `"${String(c.action)}" is not a choice: hit, stand, double or split.`, { action: c.action }));
  if (!isStr(c.playerId)) return refuse(vio('INVALID_COMMAND', 'D-3', 'A decision names its player.'));
  const rec = s.hands.get(c.playerId);
  // a retried stake (the same double or split, same bet id) is the same decision, even after its step closed (D-3)
  if (rec && isStr(c.betId)) {
    if (c.action === 'split' && rec.split?.betId === c.betId) return duplicate();
    if (c.action === 'double' && [rec, rec.split?.a, rec.split?.b].some((h) => h?.doubleBetId === c.betId)) return duplicate();
  }
  const w = s.window;
  if (s.stage !== 'decisions' || !w) return refuse(vio('DECISION_NOT_PENDING', 'IBJ-3', 'No decision step is open now.', { stage: s.stage }));
  if (!rec) return refuse(vio('DECISION_NOT_PENDING', 'IBJ-1', 'You have no main bet in this round.'));
  const k = w.step;
  const h = handOn(rec, w.line);
  // a retried decision is the same decision (D-3); any other after the player decided is refused
  if (h) {
    if (c.action === 'hit' && h.stop === null && h.took === k) return duplicate();
    if (c.action === 'stand' && h.stop === 'stand' && h.took === k - 1) return duplicate();
  }
  if (c.at >= w.closesAt) return refuse(vio('DECISION_NOT_PENDING', 'IBJ-3', 'The decision time has run out: the hand stands.', { closesAt: w.closesAt }));
  if (!h || h.stop !== null || h.took !== k - 1) return refuse(vio('DECISION_NOT_PENDING', 'IBJ-2', 'Your hand takes no further decision now.', { step: k, line: w.line }));
  const acted: InfiniteBlackjackEvent = { type: 'HandActed', at: c.at, playerId: c.playerId, line: w.line, step: k, action: c.action };
  if (c.action === 'hit' || c.action === 'stand') return events(acted);
  if (c.action === 'double' && (k !== 1 || !mayDouble(s, p, w.line))) return refuse(vio('DOUBLE_NOT_ALLOWED', 'BJ-11', w.line === 'main' ? 'A double is only on the first two cards of the hand.' : 'This split hand cannot be doubled (BJ-11, BJ-12).'));
  if (c.action === 'split' && (k !== 1 || w.line !== 'main' || !maySplit(s, p))) return refuse(vio('SPLIT_NOT_ALLOWED', 'BJ-12', `Only a first decision on two cards of equal ${p.splitOn} can split; one split only.`));
  if (!isStr(c.betId)) return refuse(vio('BET_ID_REQUIRED', 'BJ-17', `A ${c.action} adds a stake and needs a new betId.`));
  if (s.book.byId.has(c.betId) || s.book.cancelled.has(c.betId)) return refuse(vio('BET_ID_CONFLICT', 'D-3', `Bet id ${c.betId} was already used for another bet.`, { betId: c.betId }));
  const bad = checkStakeAmount(rec.stakeMinor, globalStakeCeiling(infiniteBlackjackMaxReturn(p)));
  if (bad) return refuse(bad);
  const parent = w.line === 'b' ? (rec.split?.betId ?? rec.betId) : rec.betId;
  return events<InfiniteBlackjackEvent>(acceptedEvent(c.at, { betId: c.betId, playerId: c.playerId, spot: 'main', stakeMinor: rec.stakeMinor }, c.action, parent), { ...acted, betId: c.betId });
}

function decideCard(s: InfiniteBlackjackState, c: Extract<InfiniteBlackjackCommand, { type: 'RecordCard' }>): RefereeDecision<InfiniteBlackjackEvent> {
  const parsed = typeof c.card === 'string' ? parseCard(c.card) : null;
  if (!parsed || !parsed.ok) return refuse(vio('INVALID_CARD', 'S-1', `${JSON.stringify(c.card)} is not a card code (AS, TD, 9H, QC).`, { card: c.card }));
  const card = parsed.value;
  if (s.shoe && !trackCard(s.shoe, card).ok) return refuse(vio('IMPOSSIBLE_CARD', 'S-1', `${card} cannot come out of this shoe: every copy is already out (S-1).`, { card }));
  const due = ibjCardDue(s);
  if (due === null) {
    const why = s.window ? 'players are deciding' : s.stage === 'done' || s.phase === 'resolved' ? 'the round is complete' : 'no card is due';
    return refuse(vio('NO_CARD_DUE', 'IBJ-2', `No card is due now: ${why}.`, { card, stage: s.stage }));
  }
  const to: IbjCardTo =
    due === 'common' ? { type: 'common' } : due === 'draw' ? (s.line === 'main' ? { type: 'draw', n: s.draws.length + 1 } : { type: 'split', hand: s.line, n: s.splitDraws[s.line].length + 1 }) : { type: 'dealer' };
  return events<InfiniteBlackjackEvent>({ type: 'CardRecorded', at: c.at, card, to });
}

// ───────────────────────────── evolve ─────────────────────────────

function actOn(h: IbjLineHand, e: Extract<InfiniteBlackjackEvent, { type: 'HandActed' }>): IbjLineHand {
  switch (e.action) {
    case 'stand':
      return { ...h, stop: 'stand' };
    case 'hit':
      return { ...h, took: e.step };
    case 'double':
      return { ...h, took: e.step, stop: 'double', doubleBetId: e.betId ?? null };
    case 'split':
      return { ...h, stop: 'split' };
  }
}

function evolveGame(s: InfiniteBlackjackState, e: Exclude<InfiniteBlackjackEvent, CommonEvent>): InfiniteBlackjackState {
  const seq = s.seq + 1;
  const p = s.profile;
  switch (e.type) {
    case 'CardRecorded': {
      const tracked = s.shoe ? trackCard(s.shoe, e.card) : null;
      const base: InfiniteBlackjackState = { ...s, seq, phase: 'play', shoe: tracked && tracked.ok ? tracked.value : s.shoe };
      if (!p) return base;
      switch (e.to.type) {
        case 'common': {
          const next = { ...base, common: [...s.common, e.card] };
          if (next.common.length < 2) return next;
          // IBJ-2: the first decision step opens for every main hand, unless the common hand is already complete (21)
          return s.mains > 0 && handLive(p, next.common) ? openStep(next, p, 'main', 1, s.mains, e.at) : { ...next, stage: 'dealer' };
        }
        case 'dealer':
          return dealerDone({ ...base, dealer: [...s.dealer, e.card] }, p);
        case 'draw':
          return afterLineCard({ ...base, draws: [...s.draws, e.card] }, p, 'main', e.at);
        case 'split': {
          const hand = e.to.hand;
          return afterLineCard({ ...base, splitDraws: { ...s.splitDraws, [hand]: [...s.splitDraws[hand], e.card] } }, p, hand, e.at);
        }
      }
      return base;
    }
    case 'HandActed': {
      const rec = s.hands.get(e.playerId);
      if (!rec) return { ...s, seq };
      let hand: IbjHand;
      if (e.action === 'split') {
        const fresh: IbjLineHand = { took: 0, stop: null, doubleBetId: null };
        hand = { ...rec, stop: 'split', split: { betId: e.betId ?? '', a: fresh, b: fresh } };
      } else if (e.line === 'main') hand = { ...rec, ...actOn(rec, e) };
      else hand = rec.split ? { ...rec, split: { ...rec.split, [e.line]: actOn(rec.split[e.line], e) } } : rec;
      const next: InfiniteBlackjackState = {
        ...s,
        seq,
        hands: s.hands.set(e.playerId, hand),
        splits: s.splits + (e.action === 'split' ? 1 : 0),
        decided: s.decided + 1,
        takers: s.takers + (e.action === 'hit' || e.action === 'double' ? 1 : 0),
        hitters: s.hitters + (e.action === 'hit' ? 1 : 0),
      };
      // IBJ-3: the step ends as soon as every hand deciding at it has decided
      return next.decided >= next.active ? closeStep(next) : next;
    }
    case 'DecisionsClosed':
      return closeStep({ ...s, seq });
  }
}

// ───────────────────────────── settle ─────────────────────────────

/** Which hand of a player a bet stands on (main, or after a split: A for the main bet, B for the split bet; a double on its hand). */
function handOfBet(rec: IbjHand, b: AcceptedBet): IbjLine | null {
  switch (b.kind) {
    case 'main':
      return rec.split ? 'a' : 'main';
    case 'split':
      return rec.split ? 'b' : null;
    case 'double':
      if (rec.doubleBetId === b.betId) return 'main';
      if (rec.split?.a.doubleBetId === b.betId) return 'a';
      if (rec.split?.b.doubleBetId === b.betId) return 'b';
      return null;
    default:
      return null;
  }
}

/**
 * IBJ-8 / IBJ-9 / IBJ-12: every bet once, each in O(1): a main, split or double line from the player's
 * (took, stop) on the hand's line and the shared cards; a side bet from the round's one outcome per side bet.
 */
function settleState(s: InfiniteBlackjackState, p: InfiniteBlackjackProfile): Result<readonly SettlementLine[]> {
  if (s.stage !== 'done') return refuse(vio('ROUND_NOT_RESOLVED', 'GEN-5', "The round is settled only when the dealer's hand is complete (IBJ-6)."));
  const [first, second] = s.common as [Card, Card];
  const up = s.dealer[0] as Card;
  const dealerBj = isBlackjackCards(s.dealer);
  const sides = new Map<string, SideBetOutcome>();
  const sideOf = (bet: SideBet): SideBetOutcome => {
    let o = sides.get(bet);
    if (!o) {
      o = sideBetOutcome(p.sideBets, bet, { first, second, up, dealer: s.dealer });
      sides.set(bet, o);
    }
    return o;
  };
  const lines: SettlementLine[] = [];
  const line = (b: AcceptedBet, returnMinor: Minor, rules: readonly string[], refund = false): void => {
    lines.push({ betId: b.betId, playerId: b.playerId, stakeMinor: b.stakeMinor, returnMinor, outcome: refund ? 'refund' : returnMinor === 0 ? 'lose' : returnMinor === b.stakeMinor ? 'push' : 'win', rules });
  };
  for (const b of s.book.byId.values()) {
    if (b.kind !== 'main' && b.kind !== 'split' && b.kind !== 'double') {
      const bet = b.kind as SideBet;
      const o = sideOf(bet);
      line(b, sideBetReturn(o, b.stakeMinor, p.payoutRounding), ['IBJ-9']);
      continue;
    }
    const rec = s.hands.get(b.playerId);
    const which = rec ? handOfBet(rec, b) : null;
    const h = rec && which ? handOn(rec, which) : null;
    if (!h || !which) {
      line(b, b.stakeMinor, ['GEN-6'], true); // never happens: every stake has its hand
      continue;
    }
    const { result, rules } = mainResult(p, lineCards(s, which, h.took), h.stop === 'double', s.dealer, which !== 'main');
    // IBJ-8: a dealer Blackjack found at the end takes the original stake only (a double or split stake is returned)
    if (b.kind !== 'main' && dealerBj && result === 'lose' && p.lateDealerBlackjackTakes === 'original-only') line(b, b.stakeMinor, ['IBJ-8'], true);
    else if (b.kind === 'double') line(b, mainReturn(p, result === 'blackjack' ? 'win' : result, b.stakeMinor), [...rules, 'BJ-11']);
    else line(b, mainReturn(p, result, b.stakeMinor), which === 'main' ? rules : [...rules, 'BJ-12']);
  }
  return ok(lines);
}

// ───────────────────────────── view / next / deadlines ─────────────────────────────

function handViewOf(s: InfiniteBlackjackState, p: InfiniteBlackjackProfile, line: IbjLine, h: IbjLineHand, stakeMinor: Minor): IbjHandView {
  const drawn = line === 'main' ? s.draws.length : Math.max(0, s.splitDraws[line].length - 1);
  const cards = line !== 'main' && s.splitDraws[line].length === 0 ? [s.common[line === 'a' ? 0 : 1] as Card] : lineCards(s, line, Math.min(h.took, drawn));
  const v = handValue(cards);
  return {
    cards,
    total: v.total,
    soft: v.soft,
    status: statusOf(s, p, line, h),
    stakeMinor,
    doubled: h.stop === 'double',
    result: s.stage === 'done' && s.common.length === 2 ? mainResult(p, cards, h.stop === 'double', s.dealer, line !== 'main').result : null,
  };
}

function viewState(s: InfiniteBlackjackState, audience: Audience): InfiniteBlackjackView {
  const p = s.profile;
  const own = audience.role === 'player' ? s.hands.get(audience.playerId) : undefined;
  const hand = p && own ? (own.split ? handViewOf(s, p, 'a', own.split.a, own.stakeMinor) : handViewOf(s, p, 'main', own, own.stakeMinor)) : null;
  const splitHand = p && own?.split ? handViewOf(s, p, 'b', own.split.b, own.stakeMinor) : null;
  const w = s.window;
  return {
    game: 'infinite-blackjack',
    ...roundViewBase(s),
    stage: s.stage,
    voidReason: s.voidReason,
    common: s.common,
    draws: s.draws,
    splitDraws: s.splitDraws,
    line: s.line,
    splits: s.splits,
    commonTotal: s.common.length > 0 ? handValue(s.common).total : null,
    dealer: { cards: s.dealer, total: s.dealer.length > 0 ? handValue(s.dealer).total : null },
    players: s.mains,
    decision: w ? { step: w.step, closesAt: w.closesAt, options: p && own ? optionsFor(s, p, own) : [], active: s.active, decided: s.decided } : null,
    decisionDeadline: w ? w.closesAt : null,
    hand,
    splitHand,
    sideBets: p ? SIDE_BETS.filter((b) => p.sideBets[b] !== undefined) : [],
    ...(audience.role === 'player' ? { bets: betsOfPlayer(s.book, audience.playerId) } : { bets: [], totals: bookTotals(s.book) }),
  };
}

function nextActions(s: InfiniteBlackjackState): NextAction[] {
  switch (s.phase) {
    case 'idle':
    case 'void':
    case 'halted':
      return [];
    case 'betting':
      return [bettingNext()];
    case 'resolved':
    case 'settled':
      return [{ kind: 'round-complete', message: 'Round complete', ruleId: 'GEN-5' }];
    case 'closed':
    case 'play':
      break;
  }
  switch (ibjCardDue(s)) {
    case 'common':
      return [{ kind: 'deal-card', message: `Deal the common hand's ${s.common.length === 0 ? 'first' : 'second'} card face up`, ruleId: 'IBJ-1' }];
    case 'dealer-up':
      return [{ kind: 'deal-dealer-card', message: 'Deal the dealer up card', ruleId: 'IBJ-1' }];
    case 'draw':
      if (s.line === 'main') return [{ kind: 'deal-card', message: `Deal common card ${s.draws.length + 3}: ${s.takers} hand(s) take it`, ruleId: 'IBJ-2' }];
      return [
        {
          kind: 'deal-card',
          message: s.step === 0 ? `Deal split hand ${s.line.toUpperCase()}'s second card: ${s.splits} split hand(s) take it` : `Deal split hand ${s.line.toUpperCase()} card ${s.splitDraws[s.line].length + 2}: ${s.takers} hand(s) take it`,
          ruleId: 'IBJ-5',
        },
      ];
    case 'dealer':
      return [{ kind: 'dealer-draws', message: s.dealer.length === 1 ? "Deal the dealer's second card" : 'Dealer draws', ruleId: 'IBJ-6' }];
    case null:
      break;
  }
  if (s.window) return [{ kind: 'wait-decisions', message: `Players are deciding (${s.window.line === 'main' ? '' : `split hand ${s.window.line.toUpperCase()}, `}step ${s.window.step}: ${s.decided} of ${s.active} decided); undecided hands stand when the time ends`, ruleId: 'IBJ-3' }];
  return [];
}

function deadlinesOf(s: InfiniteBlackjackState): Deadline[] {
  if (s.phase !== 'play' || !s.window) return [];
  const at = s.window.closesAt;
  return [{ at, command: { type: 'CloseDecisions', at, reason: 'deadline' } }];
}

// ───────────────────────────── the definition ─────────────────────────────

/** The highest return of one stake unit (stake included): the best side-bet ratio, Blackjack 3:2, Charlie. */
export const infiniteBlackjackMaxReturn = (p: InfiniteBlackjackProfile): number => Math.max(p.blackjackPays.num / p.blackjackPays.den, p.charlie ? p.charlie.pays.num / p.charlie.pays.den : 1, highestSideRatio(p.sideBets), 1) + 1;

export const IBJ_DEAL_STALL_MS = 60_000;

const BOT_CARDS: readonly Card[] = ['TS', '7H', '9D', '8C', 'TC', '6S', 'QD', '5H', 'KC', '4D', 'JH', '3C', '2S'];

/** The next command that moves a closed round on (tests and simulations): a card, or the pit boss closing the step. */
export function infiniteBlackjackAutoplay(s: InfiniteBlackjackState): (Readonly<Record<string, unknown>> & { readonly type: string }) | null {
  if (s.phase !== 'closed' && s.phase !== 'play') return null;
  if (s.window) return { type: 'CloseDecisions', reason: 'pitboss' };
  return ibjCardDue(s) ? { type: 'RecordCard', card: BOT_CARDS[s.seq % BOT_CARDS.length] as Card } : null;
}

export function defineInfiniteBlackjack(profiles: Readonly<Record<string, InfiniteBlackjackProfile>> = infiniteBlackjackProfiles) {
  return defineGame<InfiniteBlackjackState, InfiniteBlackjackCommand, InfiniteBlackjackEvent, InfiniteBlackjackView, InfiniteBlackjackProfile>({
    id: 'infinite-blackjack',
    name: 'Infinite Blackjack',
    profiles,
    defaultProfile: 'standard',
    checkProfile: (p) =>
      p.holeCard || p.maxSplits > 1 || p.insuranceOffered || p.doubledHandAcesCountOne ? vio('PROFILE_UNSUPPORTED', 'IBJ-5', 'Infinite blackjack deals no hole card, splits once at most and offers no insurance (IBJ-5).') : null,
    maxReturnMultiple: infiniteBlackjackMaxReturn,
    initial: () => ({ game: 'infinite-blackjack', profile: null, shoe: null, hands: PMap.empty(), mains: 0, common: [], draws: [], splitDraws: { a: [], b: [] }, line: 'main', splits: 0, dealer: [], stage: 'betting', step: 0, window: null, active: 0, decided: 0, takers: 0, hitters: 0 }),
    bets: {
      spot(_s, p, key) {
        if (key === 'main') return ok({ key, kind: 'main' });
        if ((SIDE_BETS as readonly string[]).includes(key) && p.sideBets[key as SideBet] !== undefined) return ok({ key, kind: key });
        const offered = ['main', ...SIDE_BETS.filter((b) => p.sideBets[b] !== undefined)];
        return refuse(vio('UNKNOWN_SPOT', 'IBJ-9', `Infinite blackjack bets are ${offered.join(', ')}.`, { spot: key }));
      },
      restrict(s, _p, bet, spot) {
        if (spot.kind !== 'main' || !s.hands.has(bet.playerId)) return null;
        return vio('SEAT_HAS_BET', 'IBJ-1', 'You already have a main bet this round; cancel it to change the amount.');
      },
      onAccepted(s, bet) {
        if (bet.kind !== 'main') return s;
        return { ...s, mains: s.mains + 1, hands: s.hands.set(bet.playerId, { betId: bet.betId, stakeMinor: bet.stakeMinor, took: 0, stop: null, doubleBetId: null, split: null }) };
      },
      onCancelled(s, bet) {
        if (bet.kind !== 'main') return s;
        return { ...s, mains: s.mains - 1, hands: s.hands.delete(bet.playerId) };
      },
    },
    afterCommon(s, e) {
      switch (e.type) {
        case 'RoundOpened': {
          const profile = profiles[e.profileId] ?? null;
          // IBJ-1: a freshly shuffled shoe of the profile's decks every round (nothing carries between rounds)
          return { ...s, profile, shoe: profile ? trackShoe({ decks: profile.decks }) : null };
        }
        case 'BettingClosed':
          return s.book.count === 0 ? { ...s, stage: 'done', phase: 'resolved' } : { ...s, stage: 'initial-deal' };
        case 'RoundVoided':
          return { ...s, window: null };
        default:
          return s;
      }
    },
    moves: {
      RecordCard: { phases: ['closed', 'play'], closesBetting: true, decide: decideCard },
      PlayerAction: {
        phases: ['closed', 'play'],
        decide: (s, c) => (s.profile ? decideAction(s, c, s.profile) : refuse(vio('ROUND_NOT_OPEN', 'GEN-3', 'No round is open.'))),
      },
      CloseDecisions: {
        phases: ['closed', 'play'],
        decide(s, c) {
          if (!s.window) return refuse(vio('DECISION_NOT_PENDING', 'IBJ-3', 'No decision step is open.'));
          if (c.reason !== 'deadline' && c.reason !== 'pitboss') return refuse(vio('INVALID_COMMAND', 'D-3', 'CloseDecisions names its reason: deadline or pitboss.'));
          if (c.reason === 'deadline' && c.at < s.window.closesAt) return refuse(vio('DECISION_TIME_NOT_OVER', 'IBJ-3', 'The decision time has not run out.', { closesAt: s.window.closesAt }));
          return events<InfiniteBlackjackEvent>({ type: 'DecisionsClosed', at: c.at, line: s.window.line, step: s.window.step, reason: c.reason });
        },
      },
    },
    evolve: evolveGame,
    view: viewState,
    // every card is face up (IBJ-1: no hole card); a player receives only their own decisions
    redact: (e, audience) => (e.type === 'HandActed' && audience.role === 'player' && audience.playerId !== e.playerId ? null : e),
    settle: settleState,
    next: nextActions,
    deadlines: deadlinesOf,
    stall: (s) => (ibjCardDue(s) ? { step: s.stage === 'dealer' ? 'dealer-draw' : 'deal', afterMs: IBJ_DEAL_STALL_MS, ruleId: 'GEN-6' } : null),
    devices: {
      reporters: { shoe: ['shoe'] },
      // a fresh shoe every round: a cut card has no meaning here (tracked, never a command)
      map: (ev, _ctx, at) => (ev.type === 'shoe.cut_card' ? { kind: 'track' } : shoeDeviceReaction(ev, at, { unreadable: false })),
    },
    commands: [
      { type: 'PlayerAction', roles: ['player'], ruleId: 'IBJ-2', description: "A player's decision at the open step: hit, stand, double or split (a double or split needs a new betId)." },
      { type: 'CloseDecisions', roles: ['pitboss'], ruleId: 'IBJ-3', description: 'End the decision step now: every undecided hand stands (audited).' },
    ],
    preOpen: { ruleId: 'GEN-8', checks: ['cards-inspected', 'shoe', 'scanner'], description: 'Cards are inspected before play; the shoe and the scanner are checked before the table opens.' },
    // p1's main bet and p2's 21+3: the common K-Q (20) stands when the pit boss ends the step; the dealer's 9 + 8 = 17
    example: {
      spots: ['main', '21+3'],
      spare: 'main',
      more: ['perfect-pairs', 'hot-3', 'bust-it'],
      autoplay: (state) => infiniteBlackjackAutoplay(state as InfiniteBlackjackState),
      resolve: [{ type: 'RecordCard', card: 'KS' }, { type: 'RecordCard', card: '9H' }, { type: 'RecordCard', card: 'QD' }, { type: 'CloseDecisions', reason: 'pitboss' }, { type: 'RecordCard', card: '8C' }],
    },
  });
}

export const infiniteBlackjackDefinition = defineInfiniteBlackjack();
export const createInfiniteBlackjackKernel = (profiles: Readonly<Record<string, InfiniteBlackjackProfile>> = infiniteBlackjackProfiles) => createKernel(defineInfiniteBlackjack(profiles));
export type InfiniteBlackjackKernel = ReturnType<typeof createInfiniteBlackjackKernel>;
export const infiniteBlackjackKernel: InfiniteBlackjackKernel = createInfiniteBlackjackKernel();
