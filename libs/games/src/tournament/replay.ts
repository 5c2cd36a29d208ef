import { ok, violation, type Result } from '../common/result.js';
import { roundHand } from './play.js';
import { cancellationPayouts, evolve, finalPayouts, initialState, playing, type Payout, type TournamentEvent, type TournamentState } from './state.js';
import { validateDef, type TournamentDef } from './structure.js';

/**
 * `felt tournament <log>` (issue 24): a tournament laid out again from its event log (the body of
 * `GET /tournaments/{id}/log`, or the bare array of events). The log is folded event by event with the same
 * pure functions as the server, and checked while it is: the terms valid (TRN-DEF), the chips conserved
 * after every hand, the prizes of the finish the ones TRN-PAY/TRN-TIE give for the places, a cancellation's
 * the ones TRN-CANCEL/S1-FAIL-STT/MTT give. Pure.
 */

export const TOURNAMENT_EVENT_TYPES: readonly TournamentEvent['type'][] = ['created', 'registered', 'started', 'seated', 'level-advanced', 'paused', 'resumed', 'time-added', 'hand-played', 'busted', 'moved', 'table-broken', 'finished', 'cancelled', 'sat-in', 'sat-out', 'round-started', 'hand-action'];

export type ReplayLine =
  | { readonly type: 'level'; readonly at: number; readonly level: number; readonly item: TournamentDef['structure'][number] }
  | { readonly type: 'control'; readonly at: number; readonly what: 'paused' | 'resumed' | 'time-added'; readonly by: string; readonly reason: string; readonly ms?: number }
  | { readonly type: 'started'; readonly at: number; readonly players: number; readonly tables: number }
  | { readonly type: 'bust'; readonly at: number; readonly entries: readonly { readonly entryId: string; readonly playerId: string }[]; readonly place: number; readonly placeTo: number }
  | { readonly type: 'table-broken'; readonly at: number; readonly table: number }
  | { readonly type: 'end'; readonly at: number; readonly how: 'finished' | 'cancelled'; readonly rule: string; readonly reason: string | null };

export interface TournamentReplay {
  readonly def: TournamentDef;
  readonly state: TournamentState;
  readonly lines: readonly ReplayLine[];
  readonly registrations: number;
  readonly hands: number;
  readonly moves: number;
  /** TRN-PLAY: the actions logged in hands people played, by who decided them; `timeBank`: the presses of a time bank (S1-TIMEBANK), not counted as actions. */
  readonly actions: { readonly player: number; readonly robot: number; readonly timeout: number; readonly absent: number; readonly timeBank: number };
  /** what the log says that the rules do not (empty: the log replays). */
  readonly mismatches: readonly string[];
}

const bad = (message: string, details?: Record<string, unknown>): Result<never> => violation('TOURNAMENT_LOG_INVALID', 'GEN-8', message, details);
const isObj = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
/** Key order is not meaning: a log read back from PostgreSQL (jsonb) has its objects' keys in jsonb's order, not the writer's. */
const canonical = (p: Payout): string => JSON.stringify(Object.fromEntries(Object.entries(p).sort(([x], [y]) => (x < y ? -1 : 1))));
const samePayouts = (a: readonly Payout[], b: readonly Payout[]): boolean => a.length === b.length && a.every((p, i) => canonical(p) === canonical(b[i] as Payout));

