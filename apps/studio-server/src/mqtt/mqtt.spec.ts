import { createServer } from 'node:net';
import mqtt, { type MqttClient } from 'mqtt';
import { describe, expect, it } from 'vitest';
import { AuthService } from '../auth/auth.service.js';
import { bootTestApp } from '../../../../test/support/studio-server/test-app.js';
import { DeviceCredentialsService } from './device-credentials.js';
import { EmbeddedBroker } from './embedded-broker.js';
import { MQTT_BROKER, MQTT_CLIENT } from '../shared/ports/mqtt.tokens.js';

const portIsFree = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const s = createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
const topic = (t: string, d: string, k: string): string => `felt/v1/tables/${t}/devices/${d}/${k}`;

/** Connect and report the CONNACK outcome instead of throwing (refusals are the point of these drills). */
async function tryConnect(url: string, opts: mqtt.IClientOptions): Promise<{ client: MqttClient | null; error: string | null }> {
  try {
    return { client: await mqtt.connectAsync(url, { reconnectPeriod: 0, connectTimeout: 3000, ...opts }), error: null };
  } catch (e) {
    return { client: null, error: (e as Error).message };
  }
}

describe('MQTT: embedded aedes broker + shared client', () => {
  it('without MQTT_URL the server runs its own broker: a device with its credential publishing QoS 1 reaches the server client', async () => {
    const t = await bootTestApp();
    try {
      const broker = t.get<EmbeddedBroker>(MQTT_BROKER);
      const server = t.get<MqttClient>(MQTT_CLIENT);
      expect(server.connected).toBe(true);
      const cred = await t.get(DeviceCredentialsService).issue('tbl_1', 'wheel-1');
      const tp = topic('tbl_1', 'wheel-1', 'events');
      const got = new Promise<string>((resolve) => server.on('message', (x, payload) => x === tp && resolve(payload.toString())));
      await server.subscribeAsync(tp, { qos: 1 });
      const device = await mqtt.connectAsync(broker.url, { clientId: 'wheel-1', username: cred.username, password: cred.password });
      await device.publishAsync(tp, JSON.stringify({ seq: 1, type: 'wheel.result' }), { qos: 1 });
      expect(JSON.parse(await got)).toEqual({ seq: 1, type: 'wheel.result' });
      await device.endAsync();
    } finally {
      await t.close();
    }
  });

  it('closes broker and client on shutdown (the port is free again, the process can exit)', async () => {
    const t = await bootTestApp();
    const broker = t.get<EmbeddedBroker>(MQTT_BROKER);
    const client = t.get<MqttClient>(MQTT_CLIENT);
    await t.close();
    expect(client.connected).toBe(false);
    expect(await portIsFree(broker.port)).toBe(true);
  });
});

