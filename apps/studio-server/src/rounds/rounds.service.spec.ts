import { describe, expect, it } from 'vitest';
import { DEALER, flush, makeHarness, PITBOSS, PLAYER, openTable } from '../../../../test/support/studio-server/harness.js';
import type { RoundFrame } from './rounds.service.js';
import { SYSTEM_ACTOR } from '../shared/command.types.js';
import { readModelState } from './round.model.js';
import { DEFAULT_STALL } from '@felt-studio/games';
import { COIN_RESULT_TIMEOUT_MS } from '../../../../test/support/studio-server/coin.kernel.js';

const bet = (betId: string, spot: string, stakeMinor: number, playerId = 'player1') => ({ type: 'PlaceBet', at: 0, bet: { betId, playerId, spot, stakeMinor } });

describe('RoundsService (one write path through the kernel)', () => {
  it('opens a round with a server-side betting deadline and closes it at that deadline (GEN-3)', async () => {
    const h = makeHarness();
    const tableId = await h.openCoinTable();
    const opened = await h.rounds.openRound(tableId, DEALER);
    expect(opened.ok).toBe(true);
    const r1 = await h.rounds.currentRound(tableId);
    expect(r1?.state.phase).toBe('betting');
    expect(r1?.state.bettingClosesAt).toBe(h.clock.now() + 10_000);
    await h.advance(9_999);
    expect((await h.rounds.currentRound(tableId))?.state.phase).toBe('betting');
    await h.advance(1);
    const r2 = await h.rounds.currentRound(tableId);
    expect(r2?.state.phase).toBe('closed');
    const events = await h.rounds.loadEvents(r2?.roundId ?? '');
    expect(events.map((e) => [e.seq, e.type])).toEqual([
      [1, 'RoundOpened'],
      [2, 'BettingClosed'],
    ]);
    expect((events[1]?.payload as { reason: string }).reason).toBe('deadline');
  });

  it("closes at the dealer's no-more-bets before the deadline, and the stale deadline then changes nothing", async () => {
    const h = makeHarness();
    const tableId = await h.openCoinTable();
    await h.rounds.openRound(tableId, DEALER);
    await h.advance(3_000);
    const closedAt = h.clock.now();
    const closed = await h.rounds.execute(tableId, { type: 'CloseBetting', at: closedAt, reason: 'dealer' }, DEALER);
    expect(closed.ok).toBe(true);
    await h.advance(10_000);
    const r = await h.rounds.currentRound(tableId);
    expect(r?.state.seq).toBe(2);
    // the betting deadline is gone; only the play step's stall deadline stays armed (issue 9 §5, DEFAULT_STALL)
    expect(h.scheduler.pending()).toEqual([closedAt + DEFAULT_STALL.afterMs]);
  });

  it('refuses to open a round on a closed table or while a round is in progress', async () => {
    const h = makeHarness();
    const tableId = await h.openCoinTable();
    await h.tables.setStatus(tableId, 'closed', 'end of shift', PITBOSS);
    const r = await h.rounds.openRound(tableId, DEALER);
    expect(r.ok ? null : r.violation.code).toBe('TABLE_NOT_OPEN');
    await openTable(h.tables, tableId, 'shift start');
    expect((await h.rounds.openRound(tableId, DEALER)).ok).toBe(true);
    const again = await h.rounds.openRound(tableId, DEALER);
    expect(again.ok ? null : again.violation.code).toBe('ROUND_IN_PROGRESS');
  });

  it('debits each accepted bet in the same transaction, settles the resolved round and keeps the ledger invariant', async () => {
    const h = makeHarness();
    await h.deposit('player1', 10_000);
    await h.deposit('player2', 10_000);
    const tableId = await h.openCoinTable();
    await h.rounds.openRound(tableId, DEALER);
    const at = h.clock.now();
    expect((await h.rounds.execute(tableId, { ...bet('b1', 'heads', 1_000), at }, PLAYER(1))).ok).toBe(true);
    expect((await h.rounds.execute(tableId, { ...bet('b2', 'tails', 2_000, 'player2'), at }, PLAYER(2))).ok).toBe(true);
    expect(await h.balance('player1')).toBe(9_000);
    expect(await h.balance('player2')).toBe(8_000);
    await h.rounds.execute(tableId, { type: 'CloseBetting', at, reason: 'dealer' }, DEALER);
    await h.rounds.execute(tableId, { type: 'LaunchCoin', at }, SYSTEM_ACTOR);
    const res = await h.rounds.execute(tableId, { type: 'RecordFlip', at, side: 'heads' }, SYSTEM_ACTOR);
    expect(res.ok && res.value.phase).toBe('resolved');
    await flush();
    expect(h.settlement.enqueued).toHaveLength(1);
    expect(await h.balance('player1')).toBe(11_000);
    expect(await h.balance('player2')).toBe(8_000);
    expect((await h.rounds.currentRound(tableId))?.state.phase).toBe('settled');
    expect(await h.invariants()).toEqual([]);
    expect(h.metrics.get('roundsTotal:sicbo:resolved')).toBe(1);
  });

  it('a rejected command appends nothing and returns the kernel violation with its rule id', async () => {
    const h = makeHarness();
    await h.deposit('player1', 10_000);
    const tableId = await h.openCoinTable();
    await h.rounds.openRound(tableId, DEALER);
    const at = h.clock.now();
    await h.rounds.execute(tableId, { ...bet('b1', 'heads', 1_000), at }, PLAYER(1));
    const r = await h.rounds.execute(tableId, { ...bet('b2', 'tails', 1_000), at }, PLAYER(1));
    expect(r.ok ? null : { code: r.violation.code, ruleId: r.violation.ruleId }).toEqual({ code: 'OPPOSITE_BETS', ruleId: 'RES-2' });
    expect((await h.rounds.currentRound(tableId))?.state.seq).toBe(2);
    expect(await h.balance('player1')).toBe(9_000);
  });

  it('voids with every bet refunded when the result never arrives (deadline armed from state)', async () => {
    const h = makeHarness();
    await h.deposit('player1', 10_000);
    const tableId = await h.openCoinTable();
    await h.rounds.openRound(tableId, DEALER);
    await h.rounds.execute(tableId, { ...bet('b1', 'heads', 1_000), at: h.clock.now() }, PLAYER(1));
    await h.advance(10_000);
    await h.rounds.execute(tableId, { type: 'LaunchCoin', at: h.clock.now() }, SYSTEM_ACTOR);
    await h.advance(COIN_RESULT_TIMEOUT_MS);
    const r = await h.rounds.currentRound(tableId);
    // voided, then marked settled once refunded (the lifecycle table: mark-settled after a void is RoundSettled; the void reason stays)
    expect(r?.state.voidReason).toBe('no result in time');
    expect(['void', 'settled']).toContain(r?.state.phase);
    expect(await h.balance('player1')).toBe(10_000);
    expect(await h.invariants()).toEqual([]);
  });

  it('starts the next round automatically after the pause when the table runs on cadence', async () => {
    const h = makeHarness();
    const tableId = await h.openCoinTable({ auto: true, pauseS: 4 });
    await h.advance(0);
    const first = await h.rounds.currentRound(tableId);
    expect(first?.state.phase).toBe('betting');
    await h.advance(10_000);
    await h.rounds.execute(tableId, { type: 'LaunchCoin', at: h.clock.now() }, SYSTEM_ACTOR);
    await h.rounds.execute(tableId, { type: 'RecordFlip', at: h.clock.now(), side: 'tails' }, SYSTEM_ACTOR);
    await flush();
    await h.advance(3_999);
    expect((await h.rounds.currentRound(tableId))?.roundId).toBe(first?.roundId);
    await h.advance(1);
    const second = await h.rounds.currentRound(tableId);
    expect(second?.roundId).not.toBe(first?.roundId);
    expect(second?.state.phase).toBe('betting');
  });

  it('replaying the stored events reproduces the state exactly (a new instance on the same store)', async () => {
    const h = makeHarness();
    await h.deposit('player1', 10_000);
    const tableId = await h.openCoinTable();
    await h.rounds.openRound(tableId, DEALER);
    await h.rounds.execute(tableId, { ...bet('b1', 'heads', 500), at: h.clock.now() }, PLAYER(1));
    await h.rounds.execute(tableId, { type: 'CloseBetting', at: h.clock.now(), reason: 'dealer' }, DEALER);
    expect((await h.rounds.execute(tableId, { type: 'RecordSecret', at: h.clock.now(), secret: 'KH' }, DEALER)).ok).toBe(true);
    const before = await h.rounds.currentRound(tableId);
    h.rounds.invalidate(tableId);
    const after = await h.rounds.currentRound(tableId);
    expect(after?.state).toEqual(before?.state);
    // The read-model row keeps the fold's header only (issue 13: bets live in the bet table).
    const row = await h.uow.run((tx) => tx.rounds.get(before?.roundId ?? ''));
    expect(row?.state).toEqual(readModelState(before!.state));
    expect(row?.state).not.toHaveProperty('bets');
    expect(row?.seq).toBe(before?.state.seq);
  });

  it('ignores a repeated device event (same causation id) — at-least-once delivery is idempotent', async () => {
    const h = makeHarness();
    const tableId = await h.openCoinTable();
    await h.rounds.openRound(tableId, DEALER);
    const cmd = { type: 'CloseBetting', at: h.clock.now(), reason: 'device' };
    const a = await h.rounds.execute(tableId, cmd, SYSTEM_ACTOR, { causationId: 'dev:coin-1:7' });
    const b = await h.rounds.execute(tableId, cmd, SYSTEM_ACTOR, { causationId: 'dev:coin-1:7' });
    expect(a.ok && a.value.duplicate).toBe(false);
    expect(b.ok && b.value.duplicate).toBe(true);
    h.rounds.invalidate(tableId);
    const c = await h.rounds.execute(tableId, cmd, SYSTEM_ACTOR, { causationId: 'dev:coin-1:7' });
    expect(c.ok && c.value.duplicate).toBe(true);
  });

  it('publishes every committed event as a frame in seq order', async () => {
    const h = makeHarness();
    const frames: RoundFrame[] = [];
    h.rounds.frames$.subscribe((f) => frames.push(f));
    await h.deposit('player1', 10_000);
    const tableId = await h.openCoinTable();
    await h.rounds.openRound(tableId, DEALER);
    await Promise.all([1, 2, 3].map((i) => h.rounds.execute(tableId, { ...bet(`b${i}`, 'heads', 100), at: h.clock.now() }, PLAYER(1))));
    expect(frames.flatMap((f) => f.events.map((e) => e.seq))).toEqual([1, 2, 3, 4]);
  });

  it('disposing the service (crash simulation) stops every armed timer', async () => {
    const h = makeHarness();
    const tableId = await h.openCoinTable();
    await h.rounds.openRound(tableId, DEALER);
    expect(h.scheduler.pending()).toHaveLength(1);
    h.rounds.onModuleDestroy();
    expect(h.scheduler.pending()).toHaveLength(0);
  });
});
