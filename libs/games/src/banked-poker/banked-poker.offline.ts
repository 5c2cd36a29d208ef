import { isMinor } from '../common/money.js';
import { ok, violation, type Result } from '../common/result.js';
import { createKernel, type RefereeDecision } from '../kernel/define.js';
import type { Settlement } from '../kernel/kernel.js';
import { cardCode, parseHand } from '../poker/cards.js';
import { decidesAt, defineBankedPoker, type BankedPokerEvent, type BankedPokerState } from './banked-poker.game.js';
import type { BankedPokerProfileBase, BankedPokerSpec, Slot } from './spec.js';

const FIELDS = ['roundId', 'player', 'dealer', 'board', 'bets', 'actions'];
const BET_FIELDS = ['betId', 'playerId', 'spot', 'stakeMinor'];

/**
 * `felt settle <banked poker game>` (the dispute tool, GEN-8): the hands and every player's decisions
 * → every bet's result, decided by the same kernel as a live round. Input (untrusted JSON):
 *
 * ```json
 * { "player": ["AS","KD","QH"], "dealer": ["2C","7D","9S"], "board": [],
 *   "bets": [ { "spot": "ante", "stakeMinor": 1000, "playerId": "p1" }, { "spot": "pair-plus", "stakeMinor": 500, "playerId": "p1" } ],
 *   "actions": { "p1": ["play"] } }
 * ```
 * Cards: canonical codes, each hand its exact count, no card twice (one deck): POKER_CARD_INVALID,
 * POKER_CARD_COUNT, POKER_CARD_DUPLICATE. `actions[player]`: one action per decision point the hand
 * reaches; missing ones get the published default (timeout).
 */
