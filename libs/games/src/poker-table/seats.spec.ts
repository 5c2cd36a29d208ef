import { describe, expect, it } from 'vitest';
import { applyHandCommand, startHand, type HandState } from './hand.js';
import { tableConfig } from './profiles.js';
import { emptyTable, handEnded, handStarted, joinWaitingList, leave, planNextHand, setStraddle, sitDown, sitIn, sitOut, topUp, type HandPlan, type SeatsUpdate, type TableSeats } from './seats.js';

const CFG = { seatCount: 6, minBuyInMinor: 2000, maxBuyInMinor: 10_000, smallBlindMinor: 50, bigBlindMinor: 100 };
function must(r: { ok: true; value: SeatsUpdate } | { ok: false; violation: { code: string; message: string } }): SeatsUpdate {
  if (!r.ok) throw new Error(`${r.violation.code}: ${r.violation.message}`);
  return r.value;
}
const sit = (t: TableSeats, playerId: string, seat: number, postToEnter = true): TableSeats => must(sitDown(t, { playerId, seat, buyInMinor: 5000, balanceMinor: 50_000, postToEnter })).table;

/** Plays a hand from the plan and voids it at once (stacks unchanged), then ends it at the table. */
function playVoid(t: TableSeats, plan: HandPlan): { table: TableSeats; hand: HandState } {
  const started = startHand({ handId: 'h', config: tableConfig({ smallBlindMinor: 50, bigBlindMinor: 100 }), seats: plan.seats, buttonSeat: plan.buttonSeat, at: 0 });
  if (!started.ok) throw new Error(started.violation.message);
  const t2 = handStarted(t, plan);
  const v = applyHandCommand(started.value, { type: 'void', reason: 'test', at: 1 });
  if (!v.ok || !v.value.result) throw new Error('void failed');
  return { table: handEnded(t2, v.value.result).table, hand: started.value };
}

describe('buy-in and stacks (S1-STACK, S1-TABLE-1)', () => {
  it('sits down with a buy-in between the minimum and the maximum from the poker balance', () => {
    const t = emptyTable(CFG);
    const r = must(sitDown(t, { playerId: 'ann', seat: 1, buyInMinor: 2000, balanceMinor: 3000, postToEnter: true }));
    expect(r.effects).toEqual([{ type: 'buy-in', playerId: 'ann', amountMinor: 2000 }]);
    const cases: [object, string][] = [
      [{ playerId: 'bo', seat: 2, buyInMinor: 1999, balanceMinor: 9999 }, 'POKER_BUY_IN_TOO_SMALL'],
      [{ playerId: 'bo', seat: 2, buyInMinor: 10_001, balanceMinor: 99_999 }, 'POKER_BUY_IN_TOO_LARGE'],
      [{ playerId: 'bo', seat: 2, buyInMinor: 5000, balanceMinor: 4999 }, 'POKER_INSUFFICIENT_BALANCE'],
      [{ playerId: 'bo', seat: 1, buyInMinor: 5000, balanceMinor: 9999 }, 'POKER_SEAT_TAKEN'],
      [{ playerId: 'ann', seat: 3, buyInMinor: 5000, balanceMinor: 9999 }, 'POKER_ALREADY_SEATED'],
      [{ playerId: 'bo', seat: 7, buyInMinor: 5000, balanceMinor: 9999 }, 'POKER_INVALID_SEAT'],
    ];
    for (const [req, code] of cases) {
      const x = sitDown(r.table, { postToEnter: true, ...req } as Parameters<typeof sitDown>[1]);
      expect(x.ok ? null : x.violation.code).toBe(code);
    }
  });

  it('the queue: the first in the queue gets the free seat', () => {
    let t = sit(emptyTable(CFG), 'ann', 1);
    t = must(joinWaitingList(t, 'cy')).table;
    const jump = sitDown(t, { playerId: 'bo', seat: 2, buyInMinor: 5000, balanceMinor: 9999, postToEnter: true });
    expect(jump.ok ? null : jump.violation.code).toBe('POKER_QUEUE_AHEAD');
    t = sit(t, 'cy', 2);
    expect(t.waiting).toEqual([]);
  });

  it('a top-up during a hand waits for its end; leaving during a hand cashes the stack out when it ends', () => {
    let t = sit(sit(sit(emptyTable(CFG), 'ann', 1), 'bo', 3), 'cy', 5);
    const plan = planNextHand(t) as HandPlan;
    t = handStarted(t, plan);
    const up = must(topUp(t, 'ann', 1000, 10_000));
    expect(up.effects).toEqual([{ type: 'top-up', playerId: 'ann', amountMinor: 1000 }]);
    expect(up.table.seats[0]?.stackMinor).toBe(5000);
    // the first top-up already left the balance (posted when requested): a second is checked on its own amount
    const again = must(topUp(up.table, 'ann', 500, 500));
    expect(again.table.seats[0]?.pendingTopUpMinor).toBe(1500);
    const over = topUp(up.table, 'ann', 501, 500);
    expect(over.ok ? null : over.violation.code).toBe('POKER_INSUFFICIENT_BALANCE');
    t = must(leave(up.table, 'bo')).table;
    const started = startHand({ handId: 'h', config: tableConfig({}), seats: plan.seats, buttonSeat: plan.buttonSeat, at: 0 });
    if (!started.ok) throw new Error(started.violation.message);
    const v = applyHandCommand(started.value, { type: 'void', reason: 'x', at: 1 });
    if (!v.ok || !v.value.result) throw new Error('void');
    const end = handEnded(t, v.value.result);
    expect(end.table.seats.map((s) => [s.playerId, s.stackMinor])).toEqual([['ann', 6000], ['cy', 5000]]);
    expect(end.effects).toEqual([{ type: 'cash-out', playerId: 'bo', amountMinor: 5000 }]);
    const tooMuch = topUp(end.table, 'ann', 4001, 99_999);
    expect(tooMuch.ok ? null : tooMuch.violation.code).toBe('POKER_BUY_IN_TOO_LARGE');
  });
});

