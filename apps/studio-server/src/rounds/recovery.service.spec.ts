import { describe, expect, it } from 'vitest';
import * as games from '@felt-studio/games';
import type { AnyKernel } from '../kernels/kernel.registry.js';
import { SYSTEM_ACTOR } from '../shared/command.types.js';
import { DEALER, makeHarness, PITBOSS, PLAYER, openTable } from '../../../../test/support/studio-server/harness.js';

const bet = (betId: string, playerId: string, spot: string, stakeMinor: number, at: number) => ({ type: 'PlaceBet', at, bet: { betId, playerId, spot, stakeMinor } });

/** A roulette round whose ball was launched with player1's 20.00 on red (player1 had 100.00): betting closed, the result owed. */
async function spinInPlay() {
    const h = makeHarness([games.roulette.rouletteKernel as unknown as AnyKernel], { roulette: ['european'] });
    await h.deposit('player1', 10_000);
    const t = await h.tables.create({ name: 'R', game: 'roulette', profileId: 'european', limits: { currency: 'EUR', tableMinMinor: 100, tableMaxMinor: 10_000, spots: {} }, betWindowS: 10, cadence: { auto: false, pauseS: 5 }, devices: [] }, PITBOSS);
    if (!t.ok) throw new Error(t.violation.message);
    await h.tables.recordPreOpenCheck(t.value.tableId, { checks: ['table', 'wheel-level', 'free-running', 'ball'] }, PITBOSS);
    await openTable(h.tables, t.value.tableId, 'test');
    const tableId = t.value.tableId;
    await h.rounds.openRound(tableId, DEALER);
    await h.rounds.execute(tableId, bet('rb', 'player1', 'red', 2_000, h.clock.now()), PLAYER(1));
    await h.rounds.execute(tableId, { type: 'RecordBallLaunched', at: h.clock.now(), spin: 4 }, SYSTEM_ACTOR, { closesBetting: true });
  return { h, tableId };
}

