import { describe, expect, it } from 'vitest';
import * as games from '@felt-studio/games';
import { acksTopic, eventsTopic, statusTopic } from '@felt-studio/protocol';
import type { AnyKernel } from '../kernels/kernel.registry.js';
import { RoundControlService } from '../rounds/round-control.service.js';
import { DEALER, flush, makeHarness, PITBOSS, PLAYER, type Harness } from '../../../../test/support/studio-server/harness.js';
import { reactingIngestStack } from '../../../../test/support/studio-server/ingest-stack.js';
import { DeviceCommandsService } from './device-commands.service.js';
import { DeviceIngestService } from './device-ingest.service.js';
import { DeviceReactionsService } from './device-reactions.service.js';
import { LoopbackMqtt } from '../shared/ports/mqtt.port.js';

const kernels = [games.sicbo.sicboKernel, games.roulette.rouletteKernel] as unknown as AnyKernel[];

interface Rig {
  h: Harness;
  mqtt: LoopbackMqtt;
  ingest: DeviceIngestService;
  commands: DeviceCommandsService;
  reactions: DeviceReactionsService;
  tableId: string;
  seq: Map<string, number>;
  emit(deviceId: string, type: string, payload: unknown, seq?: number): Promise<void>;
  raw(topic: string, text: string): Promise<void>;
}

async function rig(game: 'sicbo' | 'roulette', ackTimeoutMs = 60_000): Promise<Rig> {
  const h = makeHarness(kernels, { sicbo: ['standard'], roulette: ['european'] });
  const control = new RoundControlService(h.rounds, h.clock, h.ids, h.audit, h.alerts);
  const { mqtt, commands, ingest, reactions } = reactingIngestStack(h, { ackTimeoutMs }, control);
  await ingest.start();
  const devices = game === 'sicbo' ? [{ deviceId: 'dice-1', kind: 'dice' as const }, { deviceId: 'shaker-1', kind: 'shaker' as const }, { deviceId: 'timer-1', kind: 'timer' as const }] : [{ deviceId: 'wheel-1', kind: 'wheel' as const }, { deviceId: 'timer-1', kind: 'timer' as const }];
  const t = await h.tables.create({ name: `${game} 1`, game, profileId: game === 'sicbo' ? 'standard' : 'european', limits: { currency: 'EUR', tableMinMinor: 100, tableMaxMinor: 100_000, spots: {} }, betWindowS: 15, cadence: { auto: false, pauseS: 5 }, devices }, PITBOSS);
  if (!t.ok) throw new Error(t.violation.message);
  if (game === 'roulette') await h.tables.recordPreOpenCheck(t.value.tableId, { checks: ['table', 'wheel-level', 'free-running', 'ball'] }, PITBOSS);
  await h.tables.setStatus(t.value.tableId, 'open', 'test', PITBOSS);
  const tableId = t.value.tableId;
  const seq = new Map<string, number>();
  const settle = async (): Promise<void> => {
    await flush();
    await ingest.drain();
    await reactions.drain();
    await flush();
  };
  return {
    h,
    mqtt,
    ingest,
    commands,
    reactions,
    tableId,
    seq,
    async emit(deviceId, type, payload, s) {
      const n = s ?? (seq.get(deviceId) ?? 0) + 1;
      seq.set(deviceId, Math.max(n, seq.get(deviceId) ?? 0));
      await mqtt.publishAsync(eventsTopic(tableId, deviceId), JSON.stringify({ v: 1, tableId, deviceId, seq: n, at: h.clock.now(), type, payload }));
      await settle();
    },
    async raw(topic, text) {
      await mqtt.publishAsync(topic, text);
      await settle();
    },
  };
}

const alertCodes = (h: Harness): string[] => h.alerts.raised.map((a) => a.code);