describe('entering and re-entering (S1-ENTRY-1/2, S1-REENTRY)', () => {
  it('the first hand deals everyone in; the button then moves one seat in play clockwise', () => {
    const t = sit(sit(sit(emptyTable(CFG), 'ann', 1), 'bo', 3), 'cy', 5);
    const p1 = planNextHand(t) as HandPlan;
    expect([p1.buttonSeat, p1.smallBlindSeat, p1.bigBlindSeat]).toEqual([1, 3, 5]);
    const { table, hand } = playVoid(t, p1);
    expect(hand.seats.map((x) => x.streetMinor)).toEqual([0, 50, 100]);
    const p2 = planNextHand(table) as HandPlan;
    expect([p2.buttonSeat, p2.smallBlindSeat, p2.bigBlindSeat]).toEqual([3, 5, 1]);
  });

  it('a new player posts a big blind to come in at once, may not come in when due the small blind, and comes in free as the big blind', () => {
    let t = sit(sit(sit(emptyTable(CFG), 'ann', 1), 'bo', 3), 'cy', 5);
    t = playVoid(t, planNextHand(t) as HandPlan).table; // button 1, next hand button 3, SB 5, BB 1
    t = sit(t, 'dee', 2, true); // between BB (1) and button: posts a BB
    t = sit(t, 'eve', 4, true); // between the button (3) and the SB (5): due the SB, waits
    const p = planNextHand(t) as HandPlan;
    expect([p.buttonSeat, p.smallBlindSeat, p.bigBlindSeat]).toEqual([3, 5, 1]);
    expect(p.seats.find((s) => s.seat === 2)).toMatchObject({ postLiveMinor: 100 });
    expect(p.waiting).toEqual([{ seat: 4, reason: 'due-small-blind' }]);
    const { table, hand } = playVoid(t, p);
    expect(hand.seats.find((x) => x.seat === 2)?.streetMinor).toBe(100);
    // next: button 5, SB 1, BB 2 would be… eve (seat 4) waits for the BB unless she posts
    const q = planNextHand(must(sitIn(table, 'eve', false)).table) as HandPlan;
    expect([q.buttonSeat, q.smallBlindSeat]).toEqual([5, 1]);
    expect(q.bigBlindSeat).toBe(2);
    expect(q.waiting).toEqual([{ seat: 4, reason: 'wait-for-big-blind' }]);
  });

  it('back after the big blind passed: SB (dead) + BB (live); back before it passed: free', () => {
    let t = sit(sit(sit(sit(emptyTable(CFG), 'ann', 1), 'bo', 2), 'cy', 3), 'dee', 4);
    t = playVoid(t, planNextHand(t) as HandPlan).table; // button 1, SB 2, BB 3
    t = must(sitOut(t, 'dee')).table;
    // hand 2: button 2, SB 3, BB 1 (dee out) — the BB passes seat 4
    const p2 = planNextHand(t) as HandPlan;
    expect([p2.buttonSeat, p2.smallBlindSeat, p2.bigBlindSeat]).toEqual([2, 3, 1]);
    t = playVoid(t, p2).table;
    expect(t.seats.find((s) => s.playerId === 'dee')?.missedBigBlind).toBe(true);
    t = must(sitIn(t, 'dee', true)).table;
    const p3 = planNextHand(t) as HandPlan; // button 3, SB 1, BB 2: seat 4 would be the SB → waits
    expect([p3.buttonSeat, p3.smallBlindSeat, p3.bigBlindSeat]).toEqual([3, 1, 2]);
    expect(p3.waiting).toEqual([{ seat: 4, reason: 'due-small-blind' }]);
    t = playVoid(t, p3).table;
    const p4 = planNextHand(t) as HandPlan; // button 1, SB 2, BB 3; seat 4 posts SB + BB
    expect([p4.buttonSeat, p4.smallBlindSeat, p4.bigBlindSeat]).toEqual([1, 2, 3]);
    expect(p4.seats.find((s) => s.seat === 4)).toMatchObject({ postLiveMinor: 100, postDeadMinor: 50 });
    const { hand } = playVoid(t, p4);
    const dee = hand.seats.find((x) => x.seat === 4);
    expect([dee?.streetMinor, dee?.totalMinor]).toEqual([100, 150]);
  });

  it('back before the big blind passed the seat: dealt in with no extra payment (S1-REENTRY)', () => {
    let t = sit(sit(sit(sit(emptyTable(CFG), 'ann', 1), 'bo', 2), 'cy', 3), 'dee', 4);
    t = playVoid(t, planNextHand(t) as HandPlan).table; // button 1, SB 2, BB 3
    t = must(sitOut(t, 'bo')).table;
    t = must(sitIn(t, 'bo', false)).table;
    const p = planNextHand(t) as HandPlan; // button 3, SB 4, BB 1
    expect([p.buttonSeat, p.smallBlindSeat, p.bigBlindSeat]).toEqual([3, 4, 1]);
    expect(p.seats.find((s) => s.seat === 2)).toEqual({ seat: 2, playerId: 'bo', stackMinor: 5000 });
  });

  it('a disconnected player is paused but still pays the blinds when due (S1-DISCONNECT)', () => {
    let t = sit(sit(sit(sit(emptyTable(CFG), 'ann', 1), 'bo', 2), 'cy', 3), 'dee', 4);
    t = playVoid(t, planNextHand(t) as HandPlan).table; // button 1, SB 2, BB 3
    t = must(sitOut(t, 'dee', true)).table;
    expect(t.seats.find((s) => s.playerId === 'dee')).toMatchObject({ status: 'sitting-out', disconnected: true });
    const p = planNextHand(t) as HandPlan; // button 2, SB 3, BB 4 (dee, disconnected, pays it)
    expect([p.buttonSeat, p.smallBlindSeat, p.bigBlindSeat]).toEqual([2, 3, 4]);
    const { table, hand } = playVoid(t, p);
    expect(hand.seats.find((x) => x.seat === 4)?.streetMinor).toBe(100);
    const q = planNextHand(table) as HandPlan; // button 3, SB 4 (dee pays the SB), BB 1
    expect([q.buttonSeat, q.smallBlindSeat, q.bigBlindSeat]).toEqual([3, 4, 1]);
    const r = planNextHand(playVoid(table, q).table) as HandPlan; // button 4? no: the button skips paused seats → 1, SB 2, BB 3; dee not dealt in
    expect([r.buttonSeat, r.smallBlindSeat, r.bigBlindSeat]).toEqual([1, 2, 3]);
    expect(r.seats.map((s) => s.seat)).toEqual([1, 2, 3]);
    expect(r.waiting).toEqual([{ seat: 4, reason: 'sitting-out' }]);
  });

  it('heads-up: the button is the small blind (PT-HEADSUP); fewer than two players: no hand', () => {
    const one = sit(emptyTable(CFG), 'ann', 1);
    expect(planNextHand(one)).toBeNull();
    const two = sit(one, 'bo', 4);
    const p = planNextHand(two) as HandPlan;
    expect([p.buttonSeat, p.smallBlindSeat, p.bigBlindSeat]).toEqual([1, 1, 4]);
  });
});

