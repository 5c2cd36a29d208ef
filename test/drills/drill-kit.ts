/**
 * Drill kit (issue 9 "Drills"): the studio server as a child process on a throw-away PostgreSQL
 * database, a per-drill BullMQ prefix and MQTT topic root, with PostgreSQL, Redis and the broker reached
 * through TCP proxies the drill owns (outages are simulated there — never by stopping a shared service).
 * A device is an MQTT client publishing canonical events straight to the broker (the edge agent's part).
 * Every drill ends with `finalCheck`: the ledger balances, every accepted bet is settled or refunded
 * exactly once (each player's balance equals deposits − stakes + returns), and no round is stuck.
 */
import { randomBytes } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import pg from 'pg';
import { expect } from 'vitest';
import { gameDefinition } from '@felt-studio/games';
import { io, type Socket } from 'socket.io-client';
import { createTestDatabase, requireEnv, type TestDatabase } from '../support/studio-server/test-database.js';
import { freePort, MosquittoProcess, ServerProcess } from '../support/processes.js';
import { hostPort, TcpProxy } from '../support/tcp-proxy.js';

export interface DrillOptions {
  /** Broker: a Mosquitto this drill runs (restartable) or the machine's MQTT_URL. */
  readonly ownBroker?: boolean;
  readonly env?: Readonly<Record<string, string>>;
}

export interface Http {
  status: number;
  body: Record<string, unknown> & { code?: string };
  ms: number;
}

export class Drill {
  readonly id = randomBytes(4).toString('hex');
  readonly root = `felt-drill-${this.id}`;
  server!: ServerProcess;
  db!: TestDatabase;
  pgProxy!: TcpProxy;
  redisProxy!: TcpProxy;
  mqttProxy!: TcpProxy;
  broker: MosquittoProcess | null = null;
  brokerUrl = '';
  device!: MqttClient;
  private pool!: pg.Pool;
  private seq = 0;
  private readonly tokens = new Map<string, string>();
  private readonly sockets: Socket[] = [];

  static async start(opts: DrillOptions = {}): Promise<Drill> {
    const d = new Drill();
    await d.init(opts);
    return d;
  }

  private async init(opts: DrillOptions): Promise<void> {
    const redisUrl = requireEnv('REDIS_URL');
    requireEnv('DATABASE_URL');
    this.db = await createTestDatabase();
    this.pool = new pg.Pool({ connectionString: this.db.url, max: 2 });
    this.pool.on('error', () => undefined); // an idle client ended by DROP DATABASE at the end
    if (opts.ownBroker === true) {
      this.broker = await MosquittoProcess.start();
      this.brokerUrl = this.broker.url;
    } else this.brokerUrl = requireEnv('MQTT_URL');
    this.pgProxy = await TcpProxy.start(hostPort(this.db.url, 5432));
    this.redisProxy = await TcpProxy.start(hostPort(redisUrl, 6379));
    this.mqttProxy = await TcpProxy.start(hostPort(this.brokerUrl, 1883));
    this.server = new ServerProcess(await freePort(), {
      ...process.env,
      DATABASE_URL: TcpProxy.rewrite(this.db.url, this.pgProxy.port),
      REDIS_URL: TcpProxy.rewrite(redisUrl, this.redisProxy.port),
      MQTT_URL: TcpProxy.rewrite(this.brokerUrl, this.mqttProxy.port),
      FELT_MQTT_ROOT: this.root,
      FELT_MQTT_CLIENT_ID: `felt-server-${this.root}`,
      FELT_QUEUE_PREFIX: this.root,
      JWT_SECRET: 'drill-secret-drill-secret-drill-secret-0123',
      FELT_DEMO: '1',
      FELT_DEMO_ON_DATABASE: '1',
      // The drills check the internal ledger (deposits − stakes + returns per player); the seamless wallet has
      // its own outage drill (wallet/seamless/seamless-drill.int.spec.ts).
      FELT_DEMO_SEAMLESS: '0',
      FELT_SETTLEMENT_BACKOFF_MS: '200',
      FELT_RECOVERY_STALL_MS: '30000',
      // Every drill client comes from 127.0.0.1: the per-address limit would lump all players together.
      FELT_RATE_IP: '100000/100000',
      // Drills place bets for three players as fast as they can; only the flood drill uses the real per-player limit.
      FELT_RATE_USER: '100000/100000',
      FELT_LOG_LEVEL: 'warn',
      ...opts.env,
    });
    await this.server.start();
    this.device = await mqtt.connectAsync(this.brokerUrl, { clientId: `dev-${this.root}`, reconnectPeriod: 200 });
  }

