/**
 * Process configuration from the environment (docs/architecture.md "Configuration and defaults").
 * Every variable is optional: with none set the server runs fully embedded (PGlite, aedes, in-process jobs).
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { databaseTargetFromEnv, type DatabaseTarget } from './database-target.js';

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
  /** Demo only (issue 12): a simulated operator `op-demo` in seamless mode with player3 as its player (FELT_DEMO_SEAMLESS=0 turns it off). */
  readonly demoSeamless?: boolean;
  /** Seamless-wallet credit/rollback retries (default: 50 attempts, 0.5 s doubling to 60 s); tests shorten them. */
  readonly seamlessRetry?: { readonly attempts: number; readonly backoffMs: number; readonly maxBackoffMs: number };
  /** BullMQ key prefix (tests use a unique one per run). */
  readonly queuePrefix: string;
  /** Settlement job attempts (BullMQ) before dead-letter + alert. */
  readonly settlementAttempts: number;
  readonly settlementBackoffMs: number;
  /** FELT_TRUST_PROXY (issue 22 §7): Express's `trust proxy` value; null = the peer is the client. */
  readonly trustProxy?: string | null;
  /** FELT_CORS_ORIGINS (issue 22 §9): browser origins allowed to call the API; empty = same origin only. */
  readonly corsOrigins?: readonly string[];
  /** FELT_DRAIN_MS: not-ready time before a stop closes the server (issue 22 §10); default 0. */
  readonly drainMs?: number;
  /** LOG_LEVEL (pino); tests default to `silent`. */
  readonly logLevel?: LogLevelName;
}

export const FELT_CONFIG = Symbol('FELT_CONFIG');

/** Pino levels (LOG_LEVEL); `silent` turns logging off (tests). */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevelName = (typeof LOG_LEVELS)[number];

