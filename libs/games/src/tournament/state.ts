import { assertNever, ok, violation, type Result } from '../common/result.js';
import { createRng, shuffle } from '../common/random.js';
import { placesAndPrizes, prizesFor, splitEqually, splitProportionally } from './payouts.js';
import { isSingleTable, type StructureItem, type TournamentDef } from './structure.js';

/**
 * A tournament as a fold of its events (issue 24; STYLE habit 2; docs/tournaments.md for the rules TRN-…).
 * Deciders (`register`, `start`, `tick`, `pause`, …) take the state and the server's clock `at` and return
 * the events to append or a violation; `evolve` folds one event. Nothing here reads a clock or a random
 * source: a seating seed is an argument and is recorded in the event.
 */

export type EntryStatus = 'playing' | 'busted' | 'won';

export interface Entry {
  readonly entryId: string;
  readonly playerId: string;
  /** 1, 2, … in registration order (re-entries included). */
  readonly entryNo: number;
  /** how many entries this player had before this one (0 = first entry). */
  readonly reEntry: number;
  readonly chips: number;
  readonly status: EntryStatus;
  readonly table: number | null;
  readonly seat: number | null;
  /** index of the bust group (TRN-TIE) once busted. */
  readonly bustGroup: number | null;
  /**
   * TRN-ABSENT: a robot entry (the CI and demo tournaments' robot players, registered as such: `registered.robot`) —
   * its seat is played by the seeded robot. Every other entry is a person's: while they are not sitting in, their
   * seat is dealt in, posts its blinds and antes, and is folded on its turns (S1-DISCONNECT, S1-TIMEOUT).
   */
  readonly robot: boolean;
  /** S1-TIMEBANK (TRN-TIMEBANK): what is left of the entry's time bank (ms; 0 without one). */
  readonly timeBankMs: number;
}

export interface TableState {
  readonly tableNo: number;
  /** seats 1..seatsPerTable: entry id or null. */
  readonly seats: readonly (string | null)[];
  /** the seat of the last hand's button (null: no hand yet). */
  readonly button: number | null;
}

export type TournamentStatus = 'registering' | 'running' | 'paused' | 'finished' | 'cancelled';

export interface Payout {
  readonly entryId: string | null;
  readonly playerId: string;
  /** `prize` from the pool; `buy-in-refund` from the pool (S1-FAIL-MTT A, cancel before start); `fee-refund` from the house (S1-FAIL-STT/MTT). */
  readonly kind: 'prize' | 'buy-in-refund' | 'fee-refund';
  readonly amountMinor: number;
  readonly place: number | null;
  readonly placeTo: number | null;
  readonly rule: string;
}

export interface TournamentState {
  readonly def: TournamentDef;
  readonly status: TournamentStatus;
  readonly entries: readonly Entry[];
  readonly tables: readonly TableState[];
  /** index into def.structure. */
  readonly level: number;
  /** when the current level or break ends on the server's clock (null: before the start, while paused, the last level). */
  readonly levelEndsAt: number | null;
  /** while paused: what was left of the level. */
  readonly pausedRemainingMs: number | null;
  readonly startedAt: number | null;
  readonly bustGroups: number;
  readonly handsPlayed: number;
  readonly poolMinor: number;
  readonly feesMinor: number;
  readonly payouts: readonly Payout[];
  readonly endedAt: number | null;
  readonly endReason: string | null;
  /** TRN-PLAY: the entries whose player has taken their seat (they act on their turns; a person's seat not taken is folded on its turns, TRN-ABSENT; a robot entry's is played by the robot). */
  readonly sittingIn: readonly string[];
  /** TRN-PLAY: the round of hands in play when a person is at one of its tables (null: none, or every hand of the round was played at once). */
  readonly round: RoundInPlay | null;
  /** the last round in play once over (its hands' results stay on the players' screens until the next). */
  readonly lastRound: RoundInPlay | null;
  /** TRN-AWAY: since when every entry still playing has been away while running (absent: someone is present). */
  readonly awaySince?: number;
  /** TRN-AWAY: the pause is the rule's own (the first player to take their seat again resumes it). */
  readonly awayPause?: true;
}

