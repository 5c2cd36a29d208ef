// Shared test driver for blackjack specs (not shipped: imported only by *.spec.ts files).
import type { Card } from '../cards/card.js';
import type { Audience, Decision, RoundLimits } from '../kernel/kernel.js';
import { blackjackKernel, type BlackjackCommand, type BlackjackEvent, type BlackjackKernel, type BlackjackState, type PlayerActionKind } from './kernel.js';

export const LIMITS: RoundLimits = { spots: { main: { minMinor: 10, maxMinor: 100_000 } }, tableMinMinor: 10, tableMaxMinor: 1_000_000 };

/** 'A' → 'AS', 'T' → 'TH', … (suits cycle; suits never matter in blackjack). Full codes pass through. */
let suit = 0;
export const card = (r: string): Card => (r.length === 2 ? (r as Card) : (`${r}${'SHDC'[suit++ % 4]}` as Card));

export interface TestTable {
  readonly s: BlackjackState;
  readonly events: readonly BlackjackEvent[];
  readonly at: number;
  run(c: BlackjackCommand): Decision<BlackjackEvent>;
  must(c: BlackjackCommand): readonly BlackjackEvent[];
  /** Record cards (rank letters or codes) in shoe order; every one must be accepted. */
  deal(...ranks: string[]): void;
  act(seat: number, hand: number, action: PlayerActionKind, opts?: { playerId?: string; betId?: string }): Decision<BlackjackEvent>;
  returns(): Record<string, number>;
  view(a: Audience): ReturnType<BlackjackKernel['view']>;
  next(): string[];
  tick(ms: number): void;
}

/** Opens a round on `profileId` with `seats` = [seat, playerId, stakeMinor][]. */
export function table(profileId = 'standard', seats: readonly (readonly [number, string, number])[] = [[1, 'p1', 100]], kernel: BlackjackKernel = blackjackKernel): TestTable {
  let s = kernel.initial();
  const events: BlackjackEvent[] = [];
  let at = 1_000;
  const run = (c: BlackjackCommand): Decision<BlackjackEvent> => {
    const d = kernel.decide(s, c);
    if (d.ok) {
      for (const e of d.events) {
        s = kernel.evolve(s, e);
        events.push(e);
      }
    }
    return d;
  };
  const must = (c: BlackjackCommand): readonly BlackjackEvent[] => {
    const d = run(c);
    if (!d.ok) throw new Error(`${c.type} rejected: ${JSON.stringify(d.violation)}`);
    return d.events;
  };
  must({ type: 'OpenRound', at, roundId: 'rnd_1', tableId: 'tbl_1', profileId, bettingClosesAt: at + 15_000, limits: LIMITS });
  for (const [seat, playerId, stakeMinor] of seats) must({ type: 'PlaceBet', at: ++at, bet: { betId: `b${seat}`, playerId, spot: `seat:${seat}`, stakeMinor } });
  const seatOwner = new Map(seats.map(([seat, p]) => [seat, p]));
  return {
    get s() {
      return s;
    },
    events,
    get at() {
      return at;
    },
    run,
    must,
    deal(...ranks: string[]) {
      for (const r of ranks) {
        const evs = must({ type: 'RecordCard', at: ++at, card: card(r) });
        if (!evs.some((e) => e.type === 'CardRecorded')) throw new Error(`card ${r} was not dealt: ${JSON.stringify(evs)}`);
      }
    },
    act(seat, hand, action, opts = {}) {
      const needsBet = action === 'double' || action === 'split' || action === 'insurance';
      const base = { type: 'PlayerAction' as const, at: ++at, seat, hand, action, playerId: opts.playerId ?? seatOwner.get(seat) ?? 'nobody' };
      return run(needsBet ? { ...base, betId: opts.betId ?? `b${seat}-${action}-${hand}` } : base);
    },
    returns() {
      const r = kernel.settle(s);
      if (!r.ok) throw new Error(JSON.stringify(r.violation));
      return Object.fromEntries(r.value.lines.map((l) => [l.betId, l.returnMinor]));
    },
    view: (a) => kernel.view(s, a),
    next: () => kernel.next(s).map((n) => n.message),
    tick(ms) {
      at += ms;
    },
  };
}

/** Assert a decision was rejected with `code`, returning the violation. */
export function rejected(d: Decision<BlackjackEvent>): { code: string; ruleId: string | null } {
  if (d.ok) throw new Error(`expected a rejection, got ${JSON.stringify(d.events)}`);
  return { code: d.violation.code, ruleId: d.violation.ruleId };
}