  async http(method: string, path: string, token: string | null, body?: unknown): Promise<Http> {
    const t0 = performance.now();
    const res = await fetch(`${this.server.url}${path}`, { method, headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as Http['body']) : {}, ms: performance.now() - t0 };
  }

  async token(username: string): Promise<string> {
    const have = this.tokens.get(username);
    if (have) return have;
    const r = await this.http('POST', '/auth/login', null, { username, password: 'demo' });
    if (r.status !== 200) throw new Error(`login ${username}: ${r.status} ${JSON.stringify(r.body)}`);
    const t = String(r.body['token']);
    this.tokens.set(username, t);
    return t;
  }

  /** A connected socket.io client of `username` (closed by `dispose`). */
  async socket(username: string): Promise<Socket> {
    const s = io(this.server.url, { auth: { token: await this.token(username) }, transports: ['websocket'], reconnection: false, forceNew: true });
    this.sockets.push(s);
    await new Promise<void>((resolve, reject) => {
      s.once('connect', () => resolve());
      s.once('connect_error', reject);
    });
    return s;
  }

  async sicboTable(): Promise<string> {
    return this.table('sicbo', 'standard', [{ deviceId: 'dice-1', kind: 'dice' }]);
  }

  /** An open table of `game` (manual cadence, a 300 s bet window: the drill closes betting itself). */
  async table(game: string, profileId: string, devices: readonly { deviceId: string; kind: string }[]): Promise<string> {
    const boss = await this.token('pitboss1');
    const t = await this.http('POST', '/tables', boss, { name: `Drill ${this.id}`, game, profileId, limits: { currency: 'EUR', tableMinMinor: 100, tableMaxMinor: 100_000 }, betWindowS: 300, devices });
    if (t.status !== 201) throw new Error(`create table: ${t.status} ${JSON.stringify(t.body)}`);
    const tableId = String(t.body['tableId']);
    // The pre-open check the game's definition asks for (ROU-7 wheel, GEN-8 cards) comes first.
    const pre = gameDefinition(game)?.preOpen;
    if (pre) await this.http('POST', `/tables/${tableId}/pre-open-check`, boss, { checks: [...pre.checks], note: 'drill' });
    const open = await this.http('POST', `/tables/${tableId}/status`, boss, { status: 'open', reason: 'drill' });
    if (open.status >= 300) throw new Error(`open table: ${open.status} ${JSON.stringify(open.body)}`);
    return tableId;
  }

  async openRound(tableId: string): Promise<string> {
    const r = await this.http('POST', `/tables/${tableId}/rounds`, await this.token('dealer1'));
    if (r.status >= 300) throw new Error(`open round: ${r.status} ${JSON.stringify(r.body)}`);
    return String(r.body['roundId']);
  }

  async close(tableId: string): Promise<Http> {
    return this.http('POST', `/tables/${tableId}/round/close`, await this.token('dealer1'));
  }

  /** `n` bets of 100 per demo player (player1..3), ids `<tag>-<player>-<i>`; returns the accepted count. */
  async bets(tableId: string, tag: string, n: number): Promise<{ accepted: number; statuses: number[] }> {
    const statuses: number[] = [];
    for (let i = 0; i < n; i++) {
      for (const p of ['player1', 'player2', 'player3']) {
        const r = await this.http('POST', `/tables/${tableId}/bets`, await this.token(p), { betId: `${tag}-${p}-${i}`, spot: p === 'player2' ? 'small' : 'big', stakeMinor: 100 });
        statuses.push(r.status);
      }
    }
    return { accepted: statuses.filter((s) => s === 200).length, statuses };
  }

