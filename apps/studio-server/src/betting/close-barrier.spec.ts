import { describe, expect, it } from 'vitest';
import type { Result } from '@felt-studio/games';
import { DEALER, makeHarness, PLAYER, type Harness } from '../../../../test/support/studio-server/harness.js';
import { IntakeBarrier, type Arrival } from '../shared/host/intake-barrier.js';
import { FixedClock } from '../shared/clock.js';
import { SYSTEM_ACTOR } from '../shared/command.types.js';
import { BettingService } from './betting.service.js';

/**
 * Issue 25 §1 (GEN-3, ROU-3): a bet is decided on the server clock at ARRIVAL (when its transport read
 * it), and "no more bets" is a barrier — it waits, bounded, for every bet that arrived before it, and
 * nothing that arrived after it is accepted, whatever order the table's queue reaches them in.
 */
async function setup(players: number, boundMs = 1000): Promise<{ h: Harness; intake: IntakeBarrier; betting: BettingService; tableId: string; closesAt: number }> {
  const clock = new FixedClock();
  const intake = new IntakeBarrier(clock, boundMs);
  const h = makeHarness(undefined, undefined, { clock, intake });
  for (let i = 1; i <= players; i++) await h.deposit(`player${i}`, i % 10 === 0 ? 50 : 100_000); // every 10th player is short of funds
  const tableId = await h.openCoinTable();
  const betting = new BettingService(h.rounds, h.clock, h.uow, h.metrics);
  await h.rounds.openRound(tableId, DEALER);
  const closesAt = (await h.rounds.currentRound(tableId))?.state.bettingClosesAt ?? 0;
  return { h, intake, betting, tableId, closesAt };
}

const codeOf = (r: Result<unknown>): string => (r.ok ? 'ok' : r.violation.code);
const tick = (): Promise<void> => new Promise((r) => setTimeout(r, 0));
async function until(cond: () => Promise<boolean>, ms = 2000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error('timed out');
    await tick();
  }
}

