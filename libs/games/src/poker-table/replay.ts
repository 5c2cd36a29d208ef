import { ok, violation, type Result } from '../common/result.js';
import { parseHand, type CardId } from '../poker/cards.js';
import { applyHandCommand, cardDue, startHand, type HandCommand, type HandState, type PlayerAction, type SeatInput } from './hand.js';
import { parseTableFields, tableConfig, VARIANT_IDS, type PokerTableConfig, type VariantId } from './profiles.js';

/**
 * Lays a hand out again from its cards and actions (GEN-8, the dispute tool behind `felt settle
 * poker-…`). `input` is untrusted JSON:
 *   { "table": { structure, smallBlindMinor, … }, "button": 1,
 *     "seats": [ { "seat": 1, "playerId": "ann", "stackMinor": 10000, "straddle"?: true } ],
 *     "cards": { "1": ["AS", "KD"], … }   // each seat's cards in dealing order (draw: replacements after the five)
 *     "board": ["2C", "7D", "9H", "JS", "QS"],
 *     "burns"?: ["3D", "8C", "TD"],       // burnCards tables (PT-BURN): the burned cards in order
 *     "actions": [ { "seat": 3, "action": "raise", "toMinor": 300 }, { "seat": 1, "action": "draw", "discards": ["2C"] },
 *                  { "seat": 2, "action": "timeout" }, { "action": "void", "reason": "server failure" } ] }
 * Cards are fed exactly when the state machine calls for them (S1-DEAL-3), actions when a seat is to act.
 */
export interface ReplayInput {
  readonly variant: VariantId;
  readonly table: Partial<PokerTableConfig>;
  readonly button: number | null;
  readonly seats: readonly SeatInput[];
  readonly cards: Readonly<Record<string, readonly CardId[]>>;
  readonly board: readonly CardId[];
  /** PT-BURN: the burned cards in order, fed when a burn is due (a `burnCards` table). */
  readonly burns?: readonly CardId[];
  readonly actions: readonly ReplayAction[];
}

export type ReplayAction =
  | { readonly type: 'act'; readonly seat: number; readonly action: PlayerAction; readonly toMinor?: number }
  | { readonly type: 'draw'; readonly seat: number; readonly discards: readonly CardId[] }
  | { readonly type: 'timeout'; readonly seat: number }
  | { readonly type: 'void'; readonly reason: string };

const bad = (message: string, details?: Record<string, unknown>): { ok: false; violation: { code: string; ruleId: string | null; message: string } } => violation('POKER_REPLAY_INPUT', 'GEN-8', message, details);
const isObj = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

const HAND_FIELDS = ['table', 'button', 'seats', 'cards', 'board', 'burns', 'actions'] as const;
const SEAT_FIELDS = ['seat', 'playerId', 'stackMinor', 'straddle', 'timeBankMs', 'postLiveMinor', 'postDeadMinor'] as const;
const ACTION_FIELDS = ['seat', 'action', 'toMinor', 'discards', 'reason'] as const;
const unknownField = (o: Record<string, unknown>, allowed: readonly string[]): string | undefined => Object.keys(o).find((k) => !allowed.includes(k));