export function settleBankedPokerOffline<P extends BankedPokerProfileBase>(spec: BankedPokerSpec<P>, profiles: Readonly<Record<string, P>>, profileId: string, input: unknown): Result<Settlement> {
  const p = profiles[profileId];
  if (!p) return violation('UNKNOWN_PROFILE', 'D-2', `Unknown ${spec.label} profile "${profileId}".`);
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return violation('INVALID_INPUT', 'GEN-8', 'The input must be an object { player, dealer, board?, bets, actions? }.');
  const o = input as Record<string, unknown>;
  const extra = Object.keys(o).find((k) => !FIELDS.includes(k));
  if (extra !== undefined) return violation('INVALID_INPUT', 'GEN-8', `Unknown field "${extra}" (allowed: ${FIELDS.join(', ')}).`);
  const count = (slot: Slot) => spec.slots.filter((x) => x === slot).length;
  const hands: Partial<Record<Slot, string[]>> = {};
  const seen = new Set<number>();
  for (const slot of ['player', 'dealer', 'board'] as const) {
    const raw = o[slot] ?? [];
    if (!Array.isArray(raw)) return violation('INVALID_INPUT', 'GEN-8', `"${slot}" must be an array of card codes.`);
    const h = parseHand(raw, count(slot), `${slot} hand`);
    if (!h.ok) return violation(h.violation.code as never, spec.rules.deal, h.violation.message, h.violation.details as Record<string, unknown>);
    for (const c of h.value) {
      if (seen.has(c)) return violation('POKER_CARD_DUPLICATE', spec.rules.deal, `${cardCode(c)} is in two hands: impossible from one deck.`, { card: cardCode(c) });
      seen.add(c);
    }
    hands[slot] = h.value.map((c) => cardCode(c));
  }
  if (!Array.isArray(o.bets)) return violation('INVALID_INPUT', 'GEN-8', '"bets" must be an array of { spot, stakeMinor, betId?, playerId? }.');
  const actions = o.actions ?? {};
  if (typeof actions !== 'object' || actions === null || Array.isArray(actions)) return violation('INVALID_INPUT', 'GEN-8', '"actions" must be an object { playerId: [action, …] }.');
  for (const [who, list] of Object.entries(actions)) {
    if (!Array.isArray(list) || list.some((a) => typeof a !== 'string')) return violation('INVALID_INPUT', 'GEN-8', `actions.${who} must be an array of action names.`);
  }

  const kernel = createKernel(defineBankedPoker(spec, profiles, profileId));
  let s: BankedPokerState = kernel.initial();
  const T = 1_000_000;
  const run = (c: Record<string, unknown> & { type: string; at: number }, where: string): Result<BankedPokerState> => {
    const d = kernel.decide(s, c as never) as RefereeDecision<BankedPokerEvent>;
    if (!d.ok) return violation(d.violation.code as never, d.violation.ruleId, `${where}: ${d.violation.message}`, d.violation.details as Record<string, unknown>);
    for (const e of d.events) s = kernel.evolve(s, e);
    return ok(s);
  };
  const big = Math.floor(Number.MAX_SAFE_INTEGER / (Math.ceil(spec.maxReturnMultiple(p)) + 1) / 100);
  let r = run({ type: 'OpenRound', at: T, roundId: typeof o.roundId === 'string' ? o.roundId : 'offline', tableId: 'offline', profileId, bettingClosesAt: T + 10, limits: { spots: {}, tableMinMinor: 1, tableMaxMinor: big } }, 'open');
  if (!r.ok) return r;
  for (let i = 0; i < o.bets.length; i++) {
    const b: unknown = o.bets[i];
    if (typeof b !== 'object' || b === null || Array.isArray(b)) return violation('INVALID_INPUT', 'GEN-8', `bets[${i}] must be an object { spot, stakeMinor, betId?, playerId? }.`);
    const bo = b as Record<string, unknown>;
    const bad = Object.keys(bo).find((k) => !BET_FIELDS.includes(k));
    if (bad !== undefined) return violation('INVALID_INPUT', 'GEN-8', `bets[${i}] has an unknown field "${bad}".`);
    if (!isMinor(bo.stakeMinor) || bo.stakeMinor <= 0) return violation('INVALID_AMOUNT', 'GEN-4', `bets[${i}].stakeMinor must be a positive whole number of minor units.`);
    r = run({ type: 'PlaceBet', at: T + 1, bet: { betId: typeof bo.betId === 'string' ? bo.betId : `bet_${i + 1}`, playerId: typeof bo.playerId === 'string' ? bo.playerId : 'player', spot: bo.spot, stakeMinor: bo.stakeMinor } }, `bets[${i}]`);
    if (!r.ok) return r;
  }
  r = run({ type: 'CloseBetting', at: T + 10, reason: 'dealer' }, 'close');
  if (!r.ok) return r;
  const queues = Object.fromEntries(Object.entries(actions as Record<string, string[]>).map(([k, v]) => [k, [...v]]));
  const used = new Map<string, number>();
  let at = T + 20;
  const order = spec.slots.map((slot, i) => (hands[slot] as string[])[spec.slots.slice(0, i).filter((x) => x === slot).length] as string);
  for (const card of order) {
    r = run({ type: 'RecordCard', at: at++, card }, `card ${card}`);
    if (!r.ok) return r;
    if (s.window) {
      const point = s.window.point;
      for (const [who, q] of Object.entries(queues)) {
        if (!s.window || s.window.point !== point) break;
        if (!s.hands[who] || (s.decidedPoints[who] ?? []).includes(point)) continue;
        const d = spec.decisions[point];
        const hand = s.hands[who];
        if (!d || !hand || !decidesAt(d, hand, s.decidedPoints[who] ?? [])) continue;
        const action = q.shift();
        if (action === undefined) continue;
        used.set(who, (used.get(who) ?? 0) + 1);
        r = run({ type: 'PlayerAction', at: at++, playerId: who, action }, `actions.${who}[${(used.get(who) ?? 1) - 1}]`);
        if (!r.ok) return r;
      }
      if (s.window) {
        const closesAt = s.window.closesAt;
        r = run({ type: 'CloseDecisions', at: closesAt, reason: 'deadline' }, 'decision timeout');
        if (!r.ok) return r;
        at = closesAt + 1;
      }
    }
  }
  for (const [who, q] of Object.entries(queues)) if (q.length > 0) return violation('UNUSED_ACTIONS', spec.rules.decide, `actions.${who} has ${q.length} action(s) left after the hand ended: ${q.join(', ')}.`);
  const st = kernel.settle(s);
  if (!st.ok || st.value.early === undefined) return st;
  // `felt settle` answers for the whole round: the lines settled early (Riverside's Bonus, RV-L2) join the rest, in bet order
  const betOrder = new Map([...s.book.byId.values()].map((b, i) => [b.betId, i]));
  const lines = [...st.value.lines, ...st.value.early].sort((x, y) => (betOrder.get(x.betId) ?? 0) - (betOrder.get(y.betId) ?? 0));
  return ok({ roundId: st.value.roundId, voided: st.value.voided, lines, houseResultMinor: st.value.houseResultMinor });
}
