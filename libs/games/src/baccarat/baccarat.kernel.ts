import { ALL_CARDS, isCard, type Card } from '../cards/card.js';
import { cardsLeft, record, trackShoe, type Shoe } from '../cards/shoe.js';
import { ok, violation, type Result, type Violation } from '../common/result.js';
import {
  accepted,
  checkBetIdempotency,
  checkBettingOpen,
  checkCancel,
  checkStake,
  checkVoidable,
  emit,
  evolveCommon,
  refundAll,
  reject,
  initialBase,
} from '../kernel/common.js';
import type {
  AcceptedBet,
  Audience,
  CommonCommand,
  CommonEvent,
  Deadline,
  Decision,
  NextAction,
  RoundKernel,
  RoundStateBase,
  Settlement,
} from '../kernel/kernel.js';
import { settleBets } from './baccarat.payouts.js';
import { baccaratProfiles, isBaccaratSpot, spotsOf, type BaccaratProfile } from './baccarat.profiles.js';
import { classifyCard, nextDue, resultFromSlots, slotsOf, type HandResult, type Slot } from './baccarat.rules.js';

/**
 * The baccarat round kernel (ARCHITECTURE.md "The round kernel"; live-games.md BAC; devices.md S-1…S-4).
 *
 * Flow: OpenRound → betting → (CloseBetting | first card: closed by 'device', GEN-3) → cards recorded
 * in shoe order, each checked against the tableau (BAC-12…BAC-17) and the shoe composition (S-1) →
 * RoundResolved → settle → MarkSettled. Detours: `halted` for a misdeal (BAC-17/S-2), an impossible
 * card (S-1) or an unreadable card (S-3); the pit boss resolves (void = refund all, or accept a
 * corrected legal sequence), an unreadable card is resolved by an audited manual entry.
 */

/** The shoe's state carried from round to round (`state.shoe` of the previous round). */
export type ShoeSnapshot = Pick<Shoe, 'decks' | 'remaining' | 'dealt' | 'total' | 'cutAt' | 'cutCardOut'>;

export type BaccaratCommand =
  | CommonCommand
  /** Continue a shoe session: the composition left after the previous rounds (S-1, S-4). Before the first card only. */
  | { readonly type: 'AttachShoe'; readonly at: number; readonly shoe: ShoeSnapshot }
  | { readonly type: 'RecordCard'; readonly at: number; readonly card: Card; readonly shoeIndex?: number }
  /** S-3: a card left the shoe but could not be read — halts until EnterManualCard. */
  | { readonly type: 'RecordUnreadableCard'; readonly at: number; readonly shoeIndex?: number }
  /** S-3: audited manual entry; `approvedBy` (pit boss) must differ from `enteredBy` (dealer). */
  | { readonly type: 'EnterManualCard'; readonly at: number; readonly card: Card; readonly enteredBy: string; readonly approvedBy: string }
  /** BAC-18: the cut card came out — "last hand before shuffle"; the hand is completed. */
  | { readonly type: 'RecordCutCard'; readonly at: number; readonly shoeIndex?: number }
  /** S-2: the pit boss resolves a halted round: void (refund all) or accept a corrected legal sequence. */
  | { readonly type: 'ResolveMisdeal'; readonly at: number; readonly action: 'void' | 'accept-corrected'; readonly correctedCards?: readonly Card[]; readonly by: string };

export type HaltReason = 'misdeal' | 'impossible-card' | 'unreadable-card';

