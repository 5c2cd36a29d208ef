/**
 * Process configuration from the environment (docs/architecture.md "Configuration and defaults").
 * Every variable is optional: with none set the server runs fully embedded (PGlite, aedes, in-process jobs).
 */
import { createHash, createPrivateKey, randomBytes } from 'node:crypto';
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
  /** The current signing secret (JWT_SECRET); tokens carry its key id `jwtKeyId` in their header. */
  readonly jwtSecret: string;
  /** JWT_KEY_ID (issue 22 §12): the `kid` of the current secret; default derived from the secret (`k-` + 8 hex of its SHA-256). */
  readonly jwtKeyId?: string;
  /** JWT_PREVIOUS_KEYS (issue 22 §12): retired secrets still accepted for verification during a rotation, by key id. */
  readonly jwtPreviousKeys?: readonly { readonly kid: string; readonly secret: string }[];
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
  /** The tuning settings (issue 22 §12): every other variable of ENV_SCHEMA, validated; the modules read them here, not from process.env. */
  readonly settings?: Partial<FeltSettings>;
}

/** Tuning settings read by single modules (devices, recovery, cluster, poker, web apps, rate limits). */
export interface FeltSettings {
  readonly mqttRoot: string | null;
  readonly mqttClientId: string | null;
  readonly deviceAckTimeoutMs: number;
  readonly deviceFaultWindowMs: number;
  readonly recoveryStallMs: number;
  readonly cluster: boolean;
  readonly clusterName: string | null;
  readonly instanceId: string | null;
  readonly advertiseUrl: string | null;
  readonly routeTimeoutMs: number | null;
  readonly forwardStampSkewMs: number | null;
  readonly leaseTtlMs: number;
  readonly pokerNextHandMs: number;
  readonly pokerRobotMs: number;
  readonly pokerRobots: boolean;
  readonly pokerCardWaitMs: number;
  readonly webRoot: string | null;
  readonly rateUser: string;
  readonly rateIp: string;
  readonly migrateOnBoot: boolean;
  readonly publicUrl: string | null;
  readonly operatorRsaKey: string | null;
  readonly alertWebhookUrl: string | null;
  readonly alertWebhookSecret: string | null;
  readonly alertWebhookMinSeverity: 'info' | 'warning' | 'critical';
  readonly streamSecret: string | null;
  /** FELT_CHAT_DATA (issue 24): a JSON file with the table chat's data (canned messages, word filter per language, rate, tips); null: the shipped defaults. */
  readonly chatDataFile: string | null;
  /** FELT_TOURNAMENT_ROUND_MS (issue 24): how often a running tournament deals a round of hands (and reads its level clock); 0: never by itself (tests drive it). */
  readonly tournamentRoundMs: number;
  /** FELT_TOURNAMENT_ACTION_MS (issue 24, TRN-PLAY): a person's action clock in a tournament hand (S1-TIMEOUT). */
  readonly tournamentActionMs: number;
  /** FELT_DISCONNECT_GRACE_MS (issue 24, S1-DISCONNECT): how long a player's last connection may be gone before they are sat out where no socket watches (tournaments). */
  readonly disconnectGraceMs: number;
  readonly cameraFfmpeg: string;
  /** FELT_CAMERA_THREAD (issue 21): where the demo camera makes its frames, `main` (default) or `worker` (a worker thread per watched table). */
  readonly cameraThread: 'main' | 'worker';
  /** FELT_WS_PARSER (issue 25 §2): socket.io's wire encoding, `json` (default) or `msgpack` (clients must use `@felt-studio/protocol/msgpack`). */
  readonly wsParser: 'json' | 'msgpack';
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
const millis = (dflt: number, min: number, max: number) =>
  optional(z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(min, `must be ≥ ${min}`).max(max, `must be ≤ ${max}`)).transform((v) => v ?? dflt);
const KEY_ID = /^[A-Za-z0-9._-]{1,32}$/;
const rate = (dflt: string) => optional(z.string().regex(/^\d+(\.\d+)?\/\d+$/, 'a rate is "<per second>/<burst>", e.g. 20/40')).transform((v) => v ?? dflt);
const previousKeys = optional(
  z.string().superRefine((v, ctx) => {
    for (const part of v.split(',').map((p) => p.trim()).filter((p) => p.length > 0)) {
      const i = part.indexOf(':');
      if (i < 1 || !KEY_ID.test(part.slice(0, i)) || part.length - i - 1 < 32) ctx.addIssue({ code: 'custom', message: 'must be a comma list of <key id>:<secret of ≥ 32 characters>' });
    }
  }),
).transform((v) =>
  v === undefined
    ? []
    : v
        .split(',')
        .map((p) => p.trim())
        .filter((p) => p.length > 0)
        .map((p) => ({ kid: p.slice(0, p.indexOf(':')), secret: p.slice(p.indexOf(':') + 1) })),
);

/** The key id of a secret when JWT_KEY_ID is not set: stable for the same secret on every instance, and reveals nothing of it. */
export const derivedKeyId = (secret: string): string => `k-${createHash('sha256').update(secret).digest('hex').slice(0, 8)}`;

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
    // Issue 22 §12: key rotation — the current key's id, and retired keys still accepted while their tokens live.
    JWT_KEY_ID: optional(z.string().regex(KEY_ID, 'must be 1–32 letters, digits, . _ or -')).transform((v) => v ?? null),
    JWT_PREVIOUS_KEYS: previousKeys,
    // Issue 22 §12: every other setting the server reads, here rather than in the module that uses it.
    FELT_CLUSTER: flag,
    FELT_CLUSTER_NAME: optional(z.string().regex(/^[A-Za-z0-9_-]+$/, 'must be letters, digits, - or _')).transform((v) => v ?? null),
    FELT_INSTANCE_ID: optional(z.string().regex(/^[A-Za-z0-9._-]{1,64}$/, 'must be 1–64 letters, digits, . _ or -')).transform((v) => v ?? null),
    FELT_ADVERTISE_URL: url(['http', 'https']),
    FELT_ROUTE_TIMEOUT_MS: optional(z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(100, 'must be ≥ 100').max(60_000, 'must be ≤ 60000')).transform((v) => v ?? null),
    // Issue 25 §3: the bound on the instances' clock difference under which a forwarded bet keeps its arrival stamp.
    FELT_FORWARD_STAMP_SKEW_MS: optional(z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(0, 'must be ≥ 0').max(1_000, 'must be ≤ 1000')).transform((v) => v ?? null),
    FELT_LEASE_TTL_MS: millis(5_000, 500, 60_000),
    FELT_MQTT_ROOT: optional(z.string().regex(/^[A-Za-z0-9_/-]+$/, 'must be an MQTT topic prefix (letters, digits, _ - /)')).transform((v) => v ?? null),
    FELT_MQTT_CLIENT_ID: optional(z.string().regex(/^[A-Za-z0-9._-]{1,64}$/, 'must be 1–64 letters, digits, . _ or -')).transform((v) => v ?? null),
    FELT_DEVICE_ACK_TIMEOUT_MS: millis(5_000, 100, 600_000),
    FELT_DEVICE_FAULT_WINDOW_MS: millis(60_000, 1_000, 3_600_000),
    FELT_RECOVERY_STALL_MS: millis(60_000, 100, 3_600_000),
    // up to a day: tests hold hands back ("hands start when the test says")
    FELT_POKER_NEXT_HAND_MS: millis(3_000, 0, 86_400_000),
    FELT_POKER_ROBOT_MS: millis(900, 0, 86_400_000),
    FELT_POKER_ROBOTS: flag,
    FELT_POKER_CARD_WAIT_MS: millis(60_000, 100, 3_600_000),
    FELT_WEB_ROOT: text,
    // Issue 25 §2: socket.io's wire encoding — JSON text (default) or MessagePack (every client must use the same).
    FELT_CAMERA_THREAD: optional(z.enum(['main', 'worker'], { error: 'must be main or worker' })).transform((v) => v ?? 'main'),
    FELT_WS_PARSER: optional(z.enum(['json', 'msgpack'], { error: 'must be json or msgpack' })).transform((v) => v ?? 'json'),
    FELT_RATE_USER: rate('5/15'),
    FELT_RATE_IP: rate('200/400'),
    // Issue 22 §16: the studio's public address, for the game-launch URLs it gives operators.
    FELT_PUBLIC_URL: url(['http', 'https']),
    // Issue 22 §15: pit alerts out to a webhook (signed with the secret, retried).
    FELT_ALERT_WEBHOOK_URL: url(['http', 'https']),
    // Issue 21 §1: the HMAC secret of stream tokens (default: derived from JWT_SECRET).
    // Issue 24: the table chat's data (canned messages, word filter per language, rate, tip limits) as a JSON file.
    FELT_CHAT_DATA: optional(z.string().min(1)).transform((v) => v ?? null),
    FELT_TOURNAMENT_ROUND_MS: millis(4_000, 0, 3_600_000),
    FELT_TOURNAMENT_ACTION_MS: millis(20_000, 1_000, 600_000),
    FELT_DISCONNECT_GRACE_MS: millis(10_000, 0, 600_000),
    // Issue 21 §2: the demo studio camera's encoder — the ffmpeg binary (a path or a name on PATH), or `off`.
    FELT_CAMERA_FFMPEG: optional(z.string().min(1)).transform((v) => v ?? 'ffmpeg'),
    FELT_STREAM_SECRET: optional(z.string().min(32, 'must be at least 32 characters (generate one with `felt secrets`)')).transform((v) => v ?? null),
    FELT_ALERT_WEBHOOK_SECRET: optional(z.string().min(32, 'must be at least 32 characters (generate one with `felt secrets`)')).transform((v) => v ?? null),
    FELT_ALERT_WEBHOOK_MIN_SEVERITY: optional(z.enum(['info', 'warning', 'critical'], { error: 'must be info, warning or critical' })).transform((v) => v ?? 'warning'),
    // Issue 22 §16: Felt's RSA private key (PEM; `\\n` escapes allowed) for operators that sign with RSA-SHA256.
    FELT_OPERATOR_RSA_KEY: optional(
      z
        .string()
        .transform((v) => v.replace(/\\n/g, '\n'))
        .refine((v) => {
          try {
            return createPrivateKey(v).asymmetricKeyType === 'rsa';
          } catch {
            return false;
          }
        }, 'must be an RSA private key in PEM (e.g. `openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048`)'),
    ).transform((v) => v ?? null),
    LOG_LEVEL: optional(z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` })).transform((v) => v ?? 'info'),
  })
  .superRefine((e, ctx) => {
    if (e.FELT_ALERT_WEBHOOK_URL !== null && e.FELT_ALERT_WEBHOOK_SECRET === null) {
      ctx.addIssue({ code: 'custom', path: ['FELT_ALERT_WEBHOOK_SECRET'], message: 'FELT_ALERT_WEBHOOK_URL needs FELT_ALERT_WEBHOOK_SECRET (every delivery is signed)' });
    }
    if ((e.FELT_ADMIN_USER === null) !== (e.FELT_ADMIN_PASSWORD === null)) {
      ctx.addIssue({ code: 'custom', path: [e.FELT_ADMIN_USER === null ? 'FELT_ADMIN_USER' : 'FELT_ADMIN_PASSWORD'], message: 'FELT_ADMIN_USER and FELT_ADMIN_PASSWORD go together (generate both with `felt secrets`)' });
    }
    // Issue 9 finding 10: demo users and top-ups never on a real database unless explicitly asked twice.
    if (e.FELT_DEMO === '1' && e.DATABASE_URL !== null && e.FELT_DEMO_ON_DATABASE !== '1') {
      ctx.addIssue({ code: 'custom', path: ['FELT_DEMO'], message: 'FELT_DEMO=1 with DATABASE_URL seeds known demo logins and enables top-ups on a real database: set FELT_DEMO_ON_DATABASE=1 as well if that is really wanted' });
    }
  });

/**
 * Parses the environment against ENV_SCHEMA; throws a ConfigError naming every bad variable. `purpose`
 * `server` (default) also refuses to run on a shared database or in a cluster without JWT_SECRET (issue 22 §12):
 * each process would pick its own random secret, so tokens would fail on every other instance and on every
 * restart. `migrate` (`felt migrate`) signs nothing and does not need it.
 */
export function configFromEnv(env: Readonly<Record<string, string | undefined>> = process.env, purpose: 'server' | 'migrate' = 'server'): FeltConfig {
  const known = Object.fromEntries(Object.keys(ENV_SCHEMA.shape).map((k) => [k, env[k]]));
  const r = ENV_SCHEMA.safeParse(known);
  if (!r.success) {
    throw new ConfigError(
      r.error.issues.map((i) => {
        const variable = String(i.path[0] ?? '(environment)');
        const got = env[variable];
        const shown = got === undefined || /SECRET|PASSWORD|KEY/.test(variable) ? '' : ` (got "${got}")`;
        return { variable, message: `${i.message}${shown}` };
      }),
    );
  }
  const e = r.data;
  if (purpose === 'server' && e.JWT_SECRET === null && (e.DATABASE_URL !== null || e.FELT_CLUSTER === '1')) {
    const why = e.DATABASE_URL !== null ? 'DATABASE_URL is set' : 'FELT_CLUSTER=1';
    throw new ConfigError([{ variable: 'JWT_SECRET', message: `is required when ${why}: without it every process signs with its own random secret, so tokens fail on the other instances and after every restart (generate one with \`felt secrets\`)` }]);
  }
  if (e.JWT_SECRET !== null && e.JWT_PREVIOUS_KEYS.some((k) => k.secret === e.JWT_SECRET)) {
    throw new ConfigError([{ variable: 'JWT_PREVIOUS_KEYS', message: 'must not contain the current JWT_SECRET' }]);
  }
  const jwtSecret = e.JWT_SECRET ?? randomBytes(32).toString('hex');
  const jwtKeyId = e.JWT_KEY_ID ?? derivedKeyId(jwtSecret);
  if (e.JWT_PREVIOUS_KEYS.some((k) => k.kid === jwtKeyId)) {
    throw new ConfigError([{ variable: 'JWT_PREVIOUS_KEYS', message: `must not reuse the current key id ${jwtKeyId}` }]);
  }
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
    // Without JWT_SECRET a per-process random secret is used (tokens die with the process): the embedded demo only.
    jwtSecret,
    jwtKeyId,
    jwtPreviousKeys: e.JWT_PREVIOUS_KEYS,
    demo,
    demoSeamless: demo && e.FELT_DEMO_SEAMLESS !== '0',
    queuePrefix: e.FELT_QUEUE_PREFIX,
    settlementAttempts: e.FELT_SETTLEMENT_ATTEMPTS,
    settlementBackoffMs: e.FELT_SETTLEMENT_BACKOFF_MS,
    logLevel: e.LOG_LEVEL,
    drainMs: e.FELT_DRAIN_MS,
    trustProxy: e.FELT_TRUST_PROXY,
    corsOrigins: e.FELT_CORS_ORIGINS === null ? [] : e.FELT_CORS_ORIGINS.split(',').map((o) => o.trim()).filter((o) => o.length > 0),
    settings: settingsOf(e),
  };
}