/** A configuration value that failed its schema: every bad variable is named with what it must be. */
export class ConfigError extends Error {
  constructor(readonly problems: readonly { readonly variable: string; readonly message: string }[]) {
    super(`invalid configuration:\n${problems.map((p) => `  - ${p.variable}: ${p.message}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const optional = <T extends z.ZodType>(s: T) => z.preprocess((v) => (v === '' ? undefined : v), s.optional());
const port = (dflt: number) => optional(z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(0, 'must be 0–65535').max(65535, 'must be 0–65535')).transform((v) => v ?? dflt);
const url = (schemes: readonly string[]) =>
  optional(
    z.string().refine((v) => {
      try {
        return schemes.includes(new URL(v).protocol.replace(/:$/, ''));
      } catch {
        return false;
      }
    }, `must be a URL with scheme ${schemes.join(' or ')}`),
  ).transform((v) => v ?? null);
const flag = optional(z.enum(['0', '1'], { error: 'must be 0 or 1' })).transform((v) => v ?? null);
const count = (dflt: number, min: number) => optional(z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(min, `must be ≥ ${min}`)).transform((v) => v ?? dflt);
const text = optional(z.string()).transform((v) => v ?? null);

/**
 * The environment schema (README "Running against PostgreSQL, Redis and Mosquitto"): validated at boot,
 * every bad value reported at once with the variable's name (issue 12 point 5).
 */
export const ENV_SCHEMA = z
  .object({
    PORT: port(3000),
    DATABASE_URL: url(['postgres', 'postgresql']),
    FELT_DATA_DIR: text,
    REDIS_URL: url(['redis', 'rediss']),
    MQTT_URL: url(['mqtt', 'mqtts', 'ws', 'wss', 'tcp']),
    MQTT_EMBEDDED_PORT: port(1885),
    MQTT_USERNAME: text,
    MQTT_PASSWORD: text,
    // Issue 9 finding 10: a set JWT_SECRET must be long enough not to be guessed (`felt secrets` writes 64 hex chars).
    JWT_SECRET: optional(z.string().min(32, 'must be at least 32 characters (generate one with `felt secrets`)')).transform((v) => v ?? null),
    FELT_ADMIN_USER: text,
    FELT_ADMIN_PASSWORD: optional(z.string().min(12, 'must be at least 12 characters (generate it with `felt secrets`)')).transform((v) => v ?? null),
    FELT_DEMO: flag,
    FELT_DEMO_ON_DATABASE: flag,
    FELT_DEMO_SEAMLESS: flag,
    FELT_QUEUE_PREFIX: optional(z.string().regex(/^[A-Za-z0-9_-]+$/, 'must be letters, digits, - or _')).transform((v) => v ?? 'felt'),
    FELT_SETTLEMENT_ATTEMPTS: count(5, 1),
    FELT_SETTLEMENT_BACKOFF_MS: count(1000, 0),
    // Issue 22 §10: how long a stopping instance stays up but not ready (ms) before it closes.
    FELT_DRAIN_MS: optional(z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(0, 'must be ≥ 0').max(60_000, 'must be ≤ 60000')).transform((v) => v ?? 0),
    // Issue 22 §11: 0 = never migrate at boot (the deployment runs `felt migrate`); refuse a schema that is behind.
    FELT_MIGRATE_ON_BOOT: flag,
    // Issue 22 §7: which proxies in front of the server may name the client (X-Forwarded-For): Express's `trust proxy`.
    FELT_TRUST_PROXY: text,
    // Issue 22 §9: origins allowed to call the API from a browser (comma list); unset = same origin only.
    FELT_CORS_ORIGINS: text,
    LOG_LEVEL: optional(z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` })).transform((v) => v ?? 'info'),
  })
  .superRefine((e, ctx) => {
    if ((e.FELT_ADMIN_USER === null) !== (e.FELT_ADMIN_PASSWORD === null)) {
      ctx.addIssue({ code: 'custom', path: [e.FELT_ADMIN_USER === null ? 'FELT_ADMIN_USER' : 'FELT_ADMIN_PASSWORD'], message: 'FELT_ADMIN_USER and FELT_ADMIN_PASSWORD go together (generate both with `felt secrets`)' });
    }
    // Issue 9 finding 10: demo users and top-ups never on a real database unless explicitly asked twice.
    if (e.FELT_DEMO === '1' && e.DATABASE_URL !== null && e.FELT_DEMO_ON_DATABASE !== '1') {
      ctx.addIssue({ code: 'custom', path: ['FELT_DEMO'], message: 'FELT_DEMO=1 with DATABASE_URL seeds known demo logins and enables top-ups on a real database: set FELT_DEMO_ON_DATABASE=1 as well if that is really wanted' });
    }
  });

/** Parses the environment against ENV_SCHEMA; throws a ConfigError naming every bad variable. */
export function configFromEnv(env: Readonly<Record<string, string | undefined>> = process.env): FeltConfig {
  const known = Object.fromEntries(Object.keys(ENV_SCHEMA.shape).map((k) => [k, env[k]]));
  const r = ENV_SCHEMA.safeParse(known);
  if (!r.success) {
    throw new ConfigError(
      r.error.issues.map((i) => {
        const variable = String(i.path[0] ?? '(environment)');
        const got = env[variable];
        const shown = got === undefined || /SECRET|PASSWORD/.test(variable) ? '' : ` (got "${got}")`;
        return { variable, message: `${i.message}${shown}` };
      }),
    );
  }
  const e = r.data;
  const database = databaseTargetFromEnv(env);
  const demo = e.FELT_DEMO === '1' || (e.FELT_DEMO === null && database.kind === 'pglite');
  return {
    port: e.PORT,
    database,
    redisUrl: e.REDIS_URL,
    mqttUrl: e.MQTT_URL,
    mqttEmbeddedPort: e.MQTT_EMBEDDED_PORT,
    bootstrapAdmin: e.FELT_ADMIN_USER !== null && e.FELT_ADMIN_PASSWORD !== null ? { username: e.FELT_ADMIN_USER, password: e.FELT_ADMIN_PASSWORD } : null,
    mqttUsername: e.MQTT_USERNAME,
    mqttPassword: e.MQTT_PASSWORD,
    // Without JWT_SECRET a per-process random secret is used (tokens die with the process): fine for the embedded demo only.
    jwtSecret: e.JWT_SECRET ?? randomBytes(32).toString('hex'),
    demo,
    demoSeamless: demo && e.FELT_DEMO_SEAMLESS !== '0',
    queuePrefix: e.FELT_QUEUE_PREFIX,
    settlementAttempts: e.FELT_SETTLEMENT_ATTEMPTS,
    settlementBackoffMs: e.FELT_SETTLEMENT_BACKOFF_MS,
    logLevel: e.LOG_LEVEL,
    drainMs: e.FELT_DRAIN_MS,
    trustProxy: e.FELT_TRUST_PROXY,
    corsOrigins: e.FELT_CORS_ORIGINS === null ? [] : e.FELT_CORS_ORIGINS.split(',').map((o) => o.trim()).filter((o) => o.length > 0),
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
    logLevel: 'silent',
    ...over,
  };
}
