import type { ENV_SCHEMA } from './config.js';

type Variable = keyof typeof ENV_SCHEMA.shape;
interface Doc {
  /** What an unset variable means. */
  readonly default: string;
  readonly doc: string;
  readonly group: 'core' | 'security' | 'production' | 'cluster' | 'devices' | 'tuning' | 'demo';
}

/**
 * Every variable of ENV_SCHEMA, documented (issue 22 §12). The compiler keeps the two in step: a variable
 * added to the schema without its line here (or a line for a variable that does not exist) does not build.
 * `docs/configuration.md` is generated from this table (`npm run docs:config`; a test checks it is current).
 */
export const ENV_DOCS: Readonly<Record<Variable, Doc>> = {
  PORT: { group: 'core', default: '3000', doc: 'HTTP + WebSocket port.' },
  DATABASE_URL: { group: 'core', default: 'embedded PGlite', doc: 'PostgreSQL (`postgres://…`). Migrations run at boot under an advisory lock unless `FELT_MIGRATE_ON_BOOT=0`. Requires `JWT_SECRET`.' },
  FELT_DATA_DIR: { group: 'core', default: '`.felt-data`', doc: 'Without `DATABASE_URL`: the PGlite data directory (`<dir>/pglite`); `memory` = in memory.' },
  REDIS_URL: { group: 'core', default: 'in-process', doc: 'Redis (`redis://…`): settlement and wallet jobs (BullMQ), the login throttle, cluster leases and routing.' },
  MQTT_URL: { group: 'core', default: 'embedded aedes', doc: 'An external MQTT broker (`mqtt://`, `mqtts://`, `ws://`, `wss://`).' },
  MQTT_EMBEDDED_PORT: { group: 'core', default: '1885', doc: 'The embedded broker\'s port (without `MQTT_URL`).' },
  MQTT_USERNAME: { group: 'security', default: '—', doc: 'The server\'s own login on an external broker.' },
  MQTT_PASSWORD: { group: 'security', default: '—', doc: 'Its password (`felt mqtt-auth` writes both).' },
  JWT_SECRET: { group: 'security', default: 'random per process (embedded demo only)', doc: 'HS256 signing secret, ≥ 32 characters (`felt secrets`). Required with `DATABASE_URL` or `FELT_CLUSTER=1`.' },
  JWT_KEY_ID: { group: 'security', default: '`k-` + 8 hex of the secret\'s SHA-256', doc: 'The key id (`kid`) written into every token\'s header.' },
  JWT_PREVIOUS_KEYS: { group: 'security', default: 'none', doc: 'Retired keys still accepted during a rotation: `<kid>:<secret>,…` (runbook, "Rotate keys").' },
  FELT_ADMIN_USER: { group: 'security', default: '—', doc: 'An admin created at start when absent (with `FELT_ADMIN_PASSWORD`, ≥ 12 characters).' },
  FELT_ADMIN_PASSWORD: { group: 'security', default: '—', doc: 'Its password.' },
  FELT_DEMO: { group: 'demo', default: '`1` embedded, else `0`', doc: 'Demo users and top-ups. With `DATABASE_URL` it also needs `FELT_DEMO_ON_DATABASE=1`.' },
  FELT_DEMO_ON_DATABASE: { group: 'demo', default: '`0`', doc: 'Confirms demo users on a real database.' },
  FELT_DEMO_SEAMLESS: { group: 'demo', default: '`1` in demo mode', doc: 'The simulated seamless operator `op-demo`; `0` turns it off.' },
  FELT_QUEUE_PREFIX: { group: 'tuning', default: '`felt`', doc: 'BullMQ and throttle key prefix.' },
  FELT_SETTLEMENT_ATTEMPTS: { group: 'tuning', default: '5', doc: 'Settlement job attempts before dead-letter and an alert.' },
  FELT_SETTLEMENT_BACKOFF_MS: { group: 'tuning', default: '1000', doc: 'Settlement retry backoff (exponential).' },
  FELT_DRAIN_MS: { group: 'production', default: '0', doc: 'On SIGTERM: how long `/health/ready` answers 503 before the server closes (0–60 000).' },
  FELT_MIGRATE_ON_BOOT: { group: 'production', default: '`1`', doc: '`0`: never migrate at boot and refuse a schema that is behind (the deployment runs `felt migrate`).' },
  FELT_TRUST_PROXY: { group: 'production', default: 'none', doc: 'Express `trust proxy` (hops or a list such as `loopback, 10.0.0.0/8`): whose `X-Forwarded-For` names the client for limits.' },
  FELT_CORS_ORIGINS: { group: 'production', default: 'same origin only', doc: 'Comma list of browser origins allowed to call the API.' },
  LOG_LEVEL: { group: 'core', default: '`info`', doc: 'pino level: fatal, error, warn, info, debug, trace, silent.' },
  FELT_CLUSTER: { group: 'cluster', default: '`0`', doc: '`1`: several instances share the tables through Redis leases (needs `REDIS_URL` and `JWT_SECRET`).' },
  FELT_CLUSTER_NAME: { group: 'cluster', default: 'none', doc: 'Separates clusters sharing one Redis (key and bus prefix).' },
  FELT_INSTANCE_ID: { group: 'cluster', default: 'generated', doc: 'This instance\'s id in the cluster.' },
  FELT_ADVERTISE_URL: { group: 'cluster', default: 'none', doc: 'The URL other instances reach this one at.' },
  FELT_ROUTE_TIMEOUT_MS: { group: 'cluster', default: 'built in', doc: 'How long a command forwarded to a table\'s owner may take (100–60 000).' },
  FELT_FORWARD_STAMP_SKEW_MS: { group: 'cluster', default: 'unset', doc: 'A bound on the instances\' clock difference (0–1 000 ms; keep the clocks synchronised, e.g. chrony). Set: a bet another instance read is timed min(owner\'s now, its arrival there + this bound) instead of when the owner runs it (issue 25 §3). Unset: the owner\'s now.' },
  FELT_LEASE_TTL_MS: { group: 'cluster', default: '5000', doc: 'A table lease\'s time to live; a dead owner\'s tables are taken over after it (500–60 000).' },
  FELT_MQTT_ROOT: { group: 'devices', default: 'none', doc: 'A topic prefix for every device topic (several studios on one broker; tests).' },
  FELT_MQTT_CLIENT_ID: { group: 'devices', default: '`felt-server-<host>`', doc: 'The server\'s stable MQTT client id (set it when two instances share a host).' },
  FELT_DEVICE_ACK_TIMEOUT_MS: { group: 'devices', default: '5000', doc: 'How long a device command waits for its acknowledgement.' },
  FELT_DEVICE_FAULT_WINDOW_MS: { group: 'devices', default: '60000', doc: 'The window in which repeated device faults are counted.' },
  FELT_RECOVERY_STALL_MS: { group: 'tuning', default: '60000', doc: 'A round stuck this long is voided with refunds and a critical alert.' },
  FELT_POKER_NEXT_HAND_MS: { group: 'tuning', default: '3000', doc: 'Live poker: the pause between hands.' },
  FELT_POKER_ROBOT_MS: { group: 'tuning', default: '900', doc: 'Live poker: a robot\'s thinking time.' },
  FELT_POKER_ROBOTS: { group: 'demo', default: '`1`', doc: 'Live poker robots; `0` turns them off.' },
  FELT_POKER_CARD_WAIT_MS: { group: 'tuning', default: '60000', doc: 'Live poker with a shoe: how long a hand waits for a card.' },
  FELT_WEB_ROOT: { group: 'core', default: '`apps/`', doc: 'Where the built web apps (`<app>/dist`) are served from.' },
  FELT_RATE_USER: { group: 'production', default: '`5/15`', doc: 'Per-player request rate, `<per second>/<burst>`.' },
  FELT_PUBLIC_URL: { group: 'production', default: 'the Host the operator called', doc: 'The studio\'s public address (`https://…`): the base of the game-launch URLs given to operators.' },
  FELT_OPERATOR_RSA_KEY: { group: 'security', default: 'none (HMAC only)', doc: 'Felt\'s RSA private key (PEM) for operators that sign with RSA-SHA256; its public half is served at `GET /operator/v1/signing-key`.' },
  FELT_ALERT_WEBHOOK_URL: { group: 'production', default: 'none', doc: 'Pit alerts are POSTed here (signed, retried; docs/runbook.md "Alerts").' },
  FELT_ALERT_WEBHOOK_SECRET: { group: 'security', default: '—', doc: 'HMAC secret of the alert webhook (≥ 32 characters; required with the URL).' },
  FELT_ALERT_WEBHOOK_MIN_SEVERITY: { group: 'production', default: '`warning`', doc: 'The lowest severity sent: info, warning or critical.' },
  FELT_CHAT_DATA: { group: 'tuning', default: 'the shipped data (`chat/chat.data.ts`)', doc: 'A JSON file with the table chat\'s data: canned messages (en, sv), the word filter per language, the message rate, the history kept per table and the tip limits (issue 24; docs/chat-and-tips.md). Validated at boot.' },
  FELT_TOURNAMENT_ROUND_MS: { group: 'tuning', default: '4000', doc: 'Poker tournaments (issue 24; docs/tournaments.md): how often a running tournament deals one hand at each of its tables and reads its level clock; 0 = never by itself.' },
  FELT_TOURNAMENT_ACTION_MS: { group: 'tuning', default: '20000', doc: 'Poker tournaments (TRN-PLAY, docs/tournaments.md): a person\'s action clock in a tournament hand (S1-TIMEOUT: then check when free, else fold, and the seat is sat out).' },
  FELT_DISCONNECT_GRACE_MS: { group: 'tuning', default: '10000', doc: 'S1-DISCONNECT for tournaments (docs/tournaments.md, TRN-ABSENT): a player whose last connection stays closed this long is sat out of the tournaments they sit in (a reload or a short network drop within it changes nothing).' },
  FELT_STREAM_SECRET: { group: 'security', default: 'derived from `JWT_SECRET`', doc: 'HMAC secret of the stream tokens a media server checks (issue 21; share it with the media server, or let it ask `GET /media-auth`).' },
  FELT_CAMERA_FFMPEG: { group: 'demo', default: '`ffmpeg`', doc: 'The demo studio camera\'s encoder (issue 21 §2, docs/streaming.md): the ffmpeg binary, or `off`. Without a working ffmpeg the studio runs without video (the player sees the rendered table).' },
  FELT_RATE_IP: { group: 'production', default: '`200/400`', doc: 'Per-address request rate, `<per second>/<burst>`.' },
  FELT_CAMERA_THREAD: { group: 'tuning', default: '`main`', doc: 'Where the demo studio camera makes its frames (issue 21, docs/streaming.md): `main` (the server\'s thread, the default) or `worker` (a worker thread per watched table: its drawing and garbage off the server\'s heap; in CI its video test ran later under load, so it is not the default yet).' },
  FELT_WS_PARSER: { group: 'tuning', default: '`json`', doc: 'The realtime channel\'s wire encoding: `json` (socket.io\'s text packets) or `msgpack` (binary MessagePack, issue 25 §2). Every client must use the same: the SDK\'s `RealtimeClient` takes `parser: msgpackParser` from `@felt-studio/protocol/msgpack`; the shipped web apps speak `json`. See docs/scale-and-benchmarks.md.' },
};

const GROUPS: readonly { readonly id: Doc['group']; readonly title: string }[] = [
  { id: 'core', title: 'Core' },
  { id: 'security', title: 'Security and keys' },
  { id: 'production', title: 'Production' },
  { id: 'cluster', title: 'Several instances' },
  { id: 'devices', title: 'Devices' },
  { id: 'tuning', title: 'Tuning' },
  { id: 'demo', title: 'Demo' },
];

/** The generated part of docs/configuration.md. */
export function configurationTables(): string {
  const out: string[] = [];
  for (const g of GROUPS) {
    out.push(`### ${g.title}`, '', '| variable | unset | what |', '|---|---|---|');
    for (const [name, d] of Object.entries(ENV_DOCS) as [Variable, Doc][]) if (d.group === g.id) out.push(`| \`${name}\` | ${d.default} | ${d.doc} |`);
    out.push('');
  }
  return out.join('\n');
}
