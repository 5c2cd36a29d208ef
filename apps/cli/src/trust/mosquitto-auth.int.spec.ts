import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../../test/support/processes.js';
import { aclFile, mosquittoConf, mosquittoHash, passwordFile, serverPasswordFile, type DeviceUser } from './mosquitto-auth.js';

/**
 * Drill (issue 9 finding 1) against a real Mosquitto with the generated password file and ACL: a second
 * `mosquitto` this test owns, on a free port (the machine's shared broker is never touched).
 */
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

describe('Mosquitto with the generated password file + ACL (anonymous off)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'felt-mosq-'));
  const server = { username: 'felt-server', password: 'server-secret-1' };
  const wheel: DeviceUser = { username: 'tbl_1/wheel-1', password: 'wheel-secret-1', tableId: 'tbl_1', deviceId: 'wheel-1' };
  const shoe: DeviceUser = { username: 'tbl_1/shoe-1', password: 'shoe-secret-1', tableId: 'tbl_1', deviceId: 'shoe-1' };
  const other: DeviceUser = { username: 'tbl_2/wheel-1', password: 'other-secret-1', tableId: 'tbl_2', deviceId: 'wheel-1' };
  let broker: ChildProcess;
  let url = '';
  let serverUrl = '';
  const clients: MqttClient[] = [];
  const connect = async (u: { username?: string; password?: string }): Promise<MqttClient> => {
    const c = await mqtt.connectAsync(url, { reconnectPeriod: 0, connectTimeout: 3000, ...u });
    clients.push(c);
    return c;
  };
  const connectServer = async (extra: mqtt.IClientOptions = {}): Promise<MqttClient> => {
    const c = await mqtt.connectAsync(serverUrl, { reconnectPeriod: 0, connectTimeout: 3000, ...server, ...extra });
    clients.push(c);
    return c;
  };
  const refused = async (u: { username?: string; password?: string; clientId?: string }, at?: string): Promise<string> => {
    try {
      const c = await (at === undefined ? connect(u) : mqtt.connectAsync(at, { reconnectPeriod: 0, connectTimeout: 3000, ...u }).then((x) => (clients.push(x), x)));
      return `connected ${String(c.connected)}`;
    } catch (e) {
      return (e as Error).message;
    }
  };

  beforeAll(async () => {
    const port = await freePort();
    const sport = await freePort();
    url = `mqtt://127.0.0.1:${port}`;
    serverUrl = `mqtt://127.0.0.1:${sport}`;
    writeFileSync(join(dir, 'passwd'), passwordFile([server, wheel, shoe, other]), { mode: 0o600 });
    writeFileSync(join(dir, 'passwd-server'), serverPasswordFile(server), { mode: 0o600 });
    writeFileSync(join(dir, 'acl'), aclFile(server.username, [wheel, shoe, other]), { mode: 0o600 });
    // The shipped layout: devices on one listener (client id forced to the username), the server alone on another.
    writeFileSync(join(dir, 'mosquitto.conf'), mosquittoConf({ port, passwordFile: join(dir, 'passwd'), aclFile: join(dir, 'acl'), user: userInfo().username, server: { port: sport, passwordFile: join(dir, 'passwd-server') } }));
    broker = spawn('mosquitto', ['-c', join(dir, 'mosquitto.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    broker.stderr?.on('data', (b: Buffer) => (err += b.toString()));
    const spawnError = new Promise<never>((_, reject) => broker.once('error', (e) => reject(new Error(`cannot run mosquitto (apt-get install mosquitto): ${e.message}`))));
    for (let i = 0; i < 50; i++) {
      const up = await Promise.race([
        mqtt.connectAsync(serverUrl, { reconnectPeriod: 0, connectTimeout: 500, ...server }).then(
          async (c) => (await c.endAsync(), true),
          () => false,
        ),
        spawnError,
      ]);
      if (up) return;
      await sleep(100);
    }
    throw new Error(`mosquitto did not come up on ${url}: ${err}`);
  });

  afterAll(async () => {
    for (const c of clients) c.end(true);
    broker?.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes hashes Mosquitto accepts (PBKDF2-SHA512 $7$, same as mosquitto_passwd)', () => {
    const h = mosquittoHash('secret', Buffer.from('qwOprYo8TrKtXRni', 'base64'));
    expect(h).toBe('$7$101$qwOprYo8TrKtXRni$suJ8duN5x10V48GiDQ0m9vK149XcicQuf0ZlKecTPM4vX+4sBRVxpcZlDbhaVmn5xGpOae78sTZvsgCJTAAmeg==');
    expect(readFileSync(join(dir, 'passwd'), 'utf8').split('\n').filter(Boolean)).toHaveLength(4);
    expect(() => passwordFile([{ username: 'a:b', password: 'x' }])).toThrow(/cannot go into a Mosquitto password file/);
  });

  it('refuses anonymous clients and wrong secrets', async () => {
    expect(await refused({})).toMatch(/Not authorized/i);
    expect(await refused({ username: wheel.username, password: 'guess' })).toMatch(/Not authorized|Bad username/i);
    expect(await refused({ username: 'felt-server', password: wheel.password })).toMatch(/Not authorized|Bad username/i);
  });

  it('forged results from another device or table never reach the server; only the wheel itself does; no device reads others', async () => {
    const srv = await connectServer();
    const seen: string[] = [];
    srv.on('message', (t, p) => seen.push(`${t} ${p.toString()}`));
    await srv.subscribeAsync('felt/v1/tables/+/devices/+/events', { qos: 1 });
    const spy = await connect(shoe);
    const spied: string[] = [];
    spy.on('message', (t) => spied.push(t));
    for (const f of ['#', 'felt/v1/tables/+/devices/+/events', 'felt/v1/tables/tbl_1/devices/wheel-1/events']) {
      await spy.subscribeAsync(f, { qos: 1 }).catch(() => undefined); // refused or granted-but-filtered: nothing may arrive
    }
    const forged = '{"type":"wheel.result","payload":{"number":17}}';
    for (const c of [shoe, other]) {
      const dev = await connect(c);
      await dev.publishAsync('felt/v1/tables/tbl_1/devices/wheel-1/events', forged, { qos: 1 }).catch(() => undefined);
    }
    const w = await connect(wheel);
    await w.publishAsync('felt/v1/tables/tbl_1/devices/wheel-1/events', '{"type":"wheel.result","payload":{"number":3}}', { qos: 1 });
    await w.publishAsync('felt/v1/tables/tbl_1/devices/shoe-1/commands', '{"type":"forged-command"}', { qos: 1 }).catch(() => undefined);
    await sleep(300);
    expect(seen.filter((s) => s.includes('"number":17'))).toEqual([]);
    expect(seen.filter((s) => s.includes('"number":3'))).toHaveLength(1);
    expect(spied).toEqual([]);
  });

  it("reserves the server's client ids: a device login cannot take over the server's persistent session, nor read device events through it", async () => {
    const serverId = 'felt-server-studio1-t-tbl_1';
    // The server's persistent session (clean: false, stable id) subscribed to the device events.
    const srv = await connectServer({ clientId: serverId, clean: false });
    const seen: string[] = [];
    srv.on('message', (_t, p) => seen.push(p.toString()));
    let kicked = 0;
    srv.on('close', () => kicked++);
    await srv.subscribeAsync('felt/v1/tables/tbl_1/devices/+/events', { qos: 1 });
    // A device credential cannot log in on the server's listener at all (with the server's id or any other).
    expect(await refused({ ...shoe, clientId: serverId }, serverUrl)).toMatch(/Not authorized|Bad username/i);
    expect(await refused({ ...wheel }, serverUrl)).toMatch(/Not authorized|Bad username/i);
    // On the devices' listener it may ask for the server's id, but the broker gives it its username instead:
    // the server's session is untouched (not kicked) and the thief receives none of the device events.
    const thief = await mqtt.connectAsync(url, { reconnectPeriod: 0, connectTimeout: 3000, ...shoe, clientId: serverId, clean: false });
    clients.push(thief);
    const stolen: string[] = [];
    thief.on('message', (t) => stolen.push(t));
    await thief.subscribeAsync('felt/v1/tables/tbl_1/devices/+/events', { qos: 1 }).catch(() => undefined);
    const w = await connect(wheel);
    await w.publishAsync('felt/v1/tables/tbl_1/devices/wheel-1/events', '{"type":"wheel.result","payload":{"number":21}}', { qos: 1 });
    await sleep(500);
    expect(kicked).toBe(0);
    expect(srv.connected).toBe(true);
    expect(seen).toEqual(['{"type":"wheel.result","payload":{"number":21}}']);
    expect(stolen).toEqual([]);
  });
});
