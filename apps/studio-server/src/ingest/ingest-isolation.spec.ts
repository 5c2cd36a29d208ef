import { describe, expect, it } from 'vitest';
import * as games from '@felt-studio/games';
import { eventsTopic } from '@felt-studio/protocol';
import type { AnyKernel } from '../kernels/kernel.registry.js';
import { RoundControlService } from '../rounds/round-control.service.js';
import { DEALER, flush, makeHarness, PITBOSS, PLAYER, type Harness } from '../../../../test/support/studio-server/harness.js';
import { ingestStack } from '../../../../test/support/studio-server/ingest-stack.js';
import { DeviceIngestService } from './device-ingest.service.js';
import { LoopbackMqtt } from '../shared/ports/mqtt.port.js';

const kernels = [games.sicbo.sicboKernel] as unknown as AnyKernel[];

async function sicboTable(h: Harness, name: string): Promise<string> {
  const t = await h.tables.create({ name, game: 'sicbo', profileId: 'standard', limits: { currency: 'EUR', tableMinMinor: 100, tableMaxMinor: 100_000, spots: {} }, betWindowS: 15, cadence: { auto: false, pauseS: 5 }, devices: [{ deviceId: 'dice-1', kind: 'dice' }] }, PITBOSS);
  if (!t.ok) throw new Error(t.violation.message);
  await h.tables.setStatus(t.value.tableId, 'open', 'test', PITBOSS);
  return t.value.tableId;
}

function rig(faultWindowMs = 60_000): { h: Harness; mqtt: LoopbackMqtt; ingest: DeviceIngestService } {
  const h = makeHarness(kernels, { sicbo: ['standard'] });
  const control = new RoundControlService(h.rounds, h.clock, h.ids, h.audit, h.alerts);
  const { mqtt, ingest } = ingestStack(h, { ackTimeoutMs: 60_000, faultWindowMs }, control);
  return { h, mqtt, ingest };
}

const dice = (h: Harness, tableId: string, seq: number, roundId: string, d: [number, number, number]): string => JSON.stringify({ v: 1, tableId, deviceId: 'dice-1', seq, at: h.clock.now(), type: 'dice.result', payload: { dice: d, roundId } });

