import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceCommand } from '@felt-studio/protocol';
import { useInProcessBroker } from '../../../test/support/mqtt-broker.js';
import { DeviceLink, type CommandResult } from './device-link.js';

/**
 * DeviceLink against an in-process aedes broker (no external service): command de-duplication by
 * correlation id, validation of commands, acks, Last-Will, outbox replay. The same link runs against
 * the real Mosquitto in test/*.int.spec.ts.
 */
const broker = useInProcessBroker();
let client: MqttClient;
const got: { topic: string; body: unknown; retain: boolean }[] = [];
const dirs: string[] = [];
const links: DeviceLink[] = [];
let n = 0;

beforeAll(async () => {
  client = await mqtt.connectAsync(broker.url(), { clientId: 'observer' });
  client.on('message', (topic, payload, packet) => {
    if (topic.endsWith('/commands')) return; // our own test input (some deliberately not JSON)
    got.push({ topic, body: JSON.parse(payload.toString()) as unknown, retain: packet.retain });
  });
  await client.subscribeAsync('t/#', { qos: 1 });
});

afterEach(async () => {
  for (const l of links.splice(0)) {
    await l.stop();
    l.close();
  }
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

afterAll(async () => {
  await client.endAsync(); // before the broker closes (after-hooks run last-registered first)
});

async function until(pred: () => boolean, what: string, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!pred()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

function link(handler?: (c: DeviceCommand) => Promise<CommandResult>): { link: DeviceLink; deviceId: string; topic: (k: string) => string } {
  n += 1;
  const deviceId = `dev_${n}`;
  const dir = mkdtempSync(join(tmpdir(), 'felt-link-'));
  dirs.push(dir);
  const l = new DeviceLink({ url: broker.url(), identity: { tableId: 'tbl_1', deviceId, model: 'ss2-wheel' }, dataDir: dir, topics: { root: 't' }, mqtt: { reconnectPeriod: 50 } });
  links.push(l);
  l.start(handler);
  return { link: l, deviceId, topic: (k) => `t/tables/tbl_1/devices/${deviceId}/${k}` };
}

const acksOf = (topic: string) => got.filter((g) => g.topic === topic).map((g) => g.body);

describe('DeviceLink commands and acks (devices.md §1)', () => {
  it('a command delivered twice with the same correlation id is executed once and acked twice with the same answer', async () => {
    let calls = 0;
    const { link: l, topic } = link(async () => {
      calls += 1;
      return { ok: false, error: '*u BUSY' };
    });
    await until(() => l.connected, 'connected');
    const cmd = JSON.stringify({ id: 'c-1', type: 'wheel.launch', payload: { direction: 'cw' } });
    await client.publishAsync(topic('commands'), cmd, { qos: 1 });
    await until(() => acksOf(topic('acks')).length === 1, 'first ack');
    await client.publishAsync(topic('commands'), cmd, { qos: 1 });
    await until(() => acksOf(topic('acks')).length === 2, 'second ack');
    expect(calls).toBe(1);
    expect(acksOf(topic('acks'))).toEqual([
      { id: 'c-1', ok: false, error: '*u BUSY' },
      { id: 'c-1', ok: false, error: '*u BUSY' },
    ]);
    expect(l.stats.duplicateCommands).toBe(1);
  });

  it('a duplicate arriving while the first is still waiting for the device is not executed again', async () => {
    let calls = 0;
    let release: (() => void) | null = null;
    const { link: l, topic } = link(async () => {
      calls += 1;
      await new Promise<void>((r) => (release = r));
      return { ok: true };
    });
    await until(() => l.connected, 'connected');
    const cmd = JSON.stringify({ id: 'c-2', type: 'wheel.void-spin', payload: {} });
    await client.publishAsync(topic('commands'), cmd, { qos: 1 });
    await until(() => calls === 1, 'the handler running');
    await client.publishAsync(topic('commands'), cmd, { qos: 1 });
    await until(() => l.stats.duplicateCommands === 1, 'the duplicate seen');
    (release as unknown as () => void)();
    await until(() => acksOf(topic('acks')).length === 2, 'both acks');
    expect(calls).toBe(1);
    expect(acksOf(topic('acks'))).toEqual([{ id: 'c-2', ok: true }, { id: 'c-2', ok: true }]);
  });

  it('an invalid command is rejected with a clear error ack and never reaches the device', async () => {
    let calls = 0;
    const { link: l, topic } = link(async () => {
      calls += 1;
      return { ok: true };
    });
    await until(() => l.connected, 'connected');
    await client.publishAsync(topic('commands'), JSON.stringify({ id: 'c-3', type: 'wheel.launch', payload: { direction: 'sideways' } }), { qos: 1 });
    await client.publishAsync(topic('commands'), JSON.stringify({ id: 'c-4', type: 'wheel.explode', payload: {} }), { qos: 1 });
    await client.publishAsync(topic('commands'), 'not json', { qos: 1 });
    await until(() => acksOf(topic('acks')).length === 2 && l.stats.badCommands === 3, 'two error acks');
    expect(calls).toBe(0);
    expect(acksOf(topic('acks'))).toEqual([
      { id: 'c-3', ok: false, error: expect.stringContaining('invalid command: payload.direction') },
      { id: 'c-4', ok: false, error: expect.stringContaining('invalid command') },
    ]);
  });
});

describe('DeviceLink status, Last-Will and outbox (devices.md §1)', () => {
  it('publishes a retained status; a crash (no DISCONNECT) makes the broker publish the retained Last-Will `offline`', async () => {
    const { link: l, topic } = link();
    await until(() => l.connected, 'connected');
    l.setStatus('online', { firmware: 'fw 1', configHash: 'abc' });
    await until(() => got.some((g) => g.topic === topic('status') && (g.body as { state: string }).state === 'online'), 'online');
    l.kill();
    await until(() => got.filter((g) => g.topic === topic('status')).at(-1)?.body !== undefined && (got.filter((g) => g.topic === topic('status')).at(-1)?.body as { state: string }).state === 'offline', 'the Last-Will');
    expect(got.filter((g) => g.topic === topic('status')).at(-1)?.body).toMatchObject({ state: 'offline', model: 'ss2-wheel' });
  });

  it('events emitted before the broker is reachable are published later, in seq order, and leave the outbox only when acknowledged', async () => {
    n += 1;
    const deviceId = `dev_${n}`;
    const dir = mkdtempSync(join(tmpdir(), 'felt-link-'));
    dirs.push(dir);
    const l = new DeviceLink({ url: broker.url(), identity: { tableId: 'tbl_1', deviceId, model: 'felt-shoe' }, dataDir: dir, topics: { root: 't' } });
    links.push(l);
    for (let i = 0; i < 50; i++) l.emit({ type: 'device.heartbeat', payload: { uptimeS: i } }, 1000 + i);
    expect(l.buffer.size).toBe(50);
    l.start();
    await until(() => l.buffer.size === 0, 'outbox drained');
    await until(() => got.filter((g) => g.topic === `t/tables/tbl_1/devices/${deviceId}/events`).length >= 50, 'all at the subscriber');
    const seqs = got.filter((g) => g.topic === `t/tables/tbl_1/devices/${deviceId}/events`).map((g) => (g.body as { seq: number }).seq);
    expect(seqs).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });
});
