import { isCard, parseCard, type Card } from '../cards/card.js';
import { isMinor } from '../common/money.js';
import { ok, violation, type Result, type Violation } from '../common/result.js';
import { simulatedRtpRow, type GameModule, type RtpOptions, type RtpReport, type RtpRow } from '../kernel/game.js';
import type { Settlement } from '../kernel/kernel.js';
import { blackjackKernel, cardDue, currentHand, PLAYER_ACTIONS, type BlackjackCommand, type BlackjackState, type PlayerActionKind } from './kernel.js';
import { blackjackProfiles, type BlackjackProfile } from './profiles.js';
import { simulateRtp } from './simulate.js';

/** Default simulation size: ≈ 3–6 s on one (shared) core, ci95 ≈ ±0.25 %; `felt rtp --rounds` raises it. */
export const DEFAULT_RTP_ROUNDS = 750_000;
export const DEFAULT_RTP_SEED = 20_110_000;

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/**
 * Insurance, exact: the bet wins when the hole card (or the no-hole-card dealer's second card) is a
 * ten-value card. From a full shoe with the dealer's Ace out, P = 16·decks / (52·decks − 1)
 * (8 decks: 128/415); RTP = P × (1 + insurancePays). Player cards are not conditioned on.
 */
export function insuranceRtp(p: BlackjackProfile): { rtp: number; exact: string } {
  const tens = 16 * p.decks;
  const left = 52 * p.decks - 1;
  const num = tens * (p.insurancePays.num + p.insurancePays.den);
  const den = left * p.insurancePays.den;
  const g = gcd(num, den);
  return { rtp: num / den, exact: `${num / g}/${den / g}` };
}

export function blackjackRtp(profileId: string, opts: RtpOptions = {}): Result<RtpReport> {
  const p = blackjackProfiles[profileId];
  if (!p) return violation('UNKNOWN_PROFILE', 'D-2', `No blackjack profile "${profileId}".`);
  const rounds = opts.rounds ?? DEFAULT_RTP_ROUNDS;
  if (!Number.isInteger(rounds) || rounds < 2) return violation('INVALID_ROUNDS', null, 'rounds must be an integer ≥ 2.');
  const seed = opts.seed ?? DEFAULT_RTP_SEED;
  const sim = simulateRtp(p, seed, rounds);
  const ins = insuranceRtp(p);
  const rows: RtpRow[] = [
    simulatedRtpRow('main', sim, sim.rounds, `one seat, basic strategy derived from this profile's rules (infinite-deck EV, derive.ts; equals the 4–8-deck S17 DAS chart on the standard table but for 2 marginal soft doubles), no insurance, ${p.decks} decks reshuffled at the cut card; return per initial bet incl. doubles and splits; seed ${seed}`),
    simulatedRtpRow('behind', sim.behind, sim.rounds, `a bet behind the seat above (BJB-3, RAY §8.1), on the same simulated rounds: it follows the seated player's basic-strategy decisions and settles with the seat's first hand at its own stake — never doubled, split or insured ([Interp.]: a double leaves it at its stake on the doubled hand, a split leaves it on the first hand); the seated player plays for their own bet, not the bettor's; seed ${seed}`),
    { bet: 'insurance', rtp: ins.rtp, houseEdge: 1 - ins.rtp, method: 'exact', exact: ins.exact, note: `${p.decks}-deck shoe with the dealer's Ace out; pays ${p.insurancePays.num}:${p.insurancePays.den}` },
  ];
  return ok({ game: 'blackjack', profile: p.id, rows });
}

/** Validated `settleOffline` input. */
export interface OfflineSeat {
  readonly seat: number;
  readonly playerId: string;
  readonly betId: string;
  readonly stakeMinor: number;
  readonly actions: readonly PlayerActionKind[];
}
/** A bet behind a seat (RAY §8.1): it follows the seat's first hand at its own stake. */
export interface OfflineBehind {
  readonly seat: number;
  readonly playerId: string;
  readonly betId: string;
  readonly stakeMinor: number;
}
export interface OfflineInput {
  readonly seats: readonly OfflineSeat[];
  readonly behind: readonly OfflineBehind[];
  readonly cards: readonly Card[];
}

const bad = (message: string, details?: Record<string, unknown>): { readonly ok: false; readonly violation: Violation } => violation('INVALID_INPUT', null, message, details);

