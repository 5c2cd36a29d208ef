import { createHash, randomBytes, randomInt } from 'node:crypto';
import { pokerTable, poker, type Audience, type Result } from '@felt-studio/games';
import { pokerFrameConfig, type PokerSeatFrame, type PokerTableFrame } from '@felt-studio/protocol';

/**
 * One live poker table as a pure fold of its event log (issue 11; docs/rules/live-poker.md §2). The server keeps
 * `PokerTableState` in memory per table and appends every change as an event (round_event stream
 * `poker:<tableId>`); a restart folds the log again with the same pure functions of libs/games
 * `poker-table` (seats.ts between hands, hand.ts during one), so the table is laid out exactly as it was.
 *
 * Player ids inside the pure core are table-local keys (`pk_…`), never user ids: hand views and results
 * carry them to every audience, so another player's user id never leaves the server (issue 11 "Display
 * names, never another player's user id").
 */

export type Dealing = 'rng' | 'shoe';

export interface PokerTableDef {
  readonly tableId: string;
  readonly name: string;
  readonly currency: string;
  readonly dealing: Dealing;
  /** `shoe` tables: the device id of the table's scanning shoe (its MQTT credential is per table + device). */
  readonly shoeDeviceId: string | null;
  readonly config: pokerTable.PokerTableConfig;
  readonly seats: pokerTable.SeatsConfig;
  /** demo robot players seated at boot (bounded, switchable off with FELT_POKER_ROBOTS=0). */
  readonly robots: number;
  readonly createdAt: number;
}

export interface PlayerEntry {
  readonly key: string;
  readonly userId: string;
  readonly displayName: string;
  readonly robot: boolean;
}

/**
 * A seat bought in from an operator's seamless wallet (issue 12 × issue 11): one operator round per seat
 * session (`poker:<tableId>:<sessionId>`), the buy-in's debit is the session id; the cash-out goes back there.
 */
export interface SeamlessSeat {
  readonly sessionId: string;
  readonly operatorId: string;
  /** the operator's id of the player (`user`). */
  readonly user: string;
}

/** The chips came from the operator: `debit` is the bet id of this buy-in/top-up's debit (the session id for the buy-in). */
export interface SeamlessChips extends SeamlessSeat {
  readonly debit: string;
}

export const sessionRound = (tableId: string, sessionId: string): string => `poker:${tableId}:${sessionId}`;

export interface PokerTableState {
  readonly def: PokerTableDef;
  /** the log's last seq (the frame's `seq`: +1 per change). */
  readonly seq: number;
  readonly seats: pokerTable.TableSeats;
  /** the hand in play or the last one (null before the first). */
  readonly hand: pokerTable.HandState | null;
  readonly plan: pokerTable.HandPlan | null;
  readonly handNo: number;
  /** table-local key → who (user id stays server-side). */
  readonly players: Readonly<Record<string, PlayerEntry>>;
  /** table-local key → the seat's seamless-wallet session (players of a seamless operator only; absent in older snapshots). */
  readonly wallets?: Readonly<Record<string, SeamlessSeat>>;
}

/** The events of a poker table's log (payloads are plain JSON). */
export type PokerEvent =
  | { readonly type: 'player'; readonly player: PlayerEntry }
  | { readonly type: 'seat'; readonly op: 'sit'; readonly key: string; readonly seat: number; readonly buyInMinor: number; readonly balanceMinor: number; readonly postToEnter: boolean; readonly seamless?: SeamlessChips }
  | { readonly type: 'seat'; readonly op: 'waitlist'; readonly key: string }
  | { readonly type: 'seat'; readonly op: 'top-up'; readonly key: string; readonly amountMinor: number; readonly balanceMinor: number; readonly seamless?: SeamlessChips }
  | { readonly type: 'seat'; readonly op: 'sit-out'; readonly key: string; readonly disconnected: boolean }
  | { readonly type: 'seat'; readonly op: 'sit-in'; readonly key: string; readonly postToEnter: boolean }
  | { readonly type: 'seat'; readonly op: 'leave'; readonly key: string }
  /** S1-STRADDLE: the player's standing choice (Ö tables), from the next hand planned. */
  | { readonly type: 'seat'; readonly op: 'straddle'; readonly key: string; readonly on: boolean }
  /** `deckCommit`: sha256 of the RNG deck order + salt (S1-DEAL-1), revealed in `hand-ended`. */
  | { readonly type: 'hand-started'; readonly handId: string; readonly plan: pokerTable.HandPlan; readonly at: number; readonly deckCommit: string | null }
  | { readonly type: 'hand-command'; readonly handId: string; readonly cmd: pokerTable.HandCommand }
  | { readonly type: 'hand-ended'; readonly handId: string; readonly deck: readonly string[] | null; readonly salt: string | null };

