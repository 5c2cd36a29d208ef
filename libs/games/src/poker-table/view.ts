import type { Audience } from '../kernel/kernel.js';
import { cardCode, type CardId } from '../poker/cards.js';
import { ok, type Result } from '../common/result.js';
import { applyHandCommand, cardDue, legalActions, startHand, type HandCommand, type HandResult, type HandState, type LegalActions, type SeatInput } from './hand.js';
import type { PokerTableConfig } from './profiles.js';

/**
 * What each audience may see of a hand (non-negotiable 4, issue 11 "Hidden information"):
 * - a player sees their own down cards, everyone's up cards and the board; never another's down cards
 *   until showdown reveals the hands still in (001 §2.8; folded hands stay mucked, an uncontested
 *   winner does not show);
 * - the dealer console sees "card scanned" for a down card, never its value, unless the profile says
 *   the dealer sees hole cards (`dealerSeesHoleCards`);
 * - the pit boss sees what the dealer sees during the hand and every card once it is over (disputes, GEN-8).
 */
export type CardView = { readonly card: string; readonly up: boolean } | { readonly hidden: true; readonly up: false };

export interface SeatView {
  readonly seat: number;
  readonly playerId: string;
  readonly stackMinor: number;
  readonly streetMinor: number;
  readonly totalMinor: number;
  readonly folded: boolean;
  readonly allIn: boolean;
  readonly cards: readonly CardView[];
  /** S1-TIMEBANK: what is left of this seat's time bank (ms; public, like the countdown). */
  readonly timeBankMs: number;
}

/** The hand's result as every audience sees it: shown hands' cards as codes (`7h`), like every other card. */
export type ResultView = Omit<HandResult, 'shown'> & {
  readonly shown: readonly { readonly seat: number; readonly cards: readonly string[]; readonly high: string; readonly low: string | null }[];
};

export interface HandView {
  readonly handId: string;
  readonly variant: string;
  readonly phase: HandState['phase']['type'];
  readonly board: readonly string[];
  readonly potMinor: number;
  readonly currentBetMinor: number;
  readonly seats: readonly SeatView[];
  readonly toAct: number | null;
  /** the countdown (S1-TIMEOUT) everyone sees. */
  readonly deadlineAt: number | null;
  /** S1-TIMEBANK: the player to act is spending their time bank (the deadline already includes it). */
  readonly bankInUse: boolean;
  /** only for the player to act. */
  readonly legal: LegalActions | null;
  readonly result: ResultView | null;
}

const code = (c: CardId): string => cardCode(c);

function seesDown(s: HandState, audience: Audience, seatPlayerId: string, folded: boolean): boolean {
  const over = s.phase.type === 'complete' || s.phase.type === 'void';
  switch (audience.role) {
    case 'player':
      if (audience.playerId === seatPlayerId) return true;
      return s.phase.type === 'complete' && s.result?.type === 'showdown' && !folded;
    case 'dealer':
      return s.config.dealerSeesHoleCards || (s.phase.type === 'complete' && s.result?.type === 'showdown' && !folded);
    case 'pitboss':
      return over || s.config.dealerSeesHoleCards;
  }
}

export function viewHand(s: HandState, audience: Audience): HandView {
  const toActSeat = s.toAct === null ? null : (s.seats[s.toAct]?.seat ?? null);
  const la = legalActions(s);
  const mine = audience.role === 'player' && la !== null && s.seats.find((x) => x.seat === la.seat)?.playerId === audience.playerId;
  return {
    handId: s.handId,
    variant: s.variant.id,
    phase: s.phase.type,
    board: s.board.map(code),
    potMinor: s.seats.reduce((a, x) => a + x.totalMinor, 0) - s.rakeMinor,
    currentBetMinor: s.currentBetMinor,
    seats: s.seats.map((x) => {
      const see = seesDown(s, audience, x.playerId, x.folded);
      return {
        seat: x.seat,
        playerId: x.playerId,
        stackMinor: x.stackMinor,
        streetMinor: x.streetMinor,
        totalMinor: x.totalMinor,
        folded: x.folded,
        allIn: x.allIn,
        cards: x.cards.map((k): CardView => (k.up || see ? { card: code(k.card), up: k.up } : { hidden: true, up: false })),
        timeBankMs: x.timeBankMs,
      };
    }),
    toAct: toActSeat,
    deadlineAt: s.clock?.deadlineAt ?? null,
    bankInUse: s.clock?.bankInUse ?? false,
    legal: mine ? la : null,
    // results carry only the hands the showdown revealed to everyone (void and uncontested: none)
    result: s.result ? { ...s.result, shown: s.result.shown.map((h) => ({ ...h, cards: h.cards.map(code) })) } : null,
  };
}

