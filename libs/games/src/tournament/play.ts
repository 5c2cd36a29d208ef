import { ok, violation, type Result } from '../common/result.js';
import { createRng, shuffle, type Rng } from '../common/random.js';
import { applyHandCommand, cardDue, legalActions, startHand, timeoutAction, type HandCommand, type HandState, type PlayerAction } from '../poker-table/hand.js';
import { tableConfig, type PokerTableConfig } from '../poker-table/profiles.js';
import { robotCommand } from '../poker-table/robot.js';
import { viewHand, type HandView } from '../poker-table/view.js';
import { BACK_REASON, currentItem, evolve, finalPayouts, handForHand, initialState, playing, rebalance, register, start, tick, type LoggedAction, type RoundHand, type RoundInPlay, type TournamentEvent, type TournamentState } from './state.js';
import type { TournamentDef } from './structure.js';

/**
 * The tournament's hands (issue 24), played with the pure live-poker core (`poker-table`: `startHand`,
 * `applyHandCommand`, the seeded `robotCommand`) — no second poker engine. Each table deals one No-Limit
 * Hold'em hand per round with the level's blinds and ante; the players are people and robot entries (the CI
 * tournament and the demo register robots as such: `registered.robot`).
 *
 * TRN-PLAY (people at their seats): a player who has taken their seat (`sat-in`) acts on their own turns. A round
 * with a person at one of its tables is a **round in play** (`round-started`: every table's hand as dealt); every
 * action of the hands at those tables is logged (`hand-action`, by the player, the robot, the clock or the
 * absence), so the hand in play is the fold of the log (`roundHand`); robot-only tables' hands are played at once by
 * the robots from their seeds, as before. The round ends (the `hand-played` events, busts, balancing, the finish)
 * when every hand is over. S1-TIMEOUT: a person's turn has the action clock (`actionMs`); when it runs out the hand
 * core's timeout applies (check when free, else fold — the tournament tables are `check-when-free`) and the player
 * is sat out. TRN-ABSENT (S1-DISCONNECT, S1-TIMEOUT): a person's seat not taken (never sat in, sat out) is dealt in,
 * posts its blinds and antes, and is folded at once on its turns (`by: 'absent'`) — never played by the robot; a
 * robot entry's seat is played by the robot. docs/tournaments.md.
 */

/** A 32-bit seed for a hand, from the tournament's seed, the round and the table (recorded in `hand-played`). */
export function handSeed(seed: number, round: number, table: number): number {
  let h = (seed ^ 0x9e3779b9) >>> 0;
  for (const x of [round, table]) {
    h = Math.imul(h ^ x, 0x85ebca6b) >>> 0;
    h = (h ^ (h >>> 13)) >>> 0;
  }
  return h;
}

/** TRN-ABSENT: the seat of a person (not a robot entry) not sitting in is folded on its turns, never robot-played. */
const personOf = (s: TournamentState, entryId: string): boolean => s.entries.some((e) => e.entryId === entryId && !e.robot);

/** The tournament robot: the demo robot, but it moves all-in now and then (rising blinds then end the tournament). */
function robot(h: HandState, rng: Rng, at: number): HandCommand | null {
  const la = legalActions(h);
  if (la && la.raise && rng.int(100) < 4) return { type: 'act', seat: la.seat, action: 'all-in', at };
  return robotCommand(h, rng, at);
}

/** S1-TIMEOUT: a person's action clock in a tournament hand (ms) unless the server says otherwise. */
export const TOURNAMENT_ACTION_MS = 20_000;

/** The live-poker table config of a tournament hand (No-Limit Hold'em, the level's blinds, check when free on timeout; S1-TIMEBANK: the tournament's bank, each seat's own left is dealt with the hand). */
export const tournamentHandConfig = (b: { readonly smallBlind: number; readonly bigBlind: number; readonly ante: number; readonly actionMs?: number; readonly timeBankMs?: number }): PokerTableConfig =>
  tableConfig({ variant: 'holdem', structure: 'no-limit', smallBlindMinor: b.smallBlind, bigBlindMinor: b.bigBlind, anteMinor: b.ante, timeout: 'check-when-free', ...(b.actionMs !== undefined ? { actionMs: b.actionMs } : {}), ...(b.timeBankMs ? { timeBankMs: b.timeBankMs } : {}) });