describe('ingest per table (issue 9 finding 4)', () => {
  it("one table's blocked chain never delays another table's result", async () => {
    const { h, mqtt, ingest } = rig();
    await ingest.start();
    const a = await sicboTable(h, 'A');
    const b = await sicboTable(h, 'B');
    await h.rounds.openRound(a, DEALER);
    await h.rounds.openRound(b, DEALER);
    await h.rounds.execute(a, { type: 'CloseBetting', at: h.clock.now(), reason: 'dealer' }, DEALER); // dice are read after no more bets (SB-4; a result while betting is a fault, finding 2)
    await h.rounds.execute(b, { type: 'CloseBetting', at: h.clock.now(), reason: 'dealer' }, DEALER); // dice are read after no more bets (SB-4; a result while betting is a fault, finding 2)
    const ra = (await h.rounds.currentRound(a))?.roundId ?? '';
    const rb = (await h.rounds.currentRound(b))?.roundId ?? '';
    // Table A's write path hangs (a slow database, a stuck lock) until released.
    let release = (): void => undefined;
    const gate = new Promise<void>((r) => (release = r));
    const execute = h.rounds.execute.bind(h.rounds);
    h.rounds.execute = (async (tableId: string, ...rest: Parameters<typeof execute> extends [string, ...infer R] ? R : never) => {
      if (tableId === a) await gate;
      return execute(tableId, ...rest);
    }) as typeof h.rounds.execute;
    await mqtt.publishAsync(eventsTopic(a, 'dice-1'), dice(h, a, 1, ra, [1, 2, 3]));
    await mqtt.publishAsync(eventsTopic(b, 'dice-1'), dice(h, b, 1, rb, [6, 6, 5]));
    for (let i = 0; i < 50 && (await h.rounds.currentRound(b))?.state.phase !== 'settled'; i++) await flush();
    expect((await h.rounds.currentRound(b))?.state.phase).toBe('settled');
    expect((await h.rounds.currentRound(a))?.state.phase).toBe('closed');
    release();
    await ingest.drain();
    await flush();
    expect((await h.rounds.currentRound(a))?.state.phase).toBe('settled');
  });

  it('5 000 malformed payloads: every one counted, ONE alert row per (device, code) and window, and the valid result behind them is applied in order', async () => {
    const { h, mqtt, ingest } = rig(60_000);
    await ingest.start();
    const a = await sicboTable(h, 'A');
    const b = await sicboTable(h, 'B');
    await h.deposit('player1', 10_000);
    await h.rounds.openRound(a, DEALER);
    await h.rounds.openRound(b, DEALER);
    await h.rounds.execute(b, { type: 'PlaceBet', at: h.clock.now(), bet: { betId: 'iso-1', playerId: 'player1', spot: 'big', stakeMinor: 1_000 } }, PLAYER(1));
    await h.rounds.execute(a, { type: 'CloseBetting', at: h.clock.now(), reason: 'dealer' }, DEALER); // dice are read after no more bets (SB-4; a result while betting is a fault, finding 2)
    await h.rounds.execute(b, { type: 'CloseBetting', at: h.clock.now(), reason: 'dealer' }, DEALER); // dice are read after no more bets (SB-4; a result while betting is a fault, finding 2)
    const rb = (await h.rounds.currentRound(b))?.roundId ?? '';
    const order: string[] = [];
    const raise = h.alerts.raise.bind(h.alerts);
    h.alerts.raise = (x) => {
      order.push(x.code);
      return raise(x);
    };
    for (let i = 0; i < 5_000; i++) void mqtt.publishAsync(eventsTopic(a, 'dice-1'), `{garbage ${i}`);
    // The flood is on table A; table B's valid result is not queued behind it.
    await mqtt.publishAsync(eventsTopic(b, 'dice-1'), dice(h, b, 1, rb, [6, 6, 5]));
    // …and a valid event on table A itself, after its 5 000 bad ones, is applied in order.
    const ra = (await h.rounds.currentRound(a))?.roundId ?? '';
    await mqtt.publishAsync(eventsTopic(a, 'dice-1'), dice(h, a, 1, ra, [1, 1, 2]));
    await ingest.drain();
    await flush();
    expect((await h.rounds.currentRound(b))?.state.phase).toBe('settled');
    expect(await h.balance('player1')).toBe(11_000);
    expect((await h.rounds.currentRound(a))?.state.phase).toBe('settled');
    expect(h.metrics.get('deviceFaults:MALFORMED_JSON')).toBe(5_000);
    expect(ingest.faultCounts().get(`${a}/dice-1/MALFORMED_JSON`)).toBe(5_000);
    expect(h.alerts.raised.filter((x) => x.code === 'DEVICE_MALFORMED_JSON')).toHaveLength(1);
    // The next window's first bad payload is alerted again and says how many were folded.
    h.clock.advance(60_001);
    await mqtt.publishAsync(eventsTopic(a, 'dice-1'), '{again');
    await ingest.drain();
    const malformed = h.alerts.raised.filter((x) => x.code === 'DEVICE_MALFORMED_JSON');
    expect(malformed).toHaveLength(2);
    expect(malformed[1]?.message).toContain('4999 more like it');
    expect(order.filter((c) => c === 'DEVICE_MALFORMED_JSON')).toHaveLength(2);
  });

  it('a message whose handling failed is not marked seen: delivered again, it is applied (finding 5 redelivery)', async () => {
    const { h, ingest } = rig();
    const a = await sicboTable(h, 'A');
    await h.rounds.openRound(a, DEALER);
    await h.rounds.execute(a, { type: 'CloseBetting', at: h.clock.now(), reason: 'dealer' }, DEALER); // dice are read after no more bets (SB-4; a result while betting is a fault, finding 2)
    const ra = (await h.rounds.currentRound(a))?.roundId ?? '';
    const execute = h.rounds.execute.bind(h.rounds);
    let fail = true;
    h.rounds.execute = ((...args: Parameters<typeof execute>) => (fail ? Promise.reject(new Error('database away')) : execute(...args))) as typeof h.rounds.execute;
    await expect(ingest.submit(eventsTopic(a, 'dice-1'), dice(h, a, 1, ra, [1, 2, 3]))).rejects.toThrow('database away');
    fail = false;
    await expect(ingest.submit(eventsTopic(a, 'dice-1'), dice(h, a, 1, ra, [1, 2, 3]))).resolves.toEqual({ kind: 'applied', seq: 1 });
    await expect(ingest.submit(eventsTopic(a, 'dice-1'), dice(h, a, 1, ra, [1, 2, 3]))).resolves.toEqual({ kind: 'duplicate' });
  });
});