/**
 * A card command as an audience receives it (the event stream): the card value of a down card goes only
 * to its holder (and to the dealer when the profile says so); everyone else learns "card scanned" for
 * that seat. Up cards and board cards go to everyone. A burned card (PT-BURN) is `card-burned` for every
 * audience, with no value. Other commands carry no hidden information, except
 * a draw's discards, which only the drawing player sees.
 */
export function redactHandCommand(before: HandState, cmd: HandCommand, audience: Audience): Record<string, unknown> {
  if (cmd.type === 'card') {
    const due = cardDue(before);
    // PT-BURN: nobody learns a burned card's value during the hand (the pit boss gets it once the hand is over)
    if (due?.to === 'burn') return { type: 'card-burned', at: cmd.at };
    if (!due || due.to === 'board' || due.up) return commandView(before, cmd);
    const holder = before.seats.find((x) => x.seat === due.seat);
    const sees = (audience.role === 'player' && audience.playerId === holder?.playerId) || (audience.role !== 'player' && before.config.dealerSeesHoleCards);
    return sees ? commandView(before, cmd) : { type: 'card-scanned', to: due.seat, up: false, at: cmd.at };
  }
  if (cmd.type === 'draw') {
    const holder = before.seats.find((x) => x.seat === cmd.seat);
    const own = audience.role === 'player' && audience.playerId === holder?.playerId;
    return own ? commandView(before, cmd) : { type: 'draw', seat: cmd.seat, count: cmd.discards.length, at: cmd.at };
  }
  return commandView(before, cmd);
}

/**
 * A command in full, cards as codes: what its holder sees, and what the pit boss sees of a hand that is
 * over (every card, burned cards as `to: 'burn'`, for disputes, GEN-8). `parseHandEvents` reads it back.
 */
export function commandView(before: HandState, cmd: HandCommand): Record<string, unknown> {
  switch (cmd.type) {
    case 'card': {
      const due = cardDue(before);
      if (due?.to === 'burn') return { type: 'card', to: 'burn', card: code(cmd.card), up: false, at: cmd.at };
      const up = !due || due.to === 'board' || due.up;
      return { type: 'card', to: due?.to === 'seat' ? due.seat : 'board', card: code(cmd.card), up, at: cmd.at };
    }
    case 'draw':
      return { type: 'draw', seat: cmd.seat, discards: cmd.discards.map(code), at: cmd.at };
    case 'expose':
      return { type: 'expose', seat: cmd.seat, card: code(cmd.card), at: cmd.at };
    default:
      return { ...cmd };
  }
}

/** One hand as its log holds it: the start (with the plan), each command, and the end (the RNG deck proof). */
export interface LoggedHand {
  readonly start: { readonly seq: number; readonly handId: string; readonly config: PokerTableConfig; readonly seats: readonly SeatInput[]; readonly buttonSeat: number | null; readonly at: number; readonly deckCommit: string | null };
  readonly commands: readonly { readonly seq: number; readonly cmd: HandCommand }[];
  readonly ended: { readonly seq: number; readonly deck: readonly string[] | null; readonly salt: string | null } | null;
}

/**
 * A hand's events as `audience` may receive them (`GET /poker-tables/:id/hands/:handId/events`, the hand
 * history, `felt settle poker-<variant>`): every command redacted by `redactHandCommand` — except for the
 * pit boss once the hand is over, who gets every card (disputes, GEN-8) and the RNG deck and salt that prove
 * its commitment (S1-DEAL-1). Nobody else ever gets the deck: it holds folded players' hole cards. The result
 * carries shown hands as codes, like the frames.
 */
export function handEventsView(h: LoggedHand, audience: Audience): Result<Record<string, unknown>[]> {
  const st = h.start;
  const r = startHand({ handId: st.handId, config: st.config, seats: st.seats, buttonSeat: st.buttonSeat, at: st.at });
  if (!r.ok) return r;
  let hand = r.value;
  const seesAll = h.ended !== null && audience.role === 'pitboss';
  const out: Record<string, unknown>[] = [{ seq: st.seq, type: 'hand-started', handId: st.handId, buttonSeat: st.buttonSeat, seats: st.seats, deckCommit: st.deckCommit, at: st.at }];
  for (const { seq, cmd } of h.commands) {
    out.push({ seq, ...(seesAll ? commandView(hand, cmd) : redactHandCommand(hand, cmd, audience)) });
    const n = applyHandCommand(hand, cmd);
    if (n.ok) hand = n.value;
  }
  if (h.ended) {
    const result = hand.result ? { ...hand.result, shown: hand.result.shown.map((x) => ({ ...x, cards: x.cards.map(code) })) } : null;
    out.push({ seq: h.ended.seq, type: 'hand-ended', result, ...(seesAll ? { deck: h.ended.deck, salt: h.ended.salt } : {}) });
  }
  return ok(out);
}