/** One table's hand of a round in play, as dealt (the seats and stacks at the deal: later seatings do not join it). */
export interface RoundHand {
  readonly table: number;
  readonly handId: string;
  readonly button: number;
  readonly seed: number;
  readonly seats: readonly { readonly seat: number; readonly entryId: string; readonly chips: number; /** S1-TIMEBANK: the entry's bank at the deal (tournaments with a time bank only). */ readonly timeBankMs?: number }[];
  /**
   * Every action of this hand is logged (`hand-action`) and the hand is the fold of its log: a person is dealt in at
   * this table (TRN-ABSENT: whether sitting in or not; logs written before it: a person sitting in). False: robots
   * only, the hand is played at once from its seed.
   */
  readonly interactive: boolean;
  /**
   * TRN-DECK: a hand with a person in it is dealt from this deck (card ids 0–51 in dealing order), drawn by the
   * server's CSPRNG at the deal and logged so the hand replays. Absent: dealt from `seed` (robots only — a 32-bit
   * seed's deck can be searched from one's own cards and the board, so it never deals to a person).
   */
  readonly deck?: readonly number[];
}

/**
 * Who decided a logged action: the person (`player`), the seeded robot (a robot entry's seat; in logs written before
 * TRN-ABSENT also a person's seat not taken), the action clock of a person sitting in (`timeout`, S1-TIMEOUT), or
 * TRN-ABSENT (`absent`): a person's seat not taken (never sat in, sat out, or sat out by the clock) folded on its turn
 * at once (S1-DISCONNECT: they still pay the blinds; S1-TIMEOUT: deemed to have folded).
 */
export type HandActionBy = 'player' | 'robot' | 'timeout' | 'absent';

export interface LoggedAction {
  readonly table: number;
  readonly handId: string;
  readonly seat: number;
  readonly entryId: string;
  /** `time-bank` (S1-TIMEBANK): the player pressed their time bank — not a move: the hand's clock is extended. */
  readonly action: 'fold' | 'check' | 'call' | 'bet' | 'raise' | 'all-in' | 'time-bank';
  readonly toMinor?: number;
  readonly by: HandActionBy;
  readonly at: number;
}

export interface RoundInPlay {
  readonly round: number;
  readonly at: number;
  readonly smallBlind: number;
  readonly bigBlind: number;
  readonly ante: number;
  /** S1-TIMEOUT: the action clock of a person's turn. */
  readonly actionMs: number;
  readonly hands: readonly RoundHand[];
  /** the tables whose hand-played is not folded yet. */
  readonly pending: readonly number[];
  /** every logged action of the round's interactive hands, in order. */
  readonly actions: readonly LoggedAction[];
}

export type TournamentEvent =
  | { readonly type: 'created'; readonly def: TournamentDef; readonly at: number }
  | { readonly type: 'registered'; readonly entryId: string; readonly playerId: string; readonly robot?: true; readonly at: number }
  | { readonly type: 'started'; readonly seating: readonly { readonly entryId: string; readonly table: number; readonly seat: number }[]; readonly seed: number; readonly endsAt: number; readonly at: number }
  | { readonly type: 'seated'; readonly entryId: string; readonly table: number; readonly seat: number; readonly at: number }
  | { readonly type: 'level-advanced'; readonly level: number; readonly endsAt: number | null; readonly at: number }
  | { readonly type: 'paused'; readonly by: string; readonly reason: string; readonly at: number }
  | { readonly type: 'resumed'; readonly by: string; readonly reason: string; readonly at: number }
  | { readonly type: 'time-added'; readonly ms: number; readonly by: string; readonly reason: string; readonly at: number }
  | { readonly type: 'hand-played'; readonly table: number; readonly handId: string; readonly button: number; readonly seed: number; readonly chips: readonly { readonly entryId: string; readonly chips: number }[]; readonly handForHand: boolean; /** S1-TIMEBANK: each seat's bank left after the hand (tournaments with a time bank only). */ readonly timeBanks?: readonly { readonly entryId: string; readonly ms: number }[]; readonly at: number }
  | { readonly type: 'busted'; readonly entryIds: readonly string[]; readonly group: number; readonly at: number }
  | { readonly type: 'moved'; readonly entryId: string; readonly table: number; readonly seat: number; readonly reason: 'balance' | 'break'; readonly at: number }
  | { readonly type: 'table-broken'; readonly table: number; readonly at: number }
  | { readonly type: 'finished'; readonly payouts: readonly Payout[]; readonly at: number }
  | { readonly type: 'cancelled'; readonly by: string; readonly reason: string; readonly rule: string; readonly payouts: readonly Payout[]; readonly at: number }
  | { readonly type: 'sat-in'; readonly entryId: string; readonly at: number }
  | { readonly type: 'sat-out'; readonly entryId: string; /** S1-TIMEOUT's clock, the player's own choice, or their last connection closing (S1-DISCONNECT). */ readonly reason: 'timeout' | 'player' | 'disconnect'; readonly at: number }
  | ({ readonly type: 'round-started' } & Omit<RoundInPlay, 'pending' | 'actions'>)
  | ({ readonly type: 'hand-action' } & LoggedAction);

