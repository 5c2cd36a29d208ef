import { describe, expect, it } from 'vitest';
import * as games from '@felt-studio/games';
import { eventsTopic } from '@felt-studio/protocol';
import type { AnyKernel } from '../kernels/kernel.registry.js';
import { DEALER, flush, makeHarness, openTable, PITBOSS, PLAYER, type Harness } from '../../../../test/support/studio-server/harness.js';
import { reactingIngestStack } from '../../../../test/support/studio-server/ingest-stack.js';
import { hintStreamOf } from './device-hints.js';

/**
 * Device hints (issue 8 §5) are derived from stored events, not memory: what roulette's definition asks
 * to remember (`wheel.ball` revolutions for a result that carries none, W-3; the wheel's direction for
 * the next launch, ROU-4) is still known after a restart.
 */
function server(h: Harness) {
  const { mqtt, commands, ingest, reactions } = reactingIngestStack(h);
  let seq = 0;
  return {
    mqtt,
    ingest,
    reactions,
    async start(): Promise<void> {
      await ingest.start();
    },
    async emit(tableId: string, type: string, payload: unknown, s?: number): Promise<void> {
      seq = s ?? seq + 1;
      await mqtt.publishAsync(eventsTopic(tableId, 'wheel-1'), JSON.stringify({ v: 1, tableId, deviceId: 'wheel-1', seq, at: h.clock.now(), type, payload }));
      await flush();
      await ingest.drain();
      await reactions.drain();
      await flush();
    },
    stop(): void {
      ingest.onModuleDestroy();
      reactions.onModuleDestroy();
      commands.onModuleDestroy();
    },
  };
}

async function rouletteTable(h: Harness): Promise<string> {
  const t = await h.tables.create({ name: 'Roulette 1', game: 'roulette', profileId: 'european', limits: { currency: 'EUR', tableMinMinor: 100, tableMaxMinor: 100_000, spots: {} }, betWindowS: 15, cadence: { auto: false, pauseS: 5 }, devices: [{ deviceId: 'wheel-1', kind: 'wheel' }] }, PITBOSS);
  if (!t.ok) throw new Error(t.violation.message);
  const o = await openTable(h.tables, t.value.tableId);
  if (!o.ok) throw new Error(o.violation.message);
  return t.value.tableId;
}

const roulette = [games.gameKernel('roulette') as unknown as AnyKernel];

describe('device hints survive a restart (derived from stored events)', () => {
  it('the ball revolutions reported before a crash complete a result that carries none after the restart (ROU-4, W-3)', async () => {
    const h = makeHarness(roulette, { roulette: ['european'] });
    await h.deposit('player1', 10_000);
    const tableId = await rouletteTable(h);
    const s1 = server(h);
    await s1.start();
    await h.rounds.openRound(tableId, DEALER);
    await h.rounds.execute(tableId, { type: 'PlaceBet', at: h.clock.now(), bet: { betId: 'r1', playerId: 'player1', spot: 'straight:17', stakeMinor: 100 } }, PLAYER(1));
    await s1.emit(tableId, 'wheel.state', { state: 3, spin: 7, lastResult: null, flags: [], rpm: 25, direction: 'cw' });
    await s1.emit(tableId, 'wheel.ball', { spin: 7, revolutions: 6, direction: 'ccw' });
    const roundId = (await h.rounds.currentRound(tableId))?.roundId ?? '';
    expect((await h.rounds.loadEvents(hintStreamOf(roundId))).map((e) => e.type)).toEqual(['DeviceHintRecorded']);

    // crash: the ingest, its hint cache and every timer die; the store stays
    s1.stop();
    const { h: h2 } = await h.restart();
    const s2 = server(h2);
    await s2.start();
    await s2.emit(tableId, 'wheel.result', { spin: 7, number: 17, revolutions: null, ballDirection: 'ccw', wheelDirection: 'cw', confirmations: 3 }, 10);
    expect(h2.alerts.raised.map((a) => a.code)).not.toContain('SPIN_REVOLUTIONS_UNKNOWN');
    expect((await h2.rounds.currentRound(tableId))?.state.phase).toBe('settled');
    expect(await h2.balance('player1')).toBe(10_000 - 100 + 3_600);
    expect(await h2.invariants()).toEqual([]);
  });

  it("the wheel's direction from the last result still sets the next launch against the rotation after a restart (ROU-4)", async () => {
    const h = makeHarness(roulette, { roulette: ['european'] });
    const tableId = await rouletteTable(h);
    const s1 = server(h);
    await s1.start();
    await h.rounds.openRound(tableId, DEALER);
    await s1.emit(tableId, 'wheel.state', { state: 3, spin: 1, lastResult: null, flags: [], rpm: 25, direction: 'ccw' });
    await s1.emit(tableId, 'wheel.result', { spin: 1, number: 4, revolutions: 6, ballDirection: 'cw', wheelDirection: 'ccw', confirmations: 3 });
    expect((await h.rounds.currentRound(tableId))?.state.phase).toBe('settled');
    s1.stop();
    const { h: h2 } = await h.restart();
    const s2 = server(h2);
    await s2.start();
    await h2.rounds.openRound(tableId, DEALER);
    await h2.rounds.execute(tableId, { type: 'CloseBetting', at: h2.clock.now(), reason: 'dealer' }, DEALER);
    await flush();
    await s2.reactions.drain();
    const launches = s2.mqtt.published.filter((p) => p.topic.endsWith('/commands')).map((p) => JSON.parse(p.message) as { type: string; payload: { direction?: string } }).filter((c) => c.type === 'wheel.launch');
    // the wheel turned ccw in the previous round (stored), so the ball is launched cw
    expect(launches.map((c) => c.payload.direction)).toEqual(['cw']);
  });
});