describe('the straddle (S1-STRADDLE): a standing choice on "Ö" tables, posted when directly after the big blind', () => {
  const O = { ...CFG, straddleTable: true };
  const oConfig = tableConfig({ smallBlindMinor: 50, bigBlindMinor: 100, straddleTable: true });
  /** Plays the plan on an Ö table and voids it; the started hand shows who posted what and who acts first. */
  function playO(t: TableSeats, plan: HandPlan): { table: TableSeats; hand: HandState } {
    const started = startHand({ handId: 'h', config: oConfig, seats: plan.seats, buttonSeat: plan.buttonSeat, at: 0 });
    if (!started.ok) throw new Error(started.violation.message);
    // the hole cards (any distinct ones) so that the first player to act is known
    let hand = started.value;
    for (let card = 0; card < 2 * plan.seats.length; card++) {
      const d = applyHandCommand(hand, { type: 'card', card, at: 1 });
      if (!d.ok) throw new Error(d.violation.message);
      hand = d.value;
    }
    const v = applyHandCommand(hand, { type: 'void', reason: 'test', at: 1 });
    if (!v.ok || !v.value.result) throw new Error('void failed');
    return { table: handEnded(handStarted(t, plan), v.value.result).table, hand };
  }
  const straddler = (p: HandPlan): number[] => p.seats.filter((s) => s.straddle === true).map((s) => s.seat);

  it('refused on a table not marked Ö (nothing changes) and for a player with no seat', () => {
    const plain = sit(emptyTable(CFG), 'ann', 1);
    const r = setStraddle(plain, 'ann', true);
    expect(r.ok ? null : r.violation).toMatchObject({ code: 'POKER_STRADDLE_NOT_ALLOWED', ruleId: 'S1-STRADDLE' });
    const nobody = setStraddle(sit(emptyTable(O), 'ann', 1), 'bo', true);
    expect(nobody.ok ? null : nobody.violation.code).toBe('POKER_NOT_SEATED');
  });

  it('the chooser directly after the big blind posts 2 × BB and acts last pre-flop; the first to act is the seat after them', () => {
    let t = sit(sit(sit(sit(emptyTable(O), 'ann', 1), 'bo', 2), 'cy', 3), 'dee', 4);
    t = must(setStraddle(t, 'dee', true)).table;
    expect(must(setStraddle(t, 'dee', true)).effects).toEqual([]);
    const p = planNextHand(t) as HandPlan; // button 1, SB 2, BB 3: dee (4) is directly after the BB
    expect([p.buttonSeat, p.smallBlindSeat, p.bigBlindSeat]).toEqual([1, 2, 3]);
    expect(straddler(p)).toEqual([4]);
    const { hand } = playO(t, p);
    expect(hand.seats.map((x) => x.streetMinor)).toEqual([0, 50, 100, 200]);
    expect(hand.currentBetMinor).toBe(200);
    expect(hand.seats[hand.toAct as number]?.seat).toBe(1);
  });

  it('the choice persists across hands and counts only when the seat is directly after the big blind; switched off it stops', () => {
    let t = sit(sit(sit(sit(emptyTable(O), 'ann', 1), 'bo', 2), 'cy', 3), 'dee', 4);
    t = must(setStraddle(t, 'ann', true)).table;
    const p1 = planNextHand(t) as HandPlan; // button 1 (ann), BB 3: the seat after the BB is dee (4), who did not choose it
    expect(straddler(p1)).toEqual([]);
    t = playO(t, p1).table;
    const p2 = planNextHand(t) as HandPlan; // button 2, SB 3, BB 4: ann (1) is directly after the BB
    expect([p2.buttonSeat, p2.bigBlindSeat]).toEqual([2, 4]);
    expect(straddler(p2)).toEqual([1]);
    expect(t.seats.find((s) => s.playerId === 'ann')?.straddle).toBe(true);
    const { table, hand } = playO(t, p2);
    expect(hand.seats.find((x) => x.seat === 1)?.streetMinor).toBe(200);
    expect(hand.seats[hand.toAct as number]?.seat).toBe(2);
    // the next time round the choice still stands; switched off it stops
    let u = table;
    for (let i = 0; i < 3; i++) u = playO(u, planNextHand(u) as HandPlan).table;
    expect(straddler(planNextHand(u) as HandPlan)).toEqual([1]);
    u = must(setStraddle(u, 'ann', false)).table;
    expect(straddler(planNextHand(u) as HandPlan)).toEqual([]);
  });

  it('heads-up there is no straddle (nobody sits after the big blind), even when chosen', () => {
    let t = sit(sit(emptyTable(O), 'ann', 1), 'bo', 4);
    t = must(setStraddle(must(setStraddle(t, 'ann', true)).table, 'bo', true)).table;
    const p = planNextHand(t) as HandPlan;
    expect(p.seats).toHaveLength(2);
    expect(straddler(p)).toEqual([]);
    const { hand } = playO(t, p);
    expect(hand.currentBetMinor).toBe(100);
  });

  it('no straddle by a seat posting its entry blind this hand, or one that cannot put in 2 × BB', () => {
    let t = sit(sit(sit(emptyTable(O), 'ann', 1), 'bo', 3), 'cy', 5);
    t = playO(t, planNextHand(t) as HandPlan).table; // next: button 3, SB 5, BB 1
    t = sit(t, 'dee', 2, true); // directly after the BB: enters by posting a BB (S1-ENTRY-2)
    t = must(setStraddle(t, 'dee', true)).table;
    const p = planNextHand(t) as HandPlan;
    expect([p.buttonSeat, p.smallBlindSeat, p.bigBlindSeat]).toEqual([3, 5, 1]);
    expect(p.seats.find((s) => s.seat === 2)).toMatchObject({ postLiveMinor: 100 });
    expect(straddler(p)).toEqual([]);
    // the hand after, dee is in play: directly after the BB again? (button 5, SB 1, BB 2) — no, seat 3 is; bo did not choose
    const next = planNextHand(playO(t, p).table) as HandPlan;
    expect([next.bigBlindSeat, straddler(next)]).toEqual([2, []]);
    const short = must(sitDown(emptyTable(O), { playerId: 'ann', seat: 1, buyInMinor: 2000, balanceMinor: 9999, postToEnter: false }));
    let s2 = sit(sit(sit(short.table, 'bo', 2), 'cy', 3), 'dee', 4);
    s2 = { ...s2, seats: s2.seats.map((r) => (r.playerId === 'dee' ? { ...r, stackMinor: 150, straddle: true } : r)) };
    expect(straddler(planNextHand(s2) as HandPlan)).toEqual([]);
  });
});

