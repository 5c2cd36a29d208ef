import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALL_CARDS, type Card } from '../cards/card.js';
import type { RoundLimits, SettlementLine } from '../kernel/kernel.js';
import { blackjackKernel as k, createBlackjackKernel, currentHand, cardDue, eventForAudience, PLAYER_ACTIONS, type BlackjackCommand, type BlackjackEvent, type BlackjackState } from './kernel.js';
import { blackjackProfiles, standardProfile } from './profiles.js';
import { rejected, table, type TestTable } from './test-table.spec-helper.js';

/**
 * Bet behind (RAY §8.1 back-betting, issue 24): players bet behind a seat another player holds, follow
 * that player's decisions and are settled with the seat's first hand at their own stake; identities stay
 * private; limits per bet and per seat; a bet behind a seat that was not dealt is refunded exactly once.
 */

const RUNS = Number(process.env.PROPERTY_RUNS ?? 150);

const behind = (t: TestTable, betId: string, playerId: string, seat: number, stakeMinor: number) => t.run({ type: 'PlaceBet', at: t.at + 1, bet: { betId, playerId, spot: `behind:${seat}`, stakeMinor } });

function earlyLines(t: TestTable): SettlementLine[] {
  return t.events.flatMap((e) => ((e as { type: string }).type === 'BetsSettled' ? ((e as unknown as { lines: SettlementLine[] }).lines ?? []) : []));
}

describe('placing a bet behind a seat (BJB-1, BJB-2; RAY-8.1 back-betting)', () => {
  it('is taken behind a seat another player holds, on spots behind:1..behind:7', () => {
    const t = table('standard', [[1, 'p1', 100]]);
    expect(behind(t, 'x1', 'p2', 1, 50)).toMatchObject({ ok: true, events: [{ type: 'BetAccepted', bet: { spot: 'behind:1', kind: 'behind', playerId: 'p2', stakeMinor: 50 } }] });
    expect(rejected(behind(t, 'x2', 'p2', 8, 50))).toEqual({ code: 'UNKNOWN_SPOT', ruleId: 'BJB-1' });
    expect(rejected(behind(t, 'x3', 'p2', 0, 50)).code).toBe('UNKNOWN_SPOT');
  });

  it('is refused behind an empty seat and behind the player’s own seat', () => {
    const t = table('standard', [[1, 'p1', 100]]);
    expect(rejected(behind(t, 'x1', 'p2', 2, 50))).toEqual({ code: 'BEHIND_EMPTY_SEAT', ruleId: 'BJB-1' });
    expect(rejected(behind(t, 'x2', 'p1', 1, 50))).toEqual({ code: 'BEHIND_OWN_SEAT', ruleId: 'BJB-1' });
  });

  it('is refused where the profile does not offer bets behind (betBehind: null)', () => {
    const kk = createBlackjackKernel({ ...blackjackProfiles, standard: { ...standardProfile, betBehind: null } });
    const t = table('standard', [[1, 'p1', 100]], kk);
    expect(rejected(behind(t, 'x1', 'p2', 1, 50))).toEqual({ code: 'SPOT_NOT_OFFERED', ruleId: 'BJB-1' });
  });

  it('per-bet limits come from the `behind` kind; the total behind one seat from `behind-total` (default: the table max)', () => {
    const limits: RoundLimits = { tableMinMinor: 10, tableMaxMinor: 1_000_000, spots: { main: { minMinor: 10, maxMinor: 100_000 }, behind: { minMinor: 20, maxMinor: 300 }, 'behind-total': { minMinor: 1, maxMinor: 500 } } };
    let s = k.initial();
    const run = (c: BlackjackCommand) => {
      const d = k.decide(s, c);
      if (d.ok) for (const e of d.events) s = k.evolve(s, e);
      return d;
    };
    run({ type: 'OpenRound', at: 1, roundId: 'r', tableId: 't', profileId: 'standard', bettingClosesAt: 10_000, limits });
    run({ type: 'PlaceBet', at: 2, bet: { betId: 'm', playerId: 'p1', spot: 'seat:1', stakeMinor: 100 } });
    const b = (betId: string, playerId: string, stakeMinor: number) => run({ type: 'PlaceBet', at: 3, bet: { betId, playerId, spot: 'behind:1', stakeMinor } });
    expect(rejected(b('a', 'p2', 10)).code).toBe('BELOW_MIN');
    expect(rejected(b('a', 'p2', 301)).code).toBe('ABOVE_MAX');
    expect(b('a', 'p2', 300).ok).toBe(true);
    expect(rejected(b('b', 'p2', 20)).code).toBe('ABOVE_MAX'); // 300 + 20 > 300 for one player behind one seat
    expect(b('c', 'p3', 200).ok).toBe(true);
    expect(rejected(b('d', 'p4', 20))).toEqual({ code: 'BEHIND_SEAT_MAX', ruleId: 'BJB-2' }); // 500 behind seat 1 already
  });

  it('the published number of bettors per seat is kept; adding to one’s own bet is no new bettor; a cancel frees the place', () => {
    const kk = createBlackjackKernel({ ...blackjackProfiles, standard: { ...standardProfile, betBehind: { maxBettorsPerSeat: 2 } } });
    const t = table('standard', [[1, 'p1', 100]], kk);
    expect(behind(t, 'a', 'p2', 1, 50).ok).toBe(true);
    expect(behind(t, 'b', 'p3', 1, 50).ok).toBe(true);
    expect(rejected(behind(t, 'c', 'p4', 1, 50))).toEqual({ code: 'BEHIND_SEAT_FULL', ruleId: 'BJB-2' });
    expect(behind(t, 'd', 'p2', 1, 50).ok).toBe(true); // p2 adds to their own bet behind seat 1
    expect(t.view({ role: 'dealer' }).seats[0]?.behind).toEqual({ bettors: 2, totalMinor: 150 });
    t.must({ type: 'CancelBet', at: t.at + 1, betId: 'b', playerId: 'p3' });
    expect(behind(t, 'c2', 'p4', 1, 50).ok).toBe(true);
    expect(t.view({ role: 'pitboss' }).seats[0]?.behind).toEqual({ bettors: 2, totalMinor: 150 });
  });
});