export function replayTournament(raw: unknown): Result<TournamentReplay> {
  const events = Array.isArray(raw) ? raw : isObj(raw) && Array.isArray(raw['events']) ? raw['events'] : null;
  if (events === null) return bad('a tournament log is the body of GET /tournaments/{id}/log ({ "events": [...] }) or an array of events');
  for (const [i, e] of events.entries()) {
    if (!isObj(e) || typeof e['type'] !== 'string' || !TOURNAMENT_EVENT_TYPES.includes(e['type'] as TournamentEvent['type']) || typeof e['at'] !== 'number') return bad(`event ${i + 1} is not a tournament event (type, at)`, { index: i });
  }
  const evs = events as TournamentEvent[];
  const first = evs[0];
  if (first?.type !== 'created' || !isObj(first.def)) return bad('the log starts with the created event and its terms');
  const d = validateDef(first.def);
  if (!d.ok) return d;
  let s = initialState(d.value);
  const lines: ReplayLine[] = [];
  const mismatches: string[] = [];
  let registrations = 0;
  let hands = 0;
  let moves = 0;
  const actions = { player: 0, robot: 0, timeout: 0, absent: 0, timeBank: 0 };
  for (const [i, e] of evs.entries()) {
    if (i === 0) continue;
    if (e.type === 'created') return bad(`event ${i + 1}: a second created event`);
    const before = s;
    try {
      s = evolve(s, e);
    } catch (err) {
      return bad(`event ${i + 1} (${e.type}) does not fold: ${(err as Error).message}`, { index: i });
    }
    switch (e.type) {
      case 'registered':
        registrations += 1;
        break;
      case 'started':
        lines.push({ type: 'started', at: e.at, players: s.entries.length, tables: s.tables.length });
        break;
      case 'level-advanced': {
        const item = s.def.structure[e.level];
        if (item) lines.push({ type: 'level', at: e.at, level: e.level, item });
        break;
      }
      case 'paused':
      case 'resumed':
        lines.push({ type: 'control', at: e.at, what: e.type, by: e.by, reason: e.reason });
        break;
      case 'time-added':
        lines.push({ type: 'control', at: e.at, what: 'time-added', by: e.by, reason: e.reason, ms: e.ms });
        break;
      case 'hand-played': {
        hands += 1;
        // TRN-PLAY: a hand of a round in play is the fold of its logged actions: its chips must be the ones logged
        let h: ReturnType<typeof roundHand> = null;
        try {
          h = before.round === null ? null : roundHand(before.round, e.table);
        } catch (err) {
          mismatches.push(`hand ${e.handId}: its logged actions do not replay (${(err as Error).message})`);
        }
        if (h !== null) {
          const want = h.result?.seats.map((x) => `${x.playerId}=${x.stackMinor}`).join(',') ?? 'no result';
          const got = e.chips.map((x) => `${x.entryId}=${x.chips}`).join(',');
          if (want !== got) mismatches.push(`hand ${e.handId}: the chips logged (${got}) are not the ones its logged actions give (${want})`);
          // S1-TIMEBANK: the banks carried on are the ones the hand's logged presses and actions leave
          const banksWant = h.seats.map((x) => `${x.playerId}=${x.timeBankMs}`).join(',');
          const banksGot = e.timeBanks?.map((x) => `${x.entryId}=${x.ms}`).join(',');
          if (banksGot !== undefined && banksGot !== banksWant) mismatches.push(`hand ${e.handId}: the time banks logged (${banksGot}) are not the ones its logged actions leave (${banksWant}), S1-TIMEBANK`);
        }
        const chips = s.entries.reduce((a, x) => a + x.chips, 0);
        if (chips !== s.entries.length * s.def.startingStack) mismatches.push(`hand ${e.handId}: ${chips} chips in play, ${s.entries.length * s.def.startingStack} expected`);
        break;
      }
      case 'busted': {
        const left = playing(s).length;
        const byId = new Map(s.entries.map((x) => [x.entryId, x]));
        lines.push({ type: 'bust', at: e.at, entries: e.entryIds.map((id) => ({ entryId: id, playerId: byId.get(id)?.playerId ?? '?' })), place: left + 1, placeTo: left + e.entryIds.length });
        break;
      }
      case 'moved':
        moves += 1;
        break;
      case 'table-broken':
        lines.push({ type: 'table-broken', at: e.at, table: e.table });
        break;
      case 'finished':
        if (!samePayouts(e.payouts, finalPayouts(before))) mismatches.push('the prizes of the finish are not the ones the published table gives for the places (TRN-PAY, TRN-TIE)');
        lines.push({ type: 'end', at: e.at, how: 'finished', rule: 'TRN-PAY', reason: null });
        break;
      case 'cancelled': {
        const expected = cancellationPayouts(before);
        if (expected.rule !== e.rule || !samePayouts(e.payouts, expected.payouts)) mismatches.push(`the cancellation pays other amounts than ${expected.rule} gives`);
        lines.push({ type: 'end', at: e.at, how: 'cancelled', rule: e.rule, reason: e.reason });
        break;
      }
      case 'hand-action':
        if (e.action === 'time-bank') actions.timeBank += 1;
        else actions[e.by] += 1;
        break;
      case 'seated':
      case 'sat-in':
      case 'sat-out':
      case 'round-started':
        break;
    }
  }
  return ok({ def: s.def, state: s, lines, registrations, hands, moves, actions, mismatches });
}
