import mqtt from 'mqtt';
import { describe, expect, it } from 'vitest';
import { useInProcessBroker } from '../../test/support/mqtt-broker.js';
import { moneyWheel } from '@felt-studio/games';
import { ManualScheduler } from './clock.js';
import { runSim } from './run-sim.js';
import { MoneyWheelSim, parseMoneyWheelCommand, type MoneyWheelEnvelope, type MoneyWheelFault } from './money-wheel.sim.js';

const profile = moneyWheel.MONEY_WHEEL_STANDARD;

/** Run `spins` spins on virtual time with an optional fault before the first, return every event. */
function run(seed: number, spins: number, fault?: MoneyWheelFault): MoneyWheelEnvelope[] {
  const sched = new ManualScheduler();
  const sim = new MoneyWheelSim({ tableId: 'tbl_mw', deviceId: 'mwheel-1', seed, scheduler: sched, clock: () => 1_700_000_000_000 + sched.now() });
  const events: MoneyWheelEnvelope[] = [];
  sim.onEvent((e) => events.push(e));
  if (fault) sim.injectFault(fault);
  for (let i = 0; i < spins; i++) {
    expect(sim.spin(`rnd_${i}`)).toBe(true);
    expect(sim.spin(`rnd_${i}`)).toBe(false); // a spin in progress: the host cannot spin again
    sched.advance(20_000);
  }
  void sim.stop();
  return events;
}

const results = (events: readonly MoneyWheelEnvelope[]) => events.filter((e) => e.type === 'moneywheel.result').map((e) => e.payload as moneyWheel.MoneyWheelResultPayload);

describe('simulated money wheel (canonical events, seeded, time-scaled)', () => {
  it('can be spun again as soon as it stopped (a multiplier: MW-2); idle follows only when nobody spins', () => {
    const sched = new ManualScheduler();
    const sim = new MoneyWheelSim({ tableId: 't', deviceId: 'd', seed: 1, scheduler: sched });
    const states: string[] = [];
    sim.onEvent((e) => (e.type === 'moneywheel.state' ? states.push((e.payload as { state: string }).state) : undefined));
    sim.spin();
    while (!states.includes('stopped')) sched.advance(50); // stopped, not yet idle
    expect(sim.spin()).toBe(true);
    sched.advance(20_000);
    expect(states).toEqual(['spinning', 'stopped', 'spinning', 'stopped', 'idle']);
    void sim.stop();
    expect(sched.pending).toBe(0);
  });

  it('emits spinning → result → stopped → idle per spin with a monotonic seq; same seed, same events', () => {
    const a = run(7, 5);
    const types = a.filter((e) => e.type !== 'device.heartbeat').map((e) => e.type === 'moneywheel.state' ? `state:${(e.payload as { state: string }).state}` : e.type);
    expect(types.slice(0, 4)).toEqual(['state:spinning', 'moneywheel.result', 'state:stopped', 'state:idle']);
    expect(a.map((e) => e.seq)).toEqual(a.map((_, i) => i));
    expect(a.every((e) => e.v === 1 && e.tableId === 'tbl_mw' && e.deviceId === 'mwheel-1')).toBe(true);
    expect(run(7, 5)).toEqual(a);
    expect(results(run(8, 5))).not.toEqual(results(a));
  });

  it('every normal result is a valid spin of the standard wheel by the rules (MW-1, MW-4), label cross-checked', () => {
    for (const r of results(run(11, 60))) {
      const parsed = moneyWheel.parseResultPayload(r);
      expect(parsed.ok).toBe(true);
      if (!parsed.ok) continue;
      const judged = moneyWheel.judgeSpin(profile, parsed.value.report);
      expect(judged.ok && judged.value.valid).toBe(true);
      expect(r.turns).toBeGreaterThanOrEqual(2);
    }
  });

  it('fault scenario short-spin: the next spin makes fewer than one full turn, and the rules void it (MW-4)', () => {
    const [first, second] = results(run(3, 2, { type: 'short-spin' }));
    expect(first?.turns).toBeLessThan(1);
    const parsed = moneyWheel.parseResultPayload(first);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(moneyWheel.judgeSpin(profile, parsed.value.report)).toEqual({ ok: true, value: { valid: false, turns: first?.turns, rules: ['MW-4'] } });
    expect(second?.turns).toBeGreaterThanOrEqual(2); // the re-spin is a normal spin
  });

  it('fault scenario border-stop: the pointer rests on a border and the rules pick the segment being entered (MW-3)', () => {
    const [r] = results(run(5, 1, { type: 'border-stop' }));
    expect(r?.border).toBeTypeOf('number');
    expect(r?.segment).toBeUndefined();
    const parsed = moneyWheel.parseResultPayload(r);
    if (!parsed.ok) throw new Error(parsed.violation.message);
    const judged = moneyWheel.judgeSpin(profile, parsed.value.report);
    const expected = r?.direction === 'cw' ? r.border : ((r?.border ?? 0) + 1) % profile.layout.length;
    expect(judged.ok && judged.value.valid && judged.value.index).toBe(expected);
  });

  it('fault scenario sensor-fault: a moneywheel.fault instead of a result', () => {
    const events = run(5, 1, { type: 'sensor-fault' });
    expect(results(events)).toEqual([]);
    expect(events.find((e) => e.type === 'moneywheel.fault')?.payload).toMatchObject({ code: 'sensor_fault', spin: 1 });
  });

  it('validates commands at the edge: unknown type, missing id, bad payload', () => {
    expect(parseMoneyWheelCommand('{"id":"c1","type":"moneywheel.spin","payload":{"roundId":"rnd_1"}}')).toEqual({ ok: true, id: 'c1', roundId: 'rnd_1' });
    expect(parseMoneyWheelCommand('{"id":"c1","type":"shaker.shake","payload":{}}')).toMatchObject({ ok: false, id: 'c1', error: 'UNKNOWN_COMMAND' });
    expect(parseMoneyWheelCommand('{"type":"moneywheel.spin"}')).toMatchObject({ ok: false, id: null });
    expect(parseMoneyWheelCommand('{"id":"c2","type":"moneywheel.spin","payload":{}}')).toMatchObject({ ok: false, id: 'c2' });
    expect(parseMoneyWheelCommand('not json')).toMatchObject({ ok: false, error: 'MALFORMED_JSON' });
  });
});

