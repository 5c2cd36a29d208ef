import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../../test/support/processes.js';
import { aclFile, mosquittoConf, passwordFile, serverPasswordFile, type DeviceUser } from './mosquitto-auth.js';

/**
 * Mutual TLS on Mosquitto, the documented option (docs/security-and-drills.md "Broker security", issue 9 finding 1): a CA,
 * broker and client certificates made with openssl in a temp dir; the devices' listener requires a
 * client certificate signed by the CA and still the device's password + ACL (the certificate is a second
 * factor). A Mosquitto this test owns, on free ports.
 */
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

describe('Mosquitto with mutual TLS (option) + per-device password and ACL', () => {
  const dir = mkdtempSync(join(tmpdir(), 'felt-mtls-'));
  const f = (n: string): string => join(dir, n);
  const server = { username: 'felt-server', password: 'server-secret-1' };
  const wheel: DeviceUser = { username: 'tbl_1/wheel-1', password: 'wheel-secret-1', tableId: 'tbl_1', deviceId: 'wheel-1' };
  let broker: ChildProcess;
  let url = '';
  let serverUrl = '';
  const clients: MqttClient[] = [];
  const ssl = (...args: string[]): void => {
    execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
  };
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  /** A key + certificate signed by `ca` (its name in the temp dir). */
  const issue = (name: string, cn: string, ca: string, ext?: string): void => {
    ssl('req', ...ec, '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', `/CN=${cn.replaceAll('/', '\\/')}`);
    if (ext !== undefined) writeFileSync(f(`${name}.ext`), ext);
    ssl('x509', '-req', '-in', `${name}.csr`, '-CA', `${ca}.crt`, '-CAkey', `${ca}.key`, '-CAcreateserial', '-out', `${name}.crt`, '-days', '1', ...(ext !== undefined ? ['-extfile', `${name}.ext`] : []));
  };
  const tlsOpts = (client: string | null, ca = 'ca'): mqtt.IClientOptions => ({
    ca: readFileSync(f(`${ca}.crt`)),
    ...(client !== null ? { cert: readFileSync(f(`${client}.crt`)), key: readFileSync(f(`${client}.key`)) } : {}),
    rejectUnauthorized: true,
    reconnectPeriod: 0,
    connectTimeout: 3000,
  });
  const attempt = async (opts: mqtt.IClientOptions): Promise<string> => {
    try {
      const c = await mqtt.connectAsync(url, opts);
      clients.push(c);
      return 'connected';
    } catch (e) {
      return (e as Error).message || String(e);
    }
  };

  beforeAll(async () => {
    ssl('req', '-x509', ...ec, '-keyout', 'ca.key', '-out', 'ca.crt', '-days', '1', '-subj', '/CN=felt-test-ca');
    ssl('req', '-x509', ...ec, '-keyout', 'rogue-ca.key', '-out', 'rogue-ca.crt', '-days', '1', '-subj', '/CN=rogue-ca');
    issue('broker', '127.0.0.1', 'ca', 'subjectAltName=IP:127.0.0.1\n');
    issue('wheel', wheel.username, 'ca');
    issue('rogue', wheel.username, 'rogue-ca');
    const port = await freePort();
    const sport = await freePort();
    url = `mqtts://127.0.0.1:${port}`;
    serverUrl = `mqtt://127.0.0.1:${sport}`;
    writeFileSync(f('passwd'), passwordFile([server, wheel]), { mode: 0o600 });
    writeFileSync(f('passwd-server'), serverPasswordFile(server), { mode: 0o600 });
    writeFileSync(f('acl'), aclFile(server.username, [wheel]), { mode: 0o600 });
    writeFileSync(
      f('mosquitto.conf'),
      mosquittoConf({ port, passwordFile: f('passwd'), aclFile: f('acl'), user: userInfo().username, server: { port: sport, passwordFile: f('passwd-server') }, tls: { cafile: f('ca.crt'), certfile: f('broker.crt'), keyfile: f('broker.key') } }),
    );
    broker = spawn('mosquitto', ['-c', f('mosquitto.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    broker.stderr?.on('data', (b: Buffer) => (err += b.toString()));
    for (let i = 0; i < 50; i++) {
      const up = await mqtt.connectAsync(serverUrl, { reconnectPeriod: 0, connectTimeout: 500, ...server }).then(
        async (c) => (await c.endAsync(), true),
        () => false,
      );
      if (up) return;
      await sleep(100);
    }
    throw new Error(`mosquitto did not come up: ${err}`);
  });

  afterAll(() => {
    for (const c of clients) c.end(true);
    broker?.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  });

  it('a device with a CA-signed certificate AND its password connects, and its result reaches the server', async () => {
    const srv = await mqtt.connectAsync(serverUrl, { reconnectPeriod: 0, ...server });
    clients.push(srv);
    const seen: string[] = [];
    srv.on('message', (_t, p) => seen.push(p.toString()));
    await srv.subscribeAsync('felt/v1/tables/+/devices/+/events', { qos: 1 });
    const dev = await mqtt.connectAsync(url, { ...tlsOpts('wheel'), username: wheel.username, password: wheel.password });
    clients.push(dev);
    await dev.publishAsync('felt/v1/tables/tbl_1/devices/wheel-1/events', '{"type":"wheel.result","payload":{"number":9}}', { qos: 1 });
    for (let i = 0; i < 30 && seen.length === 0; i++) await sleep(50);
    expect(seen).toEqual(['{"type":"wheel.result","payload":{"number":9}}']);
  });

  it('refuses a client without a certificate, with a certificate of another CA, or with the right certificate but a wrong password', async () => {
    expect(await attempt({ ...tlsOpts(null), username: wheel.username, password: wheel.password })).not.toBe('connected');
    expect(await attempt({ ...tlsOpts('rogue'), username: wheel.username, password: wheel.password })).not.toBe('connected');
    expect(await attempt({ ...tlsOpts('wheel'), username: wheel.username, password: 'guess' })).toMatch(/Not authorized|Bad username/i);
    // Plain TCP to the TLS listener gets nowhere either.
    expect(await attempt({ reconnectPeriod: 0, connectTimeout: 1500, username: wheel.username, password: wheel.password, protocol: 'mqtt', host: '127.0.0.1', port: Number(new URL(url).port) })).not.toBe('connected');
  });
});
