import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseConfig } from './config.js';

describe('edge-agent config (config as code, W-6)', () => {
  it('accepts the example config and fills the spec defaults (9600 baud, mode 1159)', () => {
    const raw = JSON.parse(readFileSync(fileURLToPath(new URL('../edge.example.json', import.meta.url)), 'utf8')) as unknown;
    const r = parseConfig(raw);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.config.devices.map((d) => [d.model, d.baudRate])).toEqual([
      ['ss2-wheel', 9600],
      ['felt-shoe', 9600],
      ['felt-timer', 9600],
    ]);
    const wheel = r.config.devices[0];
    expect(wheel?.model === 'ss2-wheel' ? wheel.desired : null).toEqual({ operatingMode: 1159, params: { A: '60', D: '8', E: '14' } });
    // Issue 9 finding 1: a device's own MQTT login, issued by the server.
    expect(wheel?.credentials).toEqual({ username: 'tbl_roulette_1/wheel_1', password: '<from felt device-credentials issue>' });
  });

  it('device credentials: username + password, nothing else, never empty', () => {
    const base = { tableId: 'tbl_1', mqtt: { url: 'mqtt://x' }, dataDir: '/tmp/x' };
    const dev = (credentials: unknown): unknown => ({ ...base, devices: [{ model: 'felt-shoe', deviceId: 's', path: '/a', credentials }] });
    expect(parseConfig(dev({ username: 'tbl_1/s', password: 'secret' })).ok).toBe(true);
    expect(parseConfig(dev({ username: 'tbl_1/s', password: '' }))).toMatchObject({ ok: false, error: expect.stringContaining('devices.0.credentials.password') });
    expect(parseConfig(dev({ username: 'tbl_1/s', password: 'x', token: 'y' }))).toMatchObject({ ok: false, error: expect.stringContaining('devices.0.credentials') });
  });

  it('rejects an unknown model, a duplicate device id and a topic-unsafe id with a message naming the field', () => {
    const base = { tableId: 'tbl_1', mqtt: { url: 'mqtt://x' }, dataDir: '/tmp/x' };
    const bad1 = parseConfig({ ...base, devices: [{ model: 'dice-cam', deviceId: 'd', path: '/dev/x' }] });
    expect(bad1).toMatchObject({ ok: false, error: expect.stringContaining('devices.0.model') });
    const bad2 = parseConfig({ ...base, devices: [{ model: 'felt-shoe', deviceId: 's', path: '/a' }, { model: 'felt-timer', deviceId: 's', path: '/b' }] });
    expect(bad2).toMatchObject({ ok: false, error: expect.stringContaining('deviceIds must be unique') });
    const bad3 = parseConfig({ ...base, tableId: 'tbl/1', devices: [{ model: 'felt-shoe', deviceId: 's', path: '/a' }] });
    expect(bad3).toMatchObject({ ok: false, error: expect.stringContaining('tableId') });
  });
});