/** A table's next hand as dealt: seats, stacks and the button (null when fewer than two can play). */
function dealRoundHand(s: TournamentState, tableNo: number, handId: string, seed: number): RoundHand | null {
  const t = s.tables.find((x) => x.tableNo === tableNo);
  if (!t) return null;
  const chipsOf = new Map(s.entries.map((e) => [e.entryId, e.chips]));
  // S1-TIMEBANK: each seat's bank at the deal (written only where the tournament has one: older logs replay unchanged)
  const bankOf = hasTimeBank(s) ? new Map(s.entries.map((e) => [e.entryId, e.timeBankMs])) : null;
  const seats = t.seats.flatMap((x, i) => (x === null ? [] : [{ seat: i + 1, entryId: x, chips: chipsOf.get(x) ?? 0, ...(bankOf ? { timeBankMs: bankOf.get(x) ?? 0 } : {}) }]));
  if (seats.length < 2) return null;
  // the button moves to the next occupied seat (a simple moving button [Interp]: no dead button)
  const button = t.button === null ? (seats[0] as { seat: number }).seat : (seats.find((x) => x.seat > (t.button as number)) ?? (seats[0] as { seat: number })).seat;
  return { table: tableNo, handId, button, seed, seats, interactive: false };
}

/** S1-TIMEBANK: the tournament publishes a time bank. */
const hasTimeBank = (s: TournamentState): boolean => (s.def.timeBankMs ?? 0) > 0;

function begin(rh: RoundHand, config: PokerTableConfig, at: number): { h: HandState; deck: number[]; rng: Rng } {
  const st = startHand({ handId: rh.handId, config, seats: rh.seats.map((x) => ({ seat: x.seat, playerId: x.entryId, stackMinor: x.chips, ...(x.timeBankMs !== undefined ? { timeBankMs: x.timeBankMs } : {}) })), buttonSeat: rh.button, at });
  if (!st.ok) throw new Error(`tournament hand ${rh.handId}: ${st.violation.code} ${st.violation.message}`);
  const rng = createRng(rh.seed);
  const deck = rh.deck !== undefined ? checkedDeck(rh) : shuffle(Array.from({ length: 52 }, (_, i) => i), rng);
  return { h: st.value, deck, rng };
}

/** TRN-DECK: a logged deck is the 52 cards once each, else the log is not one this engine wrote. */
function checkedDeck(rh: RoundHand): number[] {
  const deck = [...(rh.deck ?? [])];
  if (deck.length !== 52 || new Set(deck).size !== 52 || deck.some((c) => !Number.isInteger(c) || c < 0 || c > 51)) throw new Error(`tournament hand ${rh.handId}: TRN-DECK the logged deck is not the 52 cards once each`);
  return deck;
}

function apply(h: HandState, cmd: HandCommand): HandState {
  const r = applyHandCommand(h, cmd);
  if (!r.ok) throw new Error(`tournament hand ${h.handId}: ${r.violation.code} ${r.violation.message}`);
  return r.value;
}

/** Deals the cards due (from the hand's seeded deck) until a player is to act or the hand is over. */
function dealDue(h0: HandState, deck: number[], at: number): HandState {
  let h = h0;
  while (cardDue(h)) h = apply(h, { type: 'card', card: deck.shift() as number, at });
  return h;
}