export type TournamentEventType = TournamentEvent['type'];

const FAIL = (code: string, ruleId: string | null, message: string, details?: Record<string, unknown>): { ok: false; violation: { code: string; ruleId: string | null; message: string } } => violation(code, ruleId, message, details);

export function initialState(def: TournamentDef): TournamentState {
  return { def, status: 'registering', entries: [], tables: [], level: 0, levelEndsAt: null, pausedRemainingMs: null, startedAt: null, bustGroups: 0, handsPlayed: 0, poolMinor: 0, feesMinor: 0, payouts: [], endedAt: null, endReason: null, sittingIn: [], round: null, lastRound: null };
}

const durationOf = (item: StructureItem | undefined): number => item?.durationMs ?? 0;
const isLast = (s: TournamentState, level: number): boolean => level >= s.def.structure.length - 1;

function placeAt(tables: readonly TableState[], entryId: string, tableNo: number, seat: number, seatsPerTable: number): TableState[] {
  const out = tables.map((t) => ({ ...t, seats: t.seats.map((x) => (x === entryId ? null : x)) }));
  let t = out.find((x) => x.tableNo === tableNo);
  if (!t) {
    t = { tableNo, seats: Array.from({ length: seatsPerTable }, () => null), button: null };
    out.push(t);
    out.sort((a, b) => a.tableNo - b.tableNo);
  }
  const seats = [...t.seats];
  seats[seat - 1] = entryId;
  return out.map((x) => (x.tableNo === tableNo ? { ...x, seats } : x));
}

const withEntry = (entries: readonly Entry[], entryId: string, f: (e: Entry) => Entry): Entry[] => entries.map((e) => (e.entryId === entryId ? f(e) : e));

/** Folds one event (programmer errors throw: the deciders only emit events that fit). */
/**
 * TRN-AWAY (docs/tournaments.md): a field in which every entry still playing is a person who is away (not sitting in;
 * robot entries are always present) only folds — an orbit of folds gives the blinds back, so it would never end. When
 * it has been all away for the current level's published length (the last level's too, which has no end), the
 * tournament pauses itself (S1-PAUSE, by `system`, this reason); the first player to take their seat again resumes it
 * (`BACK_REASON`); the pit boss may resume or cancel it as any pause.
 */
export const AWAY_REASON = 'TRN-AWAY: every player still in the tournament is away';
export const BACK_REASON = 'TRN-AWAY: a player took their seat again';

/** TRN-AWAY: two or more entries still playing, every one a person's seat not taken. */
export function allAway(s: TournamentState): boolean {
  const p = s.entries.filter((e) => e.status === 'playing');
  return p.length > 1 && p.every((e) => !e.robot && !s.sittingIn.includes(e.entryId));
}

export function evolve(s: TournamentState, e: TournamentEvent): TournamentState {
  return withAway(evolveEvent(s, e), e);
}

/** TRN-AWAY's two derived fields, after every event (so a replay of the log derives them the same way). */
function withAway(s: TournamentState, e: TournamentEvent): TournamentState {
  let out = s;
  if (e.type === 'paused' && e.by === 'system' && e.reason === AWAY_REASON) out = { ...out, awayPause: true };
  if (e.type === 'resumed' && out.awayPause) {
    const { awayPause: _p, ...rest } = out;
    out = rest;
  }
  const since = out.status === 'running' && allAway(out) ? (out.awaySince ?? e.at) : undefined;
  if (since === out.awaySince) return out;
  if (since === undefined) {
    const { awaySince: _a, ...rest } = out;
    return rest;
  }
  return { ...out, awaySince: since };
}

