import { isCard, type Card } from '../cards/card.js';
import { cardsLeft, record, trackShoe, type Shoe } from '../cards/shoe.js';
import { carryShoe, shoeDeviceReaction, snapshotOf, validateShoeSnapshot } from '../cards/shoe-tracking.js';
import { ok, violation, type Result, type Violation } from '../common/result.js';
import { betsOfPlayer, bookTotals, stakeOnSpot, type BookTotals } from '../kernel/book.js';
import { bettingNext, createKernel, defineGame, duplicate, events, refuse, vio, type RefereeDecision, type RefereeState } from '../kernel/define.js';
import { roundViewBase, type AcceptedBet, type CommonCommand, type CommonEvent, type NextAction, type Phase, type PlayCommand, type PlayEvent, type RoundLimits, type SettlementLine, type RoundViewBase } from '../kernel/kernel.js';
import { settleBets } from './baccarat.payouts.js';
import { baccaratProfiles, isBaccaratSpot, spotsOf, type BaccaratProfile } from './baccarat.profiles.js';
import { classifyCard, nextDue, resultFromSlots, slotsOf, type HandResult, type Slot } from './baccarat.rules.js';

/**
 * The baccarat round kernel (docs/architecture.md "The round kernel"; docs/rules BAC; devices.md S-1…S-4).
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
  | PlayCommand
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
  | PlayEvent
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

export interface BaccaratState extends RefereeState {
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

export interface BaccaratView extends RoundViewBase {
  readonly game: 'baccarat';
  readonly limits: RoundLimits | null;
  readonly voidReason: string | null;
  readonly cards: readonly DealtCard[];
  readonly extraCards: readonly Card[];
  readonly faults: readonly CardFault[];
  readonly halt: Halt | null;
  readonly lastHand: boolean;
  readonly result: HandResult | null;
  /** A player: their own bets only. Dealer / pit boss: none listed — the table totals instead. */
  readonly bets: readonly AcceptedBet[];
  readonly totals?: BookTotals;
  readonly cardsLeft: number;
  readonly next: readonly NextAction[];
}


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
  return validateShoeSnapshot(s, profile.decks, 'BAC-1', 'BAC-18');
}

const nonEmpty = (s: unknown): s is string => typeof s === 'string' && s.trim().length > 0;
const idxKey = (i: number | undefined): string | null => (i === undefined ? null : String(i));
const validIndex = (i: unknown): boolean => i === undefined || (typeof i === 'number' && Number.isSafeInteger(i) && i >= 0);

/** The highest return of one stake unit (stake included): Tie 8:1, or a pair side bet if higher. */
export const baccaratMaxReturn = (p: BaccaratProfile): number => {
  const ratios = [p.paytable.player, p.paytable.tie, p.paytable.banker.win, ...Object.values(p.paytable.banker.winByPoints), ...Object.values(p.sideBets)].filter((r) => r !== null && r !== undefined);
  return Math.max(...ratios.map((r) => r.num / r.den)) + 1;
};

/** Phases in which a card (or a cut card) may physically come out: the referee refuses it elsewhere. */
const DEALING: readonly Phase[] = ['closed', 'play', 'halted', 'resolved'];
/** Pit-boss and manual-entry commands: decided by the move (NO_MANUAL_ENTRY_DUE / NOT_HALTED) in every unresolved phase. */
const UNRESOLVED: readonly Phase[] = ['betting', 'closed', 'play', 'halted'];

/** How long a dealing step may take before the round is stalled for the pit boss (issue 9 §5). */
export const BACCARAT_DEAL_STALL_MS = 60_000;