/** A hand played to its end by the robots (every seat), from its seed. */
function playAuto(rh: RoundHand, config: PokerTableConfig, at: number): HandState {
  const b = begin(rh, config, at);
  const { deck, rng } = b;
  let h = b.h;
  for (let steps = 0; h.phase.type !== 'complete'; steps++) {
    if (steps > 2_000) throw new Error(`tournament hand ${rh.handId} did not end`);
    const due = cardDue(h);
    const cmd: HandCommand | null = due ? { type: 'card', card: deck.shift() as number, at } : robot(h, rng, at);
    if (!cmd) throw new Error(`tournament hand ${rh.handId} stuck in ${h.phase.type}`);
    h = apply(h, cmd);
  }
  return h;
}

function playedEvent(s: TournamentState, rh: RoundHand, h: HandState, at: number): Extract<TournamentEvent, { type: 'hand-played' }> {
  const result = h.result;
  if (!result) throw new Error(`tournament hand ${rh.handId} has no result`);
  // S1-TIMEBANK: what each seat has left of its bank goes on to the entry's next hands
  const timeBanks = hasTimeBank(s) ? h.seats.map((x) => ({ entryId: x.playerId, ms: x.timeBankMs })) : null;
  return { type: 'hand-played', table: rh.table, handId: rh.handId, button: rh.button, seed: rh.seed, chips: result.seats.map((x) => ({ entryId: x.playerId, chips: x.stackMinor })), handForHand: handForHand(s), ...(timeBanks ? { timeBanks } : {}), at };
}

/** One hand at a table with robots: the chips after it, or null when fewer than two can play. */
export function playTableHand(s: TournamentState, tableNo: number, seed: number, at: number): Extract<TournamentEvent, { type: 'hand-played' }> | null {
  const item = currentItem(s);
  if (item?.type !== 'level') return null;
  const rh = dealRoundHand(s, tableNo, `t${tableNo}-h${s.handsPlayed + 1}`, seed);
  if (!rh) return null;
  return playedEvent(s, rh, playAuto(rh, tournamentHandConfig(item), at), at);
}

/**
 * TRN-PLAY: a hand of the round in play as its log has it — dealt from its seed, every logged action applied
 * (an interactive hand), or played to the end by the robots (the others).
 */
export function roundHand(r: RoundInPlay, table: number): HandState | null {
  const rh = r.hands.find((x) => x.table === table);
  if (!rh) return null;
  const config = tournamentHandConfig(r);
  if (!rh.interactive) return playAuto(rh, config, r.at);
  const b = begin(rh, config, r.at);
  let h = dealDue(b.h, b.deck, r.at);
  for (const a of r.actions) {
    if (a.table !== table) continue;
    const cmd: HandCommand =
      a.by === 'timeout' ? { type: 'timeout', seat: a.seat, at: a.at } : a.action === 'time-bank' ? { type: 'time-bank', seat: a.seat, at: a.at } : { type: 'act', seat: a.seat, action: a.action, ...(a.toMinor !== undefined ? { toMinor: a.toMinor } : {}), at: a.at };
    h = dealDue(apply(h, cmd), b.deck, a.at);
  }
  return h;
}

const seatOwner = (h: HandState, seat: number): string => h.seats.find((x) => x.seat === seat)?.playerId ?? '';

/** A robot's seed for one decision of an interactive hand (its decisions are logged, so any fixed seed replays). */
const decisionRng = (rh: RoundHand, n: number): Rng => createRng(handSeed(rh.seed, n, rh.table));

/**
 * TRN-PLAY: carries the round in play on at `at` — at each interactive table the robot acts for a robot entry's
 * seat, a person's seat not taken is folded at once (TRN-ABSENT: S1-DISCONNECT, S1-TIMEOUT's literal fold, even when
 * a check would be free; `by: 'absent'`), a person's expired clock applies the timeout (S1-TIMEOUT: check when free,
 * else fold) and sits them out, and it stops at a person's turn on the clock. When every hand is over: the round's
 * end (`hand-played` at every table, busts, TRN-BALANCE, the finish).
 */