  /** The dice device publishes a result (QoS 1) for `roundId`; seq increments unless given. */
  async dice(tableId: string, roundId: string, dice: [number, number, number], seq?: number): Promise<number> {
    const s = seq ?? ++this.seq;
    await this.device.publishAsync(`${this.root}/tables/${tableId}/devices/dice-1/events`, JSON.stringify({ v: 1, tableId, deviceId: 'dice-1', seq: s, at: Date.now(), type: 'dice.result', payload: { dice, roundId } }), { qos: 1 });
    return s;
  }

  async raw(tableId: string, text: string): Promise<void> {
    await this.device.publishAsync(`${this.root}/tables/${tableId}/devices/dice-1/events`, text, { qos: 1 });
  }

  async phase(roundId: string): Promise<string | null> {
    const r = await this.pool.query<{ phase: string }>('SELECT phase FROM round WHERE round_id = $1', [roundId]);
    return r.rows[0]?.phase ?? null;
  }

  /** Waits until the round's stored phase is one of `phases`; returns the ms waited. */
  async until(roundId: string, phases: readonly string[], timeoutMs = 60_000): Promise<number> {
    const t0 = Date.now();
    for (;;) {
      const p = await this.phase(roundId).catch(() => null);
      if (p !== null && phases.includes(p)) return Date.now() - t0;
      if (Date.now() - t0 > timeoutMs) throw new Error(`round ${roundId} still ${p} after ${timeoutMs} ms (wanted ${phases.join('|')})\n${this.server.logs().slice(-3000)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  async alerts(code: string): Promise<number> {
    const r = await this.pool.query<{ n: string }>('SELECT count(*)::text AS n FROM alert WHERE code = $1', [code]);
    return Number(r.rows[0]?.n ?? 0);
  }

  /**
   * The end of every drill: the ledger sums to zero per currency, no bet is still `accepted`, no round is
   * unfinished, every settled/refunded bet has exactly one settlement posting, and every player's
   * balance is deposits − stakes + returns (a double or missing settlement would show here).
   */
  async finalCheck(): Promise<{ bets: number; settledOrRefunded: number; stuckRounds: number; ledgerSum: number; balanceMismatches: string[]; settleDupes: number }> {
    const q = async <T extends pg.QueryResultRow>(sql: string): Promise<T[]> => (await this.pool.query<T>(sql)).rows;
    // A bet's status and return: its bet_outcome row when settled or refunded (issue 13), else the bet row.
    const BET = '(SELECT b.bet_id, b.round_id, b.player_id, b.stake_minor, COALESCE(o.status, b.status) AS status, CASE WHEN o.bet_id IS NULL THEN b.return_minor ELSE o.return_minor END AS return_minor FROM bet b LEFT JOIN bet_outcome o ON o.bet_id = b.bet_id)';
    const sum = await q<{ s: string | null }>('SELECT COALESCE(SUM(amount_minor), 0)::text AS s FROM ledger_entry');
    const bets = await q<{ status: string; n: string }>(`SELECT status, count(*)::text AS n FROM ${BET} x GROUP BY status`);
    const stuck = await q<{ n: string }>("SELECT count(*)::text AS n FROM round WHERE phase NOT IN ('settled', 'void')");
    const dupes = await q<{ n: string }>("SELECT count(*)::text AS n FROM (SELECT b.bet_id FROM bet b JOIN ledger_posting p ON p.posting_id IN ('settle:' || b.round_id || ':' || b.bet_id, 'refund:' || b.bet_id) GROUP BY b.bet_id HAVING count(*) > 1) x");
    const missing = await q<{ n: string }>(`SELECT count(*)::text AS n FROM ${BET} b WHERE b.status IN ('settled', 'refunded') AND NOT EXISTS (SELECT 1 FROM ledger_posting p WHERE p.posting_id = 'settle:' || b.round_id || ':' || b.bet_id)`);
    const balances = await q<{ account: string; bal: string }>("SELECT account, SUM(amount_minor)::text AS bal FROM ledger_entry WHERE account LIKE 'player:%' GROUP BY account");
    const expected = await q<{ account: string; exp: string }>(
      "SELECT a.account, (COALESCE(d.dep, 0) - COALESCE(s.st, 0) + COALESCE(s.ret, 0))::text AS exp FROM (SELECT DISTINCT account FROM ledger_entry WHERE account LIKE 'player:%') a " +
        "LEFT JOIN (SELECT e.account, SUM(e.amount_minor) AS dep FROM ledger_entry e WHERE e.posting_id LIKE 'deposit:%' GROUP BY e.account) d ON d.account = a.account " +
        `LEFT JOIN (SELECT 'player:' || player_id AS account, SUM(CASE WHEN status = 'cancelled' THEN 0 ELSE stake_minor END) AS st, SUM(CASE WHEN status = 'cancelled' THEN 0 ELSE COALESCE(return_minor, 0) END) AS ret FROM ${BET} x GROUP BY player_id) s ON s.account = a.account`,
    );
    const exp = new Map(expected.map((e) => [e.account, e.exp]));
    const mismatches = balances.filter((b) => exp.get(b.account) !== b.bal).map((b) => `${b.account}: ${b.bal} ≠ ${exp.get(b.account) ?? '?'}`);
    const n = (status: string): number => Number(bets.find((b) => b.status === status)?.n ?? 0);
    return {
      bets: bets.reduce((a, b) => a + Number(b.n), 0),
      settledOrRefunded: n('settled') + n('refunded'),
      stuckRounds: Number(stuck[0]?.n ?? 0) + n('accepted') + Number(missing[0]?.n ?? 0),
      ledgerSum: Number(sum[0]?.s ?? 0),
      balanceMismatches: mismatches,
      settleDupes: Number(dupes[0]?.n ?? 0),
    };
  }

  async dispose(): Promise<void> {
    for (const s of this.sockets) s.close();
    await this.device?.endAsync(true).catch(() => undefined);
    await this.server?.stop().catch(() => undefined);
    await this.pool?.end().catch(() => undefined);
    await Promise.all([this.pgProxy?.close(), this.redisProxy?.close(), this.mqttProxy?.close()].map((p) => p?.catch(() => undefined)));
    await this.broker?.stop().catch(() => undefined);
    await this.db?.drop().catch(() => undefined);
  }
}

/**
 * Every drill's ending (issue 9): the ledger sums to zero, no round is stuck, nothing is settled twice,
 * every player's balance is deposits − stakes + returns, and every accepted bet is settled or refunded.
 * Returns how many accepted bets were lost (0 unless the last assertion is loosened).
 */
export async function assertClean(d: Drill, accepted: number): Promise<number> {
  const f = await d.finalCheck();
  expect(f.ledgerSum).toBe(0);
  expect(f.stuckRounds).toBe(0);
  expect(f.settleDupes).toBe(0);
  expect(f.balanceMismatches).toEqual([]);
  expect(f.settledOrRefunded).toBeGreaterThanOrEqual(accepted);
  return Math.max(0, accepted - f.settledOrRefunded);
}

/** One row of the drill table in docs/security-and-drills.md. */
export interface DrillFigure {
  readonly drill: string;
  readonly bets: number;
  readonly lost: number;
  readonly recoverMs: number | null;
  readonly note?: string;
}

export const figures: DrillFigure[] = [];

export function report(): void {
  const rows = figures.map((f) => `| ${f.drill} | ${f.bets} | ${f.lost} | ${f.recoverMs === null ? '—' : `${(f.recoverMs / 1000).toFixed(1)} s`} | ${f.note ?? ''} |`);
  process.stdout.write(['', '| drill | accepted bets | lost | time to recover | note |', '|---|---|---|---|---|', ...rows, ''].join('\n') + '\n');
}
