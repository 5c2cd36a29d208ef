import mqtt from 'mqtt';
import { Redis } from 'ioredis';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { requireEnv } from './support/services.js';

// The integration suites are only meaningful against real services: this suite fails loudly when any
// of them is missing, rather than letting the rest skip silently.
describe('integration services are reachable', () => {
  it('PostgreSQL answers on DATABASE_URL', async () => {
    const client = new pg.Client({ connectionString: requireEnv('DATABASE_URL') });
    await client.connect();
    try {
      const r = await client.query('select 1 as one');
      expect(r.rows[0].one).toBe(1);
    } finally {
      await client.end();
    }
  });

  it('Redis answers on REDIS_URL', async () => {
    const redis = new Redis(requireEnv('REDIS_URL'), { maxRetriesPerRequest: 1, lazyConnect: true });
    await redis.connect();
    try {
      expect(await redis.ping()).toBe('PONG');
    } finally {
      redis.disconnect();
    }
  });

  it('the MQTT broker on MQTT_URL accepts a connection', async () => {
    const client = await mqtt.connectAsync(requireEnv('MQTT_URL'), { connectTimeout: 5000, reconnectPeriod: 0 });
    expect(client.connected).toBe(true);
    await client.endAsync();
  });
});
