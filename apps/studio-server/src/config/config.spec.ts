import { describe, expect, it } from 'vitest';
import { configFromEnv } from './config.js';

describe('configuration from the environment', () => {
  it('runs fully embedded with no variables: PGlite under .felt-data, aedes on 1885, in-process jobs, demo users', () => {
    const c = configFromEnv({});
    expect(c.port).toBe(3000);
    expect(c.database.kind).toBe('pglite');
    expect(c.database.kind === 'pglite' && c.database.dataDir?.endsWith('.felt-data/pglite')).toBe(true);
    expect(c.mqttUrl).toBeNull();
    expect(c.mqttEmbeddedPort).toBe(1885);
    expect(c.redisUrl).toBeNull();
    expect(c.demo).toBe(true);
    expect(c.jwtSecret.length).toBeGreaterThanOrEqual(32);
  });

  it('uses PostgreSQL, Redis and an external broker when their URLs are set, and no demo users unless FELT_DEMO=1', () => {
    const c = configFromEnv({ DATABASE_URL: 'postgres://x@h/db', REDIS_URL: 'redis://h:6379', MQTT_URL: 'mqtt://h:1883', PORT: '8080', JWT_SECRET: '0123456789abcdef0123456789abcdef', MQTT_USERNAME: 'felt-server', MQTT_PASSWORD: 'pw' });
    expect(c.database).toEqual({ kind: 'postgres', url: 'postgres://x@h/db' });
    expect([c.redisUrl, c.mqttUrl, c.port, c.jwtSecret, c.demo, c.mqttUsername, c.mqttPassword]).toEqual(['redis://h:6379', 'mqtt://h:1883', 8080, '0123456789abcdef0123456789abcdef', false, 'felt-server', 'pw']);
    // Issue 9 finding 10: demo logins/top-ups on a real database only when explicitly asked twice.
    expect(() => configFromEnv({ DATABASE_URL: 'postgres://x@h/db', FELT_DEMO: '1' })).toThrow(/FELT_DEMO_ON_DATABASE=1/);
    expect(configFromEnv({ DATABASE_URL: 'postgres://x@h/db', FELT_DEMO: '1', FELT_DEMO_ON_DATABASE: '1' }).demo).toBe(true);
  });

  it('FELT_DATA_DIR=memory gives an in-memory PGlite; FELT_DEMO=0 disables demo users', () => {
    const c = configFromEnv({ FELT_DATA_DIR: 'memory', FELT_DEMO: '0' });
    expect(c.database).toEqual({ kind: 'pglite', dataDir: null });
    expect(c.demo).toBe(false);
  });

  it('refuses a short (guessable) JWT_SECRET such as the old compose default (issue 9 finding 10)', () => {
    expect(() => configFromEnv({ JWT_SECRET: 'change-me-in-production' })).toThrow(/JWT_SECRET/);
  });

  it('refuses a port that is not a port', () => {
    expect(() => configFromEnv({ PORT: 'eighty' })).toThrow();
    expect(() => configFromEnv({ PORT: '70000' })).toThrow();
  });
});