export type BaccaratEvent =
  | CommonEvent
  | { readonly type: 'ShoeAttached'; readonly at: number; readonly shoe: ShoeSnapshot }
  | ({ readonly type: 'CardRecorded'; readonly at: number; readonly card: Card; readonly shoeIndex: number | null } & Slot)
  | ({ readonly type: 'CardUnreadable'; readonly at: number; readonly shoeIndex: number | null } & Slot)
  | ({ readonly type: 'ManualCardEntered'; readonly at: number; readonly card: Card; readonly enteredBy: string; readonly approvedBy: string } & Slot)
  | { readonly type: 'CutCardRecorded'; readonly at: number; readonly shoeIndex: number | null }
  /** BAC-17 / S-2: a card (null = unreadable) the rules did not call for. Halts the round. */
  | { readonly type: 'MisdealDetected'; readonly at: number; readonly card: Card | null; readonly shoeIndex: number | null; readonly ruleId: 'BAC-17'; readonly message: string }
  /** S-1: a card the shoe cannot hold. Not a result: it halts the round and is not counted in the shoe. */
  | { readonly type: 'ImpossibleCardDetected'; readonly at: number; readonly card: Card; readonly shoeIndex: number | null; readonly ruleId: 'S-1'; readonly message: string }
  /** A card (null = unreadable) that came out while the round was halted. */
  | { readonly type: 'ExtraCardRecorded'; readonly at: number; readonly card: Card | null; readonly shoeIndex: number | null }
  | { readonly type: 'MisdealResolved'; readonly at: number; readonly action: 'void' | 'accept-corrected'; readonly cards: readonly Card[]; readonly by: string }
  | { readonly type: 'RoundResolved'; readonly at: number; readonly result: HandResult };

export interface DealtCard extends Slot {
  readonly card: Card;
  readonly at: number;
  readonly shoeIndex: number | null;
  readonly source: 'shoe' | 'manual' | 'correction';
  /** S-3 audit of a manual entry. */
  readonly enteredBy?: string;
  readonly approvedBy?: string;
}

export interface Halt {
  readonly reason: HaltReason;
  readonly ruleId: string;
  readonly message: string;
  readonly at: number;
  readonly card: Card | null;
  /** For an unreadable card: the slot the manual entry fills. */
  readonly pending: Slot | null;
}

export interface CardFault {
  readonly at: number;
  readonly code: 'IMPOSSIBLE_CARD';
  readonly ruleId: 'S-1';
  readonly card: Card;
  readonly message: string;
}

export interface BaccaratState extends RoundStateBase {
  readonly game: 'baccarat';
  /** The hand's cards in shoe order (GEN-8: each with position and time). */
  readonly cards: readonly DealtCard[];
  /** Cards that physically left the shoe this round but are not part of the hand (misdeals, extras). */
  readonly extraCards: readonly Card[];
  /** S-1 faults (impossible cards) seen this round. */
  readonly faults: readonly CardFault[];
  /** Composition tracker of the shoe (S-1), 8 decks by default; carry it to the next round with AttachShoe. */
  readonly shoe: Shoe;
  /** shoeIndex → card code / 'unreadable' / 'cut' (a repeated frame is recognised). */
  readonly shoeIndexes: Readonly<Record<string, string>>;
  readonly halt: Halt | null;
  /** BAC-18: the cut card came out in this round — last hand before the shuffle. */
  readonly lastHand: boolean;
  readonly result: HandResult | null;
}

export type BaccaratView = Omit<BaccaratState, 'bets' | 'shoe' | 'shoeIndexes'> & {
  readonly bets: Readonly<Record<string, AcceptedBet>>;
  readonly cardsLeft: number;
  readonly next: readonly NextAction[];
};

const v = (code: string, ruleId: string | null, message: string, details?: Record<string, unknown>): Violation => violation(code, ruleId, message, details).violation;

const DEFAULT_SHOE = { decks: 8, cutFromEnd: 7 } as const;

/** Multiset difference a − b. */
function minus(a: readonly Card[], b: readonly Card[]): Card[] {
  const left = [...a];
  for (const c of b) {
    const i = left.indexOf(c);
    if (i >= 0) left.splice(i, 1);
  }
  return left;
}

/**
 * A corrected sequence (S-2 sign-off) must itself be legal (BAC-17) and possible (S-1): cards that
 * physically came out this round are reused; any other card is recorded on the shoe tracker.
 */
