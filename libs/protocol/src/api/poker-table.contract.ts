/**
 * Live poker tables (issue 11): the wire contract between the studio server, the SDK and the apps.
 *
 * A poker table is not a spot-bet round: chips move during the hand, so it does not go through the
 * referee's bet lifecycle. The server keeps one pure `pokerTable` state per table (libs/games
 * `poker-table`: seats between hands + the hand state machine), persists its commands as an event log,
 * and sends each audience one `poker.table` frame per change, built with `viewHand(state, audience)`.
 *
 * Money: a buy-in moves chips from the player's wallet into a table-stack ledger sub-account
 * (S1-STACK); pots are settled from those stacks at the hand's end (rake to the house, S1-RAKE);
 * leaving returns the stack. Every amount is integer minor units.
 *
 * The WS message schemas below are the client → server payloads (`poker.*` socket.io events, each
 * answered with an ack `{ ok: true, result: PokerTableFrame } | { ok: false, error: Rejection }`).
 */
import { z } from 'zod';
import type { pokerTable } from '@felt-studio/games';

const id = z.string().min(1).max(128);
const minor = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export const POKER_WS_MESSAGES = {
  /** Watch a poker table (players, dealer, pit boss): answered with the audience's frame. */
  'poker.join': z.object({ tableId: id }).strict(),
  'poker.leave-view': z.object({ tableId: id }).strict(),
  /** S1-STACK / S1-ENTRY-2: take a free seat with a buy-in from the wallet. */
  'poker.sit': z.object({ tableId: id, seat: z.number().int().min(1).max(10), buyInMinor: minor, postToEnter: z.boolean().default(false) }).strict(),
  /** No free seat: queue for the next one. */
  'poker.waitlist': z.object({ tableId: id }).strict(),
  /** S1-STACK: a top-up takes effect between hands. */
  'poker.top-up': z.object({ tableId: id, amountMinor: minor }).strict(),
  'poker.sit-out': z.object({ tableId: id }).strict(),
  /** S1-REENTRY: back in; `postToEnter` posts the missed blinds now instead of waiting for the BB. */
  'poker.sit-in': z.object({ tableId: id, postToEnter: z.boolean().default(false) }).strict(),
  /**
   * S1-STRADDLE (Texas Hold'em on an "Ö" table only): a standing choice — while on, the seat posts the
   * övermörk (2 × BB) whenever it is directly after the big blind; takes effect from the next hand.
   * Refused with POKER_STRADDLE_NOT_ALLOWED elsewhere.
   */
  'poker.straddle': z.object({ tableId: id, straddle: z.boolean() }).strict(),
  /** Leave the seat: at once between hands, else when the hand ends; the stack goes back to the wallet. */
  'poker.stand-up': z.object({ tableId: id }).strict(),
  /** The player to act. `toMinor` is the street total for bet/raise (and all-in when given). */
  'poker.act': z
    .object({
      tableId: id,
      handId: id,
      action: z.enum(['fold', 'check', 'call', 'bet', 'raise', 'all-in']),
      toMinor: minor.optional(),
    })
    .strict(),
  /** S1-TIMEBANK: spend the time bank on this turn. */
  'poker.time-bank': z.object({ tableId: id, handId: id }).strict(),
  /** Draw games: the cards (codes, e.g. `7h`) the player discards; an empty list stands pat. */
  'poker.draw': z.object({ tableId: id, handId: id, discard: z.array(z.string().min(2).max(3)).max(5) }).strict(),
} as const;
export type PokerWsMessage = keyof typeof POKER_WS_MESSAGES;
export type PokerWsBody<K extends PokerWsMessage> = z.input<(typeof POKER_WS_MESSAGES)[K]>;

/** Server → client frame name: one per change of the table, per audience. */
export const POKER_TABLE_FRAME = 'poker.table' as const;

export interface PokerSeatFrame {
  readonly seat: number;
  /** what every audience may see of who sits there (never a user id or account name of another player). */
  readonly displayName: string;
  /** this frame's player. */
  readonly me: boolean;
  readonly stackMinor: number;
  readonly status: 'active' | 'sitting-out' | 'new';
  readonly disconnected: boolean;
  readonly leaving: boolean;
  readonly pendingTopUpMinor: number;
  readonly isButton: boolean;
  /** a robot player of the demo table. */
  readonly robot: boolean;
  /** S1-STRADDLE: the seat's standing straddle choice (posted when directly after the big blind). */
  readonly straddle: boolean;
}

/**
 * Who sat at a seat of the frame's hand. A seat can change hands once a hand is over (one player stands up, another
 * sits down) while the last hand is still shown: its result, its cards and its names are read from here, never from
 * the table's current `seats`.
 */
