import { describe, expect, it } from 'vitest';
import * as games from '@felt-studio/games';
import type { AnyKernel } from '../kernels/kernel.registry.js';
import { SYSTEM_ACTOR } from '../shared/command.types.js';
import { DEALER, flush, makeHarness, openTable, PITBOSS, PLAYER, type Harness } from '../../../../test/support/studio-server/harness.js';

/**
 * A restart in every phase of a table's life (issue 8 §5, non-negotiable 5): the table carries on, or
 * the round is voided with refunds and an alert — never silent. The store (events, bets, ledger,
 * tables, pending requests) is shared; every timer and in-memory collection dies with the instance.
 */
const bet = (betId: string, at: number) => ({ type: 'PlaceBet', at, bet: { betId, playerId: 'player1', spot: 'heads', stakeMinor: 1_000 } });
const codes = (h: Harness): string[] => h.alerts.raised.map((a) => a.code);

/** A coin table in betting: player1 (€100 deposited) has bet €10 on heads (`b1`). */
async function betOnCoinTable(): Promise<{ h: Harness; tableId: string }> {
  const h = makeHarness();
  await h.deposit('player1', 10_000);
  const tableId = await h.openCoinTable();
  await h.rounds.openRound(tableId, DEALER);
  await h.rounds.execute(tableId, bet('b1', h.clock.now()), PLAYER(1));
  return { h, tableId };
}

async function resolve(h: Harness, tableId: string): Promise<void> {
  await h.rounds.execute(tableId, { type: 'CloseBetting', at: h.clock.now(), reason: 'dealer' }, DEALER);
  await h.rounds.execute(tableId, { type: 'LaunchCoin', at: h.clock.now() }, SYSTEM_ACTOR);
  await h.rounds.execute(tableId, { type: 'RecordFlip', at: h.clock.now(), side: 'heads' }, SYSTEM_ACTOR);
  await flush();
}

/** An auto table (the pause between rounds `pauseS`) whose first round just ended: the pause starts now. */
async function autoTableAfterFirstRound(pauseS: number) {
  const h = makeHarness();
  const tableId = await h.openCoinTable({ auto: true, pauseS });
  await h.advance(0);
  const first = await h.rounds.currentRound(tableId);
  await h.advance(10_000);
  await h.rounds.execute(tableId, { type: 'LaunchCoin', at: h.clock.now() }, SYSTEM_ACTOR);
  await h.rounds.execute(tableId, { type: 'RecordFlip', at: h.clock.now(), side: 'tails' }, SYSTEM_ACTOR);
  await flush();
  return { h, tableId, first };
}

