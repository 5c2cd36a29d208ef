/**
 * Throw-away PostgreSQL databases for integration tests: `felt_test_<random>` created from
 * DATABASE_URL and dropped afterwards, so parallel runs never collide. Fails (never skips) when
 * DATABASE_URL is missing or the server is down (CI must notice).
 */
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';

export interface TestDatabase {
  readonly url: string;
  readonly name: string;
  drop(): Promise<void>;
}

export function requireEnv(name: 'DATABASE_URL' | 'REDIS_URL' | 'MQTT_URL'): string {
  const v = process.env[name];
  if (v === undefined || v === '') throw new Error(`${name} is not set: integration tests need the real service (they fail, never skip)`);
  return v;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const base = requireEnv('DATABASE_URL');
  const name = `felt_test_${randomBytes(6).toString('hex')}`;
  await withAdmin(base, (admin) => admin.query(`CREATE DATABASE "${name}"`));
  const u = new URL(base);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    name,
    async drop() {
      await withAdmin(base, (admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}

async function withAdmin(url: string, fn: (ds: DataSource) => Promise<unknown>): Promise<void> {
  const admin = new DataSource({ type: 'postgres', url, extra: { max: 1 } });
  await admin.initialize();
  try {
    await fn(admin);
  } finally {
    await admin.destroy();
  }
}