describe('the time bank lasts from hand to hand (S1-TIMEBANK, PT-TIMEBANK)', () => {
  it('what a player spends is gone for the next hands (not refilled); a new seat starts with the full bank', () => {
    const config = tableConfig({ smallBlindMinor: 50, bigBlindMinor: 100, actionMs: 10_000, timeBankMs: 30_000 });
    let t = sit(sit(sit(emptyTable(CFG), 'ann', 1), 'bo', 2), 'cy', 3);
    const play = (spendOnFirstTurn: boolean): HandState => {
      const plan = planNextHand(t) as HandPlan;
      const started = startHand({ handId: 'h', config, seats: plan.seats, buttonSeat: plan.buttonSeat, at: 0 });
      if (!started.ok) throw new Error(started.violation.message);
      t = handStarted(t, plan);
      let s = started.value;
      while (s.phase.type === 'deal') {
        const r = applyHandCommand(s, { type: 'card', card: s.dealt.length, at: 1 });
        if (!r.ok) throw new Error(r.violation.message);
        s = r.value;
      }
      const first = s.seats[s.toAct as number] as HandState['seats'][number];
      if (spendOnFirstTurn) {
        const b = applyHandCommand(s, { type: 'time-bank', seat: first.seat, at: 2 });
        if (!b.ok) throw new Error(b.violation.message);
        s = b.value;
        // acts 25 s past the base deadline: 25 s of the bank spent
        const late = (s.clock?.deadlineAt ?? 0) - 30_000 + 25_000;
        const f = applyHandCommand(s, { type: 'act', seat: first.seat, action: 'fold', at: late });
        if (!f.ok) throw new Error(f.violation.message);
        s = f.value;
      }
      const v = applyHandCommand(s, { type: 'void', reason: 'test', at: 99_999 });
      if (!v.ok || !v.value.result) throw new Error('void failed');
      t = handEnded(t, v.value.result, v.value).table;
      return v.value;
    };
    const h1 = play(true);
    const spender = h1.seats.find((x) => x.timeBankMs < 30_000);
    expect(spender?.timeBankMs).toBe(5_000);
    expect(t.seats.find((x) => x.playerId === spender?.playerId)?.timeBankMs).toBe(5_000);
    // the next hand starts with what was left, not a refilled bank
    const plan2 = planNextHand(t) as HandPlan;
    expect(plan2.seats.find((x) => x.playerId === spender?.playerId)?.timeBankMs).toBe(5_000);
    // a player who leaves and sits down again starts with the table's full bank
    t = must(leave(t, 'ann')).table;
    t = sit(t, 'ann', 1);
    expect(t.seats.find((x) => x.playerId === 'ann')?.timeBankMs).toBeUndefined();
  });
});