function evolveEvent(s: TournamentState, e: TournamentEvent): TournamentState {
  switch (e.type) {
    case 'created':
      return initialState(e.def);
    case 'registered': {
      const reEntry = s.entries.filter((x) => x.playerId === e.playerId).length;
      const entry: Entry = { entryId: e.entryId, playerId: e.playerId, entryNo: s.entries.length + 1, reEntry, chips: s.def.startingStack, status: 'playing', table: null, seat: null, bustGroup: null, robot: e.robot === true, timeBankMs: s.def.timeBankMs ?? 0 };
      return { ...s, entries: [...s.entries, entry], poolMinor: s.poolMinor + s.def.buyInMinor, feesMinor: s.feesMinor + s.def.feeMinor };
    }
    case 'started': {
      let tables: TableState[] = [];
      let entries = [...s.entries];
      for (const x of e.seating) {
        tables = placeAt(tables, x.entryId, x.table, x.seat, s.def.seatsPerTable);
        entries = withEntry(entries, x.entryId, (en) => ({ ...en, table: x.table, seat: x.seat }));
      }
      return { ...s, status: 'running', tables, entries, level: 0, levelEndsAt: e.endsAt, startedAt: e.at };
    }
    case 'seated':
    case 'moved':
      return { ...s, tables: placeAt(s.tables, e.entryId, e.table, e.seat, s.def.seatsPerTable), entries: withEntry(s.entries, e.entryId, (en) => ({ ...en, table: e.table, seat: e.seat })) };
    case 'level-advanced':
      return { ...s, level: e.level, levelEndsAt: e.endsAt };
    case 'paused':
      return { ...s, status: 'paused', pausedRemainingMs: s.levelEndsAt === null ? null : Math.max(0, s.levelEndsAt - e.at), levelEndsAt: null };
    case 'resumed':
      return { ...s, status: 'running', levelEndsAt: s.pausedRemainingMs === null ? null : e.at + s.pausedRemainingMs, pausedRemainingMs: null };
    case 'time-added':
      return s.status === 'paused'
        ? { ...s, pausedRemainingMs: s.pausedRemainingMs === null ? null : s.pausedRemainingMs + e.ms }
        : { ...s, levelEndsAt: s.levelEndsAt === null ? null : s.levelEndsAt + e.ms };
    case 'hand-played': {
      const chips = new Map(e.chips.map((x) => [x.entryId, x.chips]));
      const banks = new Map((e.timeBanks ?? []).map((x) => [x.entryId, x.ms]));
      const pending = s.round?.pending.filter((t) => t !== e.table) ?? [];
      const over = s.round !== null && pending.length === 0;
      const after = (en: Entry): Entry => ({ ...en, chips: chips.get(en.entryId) ?? en.chips, timeBankMs: banks.get(en.entryId) ?? en.timeBankMs });
      return { ...s, round: s.round === null || over ? null : { ...s.round, pending }, lastRound: over ? s.round : s.lastRound, handsPlayed: s.handsPlayed + 1, entries: s.entries.map((en) => (chips.has(en.entryId) || banks.has(en.entryId) ? after(en) : en)), tables: s.tables.map((t) => (t.tableNo === e.table ? { ...t, button: e.button } : t)) };
    }
    case 'busted': {
      const out = new Set(e.entryIds);
      return {
        ...s,
        bustGroups: Math.max(s.bustGroups, e.group + 1),
        sittingIn: s.sittingIn.filter((x) => !out.has(x)),
        entries: s.entries.map((en) => (out.has(en.entryId) ? { ...en, status: 'busted', chips: 0, table: null, seat: null, bustGroup: e.group } : en)),
        tables: s.tables.map((t) => ({ ...t, seats: t.seats.map((x) => (x !== null && out.has(x) ? null : x)) })),
      };
    }
    case 'table-broken':
      return { ...s, tables: s.tables.filter((t) => t.tableNo !== e.table) };
    case 'finished': {
      const won = new Set(e.payouts.filter((p) => p.place === 1).map((p) => p.entryId));
      return { ...s, status: 'finished', round: null, sittingIn: [], payouts: e.payouts, endedAt: e.at, endReason: 'finished', levelEndsAt: null, entries: s.entries.map((en) => (won.has(en.entryId) && en.status === 'playing' ? { ...en, status: 'won' } : en)) };
    }
    case 'cancelled':
      // a hand in play is void (S1-PAUSE): the chips are the ones of the last hand played
      return { ...s, status: 'cancelled', round: null, sittingIn: [], payouts: e.payouts, endedAt: e.at, endReason: e.reason, levelEndsAt: null, pausedRemainingMs: null };
    case 'sat-in':
      return s.sittingIn.includes(e.entryId) ? s : { ...s, sittingIn: [...s.sittingIn, e.entryId] };
    case 'sat-out':
      return { ...s, sittingIn: s.sittingIn.filter((x) => x !== e.entryId) };
    case 'round-started': {
      const { type: _t, ...r } = e;
      return { ...s, round: { ...r, pending: e.hands.map((h) => h.table), actions: [] } };
    }
    case 'hand-action': {
      if (s.round === null) throw new Error('a hand action outside a round in play');
      const { type: _t, ...a } = e;
      return { ...s, round: { ...s.round, actions: [...s.round.actions, a] } };
    }
    default:
      return assertNever(e, 'tournament event');
  }
}