/** Validates untrusted replay JSON into a ReplayInput (card codes → ids, one deck); unknown fields are refused (issue 24). */
export function parseReplayInput(variant: VariantId, raw: unknown): Result<ReplayInput> {
  if (!(VARIANT_IDS as readonly string[]).includes(variant)) return bad(`unknown variant ${JSON.stringify(variant)}`);
  if (!isObj(raw)) return bad('the hand must be a JSON object with table, seats, cards, board and actions');
  // issue 24: unknown fields are refused, never ignored (a misspelt field would silently change the hand)
  const extra = unknownField(raw, HAND_FIELDS);
  if (extra !== undefined) return bad(`the hand has an unknown field "${extra}" (allowed: ${HAND_FIELDS.join(', ')})`, { field: extra });
  const tableParsed = parseTableFields(raw.table === undefined ? {} : raw.table);
  if (!tableParsed.ok) return tableParsed;
  const table = tableParsed.value;
  if (table.variant !== undefined && table.variant !== variant) return violation('POKER_INVALID_CONFIG', 'D-2', `table.variant ${JSON.stringify(table.variant)} is not ${variant} (leave it out: the game names the variant)`, { field: 'variant' });
  const seats = raw.seats;
  if (!Array.isArray(seats) || seats.length === 0) return bad('"seats" must be a non-empty array of { seat, playerId, stackMinor }');
  for (const [i, s] of seats.entries()) {
    if (!isObj(s)) return bad('every seat must be an object { seat, playerId, stackMinor }');
    const x = unknownField(s, SEAT_FIELDS);
    if (x !== undefined) return bad(`seats[${i}] has an unknown field "${x}" (allowed: ${SEAT_FIELDS.join(', ')})`, { index: i, field: x });
  }
  const cardsRaw = raw.cards ?? {};
  if (!isObj(cardsRaw)) return bad('"cards" must map a seat number to its cards in dealing order');
  const cards: Record<string, CardId[]> = {};
  const all: unknown[] = [];
  for (const [k, v] of Object.entries(cardsRaw)) {
    if (!Array.isArray(v)) return bad(`cards of seat ${k} must be an array of card codes`);
    const p = parseHand(v, undefined, `seat ${k}`);
    if (!p.ok) return p;
    cards[k] = p.value;
    all.push(...v);
  }
  const boardRaw = raw.board ?? [];
  if (!Array.isArray(boardRaw)) return bad('"board" must be an array of card codes');
  const board = parseHand(boardRaw, undefined, 'board');
  if (!board.ok) return board;
  const burnsRaw = raw.burns ?? [];
  if (!Array.isArray(burnsRaw)) return bad('"burns" must be an array of card codes (the burned cards in order, PT-BURN)');
  const burns = parseHand(burnsRaw, undefined, 'burns');
  if (!burns.ok) return burns;
  const actionsRaw = raw.actions ?? [];
  if (!Array.isArray(actionsRaw)) return bad('"actions" must be an array');
  const actions: ReplayAction[] = [];
  for (const [i, a] of actionsRaw.entries()) {
    if (!isObj(a) || typeof a.action !== 'string') return bad(`actions[${i}] needs an "action"`);
    const x = unknownField(a, ACTION_FIELDS);
    if (x !== undefined) return bad(`actions[${i}] has an unknown field "${x}" (allowed: ${ACTION_FIELDS.join(', ')})`, { index: i, field: x });
    if (a.action === 'void') {
      actions.push({ type: 'void', reason: typeof a.reason === 'string' ? a.reason : 'system failure' });
      continue;
    }
    if (typeof a.seat !== 'number') return bad(`actions[${i}] needs a "seat" number`);
    if (a.action === 'draw') {
      const d = Array.isArray(a.discards) ? parseHand(a.discards, undefined, `actions[${i}].discards`) : parseHand([], undefined);
      if (!d.ok) return d;
      actions.push({ type: 'draw', seat: a.seat, discards: d.value });
    } else if (a.action === 'timeout') actions.push({ type: 'timeout', seat: a.seat });
    else if (['fold', 'check', 'call', 'bet', 'raise', 'all-in'].includes(a.action)) {
      if (a.toMinor !== undefined && typeof a.toMinor !== 'number') return bad(`actions[${i}].toMinor must be a number`);
      actions.push({ type: 'act', seat: a.seat, action: a.action as PlayerAction, ...(typeof a.toMinor === 'number' ? { toMinor: a.toMinor } : {}) });
    } else return bad(`actions[${i}]: unknown action ${JSON.stringify(a.action)} (fold, check, call, bet, raise, all-in, draw, timeout, void)`);
  }
  const button = raw.button === undefined || raw.button === null ? null : raw.button;
  if (button !== null && typeof button !== 'number') return bad('"button" must be a seat number');
  return ok({ variant, table, button, seats: seats as SeatInput[], cards, board: board.value, ...(burns.value.length > 0 ? { burns: burns.value } : {}), actions });
}