export function advanceRound(s: TournamentState, at: number): TournamentEvent[] {
  if (s.round === null) return [];
  const out: TournamentEvent[] = [];
  let cur = s;
  const emit = (e: TournamentEvent): void => {
    out.push(e);
    cur = evolve(cur, e);
  };
  let open = false;
  for (const rh of s.round.hands) {
    if (!rh.interactive) continue;
    for (let n = 0; ; n++) {
      if (n > 2_000) throw new Error(`tournament hand ${rh.handId} did not end`);
      const h = roundHand(cur.round as RoundInPlay, rh.table) as HandState;
      if (h.phase.type === 'complete') break;
      const la = legalActions(h);
      if (!la || !h.clock) throw new Error(`tournament hand ${rh.handId} stuck in ${h.phase.type}`);
      const entryId = seatOwner(h, la.seat);
      if (cur.sittingIn.includes(entryId)) {
        if (at < h.clock.deadlineAt) {
          open = true; // the person's turn, on the clock
          break;
        }
        const t = timeoutAction(h);
        if (t?.type !== 'act') throw new Error(`tournament hand ${rh.handId}: no timeout action`);
        emit({ type: 'hand-action', table: rh.table, handId: rh.handId, seat: t.seat, entryId, action: t.action, by: 'timeout', at: t.at });
        emit({ type: 'sat-out', entryId, reason: 'timeout', at });
        continue;
      }
      const robotAt = Math.min(Math.max(at, h.clock.startedAt), h.clock.deadlineAt);
      if (personOf(cur, entryId)) {
        // TRN-ABSENT: the person is away (never sat in, or sat out): deemed to have folded, at once (nobody to wait for)
        emit({ type: 'hand-action', table: rh.table, handId: rh.handId, seat: la.seat, entryId, action: 'fold', by: 'absent', at: robotAt });
        continue;
      }
      const cmd = robot(h, decisionRng(rh, cur.round?.actions.length ?? 0), robotAt);
      if (cmd?.type !== 'act') throw new Error(`tournament hand ${rh.handId}: the robot did not act`);
      emit({ type: 'hand-action', table: rh.table, handId: rh.handId, seat: cmd.seat, entryId, action: cmd.action, ...(cmd.toMinor !== undefined ? { toMinor: cmd.toMinor } : {}), by: 'robot', at: robotAt });
    }
  }
  if (!open) for (const e of endRound(cur, at)) emit(e);
  return out;
}

/** Every hand of the round in play is over: `hand-played` at each table (in table order), then the round's end. */
function endRound(s: TournamentState, at: number): TournamentEvent[] {
  const r = s.round as RoundInPlay;
  const played = r.hands.map((rh) => playedEvent(s, rh, roundHand(r, rh.table) as HandState, at));
  return closeRound(s, played, handForHand(s), at);
}

/** TRN-TIE, TRN-BALANCE, the finish: after the round's hands. */
function closeRound(s: TournamentState, played: readonly Extract<TournamentEvent, { type: 'hand-played' }>[], hfh: boolean, at: number): TournamentEvent[] {
  const out: TournamentEvent[] = [];
  let cur = s;
  const emit = (e: TournamentEvent): void => {
    out.push(e);
    cur = evolve(cur, e);
  };
  const busts: string[][] = [];
  for (const e of played) {
    emit(e);
    const out0 = e.chips.filter((x) => x.chips === 0).map((x) => x.entryId);
    if (out0.length > 0) busts.push(out0);
  }
  const groups = hfh && busts.length > 0 ? [busts.flat()] : busts;
  const order = new Map(cur.entries.map((e) => [e.entryId, e.entryNo]));
  for (const g of groups) emit({ type: 'busted', entryIds: [...g].sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0)), group: cur.bustGroups, at });
  for (const e of rebalance(cur, at)) emit(e);
  if (playing(cur).length === 1 && !registrationOpenForReEntry(cur)) emit({ type: 'finished', payouts: finalPayouts(cur), at });
  return out;
}