export function defineBaccarat(profiles: Readonly<Record<string, BaccaratProfile>> = baccaratProfiles) {
  const profileOf = (s: BaccaratState): BaccaratProfile | undefined => (s.profileId === null ? undefined : profiles[s.profileId]);

  /** Events for a card (null = unreadable) that just left the shoe (betting was closed by the referee). */
  function cardEvents(state: BaccaratState, at: number, card: Card | null, shoeIndex: number | null): BaccaratEvent[] {
    if (card !== null && !record(state.shoe, card).ok) {
      return [{ type: 'ImpossibleCardDetected', at, card, shoeIndex, ruleId: 'S-1', message: `${card} cannot come out of this shoe: all ${state.shoe.decks} decks' copies have already been dealt (S-1). The round halts for the pit boss.` }];
    }
    if (state.phase === 'halted') return [{ type: 'ExtraCardRecorded', at, card, shoeIndex }];
    // BAC-17: only the card the tableau calls for is accepted (its place in the sequence decides, not its value).
    const cls = classifyCard(state.cards.map((c) => c.card), card);
    if (cls.type === 'misdeal') return [{ type: 'MisdealDetected', at, card, shoeIndex, ruleId: 'BAC-17', message: cls.message }];
    const slot: Slot = { to: cls.to, position: cls.position, index: cls.index };
    if (card === null) return [{ type: 'CardUnreadable', at, shoeIndex, ...slot }];
    const out: BaccaratEvent[] = [{ type: 'CardRecorded', at, card, shoeIndex, ...slot }];
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

  /** Same shoe index seen again: the same card is a repeated frame (no-op); a different one is a fault (S-1). */
  function checkShoeIndex(state: BaccaratState, shoeIndex: number | undefined, what: string): Violation | 'duplicate' | null {
    if (!validIndex(shoeIndex)) return vio('INVALID_SHOE_INDEX', 'S-1', 'shoeIndex must be a non-negative integer.');
    const key = idxKey(shoeIndex);
    if (key === null) return null;
    const prior = state.shoeIndexes[key];
    if (prior === undefined) return null;
    if (prior === what) return 'duplicate';
    return vio('SHOE_INDEX_CONFLICT', 'S-1', `Shoe index ${key} was already reported as ${prior}, now as ${what}: the frame is rejected.`, { shoeIndex, prior, now: what });
  }

  /** Halt the round; an existing halt stands, except a pending manual entry (S-3), which a new fault overrides. */
  function haltWith(state: BaccaratState, seq: number, halt: Halt): BaccaratState {
    const keep = state.halt !== null && state.halt.reason !== 'unreadable-card';
    return { ...state, seq, phase: 'halted', halt: keep ? state.halt : halt, result: null };
  }

  function next(state: BaccaratState): readonly NextAction[] {
    const out: NextAction[] = [];
    const shuffle: NextAction = { kind: 'last-hand', message: 'Last hand before shuffle', ruleId: 'BAC-18' };
    switch (state.phase) {
      case 'idle':
      case 'settled':
      case 'void':
        return [];
      case 'betting':
        return [bettingNext()];
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

  const card = (c: { readonly card: unknown }): Violation | null => (isCard(c.card) ? null : vio('INVALID_CARD', 'S-1', `"${String(c.card)}" is not a canonical card code.`, { card: c.card }));

  return defineGame<BaccaratState, BaccaratCommand, BaccaratEvent, BaccaratView, BaccaratProfile>({
    id: 'baccarat',
    name: 'Baccarat',
    profiles,
    defaultProfile: 'punto-banco',
    maxReturnMultiple: baccaratMaxReturn,
    initial: () => ({ game: 'baccarat', cards: [], extraCards: [], faults: [], shoe: trackShoe(DEFAULT_SHOE), shoeIndexes: {}, halt: null, lastHand: false, result: null }),
    bets: {
      spot(_s, p, key) {
        const spots = spotsOf(p);
        if (!isBaccaratSpot(key) || !spots.includes(key)) return violation('UNKNOWN_SPOT', 'BAC-4', `"${key}" is not a bet spot at this table (spots: ${spots.join(', ')}).`, { spot: key });
        // BAC-4: repeat clicks add to the same spot; the referee counts the spot total for the limits.
        return ok({ key, kind: key });
      },
      restrict(s, _p, bet) {
        // RES-2: a player may not bet both Player and Banker in one round.
        if (bet.spot !== 'player' && bet.spot !== 'banker') return null;
        const opposite = bet.spot === 'player' ? 'banker' : 'player';
        if (stakeOnSpot(s.book, bet.playerId, opposite) === 0) return null;
        return vio('OPPOSITE_BETS', 'RES-2', `You already bet on ${opposite === 'player' ? 'Player' : 'Banker'} this round: betting on both Player and Banker is not allowed (RES-2).`, { spot: bet.spot });
      },
    },
    afterCommon(s, e) {
      if (e.type !== 'RoundOpened') return s;
      const p = profiles[e.profileId];
      return { ...s, shoe: trackShoe(p ? { decks: p.decks, cutFromEnd: p.cutCardFromEnd } : DEFAULT_SHOE) };
    },
    moves: {
      AttachShoe: {
        phases: UNRESOLVED,
        decide(state, cmd) {
          if (state.phase !== 'betting' && state.phase !== 'closed') return refuse(vio('SHOE_LOCKED', 'S-4', 'A shoe can only be attached to an open round before its first card.'));
          if (state.cards.length > 0 || state.extraCards.length > 0 || state.faults.length > 0 || state.halt) return refuse(vio('SHOE_LOCKED', 'S-4', 'Cards have already come out in this round.'));
          const profile = profileOf(state);
          if (!profile) return refuse(vio('UNKNOWN_PROFILE', 'D-2', 'The round has no known profile.'));
          const shoe = validateSnapshot(cmd.shoe, profile);
          if (!shoe.ok) return shoe;
          return events<BaccaratEvent>({ type: 'ShoeAttached', at: cmd.at, shoe: snapshotOf(shoe.value) });
        },
      },
      RecordCard: {
        phases: DEALING,
        closesBetting: true,
        decide(state, cmd): RefereeDecision<BaccaratEvent> {
          const bad = card(cmd);
          if (bad) return refuse(bad);
          const dup = checkShoeIndex(state, cmd.shoeIndex, cmd.card);
          if (dup === 'duplicate') return duplicate();
          if (dup) return refuse(dup);
          return events(...cardEvents(state, cmd.at, cmd.card, cmd.shoeIndex ?? null));
        },
      },
      RecordUnreadableCard: {
        phases: DEALING,
        closesBetting: true,
        decide(state, cmd): RefereeDecision<BaccaratEvent> {
          const dup = checkShoeIndex(state, cmd.shoeIndex, 'unreadable');
          if (dup === 'duplicate') return duplicate();
          if (dup) return refuse(dup);
          return events(...cardEvents(state, cmd.at, null, cmd.shoeIndex ?? null));
        },
      },
      EnterManualCard: {
        phases: UNRESOLVED,
        decide(state, cmd): RefereeDecision<BaccaratEvent> {
          const halt = state.halt;
          if (state.phase !== 'halted' || !halt || halt.reason !== 'unreadable-card' || !halt.pending) return refuse(vio('NO_MANUAL_ENTRY_DUE', 'S-3', 'No unreadable card is waiting for a manual entry.'));
          const bad = card(cmd);
          if (bad) return refuse(bad);
          if (!nonEmpty(cmd.enteredBy) || !nonEmpty(cmd.approvedBy)) return refuse(vio('SIGN_OFF_REQUIRED', 'S-3', 'A manual card entry names the dealer who entered it and the pit boss who confirmed it.'));
          if (cmd.enteredBy === cmd.approvedBy) return refuse(vio('SECOND_PERSON_REQUIRED', 'S-3', 'The manual entry must be confirmed by someone other than the person who entered it (S-3).'));
          const r = record(state.shoe, cmd.card);
          if (!r.ok) return r;
          const out: BaccaratEvent[] = [{ type: 'ManualCardEntered', at: cmd.at, card: cmd.card, enteredBy: cmd.enteredBy, approvedBy: cmd.approvedBy, ...halt.pending }];
          const resolved = resolveIfComplete([...state.cards.map((c) => c.card), cmd.card], cmd.at);
          if (resolved) out.push(resolved);
          return events(...out);
        },
      },
      RecordCutCard: {
        phases: ['betting', ...DEALING],
        decide(state, cmd): RefereeDecision<BaccaratEvent> {
          const dup = checkShoeIndex(state, cmd.shoeIndex, 'cut');
          if (dup === 'duplicate' || (dup === null && state.lastHand)) return duplicate();
          if (dup) return refuse(dup);
          return events<BaccaratEvent>({ type: 'CutCardRecorded', at: cmd.at, shoeIndex: cmd.shoeIndex ?? null });
        },
      },
      ResolveMisdeal: {
        phases: UNRESOLVED,
        decide(state, cmd): RefereeDecision<BaccaratEvent> {
          if (state.phase !== 'halted' || !state.halt) return refuse(vio('NOT_HALTED', 'S-2', 'The round is not halted: there is no misdeal to resolve.'));
          if (!nonEmpty(cmd.by)) return refuse(vio('SIGN_OFF_REQUIRED', 'S-2', 'A misdeal resolution names the pit boss who signs it off.'));
          if (cmd.action === 'void') {
            return events<BaccaratEvent>({ type: 'MisdealResolved', at: cmd.at, action: 'void', cards: [], by: cmd.by }, { type: 'RoundVoided', at: cmd.at, reason: `${state.halt.reason}: ${state.halt.message}`, by: cmd.by });
          }
          const corrected = cmd.correctedCards;
          if (cmd.action !== 'accept-corrected' || !Array.isArray(corrected) || !corrected.every(isCard)) return refuse(vio('INVALID_CORRECTION', 'S-2', "accept-corrected needs correctedCards: the hand's cards in shoe order."));
          const applied = applyCorrection(state, corrected, cmd.at);
          if (!applied.ok) return applied;
          const out: BaccaratEvent[] = [{ type: 'MisdealResolved', at: cmd.at, action: 'accept-corrected', cards: [...corrected], by: cmd.by }];
          const resolved = resolveIfComplete(corrected, cmd.at);
          if (resolved) out.push(resolved);
          return events(...out);
        },
      },
    },
    evolve(state, e) {
      const seq = state.seq + 1;
      const noteIndex = (key: number | null, what: string): Readonly<Record<string, string>> => (key === null ? state.shoeIndexes : { ...state.shoeIndexes, [String(key)]: what });
      switch (e.type) {
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
    },
    view(state, audience): BaccaratView {
      const base = {
        game: 'baccarat' as const,
        ...roundViewBase(state),
        limits: state.limits,
        voidReason: state.voidReason,
        cards: state.cards,
        extraCards: state.extraCards,
        faults: state.faults,
        halt: state.halt,
        lastHand: state.lastHand,
        result: state.result,
        cardsLeft: cardsLeft(state.shoe),
      };
      switch (audience.role) {
        case 'player':
          return { ...base, bets: betsOfPlayer(state.book, audience.playerId), next: [] };
        case 'dealer':
        case 'pitboss':
          return { ...base, bets: [], totals: bookTotals(state.book), next: next(state) };
      }
    },
    redact: (e) => e,
    // issue 9 §5: the next card is owed within BACCARAT_DEAL_STALL_MS of the last one (a halt waits for the pit boss instead)
    stall: () => ({ step: 'deal', afterMs: BACCARAT_DEAL_STALL_MS, ruleId: 'GEN-6' }),
    settle(state, profile): Result<readonly SettlementLine[]> {
      if (!state.result) return violation('ROUND_NOT_RESOLVED', 'GEN-5', `The round cannot be settled in phase ${state.phase}.`, { phase: state.phase });
      return ok(settleBets(profile, state.result, state.book.byId.values()));
    },
    next,
    // issue 23: a carried shoe (the shoe monitor) and a count to follow (advantage play: BAC-10 pair bets against the remaining shoe)
    integrity: { shoe: { count: { mainKinds: ['player', 'banker', 'tie'], sideKinds: ['player-pair', 'banker-pair'] } } },
    devices: {
      reporters: { shoe: ['shoe'] },
      map: (ev, _ctx, at) => shoeDeviceReaction(ev, at, { unreadable: true }),
    },
    commands: [
      { type: 'RecordCutCard', roles: ['dealer'], ruleId: 'BAC-18', description: 'The cut card came out: this is the last hand before the shuffle.' },
      { type: 'EnterManualCard', roles: ['dealer', 'pitboss'], signOff: true, ruleId: 'S-3', description: 'Enter an unreadable card by hand; a second person (pit boss) confirms it.' },
      { type: 'ResolveMisdeal', roles: ['pitboss'], ruleId: 'S-2', description: 'Resolve a halted round: void it (every bet refunded) or accept a corrected legal sequence.' },
    ],
    preOpen: { ruleId: 'GEN-8', checks: ['cards-inspected', 'shoe', 'discard-holder', 'scanner'], description: 'Cards are inspected before play; the shoe, the discard holder and the scanner are checked before the table opens.' },
    carry: { next: (prev, at) => carryShoe(prev, at) },
    example: { spots: ['player', 'tie'], resolve: [{ type: 'RecordCard', card: '7S' }, { type: 'RecordCard', card: '6H' }, { type: 'RecordCard', card: 'KD' }, { type: 'RecordCard', card: 'QC' }] },
  });
}

export const baccaratDefinition = defineBaccarat();

export const createBaccaratKernel = (profiles: Readonly<Record<string, BaccaratProfile>> = baccaratProfiles) => createKernel(defineBaccarat(profiles));

/** The baccarat kernel over the built-in profiles (`baccaratProfiles`). */
export const baccaratKernel = createBaccaratKernel(baccaratProfiles);