/** Plays the hand through the state machine; the hand must finish (complete or void). */
export function replayHand(input: ReplayInput, handId = 'replay', onStep?: (before: HandState, cmd: HandCommand) => void): Result<HandState> {
  const started = startHand({ handId, config: tableConfig({ ...input.table, variant: input.variant }), seats: input.seats, buttonSeat: input.button, at: 0 });
  if (!started.ok) return started;
  let s = started.value;
  const cardQ = new Map(Object.entries(input.cards).map(([k, v]) => [Number(k), [...v]]));
  const boardQ = [...input.board];
  const burnQ = [...(input.burns ?? [])];
  const actQ = [...input.actions];
  let at = 0;
  while (s.phase.type !== 'complete' && s.phase.type !== 'void') {
    at += 1; // 1 ms per command: a replayed action is never late unless it was a timeout
    let cmd: HandCommand;
    const due = cardDue(s);
    const nextAct = actQ[0];
    if (nextAct?.type === 'void') {
      actQ.shift();
      cmd = { type: 'void', reason: nextAct.reason, at };
    } else if (due) {
      const card = due.to === 'board' ? boardQ.shift() : due.to === 'burn' ? burnQ.shift() : cardQ.get(due.seat)?.shift();
      if (card === undefined) {
        const what = due.to === 'board' ? 'the board runs' : due.to === 'burn' ? '"burns" runs (PT-BURN: a burnCards table burns before each later street)' : `seat ${due.seat} runs`;
        return violation('POKER_REPLAY_INCOMPLETE', 'GEN-8', `${what} out of cards before the hand ends`);
      }
      cmd = { type: 'card', card, at };
    } else {
      const a = actQ.shift();
      if (!a) return violation('POKER_REPLAY_INCOMPLETE', 'GEN-8', `the actions end before the hand does (seat ${s.toAct === null ? '?' : s.seats[s.toAct]?.seat} is to act)`);
      switch (a.type) {
        case 'act':
          cmd = { type: 'act', seat: a.seat, action: a.action, ...(a.toMinor !== undefined ? { toMinor: a.toMinor } : {}), at };
          break;
        case 'draw':
          cmd = { type: 'draw', seat: a.seat, discards: a.discards, at };
          break;
        case 'timeout':
          at = Math.max(at, s.clock?.deadlineAt ?? at);
          cmd = { type: 'timeout', seat: a.seat, at };
          break;
        default:
          return bad('unexpected action');
      }
    }
    const r = applyHandCommand(s, cmd);
    if (!r.ok) return violation(r.violation.code, r.violation.ruleId, `${describe(cmd)}: ${r.violation.message}`, r.violation.details ? { ...r.violation.details } : undefined);
    onStep?.(s, cmd);
    s = r.value;
  }
  const leftCards = [...cardQ.values()].reduce((a, q) => a + q.length, 0) + boardQ.length + burnQ.length;
  if (actQ.length > 0 || leftCards > 0) return violation('POKER_REPLAY_EXTRA', 'GEN-8', `the hand ended with ${actQ.length} action(s) and ${leftCards} card(s) unused`);
  return ok(s);
}

function describe(c: HandCommand): string {
  switch (c.type) {
    case 'card':
      return `card ${c.card}`;
    case 'act':
      return `seat ${c.seat} ${c.action}${c.toMinor !== undefined ? ` to ${c.toMinor}` : ''}`;
    case 'draw':
      return `seat ${c.seat} draws ${c.discards.length}`;
    case 'time-bank':
      return `seat ${c.seat} time bank`;
    case 'timeout':
      return `seat ${c.seat} timeout`;
    case 'void':
      return 'void';
    case 'misdeal':
      return 'misdeal';
    case 'expose':
      return `seat ${c.seat} card ${c.card} exposed`;
  }
}

/**
 * A hand from its events (GEN-8): the body of `GET /poker-tables/:id/hands/:handId/events` as the pit
 * boss receives it once the hand is over — `{ handId, table, events: [hand-started, card/act/draw/…,
 * hand-ended] }`, every card as a code. The commands are applied exactly as logged (same order, same
 * server times), and the result is checked against the logged `hand-ended` result.
 */
export interface HandEventsInput {
  readonly handId: string;
  readonly table: PokerTableConfig;
  readonly buttonSeat: number | null;
  readonly seats: readonly SeatInput[];
  readonly startedAt: number;
  readonly commands: readonly HandCommand[];
  /** the logged result's per-seat net and rake (null: the log has no hand-ended yet). */
  readonly logged: { readonly rakeMinor: number; readonly net: readonly { readonly seat: number; readonly netMinor: number }[] } | null;
}

const evBad = (message: string): { ok: false; violation: { code: string; ruleId: string | null; message: string } } => violation('POKER_REPLAY_INPUT', 'GEN-8', message);
const num = (x: unknown): x is number => typeof x === 'number' && Number.isSafeInteger(x);

export function isHandEventsInput(raw: unknown): boolean {
  return isObj(raw) && Array.isArray(raw.events);
}