export const streamOf = (tableId: string): string => `poker:${tableId}`;

export function initialState(def: PokerTableDef): PokerTableState {
  // S1-STRADDLE: the seats layer knows whether the table is marked Ö from the table's config (defs stored before it had the flag)
  return { def, seq: 0, seats: pokerTable.emptyTable({ ...def.seats, straddleTable: def.config.straddleTable }), hand: null, plan: null, handNo: 0, players: {}, wallets: {} };
}

const unwrapped = <T>(r: Result<T>, what: string): T => {
  if (!r.ok) throw new Error(`poker log does not replay (${what}): ${r.violation.code} ${r.violation.message}`);
  return r.value;
};

/** Applies a seat event (pure): the new seats and the ledger effects (S1-STACK). */
export function seatUpdate(t: pokerTable.TableSeats, e: Extract<PokerEvent, { type: 'seat' }>): Result<pokerTable.SeatsUpdate> {
  switch (e.op) {
    case 'sit':
      return pokerTable.sitDown(t, { playerId: e.key, seat: e.seat, buyInMinor: e.buyInMinor, balanceMinor: e.balanceMinor, postToEnter: e.postToEnter });
    case 'waitlist':
      return pokerTable.joinWaitingList(t, e.key);
    case 'top-up':
      return pokerTable.topUp(t, e.key, e.amountMinor, e.balanceMinor);
    case 'sit-out':
      return pokerTable.sitOut(t, e.key, e.disconnected);
    case 'sit-in':
      return pokerTable.sitIn(t, e.key, e.postToEnter);
    case 'leave':
      return pokerTable.leave(t, e.key);
    case 'straddle':
      return pokerTable.setStraddle(t, e.key, e.on);
  }
}

/** A seat session ends when its seat is gone (left: its cash-out went back to the operator in the same change). */
function seatedOnly(w: PokerTableState['wallets'], t: pokerTable.TableSeats): PokerTableState['wallets'] {
  if (!w) return w;
  const keys = Object.keys(w);
  if (keys.every((k) => t.seats.some((r) => r.playerId === k))) return w;
  return Object.fromEntries(Object.entries(w).filter(([k]) => t.seats.some((r) => r.playerId === k)));
}

/** The ledger effects (S1-STACK) an event has on the state before it: seat ops, and a hand's end (top-ups applied, leavers cashed out). */
export function eventEffects(s: PokerTableState, e: PokerEvent): readonly pokerTable.SeatEffect[] {
  if (e.type === 'seat') {
    const r = seatUpdate(s.seats, e);
    return r.ok ? r.value.effects : [];
  }
  if (e.type === 'hand-ended' && s.hand?.result) return pokerTable.handEnded(s.seats, s.hand.result, s.hand).effects;
  return [];
}

/** Folds one event (pure; throws when the log is corrupt — it was valid when written). */
export function applyEvent(s: PokerTableState, e: PokerEvent, seq: number): PokerTableState {
  switch (e.type) {
    case 'player':
      return { ...s, seq, players: { ...s.players, [e.player.key]: e.player } };
    case 'seat': {
      const seats = unwrapped(seatUpdate(s.seats, e), `seat ${e.op}`).table;
      const wallets = e.op === 'sit' && e.seamless ? { ...s.wallets, [e.key]: { sessionId: e.seamless.sessionId, operatorId: e.seamless.operatorId, user: e.seamless.user } } : s.wallets;
      return { ...s, seq, seats, wallets: seatedOnly(wallets, seats) };
    }
    case 'hand-started': {
      const hand = unwrapped(pokerTable.startHand({ handId: e.handId, config: s.def.config, seats: e.plan.seats, buttonSeat: e.plan.buttonSeat, at: e.at }), 'hand-started');
      return { ...s, seq, hand, plan: e.plan, handNo: s.handNo + 1, seats: pokerTable.handStarted(s.seats, e.plan) };
    }
    case 'hand-command': {
      if (!s.hand || s.hand.handId !== e.handId) throw new Error(`poker log: command for ${e.handId} without its hand`);
      return { ...s, seq, hand: unwrapped(pokerTable.applyHandCommand(s.hand, e.cmd), `hand ${e.cmd.type}`) };
    }
    case 'hand-ended': {
      if (!s.hand?.result) throw new Error(`poker log: hand ${e.handId} ended without a result`);
      const seats = pokerTable.handEnded(s.seats, s.hand.result, s.hand).table;
      return { ...s, seq, seats, wallets: seatedOnly(s.wallets, seats) };
    }
  }
}