describe('the close barrier (issue 25 §1, GEN-3)', () => {
  it('a burst straddling the close: every bet that arrived before it is decided on its merits, every one after it is refused late', async () => {
    const { h, intake, betting, tableId, closesAt } = await setup(300);
    const phase = async (): Promise<string | undefined> => (await h.rounds.currentRound(tableId))?.state.phase;
    // 200 bets arrive in the last 200 ms before the close; the transport's awaits (session, rate limit)
    // hold every one of them until AFTER the deadline has fired — the case a queue-time stamp refuses.
    const before: { i: number; arrival: Arrival }[] = [];
    h.clock.set(closesAt - 200);
    for (let i = 1; i <= 200; i++) {
      before.push({ i, arrival: intake.arrive(tableId) });
      h.clock.advance(1);
    }
    expect(h.clock.now()).toBe(closesAt);
    // The deadline fires: "no more bets" waits at the barrier for the 200.
    h.scheduler.runDue(h.clock.now());
    await tick();
    expect(await phase()).toBe('betting');
    expect(intake.closingAt(tableId)).toBe(closesAt);

    // 100 bets arrive at and after the close, interleaved with the pre-close ones reaching the table in reverse order.
    const after: Promise<Result<unknown>>[] = [];
    const decided: Promise<{ i: number; code: string }>[] = [];
    for (let k = 0; k < 200; k++) {
      const b = before[199 - k];
      if (!b) continue;
      // every 7th pre-close bet is under the table minimum: refused on its merits, not as late
      const stake = b.i % 7 === 0 ? 99 : 100;
      decided.push(
        betting.place(tableId, PLAYER(b.i), { betId: `pre${b.i}`, spot: 'heads', stakeMinor: stake }, b.arrival.at).then((r) => {
          b.arrival.done();
          return { i: b.i, code: codeOf(r) };
        }),
      );
      if (k % 2 === 0) {
        const j = 201 + k / 2;
        const a = intake.arrive(tableId);
        after.push(betting.place(tableId, PLAYER(j), { betId: `post${j}`, spot: 'heads', stakeMinor: 100 }, a.at).finally(a.done));
        h.clock.advance(1);
      }
      if (k % 25 === 0) await tick();
    }
    const pre = await Promise.all(decided);
    const post = await Promise.all(after);
    await until(async () => (await phase()) !== 'betting');

    // Before the close: decided on the merits (accepted; short of funds; under the minimum) — never BETTING_CLOSED.
    const expected = (i: number): string => (i % 7 === 0 ? 'BELOW_MIN' : i % 10 === 0 ? 'INSUFFICIENT_FUNDS' : 'ok');
    expect(pre.filter((p) => p.code !== expected(p.i))).toEqual([]);
    expect(pre.filter((p) => p.code === 'ok').length).toBeGreaterThan(150);
    // At or after the close: every one refused late.
    expect(post).toHaveLength(100);
    expect(post.map(codeOf).filter((c) => c !== 'BETTING_CLOSED')).toEqual([]);
    const round = await h.rounds.currentRound(tableId);
    expect(Object.values(round?.state.bets ?? {}).map((b) => b.betId).filter((id) => id.startsWith('post'))).toEqual([]);
    expect(Object.keys(round?.state.bets ?? {})).toHaveLength(pre.filter((p) => p.code === 'ok').length);
    expect(h.metrics.get('closeDrain:drained')).toBe(1);
    expect(h.alerts.raised.filter((a) => a.code === 'CLOSE_DRAIN_OVERRUN')).toEqual([]);
    expect(intake.closingAt(tableId)).toBeUndefined();

    // Late, duplicate, out-of-order messages never reopen the round: a bet stamped before the close that
    // only now reaches the table, a second deadline, a dealer's close.
    const stale = await betting.place(tableId, PLAYER(299), { betId: 'stale', spot: 'heads', stakeMinor: 100 }, closesAt - 1);
    expect(codeOf(stale)).toBe('BETTING_CLOSED');
    await h.rounds.execute(tableId, { type: 'CloseBetting', at: closesAt, reason: 'deadline' }, SYSTEM_ACTOR);
    await h.control.closeBetting(tableId, DEALER);
    expect(await phase()).not.toBe('betting');
    expect(await h.invariants()).toEqual([]);
  });

  it('a dealer\'s "no more bets": bets stamped after its instant are refused even while it waits at the barrier', async () => {
    const { h, intake, betting, tableId, closesAt } = await setup(10);
    h.clock.set(closesAt - 5_000);
    const early = intake.arrive(tableId);
    h.clock.advance(10);
    const closing = h.rounds.execute(tableId, { type: 'CloseBetting', at: h.clock.now(), reason: 'dealer' }, DEALER);
    await tick();
    h.clock.advance(1);
    const lateArrival = intake.arrive(tableId);
    const late = await betting.place(tableId, PLAYER(2), { betId: 'late', spot: 'heads', stakeMinor: 100 }, lateArrival.at);
    lateArrival.done();
    expect(codeOf(late)).toBe('BETTING_CLOSED');
    const first = await betting.place(tableId, PLAYER(1), { betId: 'early', spot: 'heads', stakeMinor: 100 }, early.at);
    early.done();
    expect(codeOf(first)).toBe('ok');
    expect((await closing).ok).toBe(true);
    expect((await h.rounds.currentRound(tableId))?.state.phase).not.toBe('betting');
  });

  it('the drain is bounded: past its bound the close goes ahead, raises CLOSE_DRAIN_OVERRUN, and the straggler is refused', async () => {
    const { h, intake, betting, tableId, closesAt } = await setup(2, 30);
    h.clock.set(closesAt - 10);
    const straggler = intake.arrive(tableId);
    h.clock.set(closesAt);
    h.scheduler.runDue(closesAt);
    await until(async () => (await h.rounds.currentRound(tableId))?.state.phase !== 'betting');
    expect(h.metrics.get('closeDrain:overran')).toBe(1);
    expect(h.alerts.raised.map((a) => a.code)).toContain('CLOSE_DRAIN_OVERRUN');
    const r = await betting.place(tableId, PLAYER(1), { betId: 'slow', spot: 'heads', stakeMinor: 100 }, straggler.at);
    straggler.done();
    expect(codeOf(r)).toBe('BETTING_CLOSED');
  });
});