function applyCorrection(state: BaccaratState, corrected: readonly Card[], at: number): Result<{ cards: DealtCard[]; extraCards: Card[]; shoe: Shoe }> {
  const slots = slotsOf(corrected);
  if (!slots) return violation('CORRECTED_SEQUENCE_ILLEGAL', 'BAC-17', 'The corrected card sequence is not a legal baccarat hand: it contains a card the tableau does not call for.', { cards: corrected });
  const physical = [...state.cards.map((c) => c.card), ...state.extraCards];
  const fresh = minus(corrected, physical);
  let shoe = state.shoe;
  for (const c of fresh) {
    const r = record(shoe, c);
    if (!r.ok) return r;
    shoe = r.value.shoe;
  }
  return ok({
    cards: corrected.map((card, i) => ({ ...(slots[i] as Slot), card, at, shoeIndex: null, source: 'correction' as const })),
    extraCards: minus(physical, corrected),
    shoe,
  });
}

function validateSnapshot(s: unknown, profile: BaccaratProfile): Result<Shoe> {
  const bad = (why: string) => violation('INVALID_SHOE', 'S-4', `Shoe snapshot rejected: ${why}.`);
  if (typeof s !== 'object' || s === null) return bad('not an object');
  const o = s as Record<string, unknown>;
  const decks = o['decks'];
  if (typeof decks !== 'number' || !Number.isInteger(decks) || decks < 1 || decks > 16) return bad('decks must be 1..16');
  if (decks !== profile.decks) return violation('WRONG_DECK_COUNT', 'BAC-1', `This table plays ${profile.decks} decks; the shoe has ${decks}.`);
  const rem = o['remaining'];
  if (typeof rem !== 'object' || rem === null) return bad('remaining is missing');
  const remaining = {} as Record<Card, number>;
  let left = 0;
  for (const c of ALL_CARDS) {
    const n = (rem as Record<string, unknown>)[c];
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > decks) return bad(`remaining ${c} must be 0..${decks}`);
    remaining[c] = n;
    left += n;
  }
  const total = decks * 52;
  const dealt = o['dealt'];
  if (typeof dealt !== 'number' || !Number.isInteger(dealt) || dealt < total - left || dealt > total) return bad('dealt does not match the composition');
  const cutAt = o['cutAt'];
  if (cutAt !== null && (typeof cutAt !== 'number' || !Number.isInteger(cutAt) || cutAt < 0 || cutAt > total)) return bad('cutAt must be null or 0..total');
  if (o['cutCardOut'] === true) return violation('SHUFFLE_DUE', 'BAC-18', 'The cut card has come out of this shoe: no further card is dealt until it is reshuffled.');
  if (o['cutCardOut'] !== false) return bad('cutCardOut must be a boolean');
  return ok({ ...trackShoe({ decks }), remaining, dealt, total, cutAt, cutCardOut: false });
}

const nonEmpty = (s: unknown): s is string => typeof s === 'string' && s.trim().length > 0;
const idxKey = (i: number | undefined): string | null => (i === undefined ? null : String(i));
const validIndex = (i: unknown): boolean => i === undefined || (typeof i === 'number' && Number.isSafeInteger(i) && i >= 0);

