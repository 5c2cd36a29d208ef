import { describe, expect, it } from 'vitest';
import * as games from '@felt-studio/games';
import { ManualScheduler, MoneyWheelSim } from '@felt-studio/hardware-sim';
import { acksTopic, commandsTopic, eventsTopic } from '@felt-studio/protocol';
import type { AnyKernel } from '../kernels/kernel.registry.js';
import { RoundControlService } from '../rounds/round-control.service.js';
import { DEALER, flush, makeHarness, openTable, PITBOSS, PLAYER } from '../../../../test/support/studio-server/harness.js';
import { reactingIngestStack } from '../../../../test/support/studio-server/ingest-stack.js';
import { mapDeviceEvent } from './device-mapping.js';

/**
 * The money wheel live (issue 8 §7): the simulated wheel (hardware-sim) publishes its canonical
 * `moneywheel.*` events over MQTT (an in-process loopback broker), the server ingests them through
 * @felt-studio/protocol and the game's definition, orders the spins (`moneywheel.spin`) and settles the round.
 */
async function rig(seed: number) {
  const kernel = games.gameKernel('money-wheel') as unknown as AnyKernel;
  const h = makeHarness([kernel], { 'money-wheel': ['standard'] });
  const control = new RoundControlService(h.rounds, h.clock, h.ids, h.audit, h.alerts);
  const { mqtt, ingest, reactions } = reactingIngestStack(h, { ackTimeoutMs: 60_000 }, control);
  await ingest.start();
  const t = await h.tables.create(
    { name: 'Money Wheel 1', game: 'money-wheel', profileId: 'standard', limits: { currency: 'EUR', tableMinMinor: 100, tableMaxMinor: 100_000, spots: {} }, betWindowS: 10, cadence: { auto: false, pauseS: 5 }, devices: [{ deviceId: 'mwheel-1', kind: 'wheel' }] },
    PITBOSS,
  );
  if (!t.ok) throw new Error(t.violation.message);
  const opened = await openTable(h.tables, t.value.tableId);
  if (!opened.ok) throw new Error(opened.violation.message);
  const tableId = t.value.tableId;

  // The simulated wheel: its events go to the broker as the real sensor's would; it obeys the server's commands.
  const sched = new ManualScheduler();
  const wheel = new MoneyWheelSim({ tableId, deviceId: 'mwheel-1', seed, scheduler: sched, clock: () => h.clock.now() });
  const published: Promise<unknown>[] = [];
  wheel.onEvent((e) => published.push(mqtt.publishAsync(eventsTopic(tableId, 'mwheel-1'), JSON.stringify(e))));
  const spins: string[] = [];
  await mqtt.subscribeAsync(commandsTopic(tableId, 'mwheel-1'));
  mqtt.on('message', (topic, payload) => {
    if (topic !== commandsTopic(tableId, 'mwheel-1')) return;
    const cmd = JSON.parse(payload.toString('utf8')) as { id: string; type: string; payload: { roundId: string } };
    spins.push(cmd.payload.roundId);
    const ok = cmd.type === 'moneywheel.spin' && wheel.spin(cmd.payload.roundId);
    published.push(mqtt.publishAsync(acksTopic(tableId, 'mwheel-1'), JSON.stringify(ok ? { id: cmd.id, ok } : { id: cmd.id, ok, error: 'BUSY' })));
  });
  const settle = async (): Promise<void> => {
    for (let i = 0; i < 3; i++) {
      await flush();
      await Promise.all(published.splice(0));
      await ingest.drain();
      await reactions.drain();
    }
    await flush();
  };
  /** Let the wheel turn (device time) and the server take what it reports. */
  const turn = async (ms: number): Promise<void> => {
    sched.advance(ms);
    await settle();
  };
  return { h, tableId, wheel, spins, settle, turn };
}

const phaseOf = async (h: ReturnType<typeof makeHarness>, tableId: string): Promise<string | undefined> => (await h.rounds.currentRound(tableId))?.state.phase;