export const handOver = (h: pokerTable.HandState | null): boolean => h === null || h.phase.type === 'complete' || h.phase.type === 'void';

/** Whether the hand's end is already folded into the seats (inHand cleared). */
export const handSettled = (s: PokerTableState): boolean => s.hand === null || (handOver(s.hand) && s.seats.inHand.length === 0);

// ───────────────────────────── RNG dealing (S1-DEAL-1) ─────────────────────────────

export interface RngDeck {
  readonly order: readonly number[];
  readonly salt: string;
  readonly commit: string;
}

/** The server's certified shuffle: CSPRNG Fisher–Yates (node:crypto randomInt) over the variant's deck; the commitment goes in the log. */
export function shuffleDeck(lowestRank: number): RngDeck {
  const order = poker.shortDeck(lowestRank);
  for (let i = order.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [order[i], order[j]] = [order[j] as number, order[i] as number];
  }
  const salt = randomBytes(16).toString('hex');
  return { order, salt, commit: deckCommit(order, salt) };
}

export function deckCommit(order: readonly number[], salt: string): string {
  return createHash('sha256').update(`${order.map((c) => poker.cardCode(c)).join(',')}:${salt}`).digest('hex');
}

/** The next card of the RNG deck for this hand: the first not yet out (a draw's discards come back when the stock is used up, 001 §3.5). */
export function nextRngCard(h: pokerTable.HandState, deck: RngDeck): number | null {
  const out = new Set(h.dealt);
  const next = deck.order.find((c) => !out.has(c));
  if (next !== undefined) return next;
  const held = new Set(h.seats.flatMap((x) => x.cards.map((k) => k.card)).concat(h.board));
  return h.discards.find((c) => !held.has(c)) ?? null;
}

// ───────────────────────────── frames (per audience) ─────────────────────────────

export interface Viewer {
  readonly audience: Audience;
  /** the viewer's table-local key (players), null for staff / non-seated. */
  readonly key: string | null;
}

export function frameOf(s: PokerTableState, viewer: Viewer, extra: { readonly balanceMinor: number | null; readonly at: number }): PokerTableFrame {
  const d = s.def;
  const c = d.config;
  const seats: (PokerSeatFrame | null)[] = Array.from({ length: d.seats.seatCount }, () => null);
  for (const r of s.seats.seats) {
    const who = s.players[r.playerId];
    seats[r.seat - 1] = {
      seat: r.seat,
      displayName: who?.displayName ?? `Seat ${r.seat}`,
      me: viewer.key !== null && r.playerId === viewer.key,
      stackMinor: r.stackMinor,
      status: r.status,
      disconnected: r.disconnected,
      leaving: r.leaving,
      pendingTopUpMinor: r.pendingTopUpMinor,
      isButton: s.seats.buttonSeat === r.seat,
      robot: who?.robot ?? false,
      straddle: r.straddle === true,
    };
  }
  const audience: Audience = viewer.audience.role === 'player' ? { role: 'player', playerId: viewer.key ?? '-' } : viewer.audience;
  const due = s.hand && !handOver(s.hand) && viewer.audience.role !== 'player' ? pokerTable.cardDue(s.hand) : null;
  const pos = viewer.key === null ? -1 : s.seats.waiting.indexOf(viewer.key);
  return {
    tableId: d.tableId,
    name: d.name,
    seq: s.seq,
    currency: d.currency,
    config: pokerFrameConfig(c, d.seats),
    seats,
    waitingCount: s.seats.waiting.length,
    myWaitingPosition: viewer.audience.role === 'player' && pos >= 0 ? pos + 1 : null,
    hand: s.hand ? pokerTable.viewHand(s.hand, audience) : null,
    handSeats: (s.hand?.seats ?? []).map((x) => ({
      seat: x.seat,
      displayName: s.players[x.playerId]?.displayName ?? `Seat ${x.seat}`,
      me: viewer.key !== null && x.playerId === viewer.key,
      stillSeated: s.seats.seats.some((r) => r.seat === x.seat && r.playerId === x.playerId),
    })),
    myBalanceMinor: viewer.audience.role === 'player' ? extra.balanceMinor : null,
    cardDue: d.dealing === 'rng' ? null : due,
    dealing: d.dealing,
    at: extra.at,
  };
}