export function createBaccaratKernel(profiles: Readonly<Record<string, BaccaratProfile>>): RoundKernel<BaccaratState, BaccaratCommand, BaccaratEvent, BaccaratView> {
  const profileOf = (s: RoundStateBase): BaccaratProfile | undefined => (s.profileId === null ? undefined : profiles[s.profileId]);

  const initial = (): BaccaratState => ({
    ...initialBase('baccarat'),
    cards: [],
    extraCards: [],
    faults: [],
    shoe: trackShoe(DEFAULT_SHOE),
    shoeIndexes: {},
    halt: null,
    lastHand: false,
    result: null,
  });

  /** Events for a card (null = unreadable) that just left the shoe. */
  function cardEvents(state: BaccaratState, at: number, card: Card | null, shoeIndex: number | null): BaccaratEvent[] {
    const out: BaccaratEvent[] = [];
    // GEN-3: "No more bets" always precedes the first card; a card while betting is open closes it.
    if (state.phase === 'betting') out.push({ type: 'BettingClosed', at, reason: 'device' });
    if (card !== null && !record(state.shoe, card).ok) {
      out.push({ type: 'ImpossibleCardDetected', at, card, shoeIndex, ruleId: 'S-1', message: `${card} cannot come out of this shoe: all ${state.shoe.decks} have already been dealt (S-1). The round halts for the pit boss.` });
      return out;
    }
    if (state.phase === 'halted') {
      out.push({ type: 'ExtraCardRecorded', at, card, shoeIndex });
      return out;
    }
    // BAC-17: only the card the tableau calls for is accepted (its place in the sequence decides, not its value).
    const cls = classifyCard(state.cards.map((c) => c.card), card);
    if (cls.type === 'misdeal') {
      out.push({ type: 'MisdealDetected', at, card, shoeIndex, ruleId: 'BAC-17', message: cls.message });
      return out;
    }
    const slot: Slot = { to: cls.to, position: cls.position, index: cls.index };
    if (card === null) {
      out.push({ type: 'CardUnreadable', at, shoeIndex, ...slot });
      return out;
    }
    out.push({ type: 'CardRecorded', at, card, shoeIndex, ...slot });
    const resolved = resolveIfComplete([...state.cards.map((c) => c.card), card], at);
    if (resolved) out.push(resolved);
    return out;
  }

  function resolveIfComplete(cards: readonly Card[], at: number): BaccaratEvent | null {
    const d = nextDue(cards);
    if (d.type !== 'complete') return null;
    const slots = slotsOf(cards) as Slot[];
    return { type: 'RoundResolved', at, result: resultFromSlots(cards.map((card, i) => ({ card, to: (slots[i] as Slot).to })), d.ruleId === 'BAC-13') };
  }

  function checkDealing(state: BaccaratState): Violation | null {
    switch (state.phase) {
      case 'betting':
      case 'closed':
      case 'play':
      case 'halted':
      case 'resolved':
        return null;
      case 'idle':
        return v('ROUND_NOT_OPEN', 'GEN-8', 'No round is open: a card cannot be assigned to a hand.');
      case 'settled':
      case 'void':
        return v('ROUND_FINISHED', 'GEN-8', `The round is ${state.phase}: a card cannot be added to it.`);
    }
  }

  /** Same shoe index seen again: the same card is a repeated frame (no-op); a different one is a fault (S-1). */
  function checkShoeIndex(state: BaccaratState, shoeIndex: number | undefined, what: string): Violation | 'duplicate' | null {
    if (!validIndex(shoeIndex)) return v('INVALID_SHOE_INDEX', null, 'shoeIndex must be a non-negative integer.');
    const key = idxKey(shoeIndex);
    if (key === null) return null;
    const prior = state.shoeIndexes[key];
    if (prior === undefined) return null;
    if (prior === what) return 'duplicate';
    return v('SHOE_INDEX_CONFLICT', 'S-1', `Shoe index ${key} was already reported as ${prior}, now as ${what}: the frame is rejected.`, { shoeIndex, prior, now: what });
  }

  function decide(state: BaccaratState, cmd: BaccaratCommand): Decision<BaccaratEvent> {
    const at = cmd.at;
    switch (cmd.type) {
      case 'OpenRound': {
        if (state.phase !== 'idle') return reject(v('ROUND_ALREADY_OPEN', null, 'This kernel already holds a round.'));
        if (!profiles[cmd.profileId]) return reject(v('UNKNOWN_PROFILE', 'D-2', `Unknown baccarat profile "${cmd.profileId}".`));
        return emit<BaccaratEvent>({ type: 'RoundOpened', at, roundId: cmd.roundId, tableId: cmd.tableId, profileId: cmd.profileId, bettingClosesAt: cmd.bettingClosesAt, limits: cmd.limits });
      }
      case 'PlaceBet': {
        const bet = cmd.bet;
        const open = checkBettingOpen(state, at);
        if (open) return reject(open);
        const idem = checkBetIdempotency(state, bet);
        if (idem === 'duplicate') return emit<BaccaratEvent>();
        if (idem) return reject(idem);
        const profile = profileOf(state);
        if (!profile) return reject(v('UNKNOWN_PROFILE', 'D-2', 'The round has no known profile.'));
        const spots = spotsOf(profile);
        if (!isBaccaratSpot(bet.spot) || !spots.includes(bet.spot)) {
          return reject(v('UNKNOWN_SPOT', 'BAC-4', `"${bet.spot}" is not a bet spot at this table (spots: ${spots.join(', ')}).`, { spot: bet.spot }));
        }
        // RES-2 / BAC-9: not both Player and Banker in one round.
        if (bet.spot === 'player' || bet.spot === 'banker') {
          const opposite = bet.spot === 'player' ? 'banker' : 'player';
          if (Object.values(state.bets).some((b) => b.playerId === bet.playerId && b.spot === opposite)) {
            return reject(v('OPPOSITE_BETS', 'RES-2', `You already bet on ${opposite === 'player' ? 'Player' : 'Banker'} this round: betting on both Player and Banker is not allowed (RES-2).`, { spot: bet.spot }));
          }
        }
        // BAC-4: repeat clicks add to the same spot; checkStake counts the spot total for the limits.
        const stake = checkStake(state, bet, bet.spot);
        if (stake) return reject(stake);
        return emit(accepted(at, bet, bet.spot));
      }
      case 'CancelBet': {
        const c = checkCancel(state, at, cmd.betId, cmd.playerId);
        if (c) return reject(c);
        const b = state.bets[cmd.betId] as AcceptedBet;
        return emit<BaccaratEvent>({ type: 'BetCancelled', at, betId: cmd.betId, playerId: cmd.playerId, stakeMinor: b.stakeMinor });
      }
      case 'CloseBetting':
        if (state.phase === 'idle') return reject(v('ROUND_NOT_OPEN', 'GEN-3', 'No round is open.'));
        // Already closed (by the dealer, the deadline or the first card): nothing to do.
        if (state.phase !== 'betting') return emit<BaccaratEvent>();
        return emit<BaccaratEvent>({ type: 'BettingClosed', at, reason: cmd.reason });
      case 'VoidRound': {
        const c = checkVoidable(state);
        if (c) return reject(c);
        return emit<BaccaratEvent>({ type: 'RoundVoided', at, reason: cmd.reason, by: cmd.by });
      }
      case 'MarkSettled':
        if (state.phase !== 'resolved' && state.phase !== 'void') return reject(v('ROUND_NOT_RESOLVED', 'GEN-5', `Only a resolved or void round can be marked settled (phase ${state.phase}).`));
        return emit<BaccaratEvent>({ type: 'RoundSettled', at });
      case 'AttachShoe': {
        if (state.phase !== 'betting' && state.phase !== 'closed') return reject(v('SHOE_LOCKED', 'S-4', 'A shoe can only be attached to an open round before its first card.'));
        if (state.cards.length > 0 || state.extraCards.length > 0 || state.faults.length > 0 || state.halt) return reject(v('SHOE_LOCKED', 'S-4', 'Cards have already come out in this round.'));
        const profile = profileOf(state);
        if (!profile) return reject(v('UNKNOWN_PROFILE', 'D-2', 'The round has no known profile.'));
        const shoe = validateSnapshot(cmd.shoe, profile);
        if (!shoe.ok) return reject(shoe.violation);
        const s = shoe.value;
        return emit<BaccaratEvent>({ type: 'ShoeAttached', at, shoe: { decks: s.decks, remaining: s.remaining, dealt: s.dealt, total: s.total, cutAt: s.cutAt, cutCardOut: s.cutCardOut } });
      }
      case 'RecordCard': {
        if (!isCard(cmd.card)) return reject(v('INVALID_CARD', null, `"${String(cmd.card)}" is not a canonical card code.`));
        const d = checkDealing(state);
        if (d) return reject(d);
        const dup = checkShoeIndex(state, cmd.shoeIndex, cmd.card);
        if (dup === 'duplicate') return emit<BaccaratEvent>();
        if (dup) return reject(dup);
        return emit(...cardEvents(state, at, cmd.card, cmd.shoeIndex ?? null));
      }
      case 'RecordUnreadableCard': {
        const d = checkDealing(state);
        if (d) return reject(d);
        const dup = checkShoeIndex(state, cmd.shoeIndex, 'unreadable');
        if (dup === 'duplicate') return emit<BaccaratEvent>();
        if (dup) return reject(dup);
        return emit(...cardEvents(state, at, null, cmd.shoeIndex ?? null));
      }
      case 'EnterManualCard': {
        const halt = state.halt;
        if (state.phase !== 'halted' || !halt || halt.reason !== 'unreadable-card' || !halt.pending) {
          return reject(v('NO_MANUAL_ENTRY_DUE', 'S-3', 'No unreadable card is waiting for a manual entry.'));
        }
        if (!isCard(cmd.card)) return reject(v('INVALID_CARD', null, `"${String(cmd.card)}" is not a canonical card code.`));
        if (!nonEmpty(cmd.enteredBy) || !nonEmpty(cmd.approvedBy)) return reject(v('SIGN_OFF_REQUIRED', 'S-3', 'A manual card entry names the dealer who entered it and the pit boss who confirmed it.'));
        if (cmd.enteredBy === cmd.approvedBy) return reject(v('SECOND_PERSON_REQUIRED', 'S-3', 'The manual entry must be confirmed by someone other than the person who entered it (S-3).'));
        const r = record(state.shoe, cmd.card);
        if (!r.ok) return reject(r.violation);
        const events: BaccaratEvent[] = [{ type: 'ManualCardEntered', at, card: cmd.card, enteredBy: cmd.enteredBy, approvedBy: cmd.approvedBy, ...halt.pending }];
        const resolved = resolveIfComplete([...state.cards.map((c) => c.card), cmd.card], at);
        if (resolved) events.push(resolved);
        return emit(...events);
      }
      case 'RecordCutCard': {
        const d = checkDealing(state);
        if (d) return reject(d);
        const dup = checkShoeIndex(state, cmd.shoeIndex, 'cut');
        if (dup === 'duplicate' || (dup === null && state.lastHand)) return emit<BaccaratEvent>();
        if (dup) return reject(dup);
        return emit<BaccaratEvent>({ type: 'CutCardRecorded', at, shoeIndex: cmd.shoeIndex ?? null });
      }
      case 'ResolveMisdeal': {
        if (state.phase !== 'halted' || !state.halt) return reject(v('NOT_HALTED', 'S-2', 'The round is not halted: there is no misdeal to resolve.'));
        if (!nonEmpty(cmd.by)) return reject(v('SIGN_OFF_REQUIRED', 'S-2', 'A misdeal resolution names the pit boss who signs it off.'));
        if (cmd.action === 'void') {
          return emit<BaccaratEvent>(
            { type: 'MisdealResolved', at, action: 'void', cards: [], by: cmd.by },
            { type: 'RoundVoided', at, reason: `${state.halt.reason}: ${state.halt.message}`, by: cmd.by },
          );
        }
        const corrected = cmd.correctedCards;
        if (!Array.isArray(corrected) || !corrected.every(isCard)) return reject(v('INVALID_CORRECTION', 'S-2', 'accept-corrected needs correctedCards: the hand\'s cards in shoe order.'));
        const applied = applyCorrection(state, corrected, at);
        if (!applied.ok) return reject(applied.violation);
        const events: BaccaratEvent[] = [{ type: 'MisdealResolved', at, action: 'accept-corrected', cards: [...corrected], by: cmd.by }];
        const resolved = resolveIfComplete(corrected, at);
        if (resolved) events.push(resolved);
        return emit(...events);
      }
    }
  }

  /** Halt the round; an existing halt stands, except a pending manual entry (S-3), which a new fault overrides. */
  function haltWith(state: BaccaratState, seq: number, halt: Halt): BaccaratState {
    const keep = state.halt !== null && state.halt.reason !== 'unreadable-card';
    return { ...state, seq, phase: 'halted', halt: keep ? state.halt : halt, result: null };
  }

  function evolve(state: BaccaratState, e: BaccaratEvent): BaccaratState {
    const seq = state.seq + 1;
    const noteIndex = (key: number | null, what: string): Readonly<Record<string, string>> => (key === null ? state.shoeIndexes : { ...state.shoeIndexes, [String(key)]: what });
    switch (e.type) {
      case 'RoundOpened': {
        const next = evolveCommon(state, e);
        const p = profileOf(next);
        return { ...next, shoe: trackShoe(p ? { decks: p.decks, cutFromEnd: p.cutCardFromEnd } : DEFAULT_SHOE) };
      }
      case 'BetAccepted':
      case 'BetCancelled':
      case 'BettingClosed':
      case 'RoundVoided':
      case 'RoundSettled':
        return evolveCommon(state, e);
      case 'ShoeAttached':
        return { ...state, seq, shoe: { ...trackShoe({ decks: e.shoe.decks }), ...e.shoe } };
      case 'CardRecorded': {
        const r = record(state.shoe, e.card);
        return {
          ...state,
          seq,
          phase: 'play',
          shoe: r.ok ? r.value.shoe : state.shoe,
          shoeIndexes: noteIndex(e.shoeIndex, e.card),
          cards: [...state.cards, { card: e.card, at: e.at, shoeIndex: e.shoeIndex, source: 'shoe', to: e.to, position: e.position, index: e.index }],
        };
      }
      case 'CardUnreadable':
        return {
          ...haltWith(state, seq, { reason: 'unreadable-card', ruleId: 'S-3', at: e.at, card: null, pending: { to: e.to, position: e.position, index: e.index }, message: `The card for ${e.to === 'player' ? 'Player' : 'Banker'} (position ${e.position}) was unreadable: the dealer enters it and a pit boss confirms (S-3).` }),
          shoeIndexes: noteIndex(e.shoeIndex, 'unreadable'),
        };
      case 'ManualCardEntered': {
        const r = record(state.shoe, e.card);
        return {
          ...state,
          seq,
          phase: 'play',
          halt: null,
          shoe: r.ok ? r.value.shoe : state.shoe,
          cards: [...state.cards, { card: e.card, at: e.at, shoeIndex: null, source: 'manual', enteredBy: e.enteredBy, approvedBy: e.approvedBy, to: e.to, position: e.position, index: e.index }],
        };
      }
      case 'CutCardRecorded':
        return { ...state, seq, lastHand: true, shoe: { ...state.shoe, cutCardOut: true }, shoeIndexes: noteIndex(e.shoeIndex, 'cut') };
      case 'MisdealDetected': {
        const r = e.card === null ? null : record(state.shoe, e.card);
        return {
          ...haltWith(state, seq, { reason: 'misdeal', ruleId: 'BAC-17', message: e.message, at: e.at, card: e.card, pending: null }),
          shoe: r && r.ok ? r.value.shoe : state.shoe,
          extraCards: e.card === null ? state.extraCards : [...state.extraCards, e.card],
          shoeIndexes: noteIndex(e.shoeIndex, e.card ?? 'unreadable'),
        };
      }
      case 'ImpossibleCardDetected':
        return {
          ...haltWith(state, seq, { reason: 'impossible-card', ruleId: 'S-1', message: e.message, at: e.at, card: e.card, pending: null }),
          faults: [...state.faults, { at: e.at, code: 'IMPOSSIBLE_CARD', ruleId: 'S-1', card: e.card, message: e.message }],
          shoeIndexes: noteIndex(e.shoeIndex, e.card),
        };
      case 'ExtraCardRecorded': {
        const r = e.card === null ? null : record(state.shoe, e.card);
        // A card dealt while waiting for a manual entry makes the sequence a misdeal for the pit boss.
        const halt: Halt | null =
          state.halt && state.halt.reason === 'unreadable-card'
            ? { reason: 'misdeal', ruleId: 'S-2', at: e.at, card: e.card, pending: null, message: 'A card came out while the round was halted for an unreadable card: the pit boss voids the round or accepts a corrected sequence (S-2).' }
            : state.halt;
        return {
          ...state,
          seq,
          halt,
          shoe: r && r.ok ? r.value.shoe : state.shoe,
          extraCards: e.card === null ? state.extraCards : [...state.extraCards, e.card],
          shoeIndexes: noteIndex(e.shoeIndex, e.card ?? 'unreadable'),
        };
      }
      case 'MisdealResolved': {
        if (e.action === 'void') return { ...state, seq };
        const applied = applyCorrection(state, e.cards, e.at);
        if (!applied.ok) return { ...state, seq };
        return { ...state, seq, phase: 'play', halt: null, ...applied.value };
      }
      case 'RoundResolved':
        return { ...state, seq, phase: 'resolved', result: e.result };
    }
  }

  function settle(state: BaccaratState): Result<Settlement> {
    const roundId = state.roundId ?? '';
    const bets = Object.values(state.bets);
    const stake = bets.reduce((a, b) => a + b.stakeMinor, 0);
    if (state.voidReason !== null) {
      const lines = refundAll(state);
      return ok({ roundId, voided: true, lines, houseResultMinor: 0 });
    }
    if ((state.phase !== 'resolved' && state.phase !== 'settled') || !state.result) {
      return violation('ROUND_NOT_RESOLVED', 'GEN-5', `The round cannot be settled in phase ${state.phase}.`);
    }
    const profile = profileOf(state);
    if (!profile) return violation('UNKNOWN_PROFILE', 'D-2', 'The round has no known profile.');
    const lines = settleBets(profile, state.result, bets);
    return ok({ roundId, voided: false, lines, houseResultMinor: stake - lines.reduce((a, l) => a + l.returnMinor, 0) });
  }

  function next(state: BaccaratState): readonly NextAction[] {
    const out: NextAction[] = [];
    const shuffle: NextAction = { kind: 'last-hand', message: 'Last hand before shuffle', ruleId: 'BAC-18' };
    switch (state.phase) {
      case 'idle':
      case 'betting':
      case 'settled':
      case 'void':
        return [];
      case 'closed':
      case 'play': {
        if (state.lastHand) out.push(shuffle);
        const d = nextDue(state.cards.map((c) => c.card));
        for (const a of d.type === 'misdeal' ? [] : d.announcements) out.push({ kind: 'announce', message: a, ruleId: d.ruleId });
        if (d.type === 'deal') out.push({ kind: 'deal', message: d.message, ruleId: d.ruleId });
        return out;
      }
      case 'halted': {
        const h = state.halt;
        if (!h) return [];
        out.push({ kind: h.reason === 'unreadable-card' ? 'manual-entry' : 'call-pit-boss', message: h.message, ruleId: h.ruleId });
        return out;
      }
      case 'resolved': {
        if (state.lastHand) out.push(shuffle);
        const r = state.result;
        if (r) {
          const d = nextDue(state.cards.map((c) => c.card));
          for (const a of d.type === 'complete' ? d.announcements : []) out.push({ kind: 'announce', message: a, ruleId: d.ruleId });
          const who = r.outcome === 'tie' ? 'Tie' : r.outcome === 'player' ? 'Player wins' : 'Banker wins';
          out.push({ kind: 'result', message: `Round complete: ${who}, Player ${r.playerPoints} – Banker ${r.bankerPoints}`, ruleId: 'GEN-5' });
        }
        return out;
      }
    }
  }

  function view(state: BaccaratState, audience: Audience): BaccaratView {
    const { bets, shoe, shoeIndexes: _shoeIndexes, ...rest } = state;
    const visible = audience.role === 'player' ? Object.fromEntries(Object.entries(bets).filter(([, b]) => b.playerId === audience.playerId)) : bets;
    return { ...rest, bets: visible, cardsLeft: cardsLeft(shoe), next: audience.role === 'player' ? [] : next(state) };
  }

  function deadlines(state: BaccaratState): readonly Deadline[] {
    if (state.phase !== 'betting' || state.bettingClosesAt === null) return [];
    return [{ at: state.bettingClosesAt, command: { type: 'CloseBetting', at: state.bettingClosesAt, reason: 'deadline' } }];
  }

  return { game: 'baccarat', initial, decide, evolve, view, settle, next, deadlines };
}

/** The kernel for the built-in profiles (`baccaratProfiles`). */
export const baccaratKernel = createBaccaratKernel(baccaratProfiles);
