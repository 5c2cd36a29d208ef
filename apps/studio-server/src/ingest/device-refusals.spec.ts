import { describe, expect, it } from 'vitest';
import * as games from '@felt-studio/games';
import { eventsTopic } from '@felt-studio/protocol';
import type { AnyKernel } from '../kernels/kernel.registry.js';
import { DEALER, flush, makeHarness, openTable, PITBOSS } from '../../../../test/support/studio-server/harness.js';
import { ingestStack } from '../../../../test/support/studio-server/ingest-stack.js';

/**
 * Issue 9 finding 2: a device result the kernel refuses as out of phase is not just a log line — the
 * pit boss gets an alert, once per round (a wheel repeating its report does not flood the floor).
 */
describe('device results out of phase → one pit-boss alert per round', () => {
  it('a second result after the round resolved raises DEVICE_RESULT_OUT_OF_PHASE once; the next round can raise it again', async () => {
    const h = makeHarness([games.gameKernel('roulette') as unknown as AnyKernel], { roulette: ['european'] });
    const t = await h.tables.create({ name: 'Roulette 1', game: 'roulette', profileId: 'european', limits: { currency: 'EUR', tableMinMinor: 100, tableMaxMinor: 100_000, spots: {} }, betWindowS: 15, cadence: { auto: false, pauseS: 5 }, devices: [{ deviceId: 'wheel-1', kind: 'wheel' }] }, PITBOSS);
    if (!t.ok) throw new Error(t.violation.message);
    await openTable(h.tables, t.value.tableId);
    const tableId = t.value.tableId;
    const { mqtt, ingest } = ingestStack(h);
    await ingest.start();
    let seq = 0;
    const emit = async (type: string, payload: unknown): Promise<void> => {
      await mqtt.publishAsync(eventsTopic(tableId, 'wheel-1'), JSON.stringify({ v: 1, tableId, deviceId: 'wheel-1', seq: ++seq, at: h.clock.now(), type, payload }));
      await flush();
      await ingest.drain();
    };
    const result = (spin: number, number: number) => ({ spin, number, revolutions: 6, ballDirection: 'ccw', wheelDirection: 'cw', confirmations: 3 });
    const outOfPhase = () => h.alerts.raised.filter((a) => a.code === 'DEVICE_RESULT_OUT_OF_PHASE');

    const r1 = await h.rounds.openRound(tableId, DEALER);
    if (!r1.ok) throw new Error(r1.violation.message);
    await emit('wheel.state', { state: 3, spin: 1, lastResult: null, flags: [], rpm: 25, direction: 'cw' });
    await emit('wheel.result', result(1, 4));
    expect((await h.rounds.currentRound(tableId))?.state.phase).toBe('settled');
    expect(outOfPhase()).toEqual([]);
    // the wheel reports again (a late or repeated frame under a new seq): refused by the kernel, alerted once
    await emit('wheel.result', result(2, 9));
    await emit('wheel.result', result(3, 11));
    expect(outOfPhase()).toHaveLength(1);
    expect(outOfPhase()[0]).toMatchObject({ tableId, roundId: r1.value.roundId, severity: 'warning' });
    expect(outOfPhase()[0]?.message).toMatch(/wheel\.result/);
    expect(h.alerts.raised.map((a) => a.code)).not.toContain('DEVICE_EVENT_REJECTED');

    const r2 = await h.rounds.openRound(tableId, DEALER);
    if (!r2.ok) throw new Error(r2.violation.message);
    await emit('wheel.state', { state: 3, spin: 4, lastResult: null, flags: [], rpm: 25, direction: 'cw' });
    await emit('wheel.result', result(4, 7));
    await emit('wheel.result', result(5, 8));
    expect(outOfPhase().map((a) => a.roundId)).toEqual([r1.value.roundId, r2.value.roundId]);
  });
});