type Env = z.infer<typeof ENV_SCHEMA>;

function settingsOf(e: Env): FeltSettings {
  return {
    mqttRoot: e.FELT_MQTT_ROOT,
    mqttClientId: e.FELT_MQTT_CLIENT_ID,
    deviceAckTimeoutMs: e.FELT_DEVICE_ACK_TIMEOUT_MS,
    deviceFaultWindowMs: e.FELT_DEVICE_FAULT_WINDOW_MS,
    recoveryStallMs: e.FELT_RECOVERY_STALL_MS,
    cluster: e.FELT_CLUSTER === '1',
    clusterName: e.FELT_CLUSTER_NAME,
    instanceId: e.FELT_INSTANCE_ID,
    advertiseUrl: e.FELT_ADVERTISE_URL,
    routeTimeoutMs: e.FELT_ROUTE_TIMEOUT_MS,
    forwardStampSkewMs: e.FELT_FORWARD_STAMP_SKEW_MS,
    leaseTtlMs: e.FELT_LEASE_TTL_MS,
    pokerNextHandMs: e.FELT_POKER_NEXT_HAND_MS,
    pokerRobotMs: e.FELT_POKER_ROBOT_MS,
    pokerRobots: e.FELT_POKER_ROBOTS !== '0',
    pokerCardWaitMs: e.FELT_POKER_CARD_WAIT_MS,
    webRoot: e.FELT_WEB_ROOT,
    rateUser: e.FELT_RATE_USER,
    rateIp: e.FELT_RATE_IP,
    migrateOnBoot: e.FELT_MIGRATE_ON_BOOT !== '0',
    publicUrl: e.FELT_PUBLIC_URL,
    operatorRsaKey: e.FELT_OPERATOR_RSA_KEY,
    alertWebhookUrl: e.FELT_ALERT_WEBHOOK_URL,
    alertWebhookSecret: e.FELT_ALERT_WEBHOOK_SECRET,
    alertWebhookMinSeverity: e.FELT_ALERT_WEBHOOK_MIN_SEVERITY,
    streamSecret: e.FELT_STREAM_SECRET,
    chatDataFile: e.FELT_CHAT_DATA,
    tournamentRoundMs: e.FELT_TOURNAMENT_ROUND_MS,
    tournamentActionMs: e.FELT_TOURNAMENT_ACTION_MS,
    disconnectGraceMs: e.FELT_DISCONNECT_GRACE_MS,
    cameraFfmpeg: e.FELT_CAMERA_FFMPEG,
    wsParser: e.FELT_WS_PARSER,
    cameraThread: e.FELT_CAMERA_THREAD,
  };
}

/**
 * The tuning settings of a process: the validated environment's (a bad value throws the ConfigError). Tests
 * that set a variable in process.env before they boot a server keep working: testConfig reads them here too.
 */
export function settingsFromEnv(env: Readonly<Record<string, string | undefined>> = process.env): FeltSettings {
  const known = Object.fromEntries(Object.keys(ENV_SCHEMA.shape).map((k) => [k, env[k]]));
  const r = ENV_SCHEMA.safeParse(known);
  if (!r.success) throw new ConfigError(r.error.issues.map((i) => ({ variable: String(i.path[0] ?? '(environment)'), message: i.message })));
  return settingsOf(r.data);
}

/** A module's setting: the config's, else the default of the environment schema. */
export function settingOf<K extends keyof FeltSettings>(config: FeltConfig | null | undefined, key: K): FeltSettings[K] {
  const set = config?.settings?.[key];
  return set !== undefined ? (set as FeltSettings[K]) : DEFAULT_SETTINGS[key];
}

const DEFAULT_SETTINGS: FeltSettings = settingsOf(ENV_SCHEMA.parse({}));

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
    settings: settingsFromEnv(process.env),
    ...over,
  };
}