describe('a bet behind follows the seated player (BJB-3; RAY-8.1: the seat’s first player alone decides)', () => {
  it('the bettor behind cannot decide for the seat (NOT_SEAT_OWNER)', () => {
    const t = table('standard', [[1, 'p1', 100]]);
    behind(t, 'x', 'p2', 1, 40);
    t.deal('9', '7', '5', 'T'); // seat 14 vs dealer 7
    expect(rejected(t.act(1, 0, 'stand', { playerId: 'p2' })).code).toBe('NOT_SEAT_OWNER');
    expect(t.act(1, 0, 'stand').ok).toBe(true);
  });

  it('wins, pushes and loses with the seat; a Blackjack pays 3:2 behind too (BJ-15, BJ-16, BJ-17)', () => {
    const t = table('standard', [
      [1, 'p1', 100],
      [2, 'p2', 100],
      [3, 'p3', 100],
    ]);
    behind(t, 'x1', 'p9', 1, 40);
    behind(t, 'x2', 'p9', 2, 40);
    behind(t, 'x3', 'p9', 3, 40);
    // seat 1: A+K Blackjack; seat 2: T+9 = 19; seat 3: T+7 = 17; dealer 9 + 8 = 17
    t.deal('A', 'T', 'T', '9', 'K', '9', '7', '8');
    t.act(2, 0, 'stand');
    t.act(3, 0, 'stand');
    expect(t.s.phase).toBe('resolved');
    const r = t.returns();
    expect(r).toMatchObject({ b1: 250, x1: 100, b2: 200, x2: 80, b3: 100, x3: 40 });
  });

  it('on a double the bet behind stays at its own stake and takes the doubled hand’s result [Interp.]', () => {
    const t = table('standard', [[1, 'p1', 100]]);
    behind(t, 'x', 'p2', 1, 40);
    t.deal('6', '9', '5', '7'); // 11 vs 9
    expect(t.act(1, 0, 'double').ok).toBe(true);
    t.deal('T', '9'); // 21 vs 9 + 7 = 16 → draws 9 → 25 bust
    expect(t.s.phase).toBe('resolved');
    expect(t.returns()).toMatchObject({ b1: 200, 'b1-double-0': 200, x: 80 });
    const stakes = Object.values(t.s.bets).filter((b) => b.playerId === 'p2').map((b) => b.stakeMinor);
    expect(stakes).toEqual([40]); // no extra stake was taken from the bettor behind
  });

  it('on a split the bet behind follows the first hand only [Interp.]', () => {
    const t = table('standard', [[1, 'p1', 100]]);
    behind(t, 'x', 'p2', 1, 40);
    t.deal('8', '9', '8', '7'); // 8,8 vs 9
    expect(t.act(1, 0, 'split').ok).toBe(true);
    t.deal('T'); // first hand 18
    t.act(1, 0, 'stand');
    t.deal('2'); // second hand 10
    t.act(1, 1, 'hit');
    t.deal('Q'); // 20
    t.act(1, 1, 'stand');
    // dealer 9 + 7 = 16, draws: 3 → 19. First hand 18 loses, second 20 wins
    t.deal('3');
    expect(t.s.phase).toBe('resolved');
    expect(t.returns()).toMatchObject({ b1: 0, 'b1-split-0': 200, x: 0 });
  });

  it('a bet behind is not insured; a dealer Blackjack at the peek takes it (BJ-7, BJ-8)', () => {
    const t = table('standard', [[1, 'p1', 100]]);
    behind(t, 'x', 'p2', 1, 40);
    t.deal('T', 'A', '9', 'K'); // 19 vs A, hole K
    expect(t.s.stage).toBe('insurance');
    expect(rejected(t.act(1, 0, 'insurance', { playerId: 'p2' })).code).toBe('NOT_SEAT_OWNER');
    t.act(1, 0, 'insurance');
    expect(t.s.phase).toBe('resolved');
    expect(t.returns()).toMatchObject({ b1: 0, 'b1-insurance-0': 150, x: 0 });
  });
});