/** The entry of a player's in the round in play, its hand's table and seat (null: not dealt in an interactive hand). */
function mySeatInRound(s: TournamentState, playerId: string, r: RoundInPlay | null = s.round): { entryId: string; rh: RoundHand; seat: number } | null {
  const mine = new Set(s.entries.filter((e) => e.playerId === playerId && (e.status === 'playing' || r !== s.round)).map((e) => e.entryId));
  for (const rh of r?.hands ?? []) {
    const x = rh.seats.find((y) => mine.has(y.entryId));
    if (x && rh.interactive) return { entryId: x.entryId, rh, seat: x.seat };
  }
  return null;
}

const NO = (code: string, ruleId: string | null, message: string): Result<never> => violation(code, ruleId, message);

/**
 * TRN-PLAY: a player's action in their tournament hand — validated by the hand core exactly as at a live table
 * (`POKER_NOT_YOUR_TURN`, `POKER_CLOCK_EXPIRED`, an amount out of bounds… with their rule IDs); accepted, it is
 * logged (`hand-action` by the player) and the round carries on (robots, the end of the round). `time-bank`
 * (S1-TIMEBANK): the player presses their time bank on their turn — the hand core's `time-bank` command (what is left
 * of the bank is added to the clock once per turn; `POKER_NO_TIME_BANK` when used up, or in a tournament without one).
 */
export function actInRound(s: TournamentState, playerId: string, input: { readonly handId?: string; readonly action: PlayerAction | 'time-bank'; readonly toMinor?: number }, at: number): Result<TournamentEvent[]> {
  if (s.status === 'finished' || s.status === 'cancelled') return NO('TOURNAMENT_OVER', 'TRN-CANCEL', 'the tournament is over');
  const me = mySeatInRound(s, playerId);
  if (s.round === null || me === null) return NO('TOURNAMENT_NO_HAND', 'TRN-PLAY', 'you have no hand in play in this tournament (between hands)');
  if (input.handId !== undefined && input.handId !== me.rh.handId) return NO('POKER_WRONG_HAND', 'GEN-6', `hand ${input.handId} is not the one in play (${me.rh.handId})`);
  const h = roundHand(s.round, me.rh.table) as HandState;
  if (input.action === 'time-bank' && !hasTimeBank(s)) return NO('POKER_NO_TIME_BANK', 'S1-TIMEBANK', 'this tournament has no time bank');
  if (input.action === 'time-bank' && input.toMinor !== undefined) return NO('POKER_INVALID_AMOUNT', 'S1-TIMEBANK', 'the time bank takes no amount');
  const cmd: HandCommand = input.action === 'time-bank' ? { type: 'time-bank', seat: me.seat, at } : { type: 'act', seat: me.seat, action: input.action, ...(input.toMinor !== undefined ? { toMinor: input.toMinor } : {}), at };
  const r = applyHandCommand(h, cmd);
  if (!r.ok) return r;
  const act: TournamentEvent = { type: 'hand-action', table: me.rh.table, handId: me.rh.handId, seat: me.seat, entryId: me.entryId, action: input.action, ...(input.toMinor !== undefined ? { toMinor: input.toMinor } : {}), by: 'player', at };
  const next = evolve(s, act);
  return ok([act, ...advanceRound(next, at)]);
}

/** TRN-PLAY: a player takes their seat (acts on their turns from the next round; in the hand in play from their next turn) or leaves it (TRN-ABSENT: folded on their turns, at once when it is their turn now) — by choice, or because their last connection closed (`disconnect`, S1-DISCONNECT). */
export function sitIn(s: TournamentState, playerId: string, sitting: boolean, at: number, reason: 'player' | 'disconnect' = 'player'): Result<TournamentEvent[]> {
  if (s.status === 'finished' || s.status === 'cancelled') return NO('TOURNAMENT_OVER', 'TRN-CANCEL', 'the tournament is over');
  const e = s.entries.find((x) => x.playerId === playerId && x.status === 'playing');
  if (!e) return NO('TOURNAMENT_NOT_PLAYING', 'TRN-PLAY', 'you have no entry in play in this tournament');
  const now = s.sittingIn.includes(e.entryId);
  if (now === sitting) return ok([]);
  // TRN-AWAY: the first player back resumes the pause the rule made (a pit boss's pause stays the pit boss's)
  if (sitting) return ok([{ type: 'sat-in', entryId: e.entryId, at }, ...(s.status === 'paused' && s.awayPause ? [{ type: 'resumed' as const, by: 'system', reason: BACK_REASON, at }] : [])]);
  // left (TRN-ABSENT): if the round in play waits on this player, their hand is folded now
  const out: TournamentEvent = { type: 'sat-out', entryId: e.entryId, reason, at };
  return ok([out, ...advanceRound(evolve(s, out), at)]);
}

