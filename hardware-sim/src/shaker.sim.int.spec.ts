import { randomBytes } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseDeviceMessage } from '@felt-studio/protocol';
import { ShakerSim } from './shaker.sim.js';

interface Envelope {
  readonly v: 1;
  readonly tableId: string;
  readonly deviceId: string;
  readonly seq: number;
  readonly at: number;
  readonly type: string;
  readonly payload: Record<string, unknown>;
}

// Real Mosquitto (MQTT_URL). Fails — never skips — when the variable or the broker is missing.
const MQTT_URL = process.env.MQTT_URL;
const run = randomBytes(4).toString('hex');
const root = `felt-test-${run}/felt/v1`;

interface Received {
  readonly topic: string;
  readonly raw: string;
  readonly body: Record<string, unknown>;
  readonly retained: boolean;
}

let observer: MqttClient;
let connected = false;
const received: Received[] = [];
let sims: ShakerSim[] = [];
let n = 0;

async function startShaker(): Promise<{ sim: ShakerSim; tableId: string; deviceId: string }> {
  n += 1;
  const tableId = `tbl_${run}_${n}`;
  const deviceId = 'shaker_1';
  const sim = new ShakerSim({ mqttUrl: MQTT_URL ?? '', tableId, deviceId, topicRoot: root, seed: 99, speed: 20, clientId: `sim-${run}-${n}` });
  sims.push(sim);
  await sim.start();
  return { sim, tableId, deviceId };
}

const on = (tableId: string, kind: string) => received.filter((r) => r.topic === `${root}/tables/${tableId}/devices/shaker_1/${kind}`);
const events = (tableId: string) => on(tableId, 'events').map((r) => r.body as unknown as Envelope);