export function foldEvents(events: readonly TournamentEvent[]): TournamentState {
  const first = events[0];
  if (first?.type !== 'created') throw new Error('a tournament log starts with its created event');
  return events.reduce(evolve, initialState(first.def));
}

export const playing = (s: TournamentState): Entry[] => s.entries.filter((e) => e.status === 'playing');
const activeAt = (t: TableState): number => t.seats.filter((x) => x !== null).length;

/** TRN-HFH (001 §2.3): hand-for-hand when one or two more players remain than places are paid, on more than one table. */
export function handForHand(s: TournamentState): boolean {
  const left = playing(s).length - paidPlaces(s);
  return s.tables.length > 1 && (left === 1 || left === 2);
}

export function paidPlaces(s: TournamentState): number {
  return prizesFor(s.def.payoutTable, s.entries.length, s.poolMinor).length;
}

export function currentItem(s: TournamentState): StructureItem | undefined {
  return s.def.structure[s.level];
}

// ---------------------------------------------------------------- deciders

/** TRN-LATE: registration is open before the start and, if the terms say so, during the first levels. */
export function registrationOpen(s: TournamentState): boolean {
  if (s.status === 'registering') return true;
  return (s.status === 'running' || s.status === 'paused') && s.level < s.def.lateRegistrationLevels;
}

/**
 * `register` (001 §2.3: "anmäla sig i föreskriven tid … så länge det finns lediga platser"): a first entry
 * while registration is open and seats are left; TRN-REENTRY: a new entry of a busted player while re-entry
 * is open. A late or re-entry is seated at once (TRN-SEAT). The money (buy-in + fee) is the server's posting.
 * `robot` (TRN-ABSENT): a robot player's entry (the CI and demo tournaments'; the server: a `bot_…` account), its seat
 * played by the robot; any other entry is a person's.
 */
export function register(s: TournamentState, input: { readonly entryId: string; readonly playerId: string; readonly at: number; readonly robot?: boolean }): Result<TournamentEvent[]> {
  if (s.entries.some((e) => e.entryId === input.entryId)) return FAIL('TOURNAMENT_ENTRY_EXISTS', 'TRN-REG', `entry ${input.entryId} exists`);
  const mine = s.entries.filter((e) => e.playerId === input.playerId);
  const isReEntry = mine.length > 0;
  if (s.status === 'finished' || s.status === 'cancelled') return FAIL('TOURNAMENT_REGISTRATION_CLOSED', 'TRN-LATE', 'the tournament is over');
  if (isReEntry) {
    if (mine.some((e) => e.status === 'playing')) return FAIL('TOURNAMENT_ALREADY_REGISTERED', 'TRN-REG', 'the player is already in the tournament');
    const re = s.def.reEntry;
    if (re === null) return FAIL('TOURNAMENT_REENTRY_CLOSED', 'TRN-REENTRY', 'this tournament has no re-entry (001 §2.3: no chips beyond the starting chips)');
    if (s.level >= re.untilLevel || s.status === 'registering') return FAIL('TOURNAMENT_REENTRY_CLOSED', 'TRN-REENTRY', 'the re-entry period is over');
    if (mine.length > re.maxReEntries) return FAIL('TOURNAMENT_REENTRY_CLOSED', 'TRN-REENTRY', `at most ${re.maxReEntries} re-entries`);
  } else {
    if (!registrationOpen(s)) return FAIL('TOURNAMENT_REGISTRATION_CLOSED', 'TRN-LATE', 'registration is closed');
    const players = new Set(s.entries.map((e) => e.playerId)).size;
    if (players >= s.def.maxPlayers) return FAIL('TOURNAMENT_FULL', 'TRN-REG', `the tournament is full (${s.def.maxPlayers} players)`);
  }
  const events: TournamentEvent[] = [{ type: 'registered', entryId: input.entryId, playerId: input.playerId, ...(input.robot === true ? { robot: true as const } : {}), at: input.at }];
  if (s.status === 'running' || s.status === 'paused') {
    const seat = freeSeatFor(s.tables, s.def.seatsPerTable);
    events.push({ type: 'seated', entryId: input.entryId, table: seat.table, seat: seat.seat, at: input.at });
  }
  return ok(events);
}