describe('a bet behind a seat that is not dealt is refunded exactly once (BJB-4, GEN-6)', () => {
  it('the seated player cancels: the bets behind are refunded at the first card, and not again at the end', () => {
    const t = table('standard', [
      [1, 'p1', 100],
      [2, 'p3', 100],
    ]);
    behind(t, 'x', 'p2', 1, 40);
    t.must({ type: 'CancelBet', at: t.at + 1, betId: 'b1', playerId: 'p1' });
    expect(rejected(behind(t, 'y', 'p2', 1, 40)).code).toBe('BEHIND_EMPTY_SEAT');
    t.deal('9');
    expect(earlyLines(t)).toEqual([{ betId: 'x', playerId: 'p2', stakeMinor: 40, returnMinor: 40, outcome: 'refund', rules: ['BJB-4', 'GEN-6'] }]);
    t.deal('7', 'T', '8'); // seat 2: 19 vs 7 + 8
    t.act(2, 0, 'stand');
    t.deal('5'); // dealer 20
    expect(t.s.phase).toBe('resolved');
    const r = k.settle(t.s);
    if (!r.ok) throw new Error('not settled');
    const all = [...r.value.lines, ...(r.value.early ?? [])].filter((l) => l.betId === 'x');
    expect(all).toHaveLength(1);
    expect(r.value.lines.map((l) => l.betId)).toEqual(['b2']);
    expect(r.value.houseResultMinor).toBe(100); // the seat lost 100; the refund nets 0
  });

  it('with no seat left at all the round ends at the close and the settlement refunds the bet behind', () => {
    const t = table('standard', [[1, 'p1', 100]]);
    behind(t, 'x', 'p2', 1, 40);
    t.must({ type: 'CancelBet', at: t.at + 1, betId: 'b1', playerId: 'p1' });
    t.must({ type: 'CloseBetting', at: t.at + 1, reason: 'dealer' });
    expect(t.s.phase).toBe('resolved');
    const r = k.settle(t.s);
    expect(r.ok && r.value.lines).toEqual([{ betId: 'x', playerId: 'p2', stakeMinor: 40, returnMinor: 40, outcome: 'refund', rules: ['BJB-4', 'GEN-6'] }]);
  });

  it('a void refunds the bets behind with every other bet (GEN-6)', () => {
    const t = table('standard', [[1, 'p1', 100]]);
    behind(t, 'x', 'p2', 1, 40);
    t.deal('9', '7');
    t.must({ type: 'VoidRound', at: t.at + 1, reason: 'test', by: 'pit' });
    const r = k.settle(t.s);
    expect(r.ok && r.value.lines.map((l) => [l.betId, l.returnMinor, l.outcome])).toEqual(expect.arrayContaining([['x', 40, 'refund'], ['b1', 100, 'refund']]));
  });
});