export interface PokerHandSeatFrame {
  readonly seat: number;
  /** the name the table showed for the seat during the hand (`seats[].displayName` then). */
  readonly displayName: string;
  /** this frame's player played the hand from this seat. */
  readonly me: boolean;
  /** the same player holds the seat now (false once they left it, or another sat down there). */
  readonly stillSeated: boolean;
}

export interface PokerTableFrame {
  readonly tableId: string;
  readonly name: string;
  /** increases with every change of the table; a gap means: ask again with `poker.join`. */
  readonly seq: number;
  readonly currency: string;
  readonly config: Pick<
    pokerTable.PokerTableConfig,
    'variant' | 'structure' | 'smallBlindMinor' | 'bigBlindMinor' | 'anteMinor' | 'bringInMinor' | 'smallBetMinor' | 'bigBetMinor' | 'straddleTable' | 'capPerHandMinor' | 'actionMs' | 'timeBankMs' | 'timeout' | 'burnCards'
  > & {
    readonly seatCount: number;
    readonly minBuyInMinor: number;
    readonly maxBuyInMinor: number | null;
    readonly rake: pokerTable.PokerTableConfig['rake'];
  };
  readonly seats: readonly (PokerSeatFrame | null)[];
  readonly waitingCount: number;
  /** this player's place in the waiting list (players only). */
  readonly myWaitingPosition: number | null;
  /** the hand in play or the last one (null before the first); `viewHand(state, audience)`. */
  readonly hand: pokerTable.HandView | null;
  /** who played `hand` from each of its seats (empty without a hand). */
  readonly handSeats: readonly PokerHandSeatFrame[];
  /** the player's wallet balance available for buy-ins and top-ups (players only). */
  readonly myBalanceMinor: number | null;
  /** what the dealer must scan next (dealer / pit boss; null when the RNG deals, S1-DEAL-1); `burn`: the dealer burns a card (PT-BURN). */
  readonly cardDue: { readonly to: 'seat'; readonly seat: number; readonly up: boolean } | { readonly to: 'board' } | { readonly to: 'burn' } | null;
  /** `shoe`: a studio dealer scans the cards; `rng`: the server's certified shuffle deals (S1-DEAL-1). */
  readonly dealing: 'shoe' | 'rng';
  /** server time of this frame (the apps correct the countdown with the clock offset). */
  readonly at: number;
}

/** The frame's `config` from a table's rules and seats (the server's frames and the apps' fixtures alike). */
export function pokerFrameConfig(c: pokerTable.PokerTableConfig, seats: { readonly seatCount: number; readonly minBuyInMinor: number; readonly maxBuyInMinor: number | null }): PokerTableFrame['config'] {
  return {
    variant: c.variant,
    structure: c.structure,
    smallBlindMinor: c.smallBlindMinor,
    bigBlindMinor: c.bigBlindMinor,
    anteMinor: c.anteMinor,
    bringInMinor: c.bringInMinor,
    smallBetMinor: c.smallBetMinor,
    bigBetMinor: c.bigBetMinor,
    straddleTable: c.straddleTable,
    capPerHandMinor: c.capPerHandMinor,
    actionMs: c.actionMs,
    timeBankMs: c.timeBankMs,
    timeout: c.timeout,
    burnCards: c.burnCards === true,
    seatCount: seats.seatCount,
    minBuyInMinor: seats.minBuyInMinor,
    maxBuyInMinor: seats.maxBuyInMinor,
    rake: c.rake,
  };
}

/**
 * `GET /poker-tables` (any signed-in user): the lobby's poker tables, `{ tables: PokerLobbyEntry[] }`.
 * The player client opens a poker table at `/play/poker/:tableId`.
 */
export interface PokerLobbyEntry {
  readonly tableId: string;
  readonly name: string;
  readonly variant: pokerTable.VariantId;
  readonly structure: pokerTable.BettingStructure;
  readonly smallBlindMinor: number;
  readonly bigBlindMinor: number;
  readonly seatCount: number;
  readonly seated: number;
  readonly waiting: number;
  readonly minBuyInMinor: number;
  readonly maxBuyInMinor: number | null;
  readonly currency: string;
  readonly dealing: 'shoe' | 'rng';
}

/**
 * `GET /poker-tables/:id/hands?limit=N` (staff; N ≤ 100, default 30): the table's latest hands, newest
 * first, for the pit boss's hand history. Each hand's events: `GET /poker-tables/:id/hands/:handId/events`.
 */
export interface PokerHandSummary {
  readonly handId: string;
  /** server time of `hand-started`. */
  readonly startedAt: number;
  /** null while the hand is in play. */
  readonly endedAt: number | null;
  /** how it ended: `void` when voided (S1-FAIL-RING, a pit boss's void), else `complete`; null in play. */
  readonly ending: 'complete' | 'void' | null;
}