/** What a player sees of their tournament table (TRN-PLAY): their hand as the live tables show it to a player — their own hole cards only. */
export interface TournamentTableView {
  readonly tournamentId: string;
  readonly status: TournamentState['status'];
  readonly entryId: string | null;
  readonly tableNo: number | null;
  readonly seat: number | null;
  readonly sittingIn: boolean;
  readonly level: { readonly index: number; readonly smallBlind: number | null; readonly bigBlind: number | null; readonly ante: number | null; readonly endsAt: number | null };
  /** the table's seats and chip counts (between hands: the tournament's counts). */
  readonly seats: readonly { readonly seat: number; readonly chips: number; readonly mine: boolean }[];
  /** the hand in play at this table (a round in play; else the last one the player played), seat names masked (`seat-N`, yours `you`); null before any. */
  readonly hand: HandView | null;
  /** the blinds of the hand in play (they stay the round's when the level advances during it). */
  readonly handBlinds: { readonly smallBlind: number; readonly bigBlind: number; readonly ante: number } | null;
  readonly handButton: number | null;
  /** the player's own logged actions in `hand`, with who decided each (TRN-ABSENT: `absent` — folded while away). */
  readonly myActions: readonly { readonly action: LoggedAction['action']; readonly toMinor?: number; readonly by: LoggedAction['by']; readonly at: number }[];
}

export function tableViewFor(s: TournamentState, playerId: string): TournamentTableView {
  const item = currentItem(s);
  const e = s.entries.find((x) => x.playerId === playerId && x.status === 'playing') ?? null;
  const t = e?.table == null ? null : (s.tables.find((x) => x.tableNo === e.table) ?? null);
  const r = s.round !== null && mySeatInRound(s, playerId) !== null ? s.round : s.lastRound;
  const found = mySeatInRound(s, playerId, r);
  // the last round's hand only where the player still sits (moved to another table: nothing until their next hand there)
  const me = found && (r === s.round || e === null || found.rh.table === e.table) ? found : null;
  const h = me && r ? roundHand(r, me.rh.table) : null;
  const mask = (id: string, seat: number): string => (id === me?.entryId ? 'you' : `seat-${seat}`);
  let hand: HandView | null = null;
  if (h && me) {
    const v = viewHand(h, { role: 'player', playerId: me.entryId });
    hand = {
      ...v,
      seats: v.seats.map((x) => ({ ...x, playerId: mask(x.playerId, x.seat) })),
      result: v.result === null ? null : { ...v.result, seats: v.result.seats.map((x) => ({ ...x, playerId: mask(x.playerId, x.seat) })) },
    };
  }
  const chipsOf = new Map(s.entries.map((x) => [x.entryId, x.chips]));
  return {
    tournamentId: s.def.tournamentId,
    status: s.status,
    entryId: e?.entryId ?? null,
    tableNo: e?.table ?? null,
    seat: e?.seat ?? null,
    sittingIn: e !== null && s.sittingIn.includes(e.entryId),
    level: { index: s.level, smallBlind: item?.type === 'level' ? item.smallBlind : null, bigBlind: item?.type === 'level' ? item.bigBlind : null, ante: item?.type === 'level' ? item.ante : null, endsAt: s.levelEndsAt },
    seats: (t?.seats ?? []).flatMap((x, i) => (x === null ? [] : [{ seat: i + 1, chips: chipsOf.get(x) ?? 0, mine: x === e?.entryId }])),
    hand,
    handBlinds: hand && r ? { smallBlind: r.smallBlind, bigBlind: r.bigBlind, ante: r.ante } : null,
    handButton: hand && me ? me.rh.button : null,
    myActions: hand && me && r ? r.actions.filter((a) => a.table === me.rh.table && a.entryId === me.entryId).map((a) => ({ action: a.action, ...(a.toMinor !== undefined ? { toMinor: a.toMinor } : {}), by: a.by, at: a.at })) : [],
  };
}