async function until(pred: () => boolean, what: string, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!pred()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function shake(tableId: string, id: string, roundId: string, durationMs = 500): Promise<void> {
  await observer.publishAsync(`${root}/tables/${tableId}/devices/shaker_1/commands`, JSON.stringify({ id, type: 'shaker.shake', payload: { durationMs, roundId } }), { qos: 1 });
}

describe('dice shaker + reader over MQTT (devices.md §5, real Mosquitto)', () => {
  beforeAll(async () => {
    if (!MQTT_URL) throw new Error('MQTT_URL is not set (e.g. mqtt://127.0.0.1:1883): this integration suite needs the real broker');
    observer = await mqtt.connectAsync(MQTT_URL, { clientId: `obs-${run}`, reconnectPeriod: 0, connectTimeout: 3000 });
    observer.on('message', (topic, payload, packet) => {
      if (payload.length > 0) received.push({ topic, raw: payload.toString('utf8'), body: JSON.parse(payload.toString('utf8')) as Record<string, unknown>, retained: packet.retain });
    });
    connected = true;
    await observer.subscribeAsync(`${root}/#`, { qos: 1 });
  });

  afterEach(async () => {
    for (const s of sims) await s.stop();
    sims = [];
  });

  afterAll(async () => {
    if (!connected) return;
    // clear the retained status messages this run left behind
    await observer.unsubscribeAsync(`${root}/#`);
    const retained = new Set(received.filter((r) => r.topic.endsWith('/status')).map((r) => r.topic));
    for (const t of retained) await observer.publishAsync(t, '', { qos: 1, retain: true });
    await observer.endAsync();
  });

  it('publishes a retained online status, acks a shake and reports accepted → shaking → idle → dice.result for that round, seq monotonic', async () => {
    const { sim, tableId } = await startShaker();
    await until(() => on(tableId, 'status').length > 0, 'status');
    expect(on(tableId, 'status')[0]?.body).toMatchObject({ state: 'online', model: 'felt-shaker-sim', firmware: 'sim-1.0.0', configHash: null });
    await shake(tableId, 'cmd-1', 'rnd_1');
    await until(() => events(tableId).some((e) => e.type === 'dice.result'), 'dice.result');
    expect(on(tableId, 'acks').map((a) => a.body)).toEqual([{ id: 'cmd-1', ok: true }]);
    const evs = events(tableId).filter((e) => e.type !== 'device.heartbeat');
    expect(evs.map((e) => [e.type, e.payload.state ?? null])).toEqual([
      ['shaker.state', 'accepted'],
      ['shaker.state', 'shaking'],
      ['shaker.state', 'idle'],
      ['dice.result', null],
    ]);
    const result = evs.at(-1);
    expect(result).toMatchObject({ v: 1, tableId, deviceId: 'shaker_1', type: 'dice.result', payload: { roundId: 'rnd_1' } });
    const dice = result?.payload.dice as number[];
    expect(dice).toHaveLength(3);
    for (const d of dice) expect(d >= 1 && d <= 6).toBe(true);
    const seqs = events(tableId).map((e) => e.seq);
    expect(seqs).toEqual(seqs.map((_, i) => i));
    for (const e of events(tableId)) expect(typeof e.at === 'number' && e.at > 1_600_000_000_000).toBe(true);
    // every message passes the server's v1 validation at the edge (parseDeviceMessage)
    for (const m of received.filter((x) => x.topic.includes(`/${tableId}/`))) expect(parseDeviceMessage(m.topic, m.raw, { root }).ok).toBe(true);
    await sim.flush();
  });

  it('refuses a shake while shaking (BUSY), an unknown command and a bad payload, each with an ack error', async () => {
    const { tableId } = await startShaker();
    await shake(tableId, 'a', 'rnd_a', 2000);
    await shake(tableId, 'b', 'rnd_b');
    await observer.publishAsync(`${root}/tables/${tableId}/devices/shaker_1/commands`, JSON.stringify({ id: 'c', type: 'shaker.dance', payload: {} }), { qos: 1 });
    await observer.publishAsync(`${root}/tables/${tableId}/devices/shaker_1/commands`, JSON.stringify({ id: 'd', type: 'shaker.shake', payload: { durationMs: -5, roundId: 'x' } }), { qos: 1 });
    await until(() => on(tableId, 'acks').length === 4, 'four acks');
    const acks = on(tableId, 'acks').map((a) => a.body);
    expect(acks[0]).toEqual({ id: 'a', ok: true });
    expect(acks.slice(1, 3)).toEqual([
      { id: 'b', ok: false, error: 'BUSY' },
      { id: 'c', ok: false, error: 'UNKNOWN_COMMAND' },
    ]);
    expect(acks[3]).toMatchObject({ id: 'd', ok: false, error: expect.stringMatching(/^INVALID_PAYLOAD: payload\.durationMs/) });
  });

  it('scenarios: no-shake → dice.fault no_shake; misread → a 7 in dice.result; three failed shakes → three dice.fault then a result', async () => {
    const { sim, tableId } = await startShaker();
    sim.injectFault({ type: 'no-shake' });
    await shake(tableId, 's1', 'rnd_1');
    await until(() => events(tableId).some((e) => e.type === 'dice.fault'), 'no_shake fault');
    expect(events(tableId).filter((e) => e.type === 'dice.fault').map((e) => e.payload)).toEqual([{ code: 'no_shake', roundId: 'rnd_1' }]);
    expect(events(tableId).some((e) => e.type === 'shaker.state' && e.payload.state === 'error')).toBe(true);

    sim.injectFault({ type: 'misread', dice: [3, 7, 2] });
    await shake(tableId, 's2', 'rnd_2');
    await until(() => events(tableId).some((e) => e.type === 'dice.result'), 'misread result');
    expect(events(tableId).find((e) => e.type === 'dice.result')?.payload).toEqual({ dice: [3, 7, 2], roundId: 'rnd_2' });
    const seven = on(tableId, 'events').find((m) => (m.body as unknown as Envelope).type === 'dice.result');
    const verdict = parseDeviceMessage(seven?.topic ?? '', seven?.raw ?? '', { root });
    expect(verdict.ok).toBe(false); // the server's schema rejects a die of 7 (devices.md §5)

    sim.injectFault({ type: 'failed-shakes', count: 3 });
    for (let i = 0; i < 4; i++) {
      await shake(tableId, `f${i}`, 'rnd_3');
      await until(() => events(tableId).filter((e) => (e.type === 'dice.fault' || e.type === 'dice.result') && e.payload.roundId === 'rnd_3').length === i + 1, `shake ${i}`);
    }
    const outcomes = events(tableId).filter((e) => e.payload.roundId === 'rnd_3' && (e.type === 'dice.fault' || e.type === 'dice.result'));
    expect(outcomes.map((e) => e.type)).toEqual(['dice.fault', 'dice.fault', 'dice.fault', 'dice.result']);
  });

  it('the broker publishes the retained offline Last-Will when the shaker drops off', async () => {
    const { sim, tableId } = await startShaker();
    await until(() => on(tableId, 'status').length === 1, 'online');
    sims = sims.filter((s) => s !== sim);
    await sim.crash();
    await until(() => on(tableId, 'status').length === 2, 'last will');
    expect(on(tableId, 'status')[1]?.body).toMatchObject({ state: 'offline', model: 'felt-shaker-sim' });
  });
});