function parseInput(p: BlackjackProfile, input: unknown): Result<OfflineInput> {
  if (typeof input !== 'object' || input === null) return bad('input must be an object { seats, cards }');
  const { seats, cards, behind = [] } = input as { seats?: unknown; cards?: unknown; behind?: unknown };
  const known = new Set(Object.keys(input));
  for (const k of ['seats', 'cards', 'behind']) known.delete(k);
  if (known.size > 0) return bad(`unknown field(s): ${[...known].join(', ')}`);
  if (!Array.isArray(seats) || seats.length === 0) return bad('seats must be a non-empty array');
  if (!Array.isArray(cards)) return bad('cards must be an array of card codes in shoe order');
  const outSeats: OfflineSeat[] = [];
  const seen = new Set<number>();
  const ids = new Set<string>();
  for (const [i, raw] of seats.entries()) {
    if (typeof raw !== 'object' || raw === null) return bad(`seats[${i}] must be an object`);
    const s = raw as Record<string, unknown>;
    if (typeof s.seat !== 'number' || !Number.isInteger(s.seat) || s.seat < 1 || s.seat > p.seats) return bad(`seats[${i}].seat must be an integer 1..${p.seats}`);
    if (seen.has(s.seat)) return bad(`seat ${s.seat} appears twice`);
    seen.add(s.seat);
    if (typeof s.playerId !== 'string' || s.playerId === '') return bad(`seats[${i}].playerId must be a non-empty string`);
    if (typeof s.betId !== 'string' || s.betId === '') return bad(`seats[${i}].betId must be a non-empty string`);
    if (ids.has(s.betId)) return bad(`betId ${s.betId} appears twice`);
    ids.add(s.betId);
    if (!isMinor(s.stakeMinor) || s.stakeMinor <= 0) return bad(`seats[${i}].stakeMinor must be a positive integer (minor units)`);
    const actions = s.actions ?? [];
    if (!Array.isArray(actions) || !actions.every((a) => typeof a === 'string' && (PLAYER_ACTIONS as readonly string[]).includes(a))) return bad(`seats[${i}].actions must be a list of ${PLAYER_ACTIONS.join(' | ')}`);
    outSeats.push({ seat: s.seat, playerId: s.playerId, betId: s.betId, stakeMinor: s.stakeMinor, actions: actions as PlayerActionKind[] });
  }
  if (!Array.isArray(behind)) return bad('behind must be an array of { seat, playerId, betId, stakeMinor }');
  const outBehind: OfflineBehind[] = [];
  for (const [i, raw] of behind.entries()) {
    if (typeof raw !== 'object' || raw === null) return bad(`behind[${i}] must be an object`);
    const b = raw as Record<string, unknown>;
    if (typeof b.seat !== 'number' || !seen.has(b.seat)) return bad(`behind[${i}].seat must be one of the seats played`);
    if (typeof b.playerId !== 'string' || b.playerId === '') return bad(`behind[${i}].playerId must be a non-empty string`);
    if (typeof b.betId !== 'string' || b.betId === '' || ids.has(b.betId)) return bad(`behind[${i}].betId must be a new non-empty string`);
    ids.add(b.betId);
    if (!isMinor(b.stakeMinor) || b.stakeMinor <= 0) return bad(`behind[${i}].stakeMinor must be a positive integer (minor units)`);
    outBehind.push({ seat: b.seat, playerId: b.playerId, betId: b.betId, stakeMinor: b.stakeMinor });
  }
  const outCards: Card[] = [];
  for (const [i, c] of cards.entries()) {
    if (typeof c !== 'string') return bad(`cards[${i}] must be a card code`);
    const parsed = parseCard(c);
    if (!parsed.ok) return bad(`cards[${i}]: ${parsed.violation.message}`);
    outCards.push(parsed.value);
  }
  return ok({ seats: outSeats, behind: outBehind, cards: outCards });
}

/**
 * Dispute tool (GEN-8): replays one round through `blackjackKernel` and settles it.
 *
 * Input (JSON):
 * ```json
 * { "seats": [{ "seat": 1, "playerId": "p1", "betId": "b1", "stakeMinor": 100, "actions": ["hit", "stand"] }],
 *   "cards": ["AS", "9H", "6D", "KS", "TC"],
 *   "behind": [{ "seat": 1, "playerId": "p2", "betId": "x1", "stakeMinor": 50 }] }
 * ```
 * - `behind` (optional): bets behind a seat played (RAY §8.1); each follows that seat's first hand at its own stake.
 * - `cards`: every card in the order it left the shoe (BJ-5: one to each seat left to right, dealer up
 *   card, second card to each seat, the hole card if the profile deals one; then the acting hands'
 *   cards; then the dealer's draws). `10H`/lower case accepted.
 * - `actions` per seat, in the order that seat was asked: `insurance` / `no-insurance` (only when
 *   insurance is offered; if the seat's next action is neither, the seat is taken to have declined),
 *   then `hit` / `stand` / `double` / `split` for hand 1, then for hand 2 after a split. Hands at 21,
 *   busted, doubled or split aces ask nothing. Derived stakes get bet ids `<betId>:<action>:<hand>`.
 * - Errors: `INVALID_INPUT` (shape), or the kernel's violation (e.g. `DOUBLE_NOT_ALLOWED`),
 *   `ACTIONS_EXHAUSTED` (a decision was due and the seat has no action left), `CARDS_EXHAUSTED`
 *   (round incomplete), `UNUSED_ACTIONS`, and `MISDEAL` (a card the rules did not call for).
 */
