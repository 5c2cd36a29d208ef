import { describe, expect, it } from 'vitest';
import { DEALER, makeHarness, PLAYER, type Harness } from '../../../../test/support/studio-server/harness.js';
import { SYSTEM_ACTOR } from '../shared/command.types.js';
import { BettingService } from './betting.service.js';

async function setup(balance = 100_000): Promise<{ h: Harness; betting: BettingService; tableId: string; closesAt: number }> {
  const h = makeHarness();
  await h.deposit('player1', balance);
  await h.deposit('player2', 100_000);
  const tableId = await h.openCoinTable();
  const betting = new BettingService(h.rounds, h.clock, h.uow, h.metrics);
  await h.rounds.openRound(tableId, DEALER);
  const closesAt = (await h.rounds.currentRound(tableId))?.state.bettingClosesAt ?? 0;
  return { h, betting, tableId, closesAt };
}

const code = (r: { ok: boolean; violation?: { code: string } }): string | null => (r.ok ? null : (r.violation?.code ?? null));

describe('BettingService', () => {
  it('the same client bet id twice is one bet and one debit (idempotent)', async () => {
    const { h, betting, tableId } = await setup();
    const a = await betting.place(tableId, PLAYER(1), { betId: 'bet_a', spot: 'heads', stakeMinor: 500 });
    const b = await betting.place(tableId, PLAYER(1), { betId: 'bet_a', spot: 'heads', stakeMinor: 500 });
    expect(a.ok && a.value.duplicate).toBe(false);
    expect(b.ok && b.value.duplicate).toBe(true);
    expect(await h.balance('player1')).toBe(99_500);
    expect(h.metrics.get('betsAccepted')).toBe(1);
  });

  it('rejects a bet over the balance with INSUFFICIENT_FUNDS, counts it, and changes nothing', async () => {
    const { h, betting, tableId } = await setup(300);
    const r = await betting.place(tableId, PLAYER(1), { betId: 'bet_big', spot: 'heads', stakeMinor: 500 });
    expect(r.ok ? null : { code: r.violation.code, ruleId: r.violation.ruleId, hasMessage: r.violation.message.length > 0 }).toEqual({ code: 'INSUFFICIENT_FUNDS', ruleId: 'GEN-4', hasMessage: true });
    expect(h.metrics.get('betsRejected:INSUFFICIENT_FUNDS')).toBe(1);
    expect(await h.balance('player1')).toBe(300);
    expect((await h.rounds.currentRound(tableId))?.state.bets).toEqual({});
    expect(await h.uow.run((tx) => tx.bets.get('bet_big'))).toBeNull();
  });

  it('rejects below-min, above-max and fractional stakes with the GEN rule id', async () => {
    const { betting, tableId } = await setup();
    expect(code(await betting.place(tableId, PLAYER(1), { betId: 'x1', spot: 'heads', stakeMinor: 99 }))).toBe('BELOW_MIN');
    expect(code(await betting.place(tableId, PLAYER(1), { betId: 'x2', spot: 'heads', stakeMinor: 10_001 }))).toBe('ABOVE_MAX');
    expect(code(await betting.place(tableId, PLAYER(1), { betId: 'x3', spot: 'heads', stakeMinor: 100.5 }))).toBe('INVALID_AMOUNT');
    expect(code(await betting.place(tableId, PLAYER(1), { betId: 'x4', spot: 'edge', stakeMinor: 100 }))).toBe('UNKNOWN_SPOT');
  });

  it('a bet id reused in a later round is a conflict, not a second debit', async () => {
    const { h, betting, tableId } = await setup();
    await betting.place(tableId, PLAYER(1), { betId: 'bet_once', spot: 'heads', stakeMinor: 500 });
    await h.rounds.execute(tableId, { type: 'VoidRound', at: h.clock.now(), reason: 'test', by: 'pitboss1' }, SYSTEM_ACTOR);
    await h.rounds.openRound(tableId, DEALER);
    expect(code(await betting.place(tableId, PLAYER(1), { betId: 'bet_once', spot: 'heads', stakeMinor: 500 }))).toBe('BET_ID_CONFLICT');
    expect(await h.invariants()).toEqual([]);
  });

  it('concurrent bets from one player never overdraw the wallet (50 at once, balance for 10)', async () => {
    const { h, betting, tableId } = await setup(1_000);
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => betting.place(tableId, PLAYER(1), { betId: `c${i}`, spot: 'heads', stakeMinor: 100 })));
    expect(results.filter((r) => r.ok)).toHaveLength(10);
    expect(results.filter((r) => !r.ok).every((r) => code(r) === 'INSUFFICIENT_FUNDS')).toBe(true);
    expect(await h.balance('player1')).toBe(0);
    expect(await h.invariants()).toEqual([]);
  });

  it('concurrent bets from one player never exceed the spot max / table max (GEN-2)', async () => {
    const { h, betting, tableId } = await setup(1_000_000);
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => betting.place(tableId, PLAYER(1), { betId: `m${i}`, spot: 'heads', stakeMinor: 1_000 })));
    expect(results.filter((r) => r.ok)).toHaveLength(10);
    const mine = await betting.myBets(tableId, 'player1');
    expect(mine.reduce((a, b) => a + b.stakeMinor, 0)).toBe(10_000);
    expect(await h.balance('player1')).toBe(990_000);
  });

  it("a bet's ack carries that bet and the player's totals, not the whole list — also when replayed (issue 25 §2)", async () => {
    const { betting, tableId } = await setup();
    for (let i = 1; i <= 5; i++) await betting.place(tableId, PLAYER(1), { betId: `a${i}`, spot: 'heads', stakeMinor: 100 * i });
    const sixth = await betting.place(tableId, PLAYER(1), { betId: 'a6', spot: 'heads', stakeMinor: 600 });
    expect(sixth.ok && sixth.value.bets.map((b) => [b.betId, b.stakeMinor])).toEqual([['a6', 600]]);
    expect(sixth.ok && sixth.value.totals).toEqual({ count: 6, stakedMinor: 2_100 });
    const replay = await betting.place(tableId, PLAYER(1), { betId: 'a3', spot: 'heads', stakeMinor: 300 });
    expect(replay.ok && [replay.value.duplicate, replay.value.bets.map((b) => b.betId), replay.value.totals.count]).toEqual([true, ['a3'], 6]);
  });

  it('cancel refunds while betting is open and is refused after close (GEN-3)', async () => {
    const { h, betting, tableId } = await setup();
    await betting.place(tableId, PLAYER(1), { betId: 'k1', spot: 'heads', stakeMinor: 700 });
    await betting.place(tableId, PLAYER(1), { betId: 'k2', spot: 'heads', stakeMinor: 300 });
    const c = await betting.cancel(tableId, PLAYER(1), 'k1');
    // issue 25 §2: the ack carries what the command placed (nothing, for a cancel) and the player's totals
    expect(c.ok && c.value.bets).toEqual([]);
    expect(c.ok && c.value.totals).toEqual({ count: 1, stakedMinor: 300 });
    expect((await betting.myBets(tableId, 'player1')).map((b) => b.betId)).toEqual(['k2']);
    expect(await h.balance('player1')).toBe(99_700);
    expect(code(await betting.cancel(tableId, PLAYER(2), 'k2'))).toBe('NOT_YOUR_BET');
    await h.advance(10_000);
    expect(code(await betting.cancel(tableId, PLAYER(1), 'k2'))).toBe('BETTING_CLOSED');
    expect((await h.uow.run((tx) => tx.bets.get('k1')))?.status).toBe('cancelled');
  });

  it("rebet repeats the player's bets of the previous round; double places every current bet again", async () => {
    const { h, betting, tableId } = await setup();
    await betting.place(tableId, PLAYER(1), { betId: 'r1', spot: 'heads', stakeMinor: 400 });
    await betting.place(tableId, PLAYER(1), { betId: 'r2', spot: 'heads', stakeMinor: 200 });
    await betting.place(tableId, PLAYER(2), { betId: 'o1', spot: 'tails', stakeMinor: 900 });
    await h.advance(10_000);
    await h.rounds.execute(tableId, { type: 'LaunchCoin', at: h.clock.now() }, SYSTEM_ACTOR);
    await h.rounds.execute(tableId, { type: 'RecordFlip', at: h.clock.now(), side: 'tails' }, SYSTEM_ACTOR);
    await h.rounds.openRound(tableId, DEALER);
    const re = await betting.rebet(tableId, PLAYER(1), 'req_1');
    expect(re.ok && re.value.bets.map((b) => [b.spot, b.stakeMinor])).toEqual([
      ['heads', 400],
      ['heads', 200],
    ]);
    const replay = await betting.rebet(tableId, PLAYER(1), 'req_1');
    expect(replay.ok && replay.value.duplicate).toBe(true);
    const d = await betting.double(tableId, PLAYER(1), 'req_2');
    expect(d.ok && d.value.bets.reduce((a, b) => a + b.stakeMinor, 0)).toBe(600); // the doubled stakes only (issue 25 §2)
    expect(d.ok && d.value.totals).toEqual({ count: 4, stakedMinor: 1_200 });
    expect(code(await betting.rebet(tableId, PLAYER(2), 'req_3'))).toBeNull();
    expect(await h.balance('player1')).toBe(100_000 - 600 - 1_200);
    expect(code(await betting.double(tableId, { userId: 'player3', role: 'player' }, 'req_4'))).toBe('NOTHING_TO_DOUBLE');
  });

  it('a double that would pass the spot max is rejected as a whole (all or none)', async () => {
    const { h, betting, tableId } = await setup();
    await betting.place(tableId, PLAYER(1), { betId: 'd1', spot: 'heads', stakeMinor: 6_000 });
    expect(code(await betting.double(tableId, PLAYER(1), 'dbl'))).toBe('ABOVE_MAX');
    expect(await h.balance('player1')).toBe(94_000);
  });

  it("bets sent just before the dealer's no-more-bets are taken, those after it are not — even while they queue together (GEN-3)", async () => {
    const { h, betting, tableId } = await setup(1_000_000);
    const before = Array.from({ length: 5 }, (_, i) => betting.place(tableId, PLAYER(1), { betId: `pre${i}`, spot: 'heads', stakeMinor: 100 }));
    const close = h.rounds.execute(tableId, { type: 'CloseBetting', at: h.clock.now(), reason: 'dealer' }, DEALER);
    const after = Array.from({ length: 5 }, (_, i) => betting.place(tableId, PLAYER(2), { betId: `post${i}`, spot: 'tails', stakeMinor: 100 }));
    expect((await Promise.all(before)).every((r) => r.ok)).toBe(true);
    expect((await close).ok).toBe(true);
    expect((await Promise.all(after)).map(code)).toEqual(Array(5).fill('BETTING_CLOSED'));
    expect(await h.balance('player2')).toBe(100_000);
    // The five early bets were committed together (one group commit).
    const events = await h.rounds.loadEvents((await h.rounds.currentRound(tableId))?.roundId ?? '');
    expect(events.filter((e) => e.type === 'BetAccepted')).toHaveLength(5);
  });

  describe('late-bet race around the close instant (GEN-3, ROU-3) with an injected clock', () => {
    it('accepts every bet received before the close instant and none at or after it', async () => {
      const { h, betting, tableId, closesAt } = await setup(1_000_000);
      const pending: Promise<{ at: number; ok: boolean; code: string | null }>[] = [];
      // Bets arrive every millisecond from 20 ms before to 20 ms after the close; the deadline timer
      // fires when the clock reaches the close instant, in the middle of the stream.
      for (let t = closesAt - 20; t <= closesAt + 20; t++) {
        h.clock.set(t);
        if (t === closesAt) h.scheduler.runDue(t);
        const at = t;
        pending.push(betting.place(tableId, PLAYER(1 + (t % 2)), { betId: `late_${t}`, spot: t % 2 === 0 ? 'tails' : 'heads', stakeMinor: 100 }).then((r) => ({ at, ok: r.ok, code: code(r) })));
      }
      const results = await Promise.all(pending);
      expect(results.filter((r) => r.at < closesAt).every((r) => r.ok)).toBe(true);
      expect(results.filter((r) => r.at >= closesAt).every((r) => !r.ok && r.code === 'BETTING_CLOSED')).toBe(true);
      const stored = Object.keys((await h.rounds.currentRound(tableId))?.state.bets ?? {});
      expect(stored).toHaveLength(20);
      expect(await h.invariants()).toEqual([]);
    });

    it('a bet stamped before the close is decided before a deadline that fires while it waits in the table queue', async () => {
      const { h, betting, tableId, closesAt } = await setup();
      h.clock.set(closesAt - 1);
      const early = betting.place(tableId, PLAYER(1), { betId: 'edge_early', spot: 'heads', stakeMinor: 100 });
      h.clock.set(closesAt);
      h.scheduler.runDue(closesAt);
      const onTime = betting.place(tableId, PLAYER(1), { betId: 'edge_at', spot: 'heads', stakeMinor: 100 });
      expect((await early).ok).toBe(true);
      expect(code(await onTime)).toBe('BETTING_CLOSED');
    });
  });
});
