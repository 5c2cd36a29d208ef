import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { felt } from '../../../../test/support/cli.js';
import { parseEnvFile } from './env-file.js';

/** A stand-in for the studio server's admin API (login, tables, credential issue) — what the commands call. */
function fakeServer(): Promise<{ url: string; server: Server; issued: string[] }> {
  const issued: string[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const send = (status: number, v: unknown): void => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(v));
      };
      if (req.url === '/auth/login') {
        const b = JSON.parse(body) as { username: string; password: string };
        return b.username === 'admin' && b.password === 'admin-password-1' ? send(200, { token: 't', refreshToken: 'r', expiresIn: 900, user: { userId: 'adm', role: 'admin', name: 'A' } }) : send(401, { code: 'INVALID_CREDENTIALS', ruleId: null, message: 'no' });
      }
      if (req.headers.authorization !== 'Bearer t') return send(401, { code: 'UNAUTHENTICATED', ruleId: null, message: 'no' });
      if (req.url === '/tables') return send(200, [{ tableId: 'tbl_1', devices: [{ deviceId: 'wheel-1', kind: 'wheel' }, { deviceId: 'timer-1', kind: 'timer' }] }]);
      const m = /^\/tables\/([^/]+)\/devices\/([^/]+)\/credentials$/.exec(req.url ?? '');
      if (m && req.method === 'POST') {
        issued.push(`${m[1]}/${m[2]}`);
        return send(201, { username: `${m[1]}/${m[2]}`, tableId: m[1], deviceId: m[2], password: `pw-${m[2]}-${issued.length}`, createdAt: 1, rotatedAt: 1 });
      }
      return send(404, { code: 'NOT_FOUND', ruleId: null, message: req.url });
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, issued })));
}

describe('felt secrets / mqtt-auth / device-credentials (issue 9 findings 1 and 10)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'felt-trust-cli-'));
  let fake: Awaited<ReturnType<typeof fakeServer>>;
  beforeAll(async () => {
    fake = await fakeServer();
  });
  afterAll(() => {
    fake.server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('felt secrets writes a 0600 env file with fresh secrets and a server-only Mosquitto password file + ACL; refuses to overwrite without --force', async () => {
    const env = join(dir, 'felt.env');
    const r = await felt(['secrets', '--out', env, '--mqtt-dir', join(dir, 'mqtt')]);
    expect(r.code).toBe(0);
    const v = parseEnvFile(readFileSync(env, 'utf8'));
    expect(Object.keys(v).sort()).toEqual(['DATABASE_URL', 'FELT_ADMIN_PASSWORD', 'FELT_ADMIN_USER', 'JWT_SECRET', 'MQTT_PASSWORD', 'MQTT_USERNAME', 'POSTGRES_PASSWORD']);
    expect(v['JWT_SECRET']).toMatch(/^[0-9a-f]{64}$/);
    expect(v['DATABASE_URL']).toContain(v['POSTGRES_PASSWORD']);
    expect(statSync(env).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(dir, 'mqtt', 'passwd'), 'utf8')).toMatch(/^felt-server:\$7\$101\$/);
    expect(readFileSync(join(dir, 'mqtt', 'acl'), 'utf8')).toContain('user felt-server\ntopic readwrite felt/v1/#');
    expect((await felt(['secrets', '--out', env, '--mqtt-dir', join(dir, 'mqtt')])).code).toBe(2);
    const again = await felt(['secrets', '--out', env, '--mqtt-dir', join(dir, 'mqtt'), '--force']);
    expect(again.code).toBe(0);
    expect(parseEnvFile(readFileSync(env, 'utf8'))['JWT_SECRET']).not.toBe(v['JWT_SECRET']);
  });

  it('felt mqtt-auth issues every device a credential and writes passwd (server + devices), ACL and devices.json', async () => {
    const env = join(dir, 'auth.env');
    writeFileSync(env, 'MQTT_USERNAME=felt-server\nMQTT_PASSWORD=server-pw\nFELT_ADMIN_USER=admin\nFELT_ADMIN_PASSWORD=admin-password-1\n');
    const out = join(dir, 'mqtt-auth');
    const r = await felt(['mqtt-auth', '--server-url', fake.url, '--env', env, '--out', out]);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(fake.issued).toEqual(['tbl_1/wheel-1', 'tbl_1/timer-1']);
    expect(readFileSync(join(out, 'passwd'), 'utf8').split('\n').filter(Boolean).map((l) => l.split(':')[0])).toEqual(['felt-server', 'tbl_1/wheel-1', 'tbl_1/timer-1']);
    const acl = readFileSync(join(out, 'acl'), 'utf8');
    expect(acl).toContain('user tbl_1/wheel-1\ntopic write felt/v1/tables/tbl_1/devices/wheel-1/events\ntopic write felt/v1/tables/tbl_1/devices/wheel-1/status\ntopic write felt/v1/tables/tbl_1/devices/wheel-1/acks\ntopic read felt/v1/tables/tbl_1/devices/wheel-1/commands');
    expect(JSON.parse(readFileSync(join(out, 'devices.json'), 'utf8'))).toEqual({ 'tbl_1/wheel-1': { username: 'tbl_1/wheel-1', password: 'pw-wheel-1-1' }, 'tbl_1/timer-1': { username: 'tbl_1/timer-1', password: 'pw-timer-1-2' } });
    expect(statSync(join(out, 'devices.json')).mode & 0o777).toBe(0o600);
  });

  it('felt device-credentials issue prints the new secret once; bad usage and a wrong admin password exit 2', async () => {
    const env = join(dir, 'auth.env');
    const r = await felt(['device-credentials', 'issue', '--server-url', fake.url, '--table', 'tbl_1', '--device', 'wheel-1', '--env', env]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({ username: 'tbl_1/wheel-1', password: expect.stringMatching(/^pw-wheel-1-/) });
    expect((await felt(['device-credentials', 'issue', '--server-url', fake.url, '--table', 'tbl_1'])).code).toBe(2);
    writeFileSync(join(dir, 'bad.env'), 'FELT_ADMIN_USER=admin\nFELT_ADMIN_PASSWORD=wrong-password-x\n');
    const bad = await felt(['device-credentials', 'list', '--server-url', fake.url, '--table', 'tbl_1', '--env', join(dir, 'bad.env')]);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('INVALID_CREDENTIALS');
  });
});
