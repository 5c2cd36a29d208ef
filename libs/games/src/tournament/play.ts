import { createRng, shuffle, type Rng } from '../common/random.js';
import { applyHandCommand, cardDue, legalActions, startHand, type HandCommand, type HandState } from '../poker-table/hand.js';
import { tableConfig } from '../poker-table/profiles.js';
import { robotCommand } from '../poker-table/robot.js';
import { currentItem, evolve, finalPayouts, handForHand, initialState, playing, rebalance, register, start, tick, type TournamentEvent, type TournamentState } from './state.js';
import type { TournamentDef } from './structure.js';

/**
 * The tournament's hands (issue 24), played with the pure live-poker core (`poker-table`: `startHand`,
 * `applyHandCommand`, the seeded `robotCommand`) — no second poker engine. Each table deals one No-Limit
 * Hold'em hand per round with the level's blinds and ante; the players are robots (the CI tournament and
 * the demo). Driving the server's live poker tables (people at the seats, the table host's clock) from a
 * tournament is not built: docs/tournaments.md.
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

/** The tournament robot: the demo robot, but it moves all-in now and then (rising blinds then end the tournament). */
function robot(h: HandState, rng: Rng, at: number): HandCommand | null {
  const la = legalActions(h);
  if (la && la.raise && rng.int(100) < 4) return { type: 'act', seat: la.seat, action: 'all-in', at };
  return robotCommand(h, rng, at);
}

/** One hand at a table with robots: the chips after it, or null when fewer than two can play. */
export function playTableHand(s: TournamentState, tableNo: number, seed: number, at: number): Extract<TournamentEvent, { type: 'hand-played' }> | null {
  const item = currentItem(s);
  const t = s.tables.find((x) => x.tableNo === tableNo);
  if (!t || item?.type !== 'level') return null;
  const chipsOf = new Map(s.entries.map((e) => [e.entryId, e.chips]));
  const seats = t.seats.flatMap((x, i) => (x === null ? [] : [{ seat: i + 1, playerId: x, stackMinor: chipsOf.get(x) ?? 0 }]));
  if (seats.length < 2) return null;
  // the button moves to the next occupied seat (a simple moving button [Interp]: no dead button)
  const button = t.button === null ? (seats[0] as { seat: number }).seat : (seats.find((x) => x.seat > (t.button as number)) ?? seats[0] as { seat: number }).seat;
  const config = tableConfig({ variant: 'holdem', structure: 'no-limit', smallBlindMinor: item.smallBlind, bigBlindMinor: item.bigBlind, anteMinor: item.ante, timeout: 'check-when-free' });
  const handId = `t${tableNo}-h${s.handsPlayed + 1}`;
  const st = startHand({ handId, config, seats, buttonSeat: button, at });
  if (!st.ok) throw new Error(`tournament hand ${handId}: ${st.violation.code} ${st.violation.message}`);
  let h = st.value;
  const rng = createRng(seed);
  const deck = shuffle(Array.from({ length: 52 }, (_, i) => i), rng);
  for (let steps = 0; h.phase.type !== 'complete'; steps++) {
    if (steps > 2_000) throw new Error(`tournament hand ${handId} did not end`);
    const due = cardDue(h);
    const cmd: HandCommand | null = due ? { type: 'card', card: deck.shift() as number, at } : robot(h, rng, at);
    if (!cmd) throw new Error(`tournament hand ${handId} stuck in ${h.phase.type}`);
    const r = applyHandCommand(h, cmd);
    if (!r.ok) throw new Error(`tournament hand ${handId}: ${r.violation.code} ${r.violation.message}`);
    h = r.value;
  }
  const result = h.result;
  if (!result) throw new Error(`tournament hand ${handId} has no result`);
  return { type: 'hand-played', table: tableNo, handId, button, seed, chips: result.seats.map((x) => ({ entryId: x.playerId, chips: x.stackMinor })), handForHand: handForHand(s), at };
}

/**
 * One round of play at `at`: every table deals one hand (at the same time — so hand-for-hand, 001 §2.3, holds
 * by construction), then the busts (TRN-TIE: a table's busts in one hand are one group; in hand-for-hand the
 * whole round's busts are one group), then TRN-BALANCE, then the finish when one player is left. During a
 * break or a pause nothing is dealt.
 */
export function playRound(s: TournamentState, seed: number, round: number, at: number): TournamentEvent[] {
  if (s.status !== 'running' || currentItem(s)?.type !== 'level') return [];
  const out: TournamentEvent[] = [];
  let cur = s;
  const emit = (e: TournamentEvent): void => {
    out.push(e);
    cur = evolve(cur, e);
  };
  const hfh = handForHand(s);
  const busts: string[][] = [];
  for (const t of s.tables) {
    const e = playTableHand(cur, t.tableNo, handSeed(seed, round, t.tableNo), at);
    if (!e) continue;
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

/** While late registration or re-entry is open, one player left does not end the tournament yet [Interp]: it ends at the first round after. */
function registrationOpenForReEntry(s: TournamentState): boolean {
  const re = s.def.reEntry;
  return s.level < s.def.lateRegistrationLevels || (re !== null && s.level < re.untilLevel);
}

/**
 * A whole tournament with robots, pure (tests, `felt tournament`'s fixtures): `players` register, it starts at
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
    const r = register(s, { entryId: `ent_${i}`, playerId: `p${i}`, at: startAt });
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
