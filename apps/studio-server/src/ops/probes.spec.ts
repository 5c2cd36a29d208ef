import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { MqttClient } from 'mqtt';
import { describe, expect, it } from 'vitest';
import { MQTT_CLIENT } from '../shared/ports/mqtt.tokens.js';
import { freePort } from '../../../../test/support/processes.js';
import { bootTestApp } from '../../../../test/support/studio-server/test-app.js';

const status = async (url: string): Promise<number> => {
  try {
    return (await fetch(url)).status;
  } catch {
    return 0;
  }
};

describe('probes (issue 22 §10): liveness is the process, readiness is "can serve"', () => {
  it('a dependency down: /health and /health/ready 503, /health/live still 200 (no restart for a blip)', async () => {
    const t = await bootTestApp();
    try {
      expect(await status(`${t.url}/health/live`)).toBe(200);
      expect(await status(`${t.url}/health/ready`)).toBe(200);
      await t.get<MqttClient>(MQTT_CLIENT).endAsync(true); // the broker link gone
      expect(await status(`${t.url}/health`)).toBe(503);
      const ready = await fetch(`${t.url}/health/ready`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ status: 'error', broker: 'down', draining: false });
      expect(await status(`${t.url}/health/live`)).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('SIGTERM: readiness turns 503 at once while the server still answers (the drain, FELT_DRAIN_MS), then it stops and exits 0', async () => {
    const entry = fileURLToPath(new URL('../../dist/main.js', import.meta.url));
    expect(existsSync(entry), 'build the server first (npm run build)').toBe(true);
    const port = await freePort();
    const mqttPort = await freePort();
    const child = spawn(process.execPath, [entry], { env: { ...process.env, PORT: String(port), MQTT_EMBEDDED_PORT: String(mqttPort), FELT_DATA_DIR: 'memory', DATABASE_URL: '', REDIS_URL: '', MQTT_URL: '', FELT_DEMO: '0', FELT_DRAIN_MS: '2500', LOG_LEVEL: 'warn' }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 600 && (await status(`${base}/health/ready`)) !== 200; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await status(`${base}/health/ready`), stderr).toBe(200);
    child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    const ready = await fetch(`${base}/health/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ draining: true });
    expect(await status(`${base}/health/live`)).toBe(200);
    expect(await status(`${base}/time`)).toBe(200); // still serving what is in flight
    expect(await exited).toBe(0);
    expect(await status(`${base}/health/live`)).toBe(0); // gone
  }, 90_000);
});
