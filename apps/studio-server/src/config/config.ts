/**
 * Process configuration from the environment (ARCHITECTURE.md "Configuration and defaults").
 * Every variable is optional: with none set the server runs fully embedded (PGlite, aedes, in-process jobs).
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { databaseTargetFromEnv, type DatabaseTarget } from '../persistence/data-source.js';

export type PersistenceTarget = DatabaseTarget | { readonly kind: 'memory' };

export interface FeltConfig {
  readonly port: number;
  /** `memory` (InMemoryUnitOfWork, no SQL) exists for unit tests only; env always yields pglite or postgres. */
  readonly database: PersistenceTarget;
  readonly redisUrl: string | null;
  readonly mqttUrl: string | null;
  readonly mqttEmbeddedPort: number;
  /** The server's own MQTT credential on an external broker (MQTT_USERNAME / MQTT_PASSWORD; issue 9 finding 1). */
  readonly mqttUsername?: string | null;
  readonly mqttPassword?: string | null;
  readonly jwtSecret: string;
  /**
   * Tests only (testConfig): tokens signed for users that are not in the user store pass the token check.
   * Never set from the environment: in production a token's user must exist and be enabled (issue 9 finding 9).
   */
  readonly allowUnknownTokenUsers?: boolean;
  /** FELT_ADMIN_USER / FELT_ADMIN_PASSWORD (written by `felt secrets`): an admin created at start if absent — the first login without demo users. */
  readonly bootstrapAdmin?: { readonly username: string; readonly password: string } | null;
  /** Demo users + top-ups: FELT_DEMO=1, or embedded mode (no DATABASE_URL) unless FELT_DEMO=0. */
  readonly demo: boolean;
  /** BullMQ key prefix (tests use a unique one per run). */
  readonly queuePrefix: string;
  /** Settlement job attempts (BullMQ) before dead-letter + alert. */
  readonly settlementAttempts: number;
  readonly settlementBackoffMs: number;
}

export const FELT_CONFIG = Symbol('FELT_CONFIG');

const port = z.coerce.number().int().min(0).max(65535);

/** Issue 9 finding 10: a set JWT_SECRET must be long enough not to be guessed (`felt secrets` writes 64 hex chars). */
function jwtSecret(v: string | null): string {
  if (v === null) return randomBytes(32).toString('hex');
  if (v.length < 32) throw new Error('JWT_SECRET must be at least 32 characters (generate one with `felt secrets`)');
  return v;
}

function bootstrapAdmin(username: string | null, password: string | null): { username: string; password: string } | null {
  if (username === null && password === null) return null;
  if (username === null || password === null || password.length < 12) throw new Error('FELT_ADMIN_USER needs FELT_ADMIN_PASSWORD of at least 12 characters (generate both with `felt secrets`)');
  return { username, password };
}

export function configFromEnv(env: Readonly<Record<string, string | undefined>> = process.env): FeltConfig {
  const get = (k: string): string | null => {
    const v = env[k];
    return v === undefined || v === '' ? null : v;
  };
  const database = databaseTargetFromEnv(env);
  const demoFlag = get('FELT_DEMO');
  // Issue 9 finding 10: demo users and top-ups never on a real database unless explicitly asked twice.
  if (demoFlag === '1' && database.kind === 'postgres' && get('FELT_DEMO_ON_DATABASE') !== '1') {
    throw new Error('FELT_DEMO=1 with DATABASE_URL seeds known demo logins and enables top-ups on a real database: set FELT_DEMO_ON_DATABASE=1 as well if that is really wanted');
  }
  const demo = demoFlag === '1' || (demoFlag === null && database.kind === 'pglite');
  return {
    port: port.parse(get('PORT') ?? '3000'),
    database,
    redisUrl: get('REDIS_URL'),
    mqttUrl: get('MQTT_URL'),
    mqttEmbeddedPort: port.parse(get('MQTT_EMBEDDED_PORT') ?? '1885'),
    bootstrapAdmin: bootstrapAdmin(get('FELT_ADMIN_USER'), get('FELT_ADMIN_PASSWORD')),
    mqttUsername: get('MQTT_USERNAME'),
    mqttPassword: get('MQTT_PASSWORD'),
    // Without JWT_SECRET a per-process random secret is used (tokens die with the process): fine for the embedded demo only.
    jwtSecret: jwtSecret(get('JWT_SECRET')),
    demo,
    queuePrefix: get('FELT_QUEUE_PREFIX') ?? 'felt',
    settlementAttempts: z.coerce.number().int().min(1).parse(get('FELT_SETTLEMENT_ATTEMPTS') ?? '5'),
    settlementBackoffMs: z.coerce.number().int().min(0).parse(get('FELT_SETTLEMENT_BACKOFF_MS') ?? '1000'),
  };
}

/** A config for tests: in-memory everything, fixed secret; override what the test needs. */
export function testConfig(over: Partial<FeltConfig> = {}): FeltConfig {
  return {
    port: 0,
    database: { kind: 'memory' },
    redisUrl: null,
    mqttUrl: null,
    mqttEmbeddedPort: 0,
    jwtSecret: 'test-secret-test-secret-test-secret',
    allowUnknownTokenUsers: true,
    demo: false,
    queuePrefix: `felt-test-${randomBytes(4).toString('hex')}`,
    settlementAttempts: 5,
    settlementBackoffMs: 10,
    ...over,
  };
}