describe('crash recovery (issue §10, non-negotiable 4)', () => {
  it('killed while betting is open: the round resumes, its deadline is re-armed and bets placed before the crash settle', async () => {
    const h = makeHarness();
    await h.deposit('player1', 10_000);
    const tableId = await h.openCoinTable();
    await h.rounds.openRound(tableId, DEALER);
    await h.rounds.execute(tableId, bet('b1', 'player1', 'heads', 1_000, h.clock.now()), PLAYER(1));
    const { h: h2, report } = await h.restart();
    expect(report.map((r) => [r.phase, r.action])).toEqual([['betting', 'resumed']]);
    // A bet after the restart still lands in the same round.
    expect((await h2.rounds.execute(tableId, bet('b2', 'player1', 'heads', 500, h2.clock.now()), PLAYER(1))).ok).toBe(true);
    await h2.advance(10_000);
    expect((await h2.rounds.currentRound(tableId))?.state.phase).toBe('closed');
    await h2.rounds.execute(tableId, { type: 'LaunchCoin', at: h2.clock.now() }, SYSTEM_ACTOR);
    await h2.rounds.execute(tableId, { type: 'RecordFlip', at: h2.clock.now(), side: 'heads' }, SYSTEM_ACTOR);
    expect(await h2.balance('player1')).toBe(10_000 + 1_500);
    expect(await h2.invariants()).toEqual([]);
  });

  it('a deadline that passed while the server was down fires at once after the restart', async () => {
    const h = makeHarness();
    const tableId = await h.openCoinTable();
    await h.rounds.openRound(tableId, DEALER);
    h.clock.advance(60_000);
    const { h: h2 } = await h.restart();
    await h2.advance(0);
    const r = await h2.rounds.currentRound(tableId);
    expect(r?.state.phase).toBe('closed');
    const evs = await h2.rounds.loadEvents(r?.roundId ?? '');
    expect(evs.at(-1)?.type).toBe('BettingClosed');
  });

  it('killed mid-play with no result: resumes with its result deadline; when it passes the round stalls (PLAY_STALLED alert, issue 9 §5) and the pit boss voids it with every bet refunded', async () => {
    const { h, tableId } = await spinInPlay();
    expect(await h.balance('player1')).toBe(8_000);
    const { h: h2, report } = await h.restart(30_000);
    // the spin owes its result within its deadline (ROU-6), re-armed at boot
    expect(report.map((r) => r.action)).toEqual(['resumed']);
    expect(h2.alerts.raised.map((a) => a.code)).toContain('ROUND_RESUMED');
    await h2.advance(120_000);
    const stalled = await h2.rounds.currentRound(tableId);
    expect(stalled?.state.phase).toBe('play');
    expect((stalled?.state as { stalled?: unknown }).stalled).toBeTruthy();
    expect(h2.alerts.raised.map((a) => a.code)).toContain('PLAY_STALLED');
    // the pit boss's choice: void with refunds
    expect((await h2.rounds.execute(tableId, { type: 'VoidRound', at: h2.clock.now(), reason: 'no result after a restart', by: 'pitboss1' }, PITBOSS)).ok).toBe(true);
    await h2.advance(1_000);
    const after = await h2.rounds.currentRound(tableId);
    expect((await h2.rounds.loadEvents(after?.roundId ?? '')).map((e) => e.type)).toContain('RoundVoided');
    expect(after?.state.voidReason).toContain('after a restart');
    expect(await h2.balance('player1')).toBe(10_000);
    expect(await h2.invariants()).toEqual([]);
  });

  it('a stalled spin: the pit boss may resume instead (PlayResumed re-arms the deadline), and the late result still settles', async () => {
    const { h, tableId } = await spinInPlay();
    // nothing to resume yet
    const early = await h.control.resumePlay(tableId, PITBOSS, 'checking');
    expect(early.ok).toBe(false);
    if (!early.ok) expect(early.violation.code).toBe('ROUND_NOT_STALLED');
    await h.advance(120_000);
    expect(h.alerts.raised.map((a) => a.code)).toContain('PLAY_STALLED');
    const resumed = await h.control.resumePlay(tableId, PITBOSS, 'ball still spinning on camera');
    expect(resumed.ok).toBe(true);
    const r = await h.rounds.currentRound(tableId);
    expect((r?.state as { stalled?: unknown }).stalled ?? null).toBeNull();
    expect(h.audit.entries.map((e) => e.action)).toContain('round.resume-play');
    await h.rounds.execute(tableId, { type: 'RecordSpinResult', at: h.clock.now(), spin: 4, number: 1, revolutions: 8, ballDirection: 'ccw', wheelDirection: 'cw' }, SYSTEM_ACTOR);
    await h.advance(1_000);
    expect((await h.rounds.currentRound(tableId))?.state.phase).toBe('settled');
    expect(await h.balance('player1')).toBe(8_000 + 4_000);
    expect(await h.invariants()).toEqual([]);
  });

  it('a round that moves after the restart is not voided by the watchdog', async () => {
    const h = makeHarness([games.roulette.rouletteKernel as unknown as AnyKernel], { roulette: ['european'] });
    const t = await h.tables.create({ name: 'R', game: 'roulette', profileId: 'european', limits: { currency: 'EUR', tableMinMinor: 100, tableMaxMinor: 10_000, spots: {} }, betWindowS: 10, cadence: { auto: false, pauseS: 5 }, devices: [] }, PITBOSS);
    if (!t.ok) throw new Error(t.violation.message);
    await h.tables.recordPreOpenCheck(t.value.tableId, { checks: ['table', 'wheel-level', 'free-running', 'ball'] }, PITBOSS);
    await openTable(h.tables, t.value.tableId, 'test');
    await h.rounds.openRound(t.value.tableId, DEALER);
    await h.rounds.execute(t.value.tableId, { type: 'RecordBallLaunched', at: h.clock.now(), spin: 4 }, SYSTEM_ACTOR, { closesBetting: true });
    const { h: h2 } = await h.restart(30_000);
    await h2.rounds.execute(t.value.tableId, { type: 'RecordSpinResult', at: h2.clock.now(), spin: 4, number: 7, revolutions: 8, ballDirection: 'ccw', wheelDirection: 'cw' }, SYSTEM_ACTOR);
    await h2.advance(30_000);
    expect((await h2.rounds.currentRound(t.value.tableId))?.state.phase).toBe('settled');
  });

  it('a voided round whose refunds were lost in the crash is refunded after the restart', async () => {
    const h = makeHarness();
    await h.deposit('player1', 10_000);
    const tableId = await h.openCoinTable();
    h.settlement.auto = false;
    await h.rounds.openRound(tableId, DEALER);
    await h.rounds.execute(tableId, bet('v1', 'player1', 'heads', 4_000, h.clock.now()), PLAYER(1));
    await h.rounds.execute(tableId, { type: 'VoidRound', at: h.clock.now(), reason: 'camera', by: 'pitboss1' }, SYSTEM_ACTOR);
    expect(await h.balance('player1')).toBe(6_000);
    const { h: h2, report } = await h.restart();
    expect(report.map((r) => [r.phase, r.action])).toEqual([['void', 'settling']]);
    expect(await h2.balance('player1')).toBe(10_000);
    expect((await h2.uow.run((tx) => tx.rounds.listUnfinished())).map((r) => r.roundId)).toEqual([]);
    expect(await h2.invariants()).toEqual([]);
  });

  it('a resolved round whose settlement was lost in the crash is settled after the restart (exactly once)', async () => {
    const h = makeHarness();
    await h.deposit('player1', 10_000);
    const tableId = await h.openCoinTable();
    h.settlement.auto = false;
    await h.rounds.openRound(tableId, DEALER);
    await h.rounds.execute(tableId, bet('b1', 'player1', 'tails', 1_000, h.clock.now()), PLAYER(1));
    await h.advance(10_000);
    await h.rounds.execute(tableId, { type: 'LaunchCoin', at: h.clock.now() }, SYSTEM_ACTOR);
    await h.rounds.execute(tableId, { type: 'RecordFlip', at: h.clock.now(), side: 'tails' }, SYSTEM_ACTOR);
    expect(await h.balance('player1')).toBe(9_000);
    const { h: h2, report } = await h.restart();
    expect(report.map((r) => r.action)).toEqual(['settling']);
    expect(await h2.balance('player1')).toBe(11_000);
    await h2.settlement.process(report[0]?.roundId ?? '');
    expect(await h2.balance('player1')).toBe(11_000);
    expect(await h2.invariants()).toEqual([]);
  });
});