/** TRN-SEAT [Interp]: a late entry takes the lowest free seat at the table with the fewest players (ties: the lowest number); all full: a new table. */
function freeSeatFor(tables: readonly TableState[], seatsPerTable: number): { table: number; seat: number } {
  const open = [...tables].filter((t) => activeAt(t) < seatsPerTable).sort((a, b) => activeAt(a) - activeAt(b) || a.tableNo - b.tableNo)[0];
  if (open) return { table: open.tableNo, seat: open.seats.indexOf(null) + 1 };
  const next = tables.reduce((m, t) => Math.max(m, t.tableNo), 0) + 1;
  return { table: next, seat: 1 };
}

/**
 * `start` (001 §2.6: "Spelet startar samtidigt vid alla bord"): TRN-SEAT — the entries are shuffled with
 * the recorded `seed` and dealt round the tables like cards, table count = ceil(n / seatsPerTable), so no
 * two tables differ by more than one; each table's seats are filled from seat 1.
 */
export function start(s: TournamentState, at: number, seed: number): Result<TournamentEvent[]> {
  if (s.status !== 'registering') return FAIL('TOURNAMENT_NOT_REGISTERING', 'TRN-START', 'the tournament has already started or ended');
  if (s.entries.length < s.def.minPlayers) return FAIL('TOURNAMENT_TOO_FEW_PLAYERS', 'TRN-START', `${s.entries.length} registered, ${s.def.minPlayers} needed`);
  const order = shuffle(s.entries.map((e) => e.entryId), createRng(seed));
  const tables = Math.ceil(order.length / s.def.seatsPerTable);
  const seating = order.map((entryId, i) => ({ entryId, table: (i % tables) + 1, seat: Math.floor(i / tables) + 1 }));
  return ok([{ type: 'started', seating, seed, endsAt: at + durationOf(s.def.structure[0]), at }]);
}

/** TRN-CLOCK: the levels run on the server's clock: every level or break whose end is at or before `at` advances (the last level stays). */
export function tick(s: TournamentState, at: number): TournamentEvent[] {
  if (s.status !== 'running') return [];
  const out: TournamentEvent[] = [];
  let level = s.level;
  let endsAt = s.levelEndsAt;
  while (endsAt !== null && endsAt <= at && !isLast(s, level)) {
    level += 1;
    endsAt = isLast(s, level) ? null : endsAt + durationOf(s.def.structure[level]);
    out.push({ type: 'level-advanced', level, endsAt, at: Math.min(at, endsAt ?? at) });
  }
  // TRN-AWAY: all away for the current level's published length → the tournament pauses itself
  const cur = out.reduce(evolve, s);
  if (cur.awaySince !== undefined && at - cur.awaySince >= durationOf(s.def.structure[cur.level])) out.push({ type: 'paused', by: 'system', reason: AWAY_REASON, at });
  return out;
}

/** S1-PAUSE: the pit boss pauses play (the level clock stops) and resumes it; TRN-TIME: adds time to the current level or break. */
export function pause(s: TournamentState, by: string, reason: string, at: number): Result<TournamentEvent[]> {
  if (s.status !== 'running') return FAIL('TOURNAMENT_NOT_RUNNING', 'S1-PAUSE', 'only a running tournament can be paused');
  return ok([{ type: 'paused', by, reason, at }]);
}

export function resume(s: TournamentState, by: string, reason: string, at: number): Result<TournamentEvent[]> {
  if (s.status !== 'paused') return FAIL('TOURNAMENT_NOT_PAUSED', 'S1-PAUSE', 'the tournament is not paused');
  return ok([{ type: 'resumed', by, reason, at }]);
}

export function addTime(s: TournamentState, ms: number, by: string, reason: string, at: number): Result<TournamentEvent[]> {
  if (s.status !== 'running' && s.status !== 'paused') return FAIL('TOURNAMENT_NOT_RUNNING', 'TRN-TIME', 'time is added to a running or paused tournament');
  if (!Number.isSafeInteger(ms) || ms <= 0 || ms > 3_600_000) return FAIL('TOURNAMENT_INVALID_TIME', 'TRN-TIME', 'add 1 ms to 1 hour');
  if (s.levelEndsAt === null && s.pausedRemainingMs === null) return FAIL('TOURNAMENT_INVALID_TIME', 'TRN-TIME', 'the last level has no end to move');
  return ok([{ type: 'time-added', ms, by, reason, at }]);
}