describe('money wheel live over MQTT (MW-1..MW-4)', () => {
  it('a round plays end to end from simulated wheel events to settlement: bets, close, spin order, result, payouts', async () => {
    const { h, tableId, spins, settle, turn } = await rig(11);
    const numbers = [1, 2, 5, 10, 20, 40];
    for (const i of numbers.keys()) await h.deposit(`player${i + 1}`, 10_000);
    const o = await h.rounds.openRound(tableId, DEALER);
    if (!o.ok) throw new Error(o.violation.message);
    const roundId = o.value.roundId;
    for (const [i, n] of numbers.entries()) {
      const r = await h.rounds.execute(tableId, { type: 'PlaceBet', at: h.clock.now(), bet: { betId: `b${n}`, playerId: `player${i + 1}`, spot: `number:${n}`, stakeMinor: 1_000 } }, PLAYER(i + 1));
      expect(r.ok).toBe(true);
    }
    // The betting deadline passes on the server clock: betting closes and the server orders a spin.
    await h.advance(10_000);
    await settle();
    expect(spins).toEqual([roundId]);
    // The wheel turns; multiplier segments (MW-2) and void spins (MW-4) make the server order more spins.
    for (let i = 0; i < 20 && (await phaseOf(h, tableId)) !== 'settled'; i++) await turn(10_000);
    expect(await phaseOf(h, tableId)).toBe('settled');
    expect(spins.every((r) => r === roundId)).toBe(true);
    const events = await h.rounds.loadEvents(roundId);
    // Every outcome traces to the device: each recorded spin was caused by a `moneywheel.result` of mwheel-1.
    const recorded = events.filter((e) => e.type === 'SpinRecorded');
    expect(recorded.length).toBeGreaterThan(0);
    for (const e of recorded) expect(e.causationId).toMatch(/^dev:mwheel-1:\d+$/);
    // Exactly one number won (or every bet lost to nothing, never both): the ledger balances and each bet is settled once.
    const total = (await Promise.all(numbers.map((_n, i) => h.balance(`player${i + 1}`)))).reduce((a, b) => a + b, 0);
    const settlement = (await h.rounds.round(roundId, { fresh: true }))?.kernel.settle((await h.rounds.round(roundId, { fresh: true }))!.state);
    expect(settlement?.ok).toBe(true);
    if (settlement?.ok) expect(total).toBe(numbers.length * 10_000 - settlement.value.houseResultMinor);
    expect(await h.invariants()).toEqual([]);
    expect(h.alerts.raised.filter((a) => a.code.startsWith('DEVICE_'))).toEqual([]);
  });

  it('a short spin (fault scenario, MW-4) is reported as seen, the rules void it, the server orders a re-spin and the round still settles', async () => {
    const { h, tableId, wheel, spins, settle, turn } = await rig(5);
    await h.deposit('player1', 10_000);
    const o = await h.rounds.openRound(tableId, DEALER);
    if (!o.ok) throw new Error(o.violation.message);
    await h.rounds.execute(tableId, { type: 'PlaceBet', at: h.clock.now(), bet: { betId: 'b1', playerId: 'player1', spot: 'number:1', stakeMinor: 1_000 } }, PLAYER(1));
    wheel.injectFault({ type: 'short-spin', turns: 0.4 });
    await h.advance(10_000);
    await settle();
    for (let i = 0; i < 20 && (await phaseOf(h, tableId)) !== 'settled'; i++) await turn(10_000);
    expect(await phaseOf(h, tableId)).toBe('settled');
    expect(spins.length).toBeGreaterThanOrEqual(2);
    const recorded = (await h.rounds.loadEvents(o.value.roundId)).filter((e) => e.type === 'SpinRecorded').map((e) => (e.payload as { spin: { valid: boolean; turns: number } }).spin);
    // the first spin was void (0.4 turns < the minimum, MW-4); a later one counted
    expect(recorded[0]).toMatchObject({ valid: false, turns: 0.4 });
    expect(recorded.some((x) => x.valid)).toBe(true);
    expect(await h.invariants()).toEqual([]);
  });

  it('a money wheel event at a roulette table is a device at the wrong table (fault alert), never applied', async () => {
    const { h } = await rig(3);
    const a = mapDeviceEvent({ v: 1, tableId: 't', deviceId: 'mwheel-1', seq: 1, at: 0, type: 'moneywheel.state', payload: { state: 'spinning', spin: 1 } }, { game: 'roulette' }, 0);
    expect(a).toMatchObject({ kind: 'alert', code: 'DEVICE_WRONG_TABLE', fault: true });
    expect(h.alerts.raised).toEqual([]);
  });
});