describe('privacy (BJB-5): the bettor behind sees the seat, never who holds it; the seated player never sees who bets behind', () => {
  it('views and published events', () => {
    const t = table('standard', [[1, 'p1', 100]]);
    const placed = behind(t, 'x', 'p2', 1, 40);
    const forP2 = t.view({ role: 'player', playerId: 'p2' });
    expect(forP2.seats[0]).toMatchObject({ seat: 1, mine: false, playerId: null, stakeMinor: null, myBehindMinor: 40, behind: null });
    expect(forP2.bets.map((b) => b.spot)).toEqual(['behind:1']);
    const forP1 = t.view({ role: 'player', playerId: 'p1' });
    expect(forP1.seats[0]).toMatchObject({ seat: 1, mine: true, playerId: 'p1', myBehindMinor: 0, behind: null });
    expect(forP1.bets.map((b) => b.spot)).toEqual(['seat:1']);
    expect(JSON.stringify(forP1)).not.toContain('p2');
    expect(JSON.stringify(forP2)).not.toContain('p1');
    const accepted = placed.ok ? (placed.events[0] as BlackjackEvent) : null;
    expect(accepted && eventForAudience(accepted, { role: 'player', playerId: 'p1' })).toBeNull();
    expect(accepted && eventForAudience(accepted, { role: 'player', playerId: 'p2' })).not.toBeNull();
    // staff see counts and totals per seat
    expect(t.view({ role: 'dealer' }).seats[0]?.behind).toEqual({ bettors: 1, totalMinor: 40 });
  });
});

describe('several seats and the decision timer per seat (BJ-1, RAY-8.1, BJ-9)', () => {
  it('a player holds up to maxSeatsPerPlayer seats (standard: 3)', () => {
    const t = table('standard', [
      [1, 'p1', 100],
      [2, 'p1', 100],
      [3, 'p1', 100],
    ]);
    expect(rejected(t.run({ type: 'PlaceBet', at: t.at + 1, bet: { betId: 'b4', playerId: 'p1', spot: 'seat:4', stakeMinor: 100 } }))).toEqual({ code: 'SEAT_LIMIT', ruleId: 'BJ-1' });
    t.must({ type: 'CancelBet', at: t.at + 1, betId: 'b3', playerId: 'p1' });
    expect(t.run({ type: 'PlaceBet', at: t.at + 2, bet: { betId: 'b4', playerId: 'p1', spot: 'seat:4', stakeMinor: 100 } }).ok).toBe(true);
  });

  it('each seat of one player gets its own full decision time, and a timeout stands only that seat', () => {
    const t = table('standard', [
      [1, 'p1', 100],
      [2, 'p1', 100],
    ]);
    t.deal('9', '9', '7', '5', '5', 'T'); // seats 14 and 14 vs 7
    const first = t.view({ role: 'player', playerId: 'p1' });
    expect(first.turn).toEqual({ seat: 1, hand: 0 });
    const start = first.decisionDeadline as number;
    t.tick(14_000);
    t.act(1, 0, 'stand'); // one second before seat 1's time ran out
    const second = t.view({ role: 'player', playerId: 'p1' });
    expect(second.turn).toEqual({ seat: 2, hand: 0 });
    expect(second.decisionDeadline).toBe(t.at + standardProfile.decisionTimeMs);
    expect(second.decisionDeadline).toBeGreaterThan(start);
    expect(k.deadlines(t.s).find((d) => d.command.type === 'DecisionTimeout')?.command).toMatchObject({ seat: 2, hand: 0 });
    const dl = second.decisionDeadline as number;
    expect(rejected(t.run({ type: 'DecisionTimeout', at: dl, seat: 1, hand: 0 })).code).toBe('DECISION_NOT_PENDING');
    expect(t.run({ type: 'DecisionTimeout', at: dl, seat: 2, hand: 0 }).ok).toBe(true);
    expect(t.s.seats[1]?.hands[0]?.done).toBe('timeout');
  });
});

// ───────────────────────────── property ─────────────────────────────

const roundArb = fc.record({
  profileId: fc.constantFrom(...Object.keys(blackjackProfiles)),
  seats: fc.uniqueArray(fc.record({ seat: fc.integer({ min: 1, max: 7 }), stake: fc.integer({ min: 10, max: 999 }), cancel: fc.boolean() }), { selector: (x) => x.seat, minLength: 1, maxLength: 4 }),
  behind: fc.array(fc.record({ seat: fc.integer({ min: 1, max: 7 }), player: fc.constantFrom('q1', 'q2', 'q3'), stake: fc.integer({ min: 10, max: 999 }) }), { maxLength: 8 }),
  shoe: fc.array(fc.oneof(fc.constantFrom(...ALL_CARDS), fc.constantFrom<Card>('AS', 'AH', 'TD', 'KC', '8S', '8H')), { minLength: 60, maxLength: 60 }),
  actions: fc.array(fc.constantFrom<(typeof PLAYER_ACTIONS)[number]>('hit', 'stand', 'double', 'split', 'insurance', 'no-insurance'), { minLength: 40, maxLength: 40 }),
});

