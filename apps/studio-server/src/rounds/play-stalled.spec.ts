import { describe, expect, it } from 'vitest';
import type { AnyKernel, KernelEvent } from '../kernels/kernel.registry.js';
import { SYSTEM_ACTOR } from '../shared/command.types.js';
import { coinAsAny } from '../../../../test/support/studio-server/coin.kernel.js';
import { DEALER, makeHarness, PLAYER } from '../../../../test/support/studio-server/harness.js';

/** The coin game plus a kernel-reported stall (a dealing step overdue, issue 9 §5). */
const stalling: AnyKernel = {
  ...coinAsAny,
  decide: (s, c) => (c.type === 'ReportStall' ? { ok: true, events: [{ type: 'PlayStalled', at: c.at }] } : coinAsAny.decide(s, c)),
  evolve: (s, e: KernelEvent) => (e.type === 'PlayStalled' ? { ...s, seq: s.seq + 1 } : coinAsAny.evolve(s, e)),
};

describe('play stalled (issue 9 finding 5)', () => {
  it('a play-stalled event from the kernel raises one pit-boss alert per round', async () => {
    const h = makeHarness([stalling]);
    await h.deposit('player1', 10_000);
    const tableId = await h.openCoinTable();
    const open = await h.rounds.openRound(tableId, DEALER);
    if (!open.ok) throw new Error(open.violation.message);
    await h.rounds.execute(tableId, { type: 'PlaceBet', at: h.clock.now(), bet: { betId: 'b1', playerId: 'player1', spot: 'heads', stakeMinor: 1_000 } }, PLAYER(1));
    await h.rounds.execute(tableId, { type: 'CloseBetting', at: h.clock.now(), reason: 'dealer' }, DEALER);
    await h.rounds.execute(tableId, { type: 'LaunchCoin', at: h.clock.now() }, SYSTEM_ACTOR);
    await h.rounds.execute(tableId, { type: 'ReportStall', at: h.clock.now() }, SYSTEM_ACTOR);
    await h.rounds.execute(tableId, { type: 'ReportStall', at: h.clock.now() }, SYSTEM_ACTOR);
    const stalls = h.alerts.raised.filter((a) => a.code === 'PLAY_STALLED');
    expect(stalls).toHaveLength(1);
    expect(stalls[0]).toMatchObject({ tableId, roundId: open.value.roundId, severity: 'warning' });
    // the next round's stall is a new alert
    await h.rounds.execute(tableId, { type: 'RecordFlip', at: h.clock.now(), side: 'heads' }, SYSTEM_ACTOR);
    await h.rounds.openRound(tableId, DEALER);
    await h.rounds.execute(tableId, { type: 'CloseBetting', at: h.clock.now(), reason: 'dealer' }, DEALER);
    await h.rounds.execute(tableId, { type: 'LaunchCoin', at: h.clock.now() }, SYSTEM_ACTOR);
    await h.rounds.execute(tableId, { type: 'ReportStall', at: h.clock.now() }, SYSTEM_ACTOR);
    expect(h.alerts.raised.filter((a) => a.code === 'PLAY_STALLED')).toHaveLength(2);
  });
});