describe('restart in every phase: the table carries on or is voided with an alert, never silent', () => {
  it('betting: the round resumes (alert), its close deadline is re-armed, and it finishes', async () => {
    const { h, tableId } = await betOnCoinTable();
    const { h: h2, report } = await h.restart();
    expect(report.map((r) => [r.phase, r.action])).toEqual([['betting', 'resumed']]);
    expect(codes(h2)).toContain('ROUND_RESUMED');
    await h2.advance(10_000);
    expect((await h2.rounds.currentRound(tableId))?.state.phase).toBe('closed');
  });

  it('play: the round resumes with its result deadline; no result → voided with refunds', async () => {
    const { h, tableId } = await betOnCoinTable();
    await h.rounds.execute(tableId, { type: 'CloseBetting', at: h.clock.now(), reason: 'dealer' }, DEALER);
    await h.rounds.execute(tableId, { type: 'LaunchCoin', at: h.clock.now() }, SYSTEM_ACTOR);
    const { h: h2, report } = await h.restart();
    expect(report.map((r) => r.phase)).toEqual(['play']);
    expect(codes(h2).some((c) => c.startsWith('ROUND_RESUMED'))).toBe(true);
    await h2.advance(120_000);
    const r = await h2.rounds.currentRound(tableId);
    expect(['void', 'settled']).toContain(r?.state.phase);
    expect(await h2.balance('player1')).toBe(10_000);
    expect(await h2.invariants()).toEqual([]);
  });

  it('resolved, not yet settled: queued for settlement again (alert) and paid exactly once', async () => {
    const { h, tableId } = await betOnCoinTable();
    h.settlement.auto = false;
    await resolve(h, tableId);
    const { h: h2, report } = await h.restart();
    expect(report.map((r) => [r.phase, r.action])).toEqual([['resolved', 'settling']]);
    expect(codes(h2)).toContain('ROUND_RECOVERED');
    expect((await h2.rounds.currentRound(tableId))?.state.phase).toBe('settled');
    expect(await h2.balance('player1')).toBe(10_000 + 1_000);
    expect(await h2.invariants()).toEqual([]);
  });

  it('the pause between rounds of an auto table: the next round still opens on time after a restart (alert CADENCE_RESUMED)', async () => {
    const { h, tableId, first } = await autoTableAfterFirstRound(8);
    await h.advance(3_000); // 3 s into the 8 s pause
    const { h: h2 } = await h.restart();
    expect(codes(h2)).toContain('CADENCE_RESUMED');
    await h2.advance(4_999);
    expect((await h2.rounds.currentRound(tableId))?.roundId).toBe(first?.roundId);
    await h2.advance(1);
    const second = await h2.rounds.currentRound(tableId);
    expect(second?.roundId).not.toBe(first?.roundId);
    expect(second?.state.phase).toBe('betting');
  });

  it('the server was down longer than the pause: the next round opens at once after the restart', async () => {
    const { h, tableId, first } = await autoTableAfterFirstRound(5);
    h.clock.advance(60_000);
    const { h: h2 } = await h.restart();
    await h2.advance(0);
    const second = await h2.rounds.currentRound(tableId);
    expect(second?.roundId).not.toBe(first?.roundId);
    expect(second?.state.phase).toBe('betting');
  });

  it('a pending void request survives the restart, is announced again, and a pit boss approves it afterwards', async () => {
    const { h, tableId } = await betOnCoinTable();
    const req = await h.control.requestVoid(tableId, DEALER, 'camera down');
    if (!req.ok) throw new Error(req.violation.message);
    // A manual outcome is refused while betting is open (issue 9 finding 3): no more bets first.
    await h.control.closeBetting(tableId, DEALER);
    const manual = await h.control.proposeManual(tableId, DEALER, { type: 'RecordSecret', secret: 'x' }, 'unreadable');
    expect(manual.ok).toBe(true);
    const before = h.alerts.raised.length;
    const { h: h2 } = await h.restart();
    expect((await h2.control.listPending(tableId)).map((r) => [r.requestId, r.kind]).sort()).toEqual([
      [manual.ok ? manual.value.requestId : '', 'manual'],
      [req.value.requestId, 'void'],
    ]);
    expect(h2.alerts.raised.slice(before).map((a) => a.code)).toEqual(expect.arrayContaining(['VOID_REQUESTED', 'MANUAL_ENTRY_PENDING']));
    const approved = await h2.control.approveVoid(tableId, req.value.requestId, PITBOSS, 'confirmed on camera');
    expect(approved.ok).toBe(true);
    expect((await h2.control.listPending(tableId)).map((r) => r.kind)).toEqual(['manual']);
    expect(await h2.balance('player1')).toBe(10_000);
    // The round is over: the manual entry can no longer apply, so the next restart withdraws it (audited).
    const { h: h3 } = await h2.restart();
    expect(await h3.control.listPending(tableId)).toEqual([]);
    expect(h3.audit.entries.map((e) => e.action)).toContain('round.manual-entry.withdrawn');
  });

  it('closed (no more bets, no device sign yet): the round resumes with its play deadline (alert); no device event → PlayStalled for the pit boss (issue 9 §5), who voids it with refunds', async () => {
    const { h, tableId } = await betOnCoinTable();
    await h.rounds.execute(tableId, { type: 'CloseBetting', at: h.clock.now(), reason: 'dealer' }, DEALER);
    expect(await h.balance('player1')).toBe(9_000);
    const { h: h2, report } = await h.restart(20_000);
    // every playing step has a deadline now, so the round resumes with it re-armed (not a blind watchdog)
    expect(report.map((r) => [r.phase, r.action])).toEqual([['closed', 'resumed']]);
    expect(codes(h2)).toContain('ROUND_RESUMED');
    await h2.advance(120_000);
    const stalled = await h2.rounds.currentRound(tableId);
    expect(stalled?.state.phase).toBe('closed');
    expect((stalled?.state as { stalled?: { ruleId: string } | null }).stalled).toMatchObject({ ruleId: expect.any(String) });
    // the pit boss's choice: void with refunds
    const v = await h2.rounds.execute(tableId, { type: 'VoidRound', at: h2.clock.now(), reason: 'no device event after the restart' }, PITBOSS);
    expect(v.ok).toBe(true);
    await h2.advance(1_000);
    const r = await h2.rounds.currentRound(tableId);
    expect(['void', 'settled']).toContain(r?.state.phase);
    expect(r?.state.voidReason).toMatch(/no device event/);
    expect(await h2.balance('player1')).toBe(10_000);
    expect(await h2.invariants()).toEqual([]);
  });

  it('halted with a pending manual entry (S-3): both survive the restart (alerts), and the approval after it lets the deal continue to settlement', async () => {
    const h = makeHarness([games.gameKernel('baccarat') as unknown as AnyKernel], { baccarat: ['punto-banco'] });
    await h.deposit('player1', 10_000);
    const t = await h.tables.create({ name: 'Baccarat 1', game: 'baccarat', profileId: 'punto-banco', limits: { currency: 'EUR', tableMinMinor: 100, tableMaxMinor: 100_000, spots: {} }, betWindowS: 10, cadence: { auto: false, pauseS: 5 }, devices: [] }, PITBOSS);
    if (!t.ok) throw new Error(t.violation.message);
    await openTable(h.tables, t.value.tableId);
    const tableId = t.value.tableId;
    const card = (x: Harness, c: string) => x.rounds.execute(tableId, { type: 'RecordCard', at: x.clock.now(), card: c }, SYSTEM_ACTOR, { closesBetting: true });
    await h.rounds.openRound(tableId, DEALER);
    await h.rounds.execute(tableId, { type: 'PlaceBet', at: h.clock.now(), bet: { betId: 'm1', playerId: 'player1', spot: 'player', stakeMinor: 1_000 } }, PLAYER(1));
    await card(h, '9S');
    await card(h, '2H');
    await h.rounds.execute(tableId, { type: 'RecordUnreadableCard', at: h.clock.now() }, SYSTEM_ACTOR);
    await flush();
    expect((await h.rounds.currentRound(tableId))?.state.phase).toBe('halted');
    const entry = await h.control.proposeManual(tableId, DEALER, { type: 'EnterManualCard', card: 'KD' }, 'card bent, read on camera');
    if (!entry.ok) throw new Error(entry.violation.message);
    const before = h.alerts.raised.length;
    const { h: h2, report } = await h.restart();
    expect(report.map((r) => [r.phase, r.action])).toEqual([['halted', 'halted']]);
    expect(h2.alerts.raised.slice(before).map((a) => a.code)).toEqual(expect.arrayContaining(['ROUND_RECOVERED_HALTED', 'MANUAL_ENTRY_PENDING']));
    const approved = await h2.control.approveManual(tableId, entry.value.requestId, PITBOSS, 'checked on camera');
    expect(approved.ok).toBe(true);
    expect(await h2.control.listPending(tableId)).toEqual([]);
    await card(h2, '3C');
    // Player 9 (natural) vs Banker 5: Player wins 1:1.
    expect((await h2.rounds.currentRound(tableId))?.state.phase).toBe('settled');
    expect(await h2.balance('player1')).toBe(11_000);
    expect(await h2.invariants()).toEqual([]);
  });
});