/** TRN-DEAL: deals (chop agreements) are refused: the prizes are the published table's, always. */
export function proposeDeal(): Result<never> {
  return FAIL('TOURNAMENT_DEAL_REFUSED', 'TRN-DEAL', 'deals are not offered: the prizes are paid by the published table');
}

/**
 * `cancel` (the pit boss, or a failure): before the start every entry gets its buy-in and fee back
 * (TRN-CANCEL [Interp]); after it S1-FAIL-STT (single-table tournaments) or S1-FAIL-MTT A–C.
 */
export function cancel(s: TournamentState, by: string, reason: string, at: number): Result<TournamentEvent[]> {
  if (s.status === 'finished' || s.status === 'cancelled') return FAIL('TOURNAMENT_OVER', 'TRN-CANCEL', 'the tournament is already over');
  const { rule, payouts } = cancellationPayouts(s);
  return ok([{ type: 'cancelled', by, reason, rule, payouts, at }]);
}

/** What a cancellation pays (pure; the rule it followed). Money out = the pool + the remaining entries' fees (or every fee before the start). */
export function cancellationPayouts(s: TournamentState): { rule: string; payouts: Payout[] } {
  const { buyInMinor, feeMinor } = s.def;
  if (s.status === 'registering') {
    const payouts = s.entries.flatMap((e): Payout[] => [
      { entryId: e.entryId, playerId: e.playerId, kind: 'buy-in-refund', amountMinor: buyInMinor, place: null, placeTo: null, rule: 'TRN-CANCEL' },
      { entryId: e.entryId, playerId: e.playerId, kind: 'fee-refund', amountMinor: feeMinor, place: null, placeTo: null, rule: 'TRN-CANCEL' },
    ]);
    return { rule: 'TRN-CANCEL', payouts: payouts.filter((p) => p.amountMinor > 0) };
  }
  // S1-FAIL-*: the remaining players, most chips first (the odd minor units of an equal share go that way [Interp]), then by entry.
  const left = [...playing(s)].sort((a, b) => b.chips - a.chips || a.entryNo - b.entryNo);
  const fees = left.map((e): Payout => ({ entryId: e.entryId, playerId: e.playerId, kind: 'fee-refund', amountMinor: feeMinor, place: null, placeTo: null, rule: 'S1-FAIL' }));
  const pay = (e: { entryId: string; playerId: string }, amountMinor: number, rule: string, kind: Payout['kind'] = 'prize', place: number | null = null, placeTo: number | null = null): Payout => ({ entryId: e.entryId, playerId: e.playerId, kind, amountMinor, place, placeTo, rule });
  const pool = s.poolMinor;
  let rule: string;
  let prizes: Payout[];
  if (isSingleTable(s.def)) {
    rule = 'S1-FAIL-STT';
    const shares = splitEqually(pool, left.length);
    prizes = left.map((e, i) => pay(e, shares[i] as number, rule));
  } else if (s.bustGroups === 0) {
    rule = 'S1-FAIL-MTT-A';
    prizes = s.entries.map((e) => pay(e, buyInMinor, rule, 'buy-in-refund'));
  } else {
    const table = prizesFor(s.def.payoutTable, s.entries.length, pool);
    if (left.length > table.length) {
      rule = 'S1-FAIL-MTT-B';
      const half = Math.floor(pool / 2);
      const eq = splitEqually(half, left.length);
      const prop = splitProportionally(pool - half, left.map((e) => e.chips));
      prizes = left.map((e, i) => pay(e, (eq[i] as number) + (prop[i] as number), rule));
    } else {
      rule = 'S1-FAIL-MTT-C';
      // the eliminated get what they already qualified for (their places by TRN-TIE); each remaining one the lowest remaining prize; the rest by chips
      const groups = bustGroupsOf(s);
      const placed = placesAndPrizes(left.map((e) => e.entryId), groups, table).filter((p) => p.place > left.length);
      const byId = new Map(s.entries.map((e) => [e.entryId, e]));
      const out: Payout[] = [];
      for (const p of placed) if (p.amountMinor > 0) out.push(pay(byId.get(p.entryId) as Entry, p.amountMinor, rule, 'prize', p.place, p.placeTo));
      const lowest = table[left.length - 1] ?? 0;
      const paid = out.reduce((a, p) => a + p.amountMinor, 0) + lowest * left.length;
      const prop = splitProportionally(pool - paid, left.map((e) => e.chips));
      left.forEach((e, i) => out.push(pay(e, lowest + (prop[i] as number), rule)));
      prizes = out;
    }
  }
  return { rule, payouts: [...prizes, ...fees].filter((p) => p.amountMinor > 0) };
}