/** Validates the events endpoint's JSON (untrusted) into the commands to apply. */
export function parseHandEvents(variant: VariantId, raw: unknown): Result<HandEventsInput> {
  if (!isObj(raw) || !Array.isArray(raw.events)) return evBad('the hand must be { handId, table, events: [...] } as GET /poker-tables/:id/hands/:handId/events returns it');
  if (!isObj(raw.table)) return evBad('"table" (the table settings the events endpoint includes) is missing');
  const fields = parseTableFields(raw.table);
  if (!fields.ok) return fields;
  const table = tableConfig({ ...fields.value, variant });
  if ((raw.table as { variant?: unknown }).variant !== undefined && (raw.table as { variant?: unknown }).variant !== variant) return evBad(`these events are of a ${String((raw.table as { variant?: unknown }).variant)} table, not ${variant}`);
  const [first, ...rest] = raw.events as unknown[];
  if (!isObj(first) || first.type !== 'hand-started' || !Array.isArray(first.seats)) return evBad('the first event must be hand-started with the seats dealt in');
  const seats: SeatInput[] = [];
  for (const x of first.seats) {
    if (!isObj(x) || !num(x.seat) || !num(x.stackMinor)) return evBad('every hand-started seat needs seat and stackMinor numbers');
    seats.push({ ...(x as unknown as SeatInput), playerId: typeof x.playerId === 'string' ? x.playerId : `seat${x.seat}` });
  }
  const one = (code: unknown, what: string): Result<CardId> => {
    const p = parseHand([code], 1, what);
    return p.ok ? ok(p.value[0] as CardId) : p;
  };
  const commands: HandCommand[] = [];
  let logged: HandEventsInput['logged'] = null;
  for (const [i, e] of rest.entries()) {
    if (!isObj(e) || typeof e.type !== 'string') return evBad(`events[${i + 1}] needs a "type"`);
    const at = num(e.at) ? e.at : 0;
    const seat = e.seat;
    switch (e.type) {
      case 'card': {
        const c = one(e.card, `events[${i + 1}].card`);
        if (!c.ok) return c;
        commands.push({ type: 'card', card: c.value, at });
        break;
      }
      case 'card-scanned':
      case 'card-burned':
        return violation('POKER_REPLAY_HIDDEN', 'GEN-8', `events[${i + 1}]: a down card this audience may not see — fetch the events as the pit boss once the hand is over`);
      case 'act':
        if (!num(seat) || typeof e.action !== 'string' || !['fold', 'check', 'call', 'bet', 'raise', 'all-in'].includes(e.action)) return evBad(`events[${i + 1}]: an act needs a seat and an action`);
        if (e.toMinor !== undefined && !num(e.toMinor)) return evBad(`events[${i + 1}].toMinor must be a number`);
        commands.push({ type: 'act', seat, action: e.action as PlayerAction, ...(num(e.toMinor) ? { toMinor: e.toMinor } : {}), at });
        break;
      case 'draw': {
        if (!num(seat)) return evBad(`events[${i + 1}]: a draw needs a seat`);
        if (!Array.isArray(e.discards)) return violation('POKER_REPLAY_HIDDEN', 'GEN-8', `events[${i + 1}]: the discards are hidden from this audience — fetch the events as the pit boss once the hand is over`);
        const d = parseHand(e.discards, undefined, `events[${i + 1}].discards`);
        if (!d.ok) return d;
        commands.push({ type: 'draw', seat, discards: d.value, at });
        break;
      }
      case 'time-bank':
      case 'timeout':
        if (!num(seat)) return evBad(`events[${i + 1}]: a ${e.type} needs a seat`);
        commands.push({ type: e.type, seat, at });
        break;
      case 'void':
      case 'misdeal':
        commands.push({ type: e.type, reason: typeof e.reason === 'string' ? e.reason : e.type, at });
        break;
      case 'expose': {
        const c = one(e.card, `events[${i + 1}].card`);
        if (!c.ok) return c;
        if (!num(seat)) return evBad(`events[${i + 1}]: an expose needs a seat`);
        commands.push({ type: 'expose', seat, card: c.value, at });
        break;
      }
      case 'hand-ended': {
        const r = isObj(e.result) ? e.result : null;
        if (r && num(r.rakeMinor) && Array.isArray(r.seats)) logged = { rakeMinor: r.rakeMinor, net: r.seats.filter(isObj).map((x) => ({ seat: Number(x.seat), netMinor: Number(x.netMinor) })) };
        break;
      }
      default:
        return evBad(`events[${i + 1}]: unknown event type ${JSON.stringify(e.type)}`);
    }
  }
  return ok({ handId: typeof raw.handId === 'string' ? raw.handId : 'replay', table, buttonSeat: num(first.buttonSeat) ? first.buttonSeat : null, seats, startedAt: num(first.at) ? first.at : 0, commands, logged });
}

/** Applies the logged commands; the hand must finish, and its result must be the logged one. */
export function replayHandEvents(input: HandEventsInput): Result<HandState> {
  const started = startHand({ handId: input.handId, config: input.table, seats: input.seats, buttonSeat: input.buttonSeat, at: input.startedAt });
  if (!started.ok) return started;
  let s = started.value;
  for (const cmd of input.commands) {
    const r = applyHandCommand(s, cmd);
    if (!r.ok) return violation(r.violation.code, r.violation.ruleId, `${describe(cmd)}: ${r.violation.message}`, r.violation.details ? { ...r.violation.details } : undefined);
    s = r.value;
  }
  if (!s.result) return violation('POKER_REPLAY_INCOMPLETE', 'GEN-8', 'the events end before the hand does');
  if (input.logged) {
    const mine = new Map(s.result.seats.map((x) => [x.seat, x.netMinor]));
    const differs = input.logged.rakeMinor !== s.result.rakeMinor || input.logged.net.some((x) => mine.get(x.seat) !== x.netMinor);
    if (differs) return violation('POKER_REPLAY_MISMATCH', 'GEN-8', 'laid out again, the hand does not end as the log says (rake or a seat\'s net differs)');
  }
  return ok(s);
}