describe('MQTT trust drills (issue 9 finding 1): the embedded broker authenticates and authorises every client', () => {
  it('refuses anonymous clients, unknown users, wrong secrets and a forged server login', async () => {
    const t = await bootTestApp();
    try {
      const url = t.get<EmbeddedBroker>(MQTT_BROKER).url;
      const cred = await t.get(DeviceCredentialsService).issue('tbl_1', 'wheel-1');
      const attempts = [{}, { username: 'tbl_1/wheel-1' }, { username: 'tbl_1/wheel-1', password: 'guess' }, { username: 'tbl_1/ghost', password: cred.password }, { username: 'felt-server', password: cred.password }];
      for (const opts of attempts) {
        const r = await tryConnect(url, opts);
        expect(r.client).toBeNull();
        expect(r.error).toMatch(/Not authorized|Bad username or password/i);
      }
      expect(t.get<EmbeddedBroker>(MQTT_BROKER).stats.refusedConnects).toBe(attempts.length);
    } finally {
      await t.close();
    }
  });

  it("reserves the server's client ids: a device credential asking for a felt-server… id is refused and the server's session stays connected", async () => {
    const t = await bootTestApp();
    try {
      const url = t.get<EmbeddedBroker>(MQTT_BROKER).url;
      const server = t.get<MqttClient>(MQTT_CLIENT);
      const serverId = server.options.clientId ?? '';
      expect(serverId.startsWith('felt-server')).toBe(true);
      let kicked = 0;
      server.on('close', () => kicked++);
      const cred = await t.get(DeviceCredentialsService).issue('tbl_1', 'wheel-1');
      for (const clientId of [serverId, 'felt-server', `${serverId}-t-tbl_1`]) {
        const r = await tryConnect(url, { clientId, clean: false, username: cred.username, password: cred.password });
        expect(r.client).toBeNull();
        expect(r.error).toMatch(/Not authorized/i);
      }
      await sleep(200);
      expect(kicked).toBe(0);
      expect(server.connected).toBe(true);
      // The same credential under its own id is fine.
      const ok = await tryConnect(url, { clientId: 'edge-tbl_1-wheel-1', username: cred.username, password: cred.password });
      expect(ok.error).toBeNull();
      await ok.client?.endAsync();
    } finally {
      await t.close();
    }
  });

  it('a device publishing under another device or table never reaches the server; a device cannot read # or other devices', async () => {
    const t = await bootTestApp();
    try {
      const broker = t.get<EmbeddedBroker>(MQTT_BROKER);
      const server = t.get<MqttClient>(MQTT_CLIENT);
      const creds = t.get(DeviceCredentialsService);
      const wheel = await creds.issue('tbl_1', 'wheel-1');
      const shoe = await creds.issue('tbl_1', 'shoe-1');
      const other = await creds.issue('tbl_2', 'wheel-1');
      const seen: string[] = [];
      server.on('message', (x, p) => seen.push(`${x} ${p.toString()}`));
      await server.subscribeAsync('felt/v1/tables/+/devices/+/+', { qos: 1 });

      // The shoe (same table) and the other table's wheel try to forge the wheel's result.
      for (const c of [shoe, other]) {
        const dev = await mqtt.connectAsync(broker.url, { username: c.username, password: c.password, reconnectPeriod: 0 });
        const closed = new Promise<void>((r) => dev.once('close', () => r()));
        dev.publish(topic('tbl_1', 'wheel-1', 'events'), JSON.stringify({ type: 'wheel.result', payload: { number: 17 } }), { qos: 1 });
        await closed; // the broker drops a client that publishes outside its topics
        dev.end(true);
      }
      // A device may not publish commands (only the server does), not even to itself.
      const w = await mqtt.connectAsync(broker.url, { username: wheel.username, password: wheel.password, reconnectPeriod: 0 });
      const wClosed = new Promise<void>((r) => w.once('close', () => r()));
      w.publish(topic('tbl_1', 'wheel-1', 'commands'), '{"type":"wheel.launch"}', { qos: 1 });
      await wClosed;
      w.end(true);

      // Eavesdropping: '#', the events wildcard and another device's events are refused (SUBACK 0x80); its own commands are granted.
      const spy = await mqtt.connectAsync(broker.url, { username: shoe.username, password: shoe.password, reconnectPeriod: 0 });
      const spied: string[] = [];
      spy.on('message', (x) => spied.push(x));
      for (const filter of ['#', 'felt/v1/tables/+/devices/+/events', topic('tbl_1', 'wheel-1', 'events')]) {
        await expect(spy.subscribeAsync(filter, { qos: 1 })).rejects.toThrow(/Subscribe error/); // SUBACK 0x80
      }
      expect((await spy.subscribeAsync(topic('tbl_1', 'shoe-1', 'commands'), { qos: 1 })).map((g) => g.qos)).toEqual([1]);
      const wheelOk = await mqtt.connectAsync(broker.url, { username: wheel.username, password: wheel.password, reconnectPeriod: 0 });
      await wheelOk.publishAsync(topic('tbl_1', 'wheel-1', 'events'), '{"type":"wheel.result","payload":{"number":3}}', { qos: 1 });
      await server.publishAsync(topic('tbl_1', 'shoe-1', 'commands'), '{"type":"ping"}', { qos: 1 });
      await sleep(100);
      expect(seen.filter((s) => s.includes('"number":17'))).toEqual([]);
      expect(seen.filter((s) => s.includes('"number":3'))).toHaveLength(1);
      expect(spied).toEqual([topic('tbl_1', 'shoe-1', 'commands')]);
      expect(broker.stats.refusedPublishes).toBe(3);
      expect(broker.stats.refusedSubscribes).toBe(3);
      await spy.endAsync();
      await wheelOk.endAsync();
    } finally {
      await t.close();
    }
  });

  it('rotation: the old secret stops working at once and the live session is dropped; the new secret works', async () => {
    const t = await bootTestApp();
    try {
      const broker = t.get<EmbeddedBroker>(MQTT_BROKER);
      const creds = t.get(DeviceCredentialsService);
      const first = await creds.issue('tbl_1', 'wheel-1');
      const live = await mqtt.connectAsync(broker.url, { username: first.username, password: first.password, reconnectPeriod: 0 });
      const dropped = new Promise<void>((r) => live.once('close', () => r()));
      const second = await creds.issue('tbl_1', 'wheel-1');
      await dropped;
      live.end(true);
      expect(second.password).not.toBe(first.password);
      expect((await tryConnect(broker.url, { username: first.username, password: first.password })).error).toMatch(/Bad username or password/i);
      const ok = await tryConnect(broker.url, { username: second.username, password: second.password });
      expect(ok.client?.connected).toBe(true);
      await ok.client?.endAsync();
      expect(await creds.revoke('tbl_1', 'wheel-1')).toBe(true);
      expect((await tryConnect(broker.url, { username: second.username, password: second.password })).error).toMatch(/Bad username or password/i);
    } finally {
      await t.close();
    }
  });

  it('REST: admins issue/rotate/revoke (audited, secret shown once); the per-table list has no secrets; other roles are refused', async () => {
    const t = await bootTestApp();
    try {
      const auth = t.get(AuthService);
      const admin = { authorization: `Bearer ${auth.sign({ userId: 'adm_1', role: 'admin', name: 'Ada' })}`, 'content-type': 'application/json' };
      const pit = { authorization: `Bearer ${auth.sign({ userId: 'pit_1', role: 'pitboss', name: 'Pia' })}`, 'content-type': 'application/json' };
      const post = (h: Record<string, string>, path: string, body: unknown): Promise<Response> => fetch(`${t.url}${path}`, { method: 'POST', headers: h, body: JSON.stringify(body) });
      const issued = await post(admin, '/tables/tbl_1/devices/wheel-1/credentials', { reason: 'new wheel' });
      expect(issued.status).toBe(201);
      const body = (await issued.json()) as { username: string; password: string };
      expect(body.username).toBe('tbl_1/wheel-1');
      expect(body.password.length).toBeGreaterThanOrEqual(24);
      expect((await post(pit, '/tables/tbl_1/devices/wheel-1/credentials', { reason: 'x' })).status).toBe(403);
      expect((await post(admin, '/tables/tbl_1/devices/wheel-1/credentials', {})).status).toBe(400);
      expect((await post(admin, '/tables/tbl%2B/devices/wheel-1/credentials', { reason: 'x' })).status).toBe(400);
      const list = await fetch(`${t.url}/tables/tbl_1/device-credentials`, { headers: pit });
      const rows = (await list.json()) as Record<string, unknown>[];
      expect(rows).toHaveLength(1);
      expect(JSON.stringify(rows)).not.toContain(body.password);
      expect(Object.keys(rows[0] ?? {}).sort()).toEqual(['createdAt', 'deviceId', 'rotatedAt', 'tableId', 'username']);
      const del = await fetch(`${t.url}/tables/tbl_1/devices/wheel-1/credentials`, { method: 'DELETE', headers: admin, body: JSON.stringify({ reason: 'wheel retired' }) });
      expect(del.status).toBe(200);
      expect(await (await fetch(`${t.url}/tables/tbl_1/device-credentials`, { headers: pit })).json()).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