/** The bust groups in order, each in registration order (TRN-TIE). */
export function bustGroupsOf(s: TournamentState): string[][] {
  const groups: string[][] = Array.from({ length: s.bustGroups }, () => []);
  for (const e of s.entries) if (e.bustGroup !== null) groups[e.bustGroup]?.push(e.entryId);
  return groups.filter((g) => g.length > 0);
}

/** TRN-PAY + TRN-TIE: the prizes when one player is left. */
export function finalPayouts(s: TournamentState): Payout[] {
  const table = prizesFor(s.def.payoutTable, s.entries.length, s.poolMinor);
  const byId = new Map(s.entries.map((e) => [e.entryId, e]));
  const left = [...playing(s)].sort((a, b) => b.chips - a.chips || a.entryNo - b.entryNo).map((e) => e.entryId);
  return placesAndPrizes(left, bustGroupsOf(s), table).map((p) => {
    const e = byId.get(p.entryId) as Entry;
    return { entryId: p.entryId, playerId: e.playerId, kind: 'prize' as const, amountMinor: p.amountMinor, place: p.place, placeTo: p.placeTo, rule: p.place === p.placeTo ? 'TRN-PAY' : 'TRN-TIE' };
  });
}

/**
 * TRN-BALANCE [Interp] (001 §2.6: "fördelas kvarvarande Kunder om på färre antal bord enligt Svenska Spels
 * beslut"; RAY I 1.4: tables consolidate as players drop out, ending with one table). Between hands:
 * 1. break a table while the players fit on one table fewer: the table with the fewest players (ties: the
 *    highest number); its players, in seat order, each to the table with the fewest players (ties: the
 *    lowest number), lowest free seat;
 * 2. balance while two tables differ by more than one player: from the fullest table (ties: the highest
 *    number) the player due the big blind next hand (the third player after the button; no hand yet: the
 *    lowest seat) moves to the lowest free seat of the table with the fewest (ties: the lowest number).
 */
export function rebalance(s: TournamentState, at: number): TournamentEvent[] {
  const out: TournamentEvent[] = [];
  let cur = s;
  const emit = (e: TournamentEvent): void => {
    out.push(e);
    cur = evolve(cur, e);
  };
  const n = cur.def.seatsPerTable;
  for (;;) {
    const players = playing(cur).length;
    if (cur.tables.length <= 1 || players > (cur.tables.length - 1) * n) break;
    const victim = [...cur.tables].sort((a, b) => activeAt(a) - activeAt(b) || b.tableNo - a.tableNo)[0] as TableState;
    for (const entryId of victim.seats) {
      if (entryId === null) continue;
      const dest = [...cur.tables].filter((t) => t.tableNo !== victim.tableNo && activeAt(t) < n).sort((a, b) => activeAt(a) - activeAt(b) || a.tableNo - b.tableNo)[0] as TableState;
      emit({ type: 'moved', entryId, table: dest.tableNo, seat: dest.seats.indexOf(null) + 1, reason: 'break', at });
    }
    emit({ type: 'table-broken', table: victim.tableNo, at });
  }
  for (;;) {
    if (cur.tables.length <= 1) break;
    const bySize = [...cur.tables].sort((a, b) => activeAt(a) - activeAt(b) || a.tableNo - b.tableNo);
    const small = bySize[0] as TableState;
    const big = [...cur.tables].sort((a, b) => activeAt(b) - activeAt(a) || b.tableNo - a.tableNo)[0] as TableState;
    if (activeAt(big) - activeAt(small) <= 1) break;
    emit({ type: 'moved', entryId: nextBigBlind(big), table: small.tableNo, seat: small.seats.indexOf(null) + 1, reason: 'balance', at });
  }
  return out;
}

function nextBigBlind(t: TableState): string {
  const occupied = t.seats.map((x, i) => ({ x, seat: i + 1 })).filter((o) => o.x !== null);
  if (t.button === null) return occupied[0]?.x as string;
  const after = [...occupied.filter((o) => o.seat > (t.button as number)), ...occupied.filter((o) => o.seat <= (t.button as number))];
  return (after[2 % after.length] ?? after[0])?.x as string;
}