describe('DeviceIngestService (devices.md §1)', () => {
  it('a device back online resolves its own offline alert by itself (issue 20 defect 8)', async () => {
    const r = await rig('roulette');
    const status = (deviceId: string, state: string) => r.raw(statusTopic(r.tableId, deviceId), JSON.stringify({ state, model: 'sim', firmware: null, configHash: null, at: r.h.clock.now() }));
    await status('wheel-1', 'online');
    expect(r.h.alerts.resolved).toEqual([]); // nothing was wrong
    await status('wheel-1', 'offline');
    await status('timer-1', 'offline');
    expect(r.h.alerts.raised.filter((a) => a.code === 'DEVICE_OFFLINE').map((a) => a.subject)).toEqual(['wheel-1', 'timer-1']);
    await status('wheel-1', 'online');
    expect(r.h.alerts.resolved).toEqual([{ tableId: r.tableId, condition: 'DEVICE_ONLINE', subject: 'wheel-1' }]);
  });

  it('a dice result while betting is open is a fault (alert), not an outcome; after "no more bets" it resolves the round (issue 9 §2, SB-4)', async () => {
    const r = await rig('sicbo');
    await r.h.deposit('player1', 10_000);
    await r.h.rounds.openRound(r.tableId, DEALER);
    await r.h.rounds.execute(r.tableId, { type: 'PlaceBet', at: r.h.clock.now(), bet: { betId: 'b1', playerId: 'player1', spot: 'big', stakeMinor: 1_000 } }, PLAYER(1));
    const roundId = (await r.h.rounds.currentRound(r.tableId))?.roundId ?? '';
    await r.emit('dice-1', 'dice.result', { dice: [6, 6, 6], roundId });
    expect((await r.h.rounds.currentRound(r.tableId))?.state.phase).toBe('betting');
    expect(JSON.stringify(r.h.alerts.raised)).toContain('DEVICE_RESULT_OUT_OF_PHASE');
    await r.h.rounds.execute(r.tableId, { type: 'CloseBetting', at: r.h.clock.now(), reason: 'dealer' }, DEALER);
    await r.emit('dice-1', 'dice.result', { dice: [6, 5, 4], roundId });
    const round = await r.h.rounds.currentRound(r.tableId);
    expect(round?.state.phase).toBe('settled');
    const events = await r.h.rounds.loadEvents(roundId);
    expect(events.map((e) => e.type)).toEqual(['RoundOpened', 'BetAccepted', 'BettingClosed', 'DiceRecorded', 'RoundSettled']);
    expect((events[2]?.payload as { reason: string }).reason).toBe('dealer');
    expect(events[3]?.causationId).toBe('dev:dice-1:2');
    expect(await r.h.balance('player1')).toBe(11_000);
  });

  it('de-duplicates by (deviceId, seq): a redelivered event is applied once', async () => {
    const r = await rig('sicbo');
    await r.h.rounds.openRound(r.tableId, DEALER);
    await r.emit('timer-1', 'button.pressed', { button: 'no_more_bets' }, 7);
    await r.emit('timer-1', 'button.pressed', { button: 'no_more_bets' }, 7);
    expect(alertCodes(r.h)).not.toContain('DEVICE_EVENT_REJECTED');
    expect((await r.h.rounds.currentRound(r.tableId))?.state.seq).toBe(2);
  });

  it('reports a gap in a device seq to the pit boss and counts it', async () => {
    const r = await rig('sicbo');
    await r.emit('dice-1', 'device.heartbeat', { uptimeS: 5 }, 1);
    await r.emit('dice-1', 'device.heartbeat', { uptimeS: 10 }, 5);
    const gap = r.h.alerts.raised.find((a) => a.code === 'DEVICE_SEQ_GAP');
    expect(gap?.message).toContain('2..4');
    expect(r.h.metrics.get('deviceFaults:seq_gap')).toBe(1);
  });

  it('a malformed payload becomes a device-fault alert and a metric — never a crash, never a silent drop', async () => {
    const r = await rig('sicbo');
    await r.raw(eventsTopic(r.tableId, 'dice-1'), '{not json');
    await r.raw(eventsTopic(r.tableId, 'dice-1'), JSON.stringify({ v: 1, tableId: r.tableId, deviceId: 'dice-1', seq: 1, at: 1, type: 'dice.result', payload: { dice: [7, 1, 1], roundId: 'x' } }));
    await r.raw(eventsTopic(r.tableId, 'dice-1'), JSON.stringify({ v: 1, tableId: r.tableId, deviceId: 'dice-1', seq: 2, at: 1, type: 'dice.teleport', payload: {} }));
    await r.emit('intruder-9', 'device.heartbeat', { uptimeS: 1 });
    expect(alertCodes(r.h)).toEqual(['DEVICE_MALFORMED_JSON', 'DEVICE_SCHEMA_MISMATCH', 'DEVICE_UNKNOWN_TYPE', 'DEVICE_UNKNOWN_DEVICE']);
    expect(r.h.alerts.raised.every((a) => a.tableId === r.tableId)).toBe(true);
    expect(r.h.metrics.get('deviceFaults:MALFORMED_JSON')).toBe(1);
    expect(r.h.metrics.get('deviceFaults:SCHEMA_MISMATCH')).toBe(1);
  });

  it('a dice result carrying another round id is refused (devices.md §5 correlation)', async () => {
    const r = await rig('sicbo');
    await r.h.rounds.openRound(r.tableId, DEALER);
    await r.emit('dice-1', 'dice.result', { dice: [1, 2, 3], roundId: 'rnd_old' });
    expect(alertCodes(r.h)).toContain('DEVICE_WRONG_ROUND');
    expect((await r.h.rounds.currentRound(r.tableId))?.state.phase).toBe('betting');
  });

  it('dealer buttons: start opens a round, no_more_bets closes it, call_pit_boss alerts', async () => {
    const r = await rig('sicbo');
    await r.emit('timer-1', 'button.pressed', { button: 'start' });
    expect((await r.h.rounds.currentRound(r.tableId))?.state.phase).toBe('betting');
    await r.emit('timer-1', 'button.pressed', { button: 'no_more_bets' });
    expect((await r.h.rounds.currentRound(r.tableId))?.state.phase).toBe('closed');
    await r.emit('timer-1', 'button.pressed', { button: 'call_pit_boss' });
    expect(alertCodes(r.h)).toContain('PIT_BOSS_CALLED');
  });

  it('tells the devices: timer + lamp on open, shake on close; a refused command is an alert', async () => {
    const r = await rig('sicbo');
    await r.h.rounds.openRound(r.tableId, DEALER);
    await r.reactions.drain();
    const sent = r.mqtt.published.filter((p) => p.topic.endsWith('/commands')).map((p) => JSON.parse(p.message) as { id: string; type: string; payload: unknown });
    expect(sent.map((c) => c.type)).toEqual(['timer.show', 'lamp.set']);
    expect(sent[0]?.payload).toEqual({ seconds: 15 });
    await r.h.rounds.execute(r.tableId, { type: 'CloseBetting', at: r.h.clock.now(), reason: 'dealer' }, DEALER);
    await r.reactions.drain();
    const after = r.mqtt.published.filter((p) => p.topic.endsWith('/commands')).map((p) => JSON.parse(p.message) as { id: string; type: string; payload: { roundId?: string } });
    const shake = after.find((c) => c.type === 'shaker.shake');
    expect(shake?.payload.roundId).toBe((await r.h.rounds.currentRound(r.tableId))?.roundId);
    await r.raw(acksTopic(r.tableId, 'shaker-1'), JSON.stringify({ id: shake?.id, ok: false, error: 'BUSY' }));
    expect(alertCodes(r.h)).toContain('DEVICE_COMMAND_REFUSED');
    for (const c of after.filter((x) => x.type !== 'shaker.shake')) await r.raw(acksTopic(r.tableId, 'timer-1'), JSON.stringify({ id: c.id, ok: true }));
    expect(r.commands.pendingCount()).toBe(0);
  });

  it('an unacknowledged command is reported after the ack timeout', async () => {
    const r = await rig('sicbo', 20);
    await r.h.rounds.openRound(r.tableId, DEALER);
    await r.reactions.drain();
    await new Promise((res) => setTimeout(res, 60));
    expect(alertCodes(r.h)).toContain('DEVICE_COMMAND_TIMEOUT');
  });

  it('roulette: ball launch closes betting, a 2-revolution result is a no spin with bets standing and the wheel is told to void the spin (ROU-3, ROU-4)', async () => {
    const r = await rig('roulette');
    await r.h.deposit('player1', 10_000);
    await r.h.rounds.openRound(r.tableId, DEALER);
    await r.h.rounds.execute(r.tableId, { type: 'PlaceBet', at: r.h.clock.now(), bet: { betId: 'rb1', playerId: 'player1', spot: 'straight:17', stakeMinor: 100 } }, PLAYER(1));
    await r.emit('wheel-1', 'wheel.state', { state: 3, spin: 11, lastResult: null, flags: [], rpm: 25, direction: 'cw' });
    expect((await r.h.rounds.currentRound(r.tableId))?.state.phase).not.toBe('betting');
    await r.emit('wheel-1', 'wheel.result', { spin: 11, number: 17, revolutions: 2, ballDirection: 'ccw', wheelDirection: 'cw', confirmations: 3 });
    const afterNoSpin = await r.h.rounds.currentRound(r.tableId);
    expect(afterNoSpin?.state.phase).not.toBe('resolved');
    expect(Object.keys(afterNoSpin?.state.bets ?? {})).toEqual(['rb1']);
    await r.reactions.drain();
    await flush();
    const types = r.mqtt.published.filter((p) => p.topic.endsWith('/commands')).map((p) => (JSON.parse(p.message) as { type: string }).type);
    expect(types).toContain('wheel.void-spin');
    expect(types.filter((t) => t === 'wheel.launch').length).toBeGreaterThanOrEqual(2);
    await r.emit('wheel-1', 'wheel.state', { state: 3, spin: 12, lastResult: null, flags: [], rpm: 25, direction: 'cw' });
    await r.emit('wheel-1', 'wheel.result', { spin: 12, number: 17, revolutions: 6, ballDirection: 'ccw', wheelDirection: 'cw', confirmations: 3 });
    expect((await r.h.rounds.currentRound(r.tableId))?.state.phase).toBe('settled');
    expect(await r.h.balance('player1')).toBe(10_000 - 100 + 3_600);
    expect(await r.h.invariants()).toEqual([]);
  });

  it("DEV-AUTH-1 (issue 22 §1): the table's timer box, with its own valid identity, cannot decide a spin — refused with a critical alert naming it; the wheel's own result then settles", async () => {
    const r = await rig('roulette');
    await r.h.deposit('player1', 10_000);
    await r.h.rounds.openRound(r.tableId, DEALER);
    await r.h.rounds.execute(r.tableId, { type: 'PlaceBet', at: r.h.clock.now(), bet: { betId: 'rb1', playerId: 'player1', spot: 'straight:17', stakeMinor: 100 } }, PLAYER(1));
    await r.emit('wheel-1', 'wheel.state', { state: 3, spin: 21, lastResult: null, flags: [], rpm: 25, direction: 'cw' });
    // The forgery: the timer box publishes a wheel result (0) on its own topic during the spin.
    await r.emit('timer-1', 'wheel.result', { spin: 21, number: 0, revolutions: 6, ballDirection: 'ccw', wheelDirection: 'cw', confirmations: 3 });
    const during = await r.h.rounds.currentRound(r.tableId);
    expect(during?.state.phase).toBe('play');
    const alert = r.h.alerts.raised.find((a) => a.code === 'DEVICE_KIND_REFUSED');
    expect(alert?.severity).toBe('critical');
    expect(alert?.message).toContain('timer-1');
    expect(alert?.message).toContain('wheel.result');
    expect([...r.ingest.faultCounts().keys()].some((k) => k.endsWith('/timer-1/KIND_REFUSED'))).toBe(true);
    // The wheel's real result is accepted and settles the round.
    await r.emit('wheel-1', 'wheel.result', { spin: 21, number: 17, revolutions: 6, ballDirection: 'ccw', wheelDirection: 'cw', confirmations: 3 });
    expect((await r.h.rounds.currentRound(r.tableId))?.state.phase).toBe('settled');
    expect(await r.h.balance('player1')).toBe(10_000 - 100 + 3_600);
    expect(await r.h.invariants()).toEqual([]);
  });

  it('DEV-AUTH-1: sic bo dice come only from the dice reader or the shaker — the timer box is refused; buttons come only from the timer box', async () => {
    const r = await rig('sicbo');
    await r.h.deposit('player1', 10_000);
    await r.h.rounds.openRound(r.tableId, DEALER);
    await r.h.rounds.execute(r.tableId, { type: 'PlaceBet', at: r.h.clock.now(), bet: { betId: 'b1', playerId: 'player1', spot: 'big', stakeMinor: 1_000 } }, PLAYER(1));
    const roundId = (await r.h.rounds.currentRound(r.tableId))?.roundId ?? '';
    await r.emit('timer-1', 'button.pressed', { button: 'no_more_bets' });
    expect((await r.h.rounds.currentRound(r.tableId))?.state.phase).not.toBe('betting');
    await r.emit('timer-1', 'dice.result', { dice: [1, 1, 1], roundId });
    expect((await r.h.rounds.currentRound(r.tableId))?.state.phase).not.toBe('settled');
    expect(r.h.alerts.raised.filter((a) => a.code === 'DEVICE_KIND_REFUSED').map((a) => a.message.includes('timer-1'))).toEqual([true]);
    // a dice reader pressing "void" is not the dealer's button box
    await r.emit('dice-1', 'button.pressed', { button: 'void_request' });
    expect(r.h.alerts.raised.filter((a) => a.code === 'DEVICE_KIND_REFUSED')).toHaveLength(2);
    await r.emit('dice-1', 'dice.result', { dice: [6, 5, 4], roundId });
    expect((await r.h.rounds.currentRound(r.tableId))?.state.phase).toBe('settled');
    expect(await r.h.balance('player1')).toBe(10_000 + 1_000);
    expect(await r.h.invariants()).toEqual([]);
  });

  it('a device event the round cannot take is reported, not dropped', async () => {
    const r = await rig('roulette');
    await r.emit('wheel-1', 'wheel.result', { spin: 3, number: 5, revolutions: 5, ballDirection: 'ccw', wheelDirection: 'cw', confirmations: 3 });
    expect(alertCodes(r.h)).toContain('DEVICE_EVENT_REJECTED');
  });
});