describe('simulated money wheel over MQTT (in-process broker)', () => {
  const broker = useInProcessBroker();

  it('spins on the moneywheel.spin command, acks it, and publishes the result with the round id; BUSY while spinning', async () => {
    const sim = new MoneyWheelSim({ mqttUrl: broker.url(), tableId: 'tbl_q', deviceId: 'mwheel-1', seed: 9, speed: 100, clientId: 'mw-sim-q' });
    const obs = await mqtt.connectAsync(broker.url(), { clientId: 'mw-obs-q' });
    const got: { topic: string; body: Record<string, unknown> }[] = [];
    obs.on('message', (topic, p) => got.push({ topic, body: JSON.parse(p.toString('utf8')) as Record<string, unknown> }));
    await obs.subscribeAsync([sim.topicNames.events, sim.topicNames.acks], { qos: 1 });
    await sim.start();
    try {
      await obs.publishAsync(sim.topicNames.commands, JSON.stringify({ id: 'c1', type: 'moneywheel.spin', payload: { roundId: 'rnd_9' } }), { qos: 1 });
      await obs.publishAsync(sim.topicNames.commands, JSON.stringify({ id: 'c2', type: 'moneywheel.spin', payload: { roundId: 'rnd_9' } }), { qos: 1 });
      const end = Date.now() + 5000;
      while (!got.some((m) => m.body.type === 'moneywheel.result') && Date.now() < end) await new Promise((r) => setTimeout(r, 5));
      const acks = got.filter((m) => m.topic === sim.topicNames.acks).map((m) => m.body);
      expect(acks).toEqual([{ id: 'c1', ok: true }, { id: 'c2', ok: false, error: 'BUSY' }]);
      const result = got.find((m) => m.body.type === 'moneywheel.result')?.body;
      expect(result).toMatchObject({ v: 1, tableId: 'tbl_q', deviceId: 'mwheel-1', payload: { roundId: 'rnd_9', spin: 1 } });
    } finally {
      await sim.stop();
      await obs.endAsync();
    }
  });

  it('runSim("money-wheel", scenario short-spin): the first commanded spin reports fewer than one turn', async () => {
    const ac = new AbortController();
    const obs = await mqtt.connectAsync(broker.url(), { clientId: 'mw-obs-run' });
    const got: Record<string, unknown>[] = [];
    obs.on('message', (_t, p) => got.push(JSON.parse(p.toString('utf8')) as Record<string, unknown>));
    await obs.subscribeAsync('felt/v1/tables/tbl_run/devices/mwheel_1/events', { qos: 1 });
    const done = runSim({ device: 'money-wheel', mqttUrl: broker.url(), tableId: 'tbl_run', scenario: 'short-spin', seed: 4, speed: 100 }, ac.signal);
    try {
      const end = Date.now() + 5000;
      while (Date.now() < end && !got.some((e) => e.type === 'moneywheel.result')) {
        await obs.publishAsync('felt/v1/tables/tbl_run/devices/mwheel_1/commands', JSON.stringify({ id: `c${got.length}`, type: 'moneywheel.spin', payload: { roundId: 'rnd_r' } }), { qos: 1 });
        await new Promise((r) => setTimeout(r, 50));
      }
      const result = got.find((e) => e.type === 'moneywheel.result')?.payload as { turns: number } | undefined;
      expect(result?.turns).toBeLessThan(1);
    } finally {
      ac.abort();
      expect(await done).toMatchObject({ device: 'money-wheel', scenario: 'short-spin', seed: 4 });
      await obs.endAsync();
    }
  });
});