/** A logged action of a hand as the pit boss reads it (TRN-PLAY: by the player, the robot, the clock or TRN-ABSENT's fold). */
export interface StaffHandAction {
  readonly seat: number;
  readonly action: LoggedAction['action'];
  readonly toMinor?: number;
  readonly by: LoggedAction['by'];
  readonly at: number;
}

/** One tournament table as the pit boss sees it: who sits where with their chips, and its hand. */
export interface TournamentStaffTable {
  readonly tableNo: number;
  /** the button's seat: the shown hand's, else the last hand played's. */
  readonly button: number | null;
  /** the tournament's chip counts (between hands; during a hand, as at its deal plus what the hand shows). */
  /** `robot`: a robot entry (played by the robot); a person's seat not sitting in is folded on its turns (TRN-ABSENT). */
  readonly seats: readonly { readonly seat: number; readonly entryId: string; readonly playerId: string; readonly chips: number; readonly sittingIn: boolean; readonly robot: boolean }[];
  /**
   * The table's hand of the round in play, else of the last round in play — `viewHand` for the pit boss, as at a
   * live table (non-negotiable 4): the down cards only once the hand is over. Null: no hand with a person in it yet
   * (robot-only rounds are played at once; their results are in the log).
   */
  readonly hand: HandView | null;
  /** `hand` is being played now (the round in play waits on it). */
  readonly live: boolean;
  /** the hand's logged actions in order (an interactive hand; a robot-only hand logs none). */
  readonly actions: readonly StaffHandAction[];
}

/** The pit boss's view of every table of a tournament (`GET /tournaments/{id}/tables`): seats, chips, the hands in play. */
export function staffTablesView(s: TournamentState): TournamentStaffTable[] {
  const chips = new Map(s.entries.map((e) => [e.entryId, e]));
  return s.tables.map((t) => {
    const r = s.round?.hands.some((h) => h.table === t.tableNo) ? s.round : s.lastRound?.hands.some((h) => h.table === t.tableNo) ? s.lastRound : null;
    const h = r ? roundHand(r, t.tableNo) : null;
    const over = h === null || h.phase.type === 'complete' || h.phase.type === 'void';
    return {
      tableNo: t.tableNo,
      // the button of the hand shown (the table's own is set when a hand is played: null during the first)
      button: r?.hands.find((x) => x.table === t.tableNo)?.button ?? t.button,
      seats: t.seats.flatMap((entryId, i) => {
        const e = entryId === null ? undefined : chips.get(entryId);
        return e === undefined ? [] : [{ seat: i + 1, entryId: e.entryId, playerId: e.playerId, chips: e.chips, sittingIn: s.sittingIn.includes(e.entryId), robot: e.robot }];
      }),
      hand: h === null ? null : viewHand(h, { role: 'pitboss' }),
      live: r !== null && r === s.round && !over,
      actions: (r?.actions ?? []).filter((a) => a.table === t.tableNo).map((a) => ({ seat: a.seat, action: a.action, ...(a.toMinor !== undefined ? { toMinor: a.toMinor } : {}), by: a.by, at: a.at })),
    };
  });
}