describe('property: bets behind', () => {
  it('every bet is settled exactly once; a bet behind returns what the seat’s original bet returns per unit staked; money is conserved', () => {
    let resolved = 0;
    fc.assert(
      fc.property(roundArb, (input) => {
        let s: BlackjackState = k.initial();
        let at = 1_000;
        const run = (c: BlackjackCommand): boolean => {
          const d = k.decide(s, c);
          if (d.ok) for (const e of d.events) s = k.evolve(s, e);
          return d.ok;
        };
        const limits: RoundLimits = { tableMinMinor: 10, tableMaxMinor: 1_000_000, spots: {} };
        run({ type: 'OpenRound', at, roundId: 'r', tableId: 't', profileId: input.profileId, bettingClosesAt: at + 10_000, limits });
        for (const x of input.seats) run({ type: 'PlaceBet', at: ++at, bet: { betId: `m${x.seat}`, playerId: `p${x.seat}`, spot: `seat:${x.seat}`, stakeMinor: x.stake } });
        // a bettor behind each seat at the seat's own stake (the comparison below), and random others
        for (const x of input.seats) run({ type: 'PlaceBet', at: ++at, bet: { betId: `e${x.seat}`, playerId: 'q0', spot: `behind:${x.seat}`, stakeMinor: x.stake } });
        input.behind.forEach((b, i) => run({ type: 'PlaceBet', at: ++at, bet: { betId: `r${i}`, playerId: b.player, spot: `behind:${b.seat}`, stakeMinor: b.stake } }));
        for (const x of input.seats) if (x.cancel) run({ type: 'CancelBet', at: ++at, betId: `m${x.seat}`, playerId: `p${x.seat}` });
        run({ type: 'CloseBetting', at: ++at, reason: 'dealer' });
        let card = 0;
        let act = 0;
        for (let guard = 0; guard < 200 && (s.phase === 'closed' || s.phase === 'play'); guard++) {
          if (cardDue(s)) {
            run({ type: 'RecordCard', at: ++at, card: input.shoe[card++ % input.shoe.length] as Card });
            continue;
          }
          const pending = s.seats.find((x) => x.insurance === 'pending');
          const cur = currentHand(s);
          const seat = s.stage === 'insurance' ? pending : cur?.seat;
          if (!seat) break;
          const action = input.actions[act++ % input.actions.length] as (typeof PLAYER_ACTIONS)[number];
          const ok = run({ type: 'PlayerAction', at: ++at, seat: seat.seat, hand: s.stage === 'insurance' ? 0 : (cur?.handIndex ?? 0), action, playerId: seat.playerId, betId: `d${act}` });
          if (!ok) run({ type: 'PlayerAction', at: ++at, seat: seat.seat, hand: s.stage === 'insurance' ? 0 : (cur?.handIndex ?? 0), action: s.stage === 'insurance' ? 'no-insurance' : 'stand', playerId: seat.playerId });
        }
        // privacy in every state reached: no bettor behind sees a seat owner's id, no seat owner a bettor's (BJB-5)
        const owners = input.seats.map((x) => `p${x.seat}`);
        for (const q of ['q0', 'q1', 'q2', 'q3']) {
          const seen = JSON.stringify(k.view(s, { role: 'player', playerId: q }));
          for (const o of owners) expect(seen).not.toContain(`"${o}"`);
        }
        for (const o of owners) expect(JSON.stringify(k.view(s, { role: 'player', playerId: o }))).not.toMatch(/"q\d"/);
        if (s.phase !== 'resolved') return; // a misdealt/halted random shoe: not this property's subject
        resolved++;
        const r = k.settle(s);
        expect(r.ok).toBe(true);
        if (!r.ok) return;
        const all = [...r.value.lines, ...(r.value.early ?? [])];
        const ids = all.map((l) => l.betId);
        expect(new Set(ids).size).toBe(ids.length);
        expect(new Set(ids)).toEqual(new Set(Object.keys(s.bets)));
        const staked = Object.values(s.bets).reduce((a, b) => a + b.stakeMinor, 0);
        const returned = all.reduce((a, l) => a + l.returnMinor, 0);
        expect(r.value.houseResultMinor).toBe(staked - returned);
        const byId = new Map(all.map((l) => [l.betId, l]));
        for (const x of input.seats) {
          const e = byId.get(`e${x.seat}`);
          if (!e) continue;
          const main = byId.get(`m${x.seat}`);
          if (!main) expect(e).toMatchObject({ returnMinor: x.stake, outcome: 'refund' });
          else expect(e.returnMinor).toBe(main.returnMinor); // same stake, same hand, same result
        }
      }),
      { numRuns: RUNS },
    );
    expect(resolved).toBeGreaterThan(RUNS / 2);
  });
});