export function blackjackSettleOffline(profileId: string, input: unknown): Result<Settlement> {
  const p = blackjackProfiles[profileId];
  if (!p) return violation('UNKNOWN_PROFILE', 'D-2', `No blackjack profile "${profileId}".`);
  const parsed = parseInput(p, input);
  if (!parsed.ok) return parsed;
  const k = blackjackKernel;
  let s: BlackjackState = k.initial();
  let at = 0;
  const run = (c: BlackjackCommand): Result<true> => {
    const d = k.decide(s, c);
    if (!d.ok) return { ok: false, violation: d.violation };
    for (const e of d.events) s = k.evolve(s, e);
    return ok(true);
  };
  // D-1: the highest stake whose every payout stays an exact integer (a larger one is STAKE_TOO_LARGE, never an overflow)
  const limits = { spots: {}, tableMinMinor: 1, tableMaxMinor: k.stakeCeiling(p) };
  const open = run({ type: 'OpenRound', at, roundId: 'offline', tableId: 'offline', profileId, bettingClosesAt: 1, limits });
  if (!open.ok) return open;
  for (const seat of parsed.value.seats) {
    const r = run({ type: 'PlaceBet', at, bet: { betId: seat.betId, playerId: seat.playerId, spot: `seat:${seat.seat}`, stakeMinor: seat.stakeMinor } });
    if (!r.ok) return r;
  }
  for (const b of parsed.value.behind) {
    const r = run({ type: 'PlaceBet', at, bet: { betId: b.betId, playerId: b.playerId, spot: `behind:${b.seat}`, stakeMinor: b.stakeMinor } });
    if (!r.ok) return r;
  }
  const queues = new Map(parsed.value.seats.map((x) => [x.seat, x.actions.slice()]));
  const cards = parsed.value.cards.slice();
  for (let step = 0; step < 10_000 && s.phase !== 'resolved'; step++) {
    at += 1;
    if (s.phase === 'halted') return violation('MISDEAL', 'S-2', s.halt?.message ?? 'misdeal');
    if (s.phase === 'betting' || cardDue(s) !== null) {
      const card = cards.shift();
      if (card === undefined) return violation('CARDS_EXHAUSTED', 'GEN-8', 'The card list ends before the round is complete.', { next: k.next(s).map((n) => n.message) });
      const r = run({ type: 'RecordCard', at, card });
      if (!r.ok) return r;
      continue;
    }
    if (s.stage === 'insurance') {
      const seat = s.seats.find((x) => x.insurance === 'pending');
      if (!seat) return violation('INTERNAL', null, 'insurance stage without a pending seat');
      const q = queues.get(seat.seat) ?? [];
      const head = q[0];
      const action = head === 'insurance' || head === 'no-insurance' ? (q.shift() as PlayerActionKind) : 'no-insurance';
      const r = run({ type: 'PlayerAction', at, seat: seat.seat, hand: 0, action, playerId: seat.playerId, betId: `${seat.betId}:insurance:0` });
      if (!r.ok) return r;
      continue;
    }
    const cur = currentHand(s);
    if (!cur) return violation('INTERNAL', null, 'round stuck', { next: k.next(s).map((n) => n.message) });
    const action = queues.get(cur.seat.seat)?.shift();
    if (action === undefined) return violation('ACTIONS_EXHAUSTED', 'BJ-9', `Seat ${cur.seat.seat} hand ${cur.handIndex + 1} has a decision due but no action left.`);
    const r = run({ type: 'PlayerAction', at, seat: cur.seat.seat, hand: cur.handIndex, action, playerId: cur.seat.playerId, betId: `${cur.seat.betId}:${action}:${cur.handIndex}` });
    if (!r.ok) return r;
  }
  if (cards.length > 0) return violation('MISDEAL', 'S-2', `${cards.length} card(s) left over after the round completed: the rules did not call for them.`, { extra: cards.filter(isCard) });
  for (const [seat, q] of queues) if (q.length > 0) return violation('UNUSED_ACTIONS', 'BJ-9', `Seat ${seat} has actions left over after its hands were complete.`, { actions: q });
  return k.settle(s);
}

export const blackjackModule: GameModule = {
  id: 'blackjack',
  profiles: blackjackProfiles,
  defaultProfile: 'standard',
  rtp: blackjackRtp,
  settleOffline: blackjackSettleOffline,
};
