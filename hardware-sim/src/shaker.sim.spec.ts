import mqtt, { type MqttClient } from 'mqtt';
import { describe, expect, it } from 'vitest';
import { useInProcessBroker } from '../../test/support/mqtt-broker.js';
import { deviceEventSchema as diceEventSchema } from '@felt-studio/protocol';
import { ShakerSim } from './shaker.sim.js';

/**
 * The shaker against an in-process aedes broker (no external service): determinism by seed and the
 * event sequence. The same behaviour against real Mosquitto is in shaker.sim.int.spec.ts.
 */
const broker = useInProcessBroker();

async function until(pred: () => boolean, what: string, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!pred()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

interface Ev {
  readonly seq: number;
  readonly type: string;
  readonly payload: Record<string, unknown>;
}

/** Start a shaker with `seed`, shake `n` times and return the dice it reported. */
async function diceFor(seed: number, tableId: string, n: number, dice: 2 | 3 = 3): Promise<number[][]> {
  const sim = new ShakerSim({ mqttUrl: broker.url(), tableId, deviceId: 'shaker_1', seed, speed: 50, clientId: `sim-${tableId}`, dice });
  const obs: MqttClient = await mqtt.connectAsync(broker.url(), { clientId: `obs-${tableId}` });
  const events: Ev[] = [];
  obs.on('message', (_t, p) => events.push(JSON.parse(p.toString('utf8')) as Ev));
  await obs.subscribeAsync(sim.topicNames.events, { qos: 1 });
  await sim.start();
  try {
    for (let i = 0; i < n; i++) {
      await obs.publishAsync(sim.topicNames.commands, JSON.stringify({ id: `c${i}`, type: 'shaker.shake', payload: { durationMs: 200, roundId: `rnd_${i}` } }), { qos: 1 });
      await until(() => events.filter((e) => e.type === 'dice.result').length === i + 1, `result ${i}`);
    }
    const seqs = events.map((e) => e.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b)); // monotonic device seq
    for (const e of events) expect(diceEventSchema.safeParse(e).success, JSON.stringify(e)).toBe(true); // canonical v1 events
    return events.filter((e) => e.type === 'dice.result').map((e) => (e.payload.colours === undefined ? e.payload.dice : [e.payload.dice, e.payload.colours]) as number[]);
  } finally {
    await sim.stop();
    await obs.endAsync();
  }
}

describe('dice shaker over MQTT (in-process broker)', () => {
  it('reports the same dice for the same seed and other dice for another seed', async () => {
    const a = await diceFor(17, 'tbl_a', 3);
    expect(await diceFor(17, 'tbl_b', 3)).toEqual(a);
    expect(await diceFor(18, 'tbl_c', 3)).not.toEqual(a);
    for (const dice of a) for (const d of dice) expect(d >= 1 && d <= 6).toBe(true);
  });
});

describe('Lucky Dice cups (two dice, RAY 2011 (docs/rules) §5.3 A)', () => {
  it('reports a red and a green die with their colours, as canonical dice.result events, deterministic by seed', async () => {
    const a = await diceFor(23, 'tbl_ld_a', 3, 2);
    expect(await diceFor(23, 'tbl_ld_b', 3, 2)).toEqual(a);
    for (const r of a as unknown as [number[], string[]][]) {
      expect(r[1]).toEqual(['red', 'green']);
      expect(r[0]).toHaveLength(2);
      for (const d of r[0]) expect(d >= 1 && d <= 6).toBe(true);
    }
  });
});

describe("Lucky Dice method B reader (a player's throw, RAY 2011 (docs/rules) §5.3 B, LD-7)", () => {
  it('readThrow reports one canonical red/green dice.result for the round, without a shake command; refused while reading and on a three-dice shaker', async () => {
    const sim = new ShakerSim({ mqttUrl: broker.url(), tableId: 'tbl_ldb', deviceId: 'dice_1', seed: 5, speed: 50, clientId: 'sim-tbl_ldb', dice: 2 });
    const three = new ShakerSim({ mqttUrl: broker.url(), tableId: 'tbl_ldb3', deviceId: 'dice_1', seed: 5, speed: 50, clientId: 'sim-tbl_ldb3', dice: 3 });
    const obs: MqttClient = await mqtt.connectAsync(broker.url(), { clientId: 'obs-tbl_ldb' });
    const events: Ev[] = [];
    obs.on('message', (_t, p) => events.push(JSON.parse(p.toString('utf8')) as Ev));
    await obs.subscribeAsync(sim.topicNames.events, { qos: 1 });
    expect(sim.readThrow('rnd_b')).toBe(false); // not connected yet
    await sim.start();
    await three.start();
    try {
      expect(three.readThrow('rnd_x')).toBe(false);
      expect(sim.readThrow('rnd_b')).toBe(true);
      expect(sim.readThrow('rnd_b')).toBe(false); // one throw at a time
      await until(() => events.some((e) => e.type === 'dice.result'), 'the throw read');
      const r = events.filter((e) => e.type === 'dice.result');
      expect(r).toHaveLength(1);
      expect(diceEventSchema.safeParse(r[0]).success).toBe(true);
      expect(r[0]?.payload).toMatchObject({ colours: ['red', 'green'], roundId: 'rnd_b' });
      expect(events.some((e) => e.type === 'shaker.state')).toBe(false);
      expect(sim.readThrow('rnd_b')).toBe(true); // the next throw once read
    } finally {
      await sim.stop();
      await three.stop();
      await obs.endAsync();
    }
  });
});
