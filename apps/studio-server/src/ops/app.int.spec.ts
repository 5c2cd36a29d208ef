import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, requireEnv } from '../../../../test/support/studio-server/test-database.js';
import { bootTestApp } from '../../../../test/support/studio-server/test-app.js';

describe('the studio server against the real services (PostgreSQL, Redis, Mosquitto)', () => {
  it('starts on DATABASE_URL + REDIS_URL + MQTT_URL, reports healthy, and shuts down cleanly', async () => {
    const redisUrl = requireEnv('REDIS_URL');
    const mqttUrl = requireEnv('MQTT_URL');
    const db = await createTestDatabase();
    try {
      const t = await bootTestApp({ config: { database: { kind: 'postgres', url: db.url }, redisUrl, mqttUrl, queuePrefix: `felt-test-${randomBytes(5).toString('hex')}` } });
      try {
        const res = await fetch(`${t.url}/health`);
        expect(res.status).toBe(200);
        expect(await res.json()).toMatchObject({ status: 'ok', db: 'up', broker: 'up', queue: 'up' });
      } finally {
        await t.close();
      }
    } finally {
      await db.drop();
    }
  });
});
