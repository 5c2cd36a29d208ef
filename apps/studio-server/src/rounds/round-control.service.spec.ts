import { describe, expect, it } from 'vitest';
import * as games from '@felt-studio/games';
import type { AnyKernel } from '../kernels/kernel.registry.js';
import { RoundControlService } from './round-control.service.js';
import { SYSTEM_ACTOR } from '../shared/command.types.js';
import { DEALER, makeHarness, PITBOSS, PLAYER, type Harness, openTable } from '../../../../test/support/studio-server/harness.js';

const kernels = [games.baccarat.baccaratKernel, games.blackjack.blackjackKernel] as unknown as AnyKernel[];
const PITBOSS2 = { userId: 'pitboss2', role: 'pitboss' as const };

async function table(h: Harness, game: 'baccarat' | 'blackjack'): Promise<string> {
  const t = await h.tables.create({ name: game, game, profileId: game === 'baccarat' ? 'punto-banco' : 'standard', limits: { currency: 'EUR', tableMinMinor: 100, tableMaxMinor: 100_000, spots: {} }, betWindowS: 10, cadence: { auto: false, pauseS: 5 }, devices: [] }, PITBOSS);
  if (!t.ok) throw new Error(t.violation.message);
  await openTable(h.tables, t.value.tableId, 'test');
  return t.value.tableId;
}

const card = (h: Harness, tableId: string, c: string) => h.rounds.execute(tableId, { type: 'RecordCard', at: h.clock.now(), card: c }, SYSTEM_ACTOR, { closesBetting: true });

describe('RoundControlService (issue §9: approvals, audited)', () => {
  const rig = () => {
    const h = makeHarness(kernels, { baccarat: ['punto-banco'], blackjack: ['standard'] });
    return { h, control: new RoundControlService(h.rounds, h.clock, h.ids, h.audit, h.alerts) };
  };

  it('void: a dealer requests, the requester cannot approve, another pit boss approves → every bet refunded, all audited (GEN-6)', async () => {
    const { h, control } = rig();
    const tableId = await table(h, 'baccarat');
    await h.deposit('player1', 10_000);
    await h.rounds.openRound(tableId, DEALER);
    await h.rounds.execute(tableId, { type: 'PlaceBet', at: h.clock.now(), bet: { betId: 'v1', playerId: 'player1', spot: 'banker', stakeMinor: 3_000 } }, PLAYER(1));
    const req = await control.requestVoid(tableId, PITBOSS, 'camera frozen');
    if (!req.ok) throw new Error(req.violation.message);
    const self = await control.approveVoid(tableId, req.value.requestId, PITBOSS, 'me');
    expect(self.ok ? null : self.violation.code).toBe('SELF_APPROVAL');
    const ok = await control.approveVoid(tableId, req.value.requestId, PITBOSS2, 'confirmed');
    expect(ok.ok && ok.value.phase).toBe('void');
    expect(await h.balance('player1')).toBe(10_000);
    expect(h.audit.entries.map((e) => [e.action, e.actor])).toEqual(expect.arrayContaining([['round.void-request', 'pitboss1'], ['round.void-approve.rejected', 'pitboss1'], ['round.void-approve', 'pitboss2']]));
    expect(await control.listPending(tableId)).toEqual([]);
    expect(await h.invariants()).toEqual([]);
  });

  it('S-3: an unreadable card halts the round (alert), the dealer enters it, a pit boss confirms, the deal continues', async () => {
    const { h, control } = rig();
    const tableId = await table(h, 'baccarat');
    await h.deposit('player1', 10_000);
    await h.rounds.openRound(tableId, DEALER);
    await h.rounds.execute(tableId, { type: 'PlaceBet', at: h.clock.now(), bet: { betId: 'm1', playerId: 'player1', spot: 'player', stakeMinor: 1_000 } }, PLAYER(1));
    await card(h, tableId, '9S');
    await card(h, tableId, '2H');
    await h.rounds.execute(tableId, { type: 'RecordUnreadableCard', at: h.clock.now() }, SYSTEM_ACTOR);
    expect((await h.rounds.currentRound(tableId))?.state.phase).toBe('halted');
    expect(h.alerts.raised.map((a) => a.code)).toContain('ROUND_HALTED');
    const entry = await control.proposeManual(tableId, DEALER, { type: 'EnterManualCard', card: 'KD' }, 'card bent, read on camera');
    if (!entry.ok) throw new Error(entry.violation.message);
    expect((await control.approveManual(tableId, entry.value.requestId, DEALER, 'own')).ok).toBe(false);
    const approved = await control.approveManual(tableId, entry.value.requestId, PITBOSS, 'checked on camera');
    expect(approved.ok).toBe(true);
    await card(h, tableId, '3C');
    // Player 9 (natural) vs Banker 5: Player wins 1:1.
    expect((await h.rounds.currentRound(tableId))?.state.phase).toBe('settled');
    expect(await h.balance('player1')).toBe(11_000);
    expect(h.audit.entries.some((e) => e.action === 'round.manual-approve' && e.actor === 'pitboss1')).toBe(true);
  });

  it('money commands cannot be entered by hand or as corrections', async () => {
    const { h, control } = rig();
    const tableId = await table(h, 'baccarat');
    await h.rounds.openRound(tableId, DEALER);
    const r1 = await control.proposeManual(tableId, DEALER, { type: 'PlaceBet', bet: {} }, 'x');
    const r2 = await control.correct(tableId, PITBOSS, { type: 'MarkSettled' }, 'x');
    const r3 = await control.playerDecision(tableId, PLAYER(1), { type: 'VoidRound', reason: 'x' });
    expect([r1, r2, r3].map((r) => (r.ok ? null : r.violation.code))).toEqual(['FORBIDDEN', 'FORBIDDEN', 'FORBIDDEN']);
  });

  it('blackjack: the acting seat that does not decide in time stands on the server deadline, then the dealer draws (BJ-9, BJ-13)', async () => {
    const { h, control } = rig();
    const tableId = await table(h, 'blackjack');
    await h.deposit('player1', 10_000);
    await h.rounds.openRound(tableId, DEALER);
    await h.rounds.execute(tableId, { type: 'PlaceBet', at: h.clock.now(), bet: { betId: 'j1', playerId: 'player1', spot: 'seat:1', stakeMinor: 1_000 } }, PLAYER(1));
    for (const c of ['TS', '6H', '8D', '5C']) await card(h, tableId, c);
    const r = await h.rounds.currentRound(tableId);
    const dl = r?.kernel.deadlines(r.state) ?? [];
    expect(dl.map((d) => d.command.type)).toEqual(['DecisionTimeout']);
    expect(r?.kernel.next(r.state).length).toBeGreaterThan(0);
    // Another player cannot decide for seat 1.
    const foreign = await control.playerDecision(tableId, PLAYER(2), { type: 'PlayerAction', seat: 1, hand: 0, action: 'hit' });
    expect(foreign.ok ? null : foreign.violation.code).toBe('NOT_SEAT_OWNER');
    await h.advance((dl[0]?.at ?? 0) - h.clock.now());
    const after = await h.rounds.currentRound(tableId);
    const acted = (await h.rounds.loadEvents(after?.roundId ?? '')).find((e) => e.type === 'HandActed');
    expect((acted?.payload as { by: string; action: string }).by).toBe('timeout');
    await card(h, tableId, '6D');
    expect((await h.rounds.currentRound(tableId))?.state.phase).toBe('settled');
    expect(await h.balance('player1')).toBe(11_000);
    expect(await h.invariants()).toEqual([]);
  });
});