/**
 * One round of play at `at`: every table deals one hand (at the same time — so hand-for-hand, 001 §2.3, holds
 * by construction), then the busts (TRN-TIE: a table's busts in one hand are one group; in hand-for-hand the
 * whole round's busts are one group), then TRN-BALANCE, then the finish when one player is left. During a
 * break or a pause nothing is dealt. TRN-DECK: a table with a person (sitting in or not, TRN-ABSENT) is dealt from
 * `drawDeck()` (the server's CSPRNG; logged in `round-started`); robot-only tables from the seed.
 */
export function playRound(s: TournamentState, seed: number, round: number, at: number, actionMs = TOURNAMENT_ACTION_MS, drawDeck?: () => readonly number[]): TournamentEvent[] {
  const item = currentItem(s);
  if (s.status !== 'running' || item?.type !== 'level' || s.round !== null) return [];
  // TRN-PLAY, TRN-ABSENT: a person at a table (sitting in or not) → a round in play, its hands dealt now, every
  // action logged: a person sitting in acts on their turns, a person away is folded, robot entries are robot-played
  const people = new Set(s.entries.filter((e) => !e.robot).map((e) => e.entryId));
  if (s.tables.some((t) => t.seats.some((x) => x !== null && people.has(x)))) {
    const hands = s.tables.flatMap((t, i) => {
      const rh = dealRoundHand(s, t.tableNo, `t${t.tableNo}-h${s.handsPlayed + 1 + i}`, handSeed(seed, round, t.tableNo));
      if (!rh) return [];
      const interactive = rh.seats.some((x) => people.has(x.entryId));
      // TRN-DECK: a person's hand is dealt from a deck the caller draws (the server: node:crypto), not from the seed
      return [interactive && drawDeck ? { ...rh, interactive, deck: [...drawDeck()] } : { ...rh, interactive }];
    });
    if (hands.some((x) => x.interactive)) {
      const started: TournamentEvent = { type: 'round-started', round, at, smallBlind: item.smallBlind, bigBlind: item.bigBlind, ante: item.ante, actionMs, hands };
      return [started, ...advanceRound(evolve(s, started), at)];
    }
  }
  let cur = s;
  const played: Extract<TournamentEvent, { type: 'hand-played' }>[] = [];
  for (const t of s.tables) {
    const e = playTableHand(cur, t.tableNo, handSeed(seed, round, t.tableNo), at);
    if (!e) continue;
    played.push(e);
    cur = evolve(cur, e);
  }
  return closeRound(s, played, handForHand(s), at);
}

/** While late registration or re-entry is open, one player left does not end the tournament yet [Interp]: it ends at the first round after. */
function registrationOpenForReEntry(s: TournamentState): boolean {
  const re = s.def.reEntry;
  return s.level < s.def.lateRegistrationLevels || (re !== null && s.level < re.untilLevel);
}

/**
 * A whole tournament with robots, pure (tests, `felt tournament`'s fixtures): `players` robot entries register (TRN-ABSENT: marked `robot`), it starts at
 * `startAt`, and every `roundMs` the clock is read and a round is dealt until it ends. Returns the log.
 */
export function simulateTournament(def: TournamentDef, players: number, seed: number, startAt: number, roundMs = 5_000, maxRounds = 20_000): TournamentEvent[] {
  const log: TournamentEvent[] = [{ type: 'created', def, at: startAt }];
  let s = initialState(def);
  const apply = (events: readonly TournamentEvent[]): void => {
    log.push(...events);
    s = events.reduce(evolve, s);
  };
  for (let i = 1; i <= players; i++) {
    const r = register(s, { entryId: `ent_${i}`, playerId: `p${i}`, robot: true, at: startAt });
    if (!r.ok) throw new Error(r.violation.message);
    apply(r.value);
  }
  const st = start(s, startAt, seed);
  if (!st.ok) throw new Error(st.violation.message);
  apply(st.value);
  let at = startAt;
  for (let round = 0; s.status === 'running' && round < maxRounds; round++) {
    at += roundMs;
    apply(tick(s, at));
    apply(playRound(s, seed, s.handsPlayed, at));
  }
  return log;
}
