import { describe, expect, it, vi } from 'vitest';
import { bootConfig } from './boot-config.js';
import { ConfigError, configFromEnv } from './config.js';

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
    expect(configFromEnv({ DATABASE_URL: 'postgres://x@h/db', FELT_DEMO: '1', FELT_DEMO_ON_DATABASE: '1', JWT_SECRET: '0123456789abcdef0123456789abcdef' }).demo).toBe(true);
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

describe('configuration validated at boot with a schema (issue 12 point 5)', () => {
  it('names every bad variable at once with what it must be and the value it got', () => {
    let err: unknown;
    try {
      configFromEnv({ PORT: 'eighty', REDIS_URL: 'localhost:6379', FELT_SETTLEMENT_ATTEMPTS: '0', LOG_LEVEL: 'loud', FELT_DEMO: 'yes', JWT_SECRET: 'short' });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    const problems = Object.fromEntries((err as ConfigError).problems.map((p) => [p.variable, p.message]));
    expect(Object.keys(problems).sort()).toEqual(['FELT_DEMO', 'FELT_SETTLEMENT_ATTEMPTS', 'JWT_SECRET', 'LOG_LEVEL', 'PORT', 'REDIS_URL']);
    expect(problems['PORT']).toBe('must be a number (got "eighty")');
    expect(problems['REDIS_URL']).toBe('must be a URL with scheme redis or rediss (got "localhost:6379")');
    expect(problems['FELT_SETTLEMENT_ATTEMPTS']).toBe('must be ≥ 1 (got "0")');
    expect(problems['LOG_LEVEL']).toMatch(/^must be one of fatal, error, warn, info, debug, trace, silent \(got "loud"\)$/);
    expect(problems['FELT_DEMO']).toBe('must be 0 or 1 (got "yes")');
    expect(problems['JWT_SECRET']).toMatch(/^must be at least 32 characters/);
    expect(problems['JWT_SECRET']).not.toContain('short'); // secrets are never echoed
    expect((err as Error).message).toContain('  - PORT: must be a number (got "eighty")');
  });

  it('refuses an admin user without its password', () => {
    expect(() => configFromEnv({ FELT_ADMIN_USER: 'root' })).toThrow(/FELT_ADMIN_PASSWORD: FELT_ADMIN_USER and FELT_ADMIN_PASSWORD go together/);
    expect(() => configFromEnv({ FELT_ADMIN_USER: 'root', FELT_ADMIN_PASSWORD: 'short' })).toThrow(/FELT_ADMIN_PASSWORD: must be at least 12/);
  });

  it('bootConfig (the first call of main.ts) exits 2 with the message and no stack trace on a bad value', () => {
    const exit = vi.spyOn(process, 'exit').mockImplementation(((code: number) => {
      throw new Error(`exit ${code}`);
    }) as never);
    let err = '';
    const write = vi.spyOn(process.stderr, 'write').mockImplementation(((s: string) => {
      err += s;
      return true;
    }) as never);
    try {
      expect(() => bootConfig({ PORT: '99999', MQTT_URL: 'http://x' })).toThrow('exit 2');
    } finally {
      exit.mockRestore();
      write.mockRestore();
    }
    expect(err).toContain('PORT: must be 0–65535 (got "99999")');
    expect(err).toContain('MQTT_URL: must be a URL with scheme mqtt');
    expect(err).not.toMatch(/\n\s+at /);
    expect(bootConfig({ PORT: '4000' }).port).toBe(4000);
  });
});
