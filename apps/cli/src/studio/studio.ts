import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import mqtt from 'mqtt';
import { FeltClient, FeltApiError, newBetId, RealtimeClient, type Table } from '@felt-studio/client-sdk';
import { Agent, silentLogger, type AgentConfig, type DeviceConfig } from '@felt-studio/edge-agent';
import { MockSerialWiring, MoneyWheelSim, PokerShoeDealer, realScheduler, ShakerSim, ShoeSim, WheelSim, TimerBoxSim, type ByteDuplex } from '@felt-studio/hardware-sim';
import { aclFile, passwordFile, serverPasswordFile, type DeviceUser } from '../trust/mosquitto-auth.js';
import { BOT_SPOTS, DEMO_ROBOTS, demoTables, MONEY_WHEEL_GAME, type DemoTable } from './demo-tables.js';
import { gameDefinition } from '@felt-studio/games';
import { deviceSeed } from './device-seed.js';
import { counterStake, PLANTED_COUNTER } from './planted-counter.js';
import { PLANTED_POKER, PlantedPokerPlayer, type PlantedRole } from './planted-poker.js';
import { groupTables, PLANTED_GROUP, PlantedGroup } from './planted-group.js';
import { PLANTED_LATE, PlantedLateBettor } from './planted-late.js';
import { RobotShoeDealer } from './robot-shoe-dealer.js';
import { quietUntil } from './robot-reads.js';

/**
 * `felt studio`: the whole studio in one command on embedded defaults — the studio server (PGlite,
 * embedded aedes broker, in-process jobs, demo users), one edge agent per table driving protocol-faithful
 * simulated devices over serialport's mock binding (the same adapter code a real wheel or shoe uses), a
 * dice shaker and a money wheel over MQTT (the wheel spins on the server's `moneywheel.spin`), a robot
 * dealer that deals from the simulated shoes when the server says a card is due, and demo players placing small bets. Everything a real device would do travels the real path:
 * serial bytes → edge agent → MQTT → ingest → round kernel → ledger.
 */
export interface StudioOptions {
  readonly port: number;
  readonly dataDir: string;
  readonly mqttPort: number;
  /** Simulated device time scale (1 = real time). */
  readonly speed: number;
  readonly bots: boolean;
  /** Register the demo studio camera as every table's video (issue 21 §2; `--no-video`: the rendered tables only). Default on. */
  readonly video?: boolean;
  /** Connect devices to an already running server (docker-compose) instead of starting one. */
  readonly serverUrl: string | null;
  readonly mqttUrl: string | null;
  /**
   * Pre-issued device credentials (`felt mqtt-auth` → devices.json, keyed `{tableId}/{deviceId}`) for an
   * external broker whose password file already holds them; without it the studio issues fresh ones.
   */
  readonly deviceCredentials?: string | null;
  /**
   * External Mosquitto (docker compose): after issuing the device credentials, write `<dir>/passwd` + `<dir>/acl`
   * (server login from MQTT_USERNAME/MQTT_PASSWORD) and wait until the broker reloaded them.
   */
  readonly mqttAuthDir?: string | null;
  readonly seed: number;
  /** Also run the RAY bank poker tables (Fast, Triple Bet, Dynamic, Riverside Poker; `--ray-poker`). */
  readonly rayPoker?: boolean;
  /** Also run the Lucky Dice method B table (players throw; `--lucky-dice-b`). */
  readonly luckyDiceB?: boolean;
  /** Also run the infinite blackjack table (one common hand, any number of players; `--infinite-blackjack`). */
  readonly infiniteBlackjack?: boolean;
  /** Also run a shoe-dealt Hold'em table on simulated devices (`--poker-shoe`, issue 11): see POKER_SHOE_TABLE. */
  readonly pokerShoe?: boolean;
  /** Plant one anomaly per integrity monitor (issue 23): a biased wheel at the first roulette table, a short shoe at the first baccarat table, a card-counting robot at the first blackjack table. */
  readonly plantAnomalies?: boolean;
  /** The tables to run instead of `demoTables(...)` (tests run a subset). */
  readonly tables?: readonly DemoTable[];
  readonly log: (line: string) => void;
}

interface LuckyDiceBView {
  readonly phase?: string;
  readonly shooter?: string | null;
  readonly throwPermitted?: boolean;
  readonly pendingThrow?: unknown;
  readonly throws?: readonly unknown[];
}

interface BlackjackBotView {
  readonly turn?: { readonly seat: number; readonly hand: number } | null;
  readonly seats?: readonly { readonly seat: number; readonly hands: readonly { readonly total: number; readonly done: unknown }[] }[];
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Something to stop: `stop` says goodbye (offline status, clean disconnect); `force` drops it at once. */
interface Stoppable {
  readonly name: string;
  readonly stop: () => Promise<void> | void;
  readonly force?: () => Promise<void> | void;
}

/**
 * `--poker-shoe` (issue 11, S1-DEAL-1): Hold'em 2, dealt by a studio dealer from a scanning shoe — a
 * simulated one-deck shoe (ShoeSim, a fresh deck per hand) on its own edge agent; the robot dealer watches
 * the dealer console's frames and draws a card whenever one is due (PokerShoeDealer). The cards reach the
 * table only as the shoe's serial bytes → edge agent → MQTT → ingest. It is a `burnCards` table (PT-BURN,
 * 004): the dealer burns a card through the shoe before the flop, the turn and the river.
 */
export const POKER_SHOE_TABLE = { tableId: 'holdem-shoe-1', name: "Hold'em 2 (shoe)", deviceId: 'shoe-1' } as const;

/** Budget of `stop()` (issue 12 point 6: the whole studio stops within 5 s of Ctrl-C or SIGTERM). */
export const STOP_BUDGET = { devicesMs: 1500, serverMs: 3500 } as const;

/** Resolves true when `p` settled within `ms`, false otherwise (a rejection counts as settled). */
async function within(p: Promise<unknown> | unknown, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((r) => {
    timer = setTimeout(() => r(false), ms);
  });
  const done = Promise.resolve(p).then(
    () => true,
    () => true,
  );
  const r = await Promise.race([done, timeout]);
  clearTimeout(timer);
  return r;
}

/** Where the built server entry lives; a clear message instead of a module-not-found trace when it is not built. */
export function serverEntry(): string {
  const entry = join(dirname(fileURLToPath(import.meta.resolve('@felt-studio/studio-server'))), 'main.js');
  if (!existsSync(entry)) throw new Error(`the studio server is not built (${entry} is missing): run \`npm run build\` (or \`npx tsc -b tsconfig.build.json\`) first`);
  return entry;
}

/** The anomalies `felt studio --plant-anomalies` plants (issue 23; docs/integrity.md). */
export const PLANTED = { wheel: { pocket: 17, factor: 3 }, shoe: { T: 16 } } as const;

export class Studio {
  private server: ChildProcess | null = null;
  private readonly stops: Stoppable[] = [];
  private stopped = false;
  private stopping: Promise<void> | null = null;
  readonly baseUrl: string;
  readonly mqttUrl: string;

  constructor(private readonly opts: StudioOptions) {
    this.baseUrl = opts.serverUrl ?? `http://127.0.0.1:${opts.port}`;
    this.mqttUrl = opts.mqttUrl ?? `mqtt://127.0.0.1:${opts.mqttPort}`;
  }

  async start(): Promise<void> {
    mkdirSync(this.opts.dataDir, { recursive: true });
    if (this.opts.serverUrl === null) this.startServer();
    await this.waitHealthy(90_000);
    const staff = new FeltClient({ baseUrl: this.baseUrl });
    await staff.login('pitboss1', 'demo');
    const tables = await this.ensureTables(staff);
    // Issue 9 finding 1: the broker refuses anonymous devices; the demo admin issues each device its own credential.
    const preIssued = this.opts.deviceCredentials ? (JSON.parse(readFileSync(this.opts.deviceCredentials, 'utf8')) as Record<string, { username: string; password: string }>) : null;
    const admin = new FeltClient({ baseUrl: this.baseUrl });
    if (preIssued === null) await admin.login(process.env['FELT_ADMIN_USER'] ?? 'admin1', process.env['FELT_ADMIN_PASSWORD'] ?? 'demo');
    const all = new Map<Table, Map<string, { username: string; password: string }>>();
    for (const t of tables) {
      const fromFile = (d: { deviceId: string }): [string, { username: string; password: string }][] => {
        const c = preIssued?.[`${t.tableId}/${d.deviceId}`];
        return c ? [[d.deviceId, c]] : [];
      };
      all.set(t, preIssued === null ? await this.issueCredentials(admin, t) : new Map(t.devices.flatMap(fromFile)));
    }
    if (preIssued === null) await this.registerCameras(admin, tables);
    let pokerShoe: { username: string; password: string } | null = null;
    if (this.opts.pokerShoe === true && (await this.ensurePokerTable(staff, 'shoe'))) {
      const { tableId, deviceId } = POKER_SHOE_TABLE;
      const c = preIssued === null ? await admin.issueDeviceCredential(tableId, deviceId, 'felt studio start') : preIssued[`${tableId}/${deviceId}`];
      pokerShoe = c ? { username: c.username, password: c.password } : null;
      if (pokerShoe === null) this.opts.log(`${POKER_SHOE_TABLE.name}: no credential for ${tableId}/${deviceId} in ${this.opts.deviceCredentials ?? ''}; its shoe is not started`);
    }
    const extraDevices: DeviceUser[] = pokerShoe ? [{ ...pokerShoe, tableId: POKER_SHOE_TABLE.tableId, deviceId: POKER_SHOE_TABLE.deviceId }] : [];
    if (this.opts.mqttAuthDir) await this.writeMosquittoAuth(this.opts.mqttAuthDir, all, extraDevices);
    for (const [t, creds] of all) {
      if (this.stopped) return; // a signal while starting: stop() is already taking down what exists
      await this.startDevices(t, creds);
    }
    if (this.stopped) return;
    if (pokerShoe) await this.startPokerShoe(pokerShoe);
    if (this.stopped) return;
    await this.openTables(staff, tables);
    const holdem = await this.ensurePokerTable(staff, 'rng');
    if (holdem && this.opts.plantAnomalies === true) await this.startPlantedPoker();
    this.startRobotDealer(tables);
    if (this.opts.bots) await this.startBots(tables);
    if (this.opts.plantAnomalies === true) await this.startPlantedGroup(tables);
    if (this.opts.plantAnomalies === true) await this.startPlantedLate(tables);
    if (this.stopped) return;
    this.printUrls(tables);
  }

  /** Why the studio camera cannot encode on this machine (issue 21 §2), or null when ffmpeg runs. */
  private videoOff: string | null = null;

  /**
   * Issue 21 §2: every default table's video is the studio server's demo camera (WebRTC at `/media/<table>/whep`, LL-HLS at `/media/<table>/index.m3u8`,
   * encoded only while someone watches). Without ffmpeg the demo sources are taken off again, so the players
   * see the rendered tables, and the banner says how to turn video on.
   */
  private async registerCameras(admin: FeltClient, tables: readonly Table[]): Promise<void> {
    const bin = process.env['FELT_CAMERA_FFMPEG'] ?? 'ffmpeg';
    const run = bin === 'off' || this.opts.video === false ? null : spawnSync(bin, ['-hide_banner', '-version'], { stdio: 'ignore', timeout: 5_000 });
    this.videoOff = this.opts.video === false ? '--no-video' : run === null ? 'FELT_CAMERA_FFMPEG=off' : run.error || run.status !== 0 ? `${bin} was not found` : null;
    for (const t of tables) {
      const base = `${this.baseUrl}/media/${t.tableId}/`;
      // both ways the camera delivers: WebRTC (WHEP, sub-second; the player's first choice) and LL-HLS (for scale, and the fallback)
      const camera = [
        { kind: 'whep' as const, url: `${base}whep`, label: '360p WebRTC', height: 360, bitrateKbps: 600 },
        { kind: 'll-hls' as const, url: `${base}index.m3u8`, label: '360p', height: 360, bitrateKbps: 500 },
      ];
      try {
        const { sources } = await admin.tableStreams(t.tableId);
        // the demo camera's sources (this version's or an earlier one's): kept in step; a studio's own sources are never touched
        const demo = sources.length > 0 && sources.every((s) => s.url.startsWith(base));
        const current = demo && sources.length === camera.length && camera.every((c) => sources.some((s) => s.kind === c.kind && s.url === c.url));
        if (this.videoOff === null && (sources.length === 0 || (demo && !current))) await admin.setTableStreams(t.tableId, camera, 'felt studio: the demo studio camera');
        if (this.videoOff !== null && demo) await admin.setTableStreams(t.tableId, [], `felt studio: no video (${this.videoOff})`);
      } catch (e) {
        this.opts.log(`${t.name}: its camera was not registered: ${(e as Error).message}`);
      }
    }
  }

  private startServer(): void {
    const entry = serverEntry();
    const logFile = join(this.opts.dataDir, 'studio-server.log');
    const out = openSync(logFile, 'a');
    // The IPC channel is the server's lifeline: when this process dies (even SIGKILL) the channel closes
    // and the server shuts itself down, so nothing is left running (main.ts, `disconnect`).
    this.server = spawn(process.execPath, [entry], {
      stdio: ['ignore', out, out, 'ipc'],
      env: {
        ...process.env,
        PORT: String(this.opts.port),
        FELT_DATA_DIR: resolve(this.opts.dataDir, 'db'),
        MQTT_EMBEDDED_PORT: String(this.opts.mqttPort),
        FELT_DEMO: '1',
        // issue 11: the demo Hold'em table's robot players run in the server; --no-bots switches them off
        FELT_POKER_ROBOTS: this.opts.bots ? (process.env['FELT_POKER_ROBOTS'] ?? '1') : '0',
      },
    });
    this.server.on('exit', (code) => {
      if (!this.stopped) this.opts.log(`studio-server exited with code ${code}; see ${logFile}`);
    });
  }

  private async waitHealthy(ms: number): Promise<void> {
    const end = Date.now() + ms;
    let last = '';
    while (Date.now() < end && !this.stopped) {
      if (this.server && this.server.exitCode !== null) throw new Error(`studio-server exited (${this.server.exitCode}); see ${join(this.opts.dataDir, 'studio-server.log')}`);
      try {
        const r = await fetch(`${this.baseUrl}/health`);
        if (r.ok) return;
        last = `HTTP ${r.status}`;
      } catch (e) {
        last = (e as Error).message;
      }
      await sleep(300);
    }
    throw new Error(`studio-server did not become healthy at ${this.baseUrl}/health: ${last}`);
  }

  private async ensureTables(staff: FeltClient): Promise<Table[]> {
    const existing = await staff.listTables();
    const out: Table[] = [];
    for (const body of this.opts.tables ?? demoTables({ rayPoker: this.opts.rayPoker === true, luckyDiceB: this.opts.luckyDiceB === true, infiniteBlackjack: this.opts.infiniteBlackjack === true })) {
      const found = existing.find((t) => t.name === body.name);
      if (found) {
        out.push(found);
        continue;
      }
      out.push(await staff.createTable(body));
    }
    return out;
  }

  /**
   * Issue 11: ONE live Hold'em table (NL 50/100, marked "Ö": players may straddle, S1-STRADDLE; RNG-dealt by the server's certified shuffle) where
   * players play each other; three robot players (server-side, bounded) fill seats 2, 4 and 6, the
   * other seats are free for people. `shoe`: the same table dealt from the simulated shoe, burning a card
   * before each later street (POKER_SHOE_TABLE, `--poker-shoe`, PT-BURN). A failure here never stops the rest of the studio; true when
   * the table exists.
   */
  private async ensurePokerTable(staff: FeltClient, dealing: 'rng' | 'shoe'): Promise<boolean> {
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${staff.token ?? ''}` };
    const name = dealing === 'shoe' ? POKER_SHOE_TABLE.name : "Hold'em 1";
    try {
      const lobby = (await (await fetch(`${this.baseUrl}/poker-tables`, { headers })).json()) as { tables?: { name: string }[] };
      if (lobby.tables?.some((t) => t.name === name)) return true;
      const body = {
        tableId: dealing === 'shoe' ? POKER_SHOE_TABLE.tableId : 'holdem-1',
        name,
        dealing,
        ...(dealing === 'shoe' ? { shoeDeviceId: POKER_SHOE_TABLE.deviceId } : {}),
        config: { variant: 'holdem', structure: 'no-limit', smallBlindMinor: 50, bigBlindMinor: 100, rake: { basisPoints: 500, capMinor: 300, noFlopNoDrop: true }, actionMs: 20_000, timeBankMs: 30_000, timeout: 'check-when-free', straddleTable: true, ...(dealing === 'shoe' ? { burnCards: true } : {}) },
        seats: { seatCount: 6, minBuyInMinor: 2000, maxBuyInMinor: 10_000 },
        robots: this.opts.bots ? 3 : 0,
      };
      const r = await fetch(`${this.baseUrl}/poker-tables`, { method: 'POST', headers, body: JSON.stringify(body) });
      if (r.ok) return true;
      this.opts.log(`the demo poker table ${name} was not created: HTTP ${r.status} ${await r.text()}`);
    } catch (e) {
      this.opts.log(`the demo poker table ${name} was not created: ${(e as Error).message}`);
    }
    return false;
  }

  /**
   * Issue 23 §4, `--plant-anomalies`: two demo robots' accounts sit at Hold'em 1 as people do (seats 1 and 3;
   * the house robots hold the even seats, seat 5 stays free): the first dumps chips to the second, the second
   * acts with a script's timing (planted-poker.ts). A failure here never stops the rest of the studio.
   */
  private async startPlantedPoker(): Promise<void> {
    const roles: readonly [PlantedRole, number][] = [['dumper', 1], ['receiver', 3]];
    const players: PlantedPokerPlayer[] = [];
    let rng = (this.opts.seed ^ 0x5eed) >>> 0 || 1;
    const random = (): number => {
      rng = (Math.imul(rng, 1664525) + 1013904223) >>> 0;
      return rng / 4294967296;
    };
    for (const [i, [role, seat]] of roles.entries()) {
      const who = DEMO_ROBOTS[i];
      if (!who) return;
      try {
        const c = new FeltClient({ baseUrl: this.baseUrl });
        const login = await c.login(who.username, 'demo');
        const socket = new RealtimeClient({ baseUrl: this.baseUrl, token: login.token });
        c.onTokens = (r) => socket.setToken(r.token);
        const refresh = setInterval(() => void c.refresh().catch((e: unknown) => this.opts.log(`${who.username}: token refresh failed: ${(e as Error).message}`)), 5 * 60_000);
        refresh.unref();
        const p: PlantedPokerPlayer = new PlantedPokerPlayer(socket, 'holdem-1', role, (): number | null => players.find((x) => x !== p)?.seat ?? null, random, this.opts.log, () => c.demoTopUp());
        players.push(p);
        this.own({
          name: `planted poker ${role}`,
          stop: () => {
            clearInterval(refresh);
            p.stop();
            socket.close();
          },
        });
        if (!(await p.start([seat]))) this.opts.log(`--plant-anomalies: no free seat for the planted ${role} at Hold'em 1`);
      } catch (e) {
        this.opts.log(`--plant-anomalies: the planted poker ${role} did not sit down: ${(e as Error).message}`);
      }
    }
    this.opts.log(`--plant-anomalies: at Hold'em 1 ${DEMO_ROBOTS[0]?.username} dumps chips to ${DEMO_ROBOTS[1]?.username} (raises to ${PLANTED_POKER.raiseToBB} big blinds whenever both are in a hand and folds to the re-raise; flagged after roughly 50–400 hands), and ${DEMO_ROBOTS[1]?.username} acts after ${PLANTED_POKER.botMs} ms ± ${PLANTED_POKER.botJitterMs} every time (a timing bot)`);
  }

  /**
   * Issue 23 §5, `--plant-anomalies`: the demo robots' accounts bet one signal together at the first roulette
   * and the first baccarat table (planted-group.ts). A failure here never stops the rest of the studio.
   */
  private async startPlantedGroup(tables: readonly Table[]): Promise<void> {
    const at = groupTables(tables);
    if (at.length === 0) return;
    try {
      const members = await Promise.all(
        DEMO_ROBOTS.map(async ({ username }) => {
          const c = new FeltClient({ baseUrl: this.baseUrl });
          await c.login(username, 'demo');
          return c;
        }),
      );
      let rng = (this.opts.seed ^ 0x9a77) >>> 0 || 1;
      const random = (): number => {
        rng = (Math.imul(rng, 1664525) + 1013904223) >>> 0;
        return rng / 4294967296;
      };
      const refresh = setInterval(() => void Promise.all(members.map((c) => c.refresh())).catch((e: unknown) => this.opts.log(`planted group: token refresh failed: ${(e as Error).message}`)), 5 * 60_000);
      refresh.unref();
      const group = new PlantedGroup(members, at, (game) => BOT_SPOTS[game] ?? [], random, this.opts.log);
      this.own({
        name: 'planted betting group',
        stop: () => {
          clearInterval(refresh);
          group.stop();
        },
      });
      void group.run();
      this.opts.log(`--plant-anomalies: ${DEMO_ROBOTS.map((r) => r.username).join(', ')} bet one signal together at ${at.map((t) => t.name).join(' and ')} (the same spot every round, within ${PLANTED_GROUP.spreadMs} ms; flagged within about 15 rounds at each)`);
    } catch (e) {
      this.opts.log(`--plant-anomalies: the planted betting group did not start: ${(e as Error).message}`);
    }
  }

  /**
   * Issue 23 §5, `--plant-anomalies`: the third demo robot's account bets late at the first roulette table, on the
   * pocket its simulated wheel will land in in about 40 % of the rounds (planted-late.ts). Never stops the studio.
   */
  private async startPlantedLate(tables: readonly Table[]): Promise<void> {
    const t = tables.find((x) => x.game === PLANTED_LATE.game);
    const wheel = t === undefined ? undefined : this.wheels.get(t.tableId);
    const robot = DEMO_ROBOTS[2];
    if (t === undefined || wheel === undefined || robot === undefined) return;
    try {
      const client = new FeltClient({ baseUrl: this.baseUrl });
      await client.login(robot.username, 'demo');
      let rng = (this.opts.seed ^ 0x1a7e) >>> 0 || 1;
      const random = (): number => {
        rng = (Math.imul(rng, 1664525) + 1013904223) >>> 0;
        return rng / 4294967296;
      };
      const refresh = setInterval(() => void client.refresh().catch((e: unknown) => this.opts.log(`planted late bettor: token refresh failed: ${(e as Error).message}`)), 5 * 60_000);
      refresh.unref();
      const bettor = new PlantedLateBettor(client, t.tableId, wheel, random, this.opts.log);
      this.own({
        name: 'planted late bettor',
        stop: () => {
          clearInterval(refresh);
          bettor.stop();
        },
      });
      void bettor.run();
      this.opts.log(`--plant-anomalies: ${robot.username} bets a straight up ${PLANTED_LATE.beforeCloseMs / 1000} s before "no more bets" at ${t.name}, on the pocket its wheel will land in ${Math.round(PLANTED_LATE.leakShare * 100)} % of the time (a leak; flagged after about 20 rounds)`);
    } catch (e) {
      this.opts.log(`--plant-anomalies: the planted late bettor did not start: ${(e as Error).message}`);
    }
  }

  /**
   * `--poker-shoe`: the one-deck shoe of POKER_SHOE_TABLE on its own edge agent (serial through the mock
   * binding, like every other shoe), and the robot dealer at that table: it watches the dealer console's
   * `poker.table` frames (socket.io, as dealer1) and draws one card per table change while `cardDue` says
   * a card is due, putting a fresh deck in after every hand (PokerShoeDealer).
   */
  private async startPokerShoe(cred: { username: string; password: string }): Promise<void> {
    const { tableId, deviceId } = POKER_SHOE_TABLE;
    const sched = realScheduler({ speed: this.opts.speed });
    this.own({ name: `scheduler ${tableId}`, stop: () => sched.dispose() });
    const shoe = new ShoeSim({ scheduler: sched, seed: this.opts.seed + 104_729, decks: 1, cutFromEnd: 0 });
    this.own({ name: `shoe ${tableId}/${deviceId}`, stop: () => shoe.stop() });
    const wiring = new MockSerialWiring();
    const path = wiring.wire(`/dev/felt-studio-${tableId}-${deviceId}`, (io) => shoe.start(io));
    const config = { tableId, mqtt: { url: this.mqttUrl }, dataDir: resolve(this.opts.dataDir, 'edge', tableId), devices: [{ model: 'felt-shoe', deviceId, path, baudRate: 9600, credentials: cred }] } as AgentConfig;
    const agent = new Agent({ config, log: silentLogger, createPort: wiring.createPort });
    this.own({ name: `edge agent ${tableId}`, stop: () => agent.stop(), force: () => agent.kill() });
    await agent.start();
    const api = new FeltClient({ baseUrl: this.baseUrl });
    const login = await api.login('dealer1', 'demo');
    const consoleSocket = new RealtimeClient({ baseUrl: this.baseUrl, token: login.token });
    // the socket reconnects with a fresh access token (15 min) when it has to
    api.onTokens = (r) => consoleSocket.setToken(r.token);
    const refresh = setInterval(() => void api.refresh().catch((e: unknown) => this.opts.log(`poker dealer: token refresh failed: ${(e as Error).message}`)), 5 * 60_000);
    refresh.unref();
    this.own({
      name: `poker dealer ${tableId}`,
      stop: () => {
        clearInterval(refresh);
        consoleSocket.close();
      },
    });
    const dealer = new PokerShoeDealer(shoe);
    consoleSocket.on('poker.table', (f) => {
      if (f.tableId === tableId) dealer.see(f);
    });
    await consoleSocket.poker('poker.join', { tableId });
  }

  private async openTables(staff: FeltClient, tables: readonly Table[]): Promise<void> {
    for (const t of tables) {
      if (t.status === 'open') continue;
      // The pit boss's pre-open check the game's definition asks for (ROU-7 wheel, GEN-8 cards) is recorded first.
      const pre = gameDefinition(t.game)?.preOpen;
      if (pre) await staff.preOpenCheck(t.tableId, { checks: [...pre.checks], note: 'demo studio start' });
      await staff.setTableStatus(t.tableId, 'open', 'demo studio start');
    }
  }

  /** Writes the Mosquitto password file + ACL for the server and these devices, then waits until the broker accepts a device login. */
  private async writeMosquittoAuth(dir: string, all: ReadonlyMap<Table, ReadonlyMap<string, { username: string; password: string }>>, extra: readonly DeviceUser[] = []): Promise<void> {
    const server = { username: process.env['MQTT_USERNAME'] ?? '', password: process.env['MQTT_PASSWORD'] ?? '' };
    if (server.username === '' || server.password === '') throw new Error('--mqtt-auth-dir needs MQTT_USERNAME and MQTT_PASSWORD (the server login, from felt secrets)');
    const devices: DeviceUser[] = [];
    for (const [t, creds] of all) for (const [deviceId, c] of creds) devices.push({ ...c, tableId: t.tableId, deviceId });
    devices.push(...extra);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'passwd'), passwordFile([server, ...devices]), { mode: 0o644 });
    writeFileSync(join(dir, 'passwd-server'), serverPasswordFile(server), { mode: 0o644 });
    writeFileSync(join(dir, 'acl'), aclFile(server.username, devices), { mode: 0o644 });
    const probe = devices[0];
    if (probe === undefined) return;
    const end = Date.now() + 60_000;
    for (;;) {
      try {
        const c = await mqtt.connectAsync(this.mqttUrl, { username: probe.username, password: probe.password, reconnectPeriod: 0, connectTimeout: 3000, clientId: `felt-studio-probe-${process.pid}` });
        await c.endAsync();
        return;
      } catch (e) {
        if (Date.now() > end) throw new Error(`the broker at ${this.mqttUrl} does not accept the new device logins (is it reloading ${dir}?): ${(e as Error).message}`);
        await sleep(1000);
      }
    }
  }

  /** A fresh MQTT credential per device of the table (rotating any earlier one: only this run knows the secrets). */
  private async issueCredentials(admin: FeltClient, t: Table): Promise<Map<string, { username: string; password: string }>> {
    const out = new Map<string, { username: string; password: string }>();
    for (const d of t.devices) {
      const c = await admin.issueDeviceCredential(t.tableId, d.deviceId, 'felt studio start');
      out.set(d.deviceId, { username: c.username, password: c.password });
    }
    return out;
  }

  /** One edge agent per table; each simulator is wired to the agent's serial port through the mock binding. */
  private async startDevices(t: Table, creds: ReadonlyMap<string, { username: string; password: string }>): Promise<void> {
    const sched = realScheduler({ speed: this.opts.speed });
    this.own({ name: `scheduler ${t.tableId}`, stop: () => sched.dispose() });
    const wiring = new MockSerialWiring();
    const serial: DeviceConfig[] = [];
    const wire = (name: string, onOpen: (d: ByteDuplex) => void): string => wiring.wire(`/dev/felt-studio-${t.tableId}-${name}`, onOpen);
    for (const d of t.devices) {
      const seed = deviceSeed(this.opts.seed, t.name, d.deviceId);
      switch (d.kind) {
        case 'wheel': {
          if (String(t.game) === MONEY_WHEEL_GAME) {
            // docs/rules MW-1..MW-4: the wheel's sensor publishes canonical events over MQTT
            const cred = creds.get(d.deviceId);
            const mw = new MoneyWheelSim({ mqttUrl: this.mqttUrl, tableId: t.tableId, deviceId: d.deviceId, seed, speed: this.opts.speed, profileId: t.profileId, ...(cred ? { username: cred.username, password: cred.password } : {}) });
            await mw.start();
            this.own({ name: `money wheel ${d.deviceId}`, stop: () => mw.stop() });
            break;
          }
          const biased = this.opts.plantAnomalies === true && !this.planted.has('wheel');
          if (biased) {
            this.planted.add('wheel');
            this.opts.log(`--plant-anomalies: the wheel ${d.deviceId} at ${t.name} favours pocket ${PLANTED.wheel.pocket} (${PLANTED.wheel.factor}× its fair frequency)`);
          }
          const wheel = new WheelSim({ scheduler: sched, seed, ...(biased ? { bias: PLANTED.wheel } : {}) });
          this.wheels.set(t.tableId, wheel);
          this.own({ name: `wheel ${d.deviceId}`, stop: () => wheel.stop() });
          serial.push({ model: 'ss2-wheel', deviceId: d.deviceId, path: wire(d.deviceId, (io) => wheel.start(io)), baudRate: 9600, desired: { operatingMode: 1159, params: {} } } as DeviceConfig);
          break;
        }
        case 'shoe': {
          // a game whose definition carries no shoe between rounds (banked poker, Andar Bahar) is dealt from a fresh
          // shoe of its profile's decks, shuffled before every round (the robot dealer inserts it); the others from 8 decks
          const def = gameDefinition(t.game);
          const decks = (def?.profiles[t.profileId] as { readonly decks?: unknown } | undefined)?.decks;
          const fresh = def !== undefined && def.carry === undefined && typeof decks === 'number';
          const short = this.opts.plantAnomalies === true && t.game === 'baccarat' && !this.planted.has('shoe');
          if (short) {
            this.planted.add('shoe');
            this.opts.log(`--plant-anomalies: the shoe ${d.deviceId} at ${t.name} is short of ${PLANTED.shoe.T} tens in every shoe`);
          }
          const shoe = new ShoeSim({ scheduler: sched, seed, decks: fresh ? decks : 8, cutFromEnd: t.game === 'blackjack' ? 208 : 7, ...(short ? { shortOf: PLANTED.shoe } : {}) });
          if (fresh) this.freshDeckEachRound.add(t.tableId);
          this.shoes.set(t.tableId, shoe);
          this.own({ name: `shoe ${d.deviceId}`, stop: () => shoe.stop() });
          serial.push({ model: 'felt-shoe', deviceId: d.deviceId, path: wire(d.deviceId, (io) => shoe.start(io)), baudRate: 9600 } as DeviceConfig);
          break;
        }
        case 'timer': {
          const box = new TimerBoxSim({ scheduler: sched });
          this.own({ name: `timer ${d.deviceId}`, stop: () => box.stop() });
          serial.push({ model: 'felt-timer', deviceId: d.deviceId, path: wire(d.deviceId, (io) => box.start(io)), baudRate: 9600 } as DeviceConfig);
          break;
        }
        case 'shaker':
        case 'dice': {
          const cred = creds.get(d.deviceId);
          // Lucky Dice (RAY 2011 (docs/rules) §5.3 A): the dealer's two cups, read as a red and a green die
          const dice = String(t.game) === 'lucky-dice' ? 2 : 3;
          const shaker = new ShakerSim({ mqttUrl: this.mqttUrl, tableId: t.tableId, deviceId: d.deviceId, seed, speed: this.opts.speed, dice, ...(cred ? { username: cred.username, password: cred.password } : {}) });
          await shaker.start();
          if (String(t.game) === 'lucky-dice' && t.profileId === 'ray-b') this.throwReaders.set(t.tableId, shaker);
          this.own({ name: `shaker ${d.deviceId}`, stop: () => shaker.stop(), force: () => shaker.crash() });
          break;
        }
        case 'camera':
          break;
      }
    }
    if (serial.length === 0) return;
    for (const [i, d] of serial.entries()) {
      const cred = creds.get(d.deviceId);
      if (cred) serial[i] = { ...d, credentials: cred };
    }
    const config: AgentConfig = { tableId: t.tableId, mqtt: { url: this.mqttUrl }, dataDir: resolve(this.opts.dataDir, 'edge', t.tableId), devices: serial } as AgentConfig;
    const agent = new Agent({ config, log: silentLogger, createPort: wiring.createPort });
    this.own({ name: `edge agent ${t.tableId}`, stop: () => agent.stop(), force: () => agent.kill() });
    await agent.start();
  }

  /** Registers something to stop; once stopping has begun (a signal during start) it is stopped at once. */
  private own(s: Stoppable): void {
    if (!this.stopped) {
      this.stops.push(s);
      return;
    }
    Promise.resolve()
      .then(() => s.stop())
      .catch((e: unknown) => this.opts.log(`${s.name}: ${(e as Error).message}`));
  }

  private readonly shoes = new Map<string, ShoeSim>();
  /** The roulette wheels by table (the planted late bettor reads one ahead of its spin). */
  private readonly wheels = new Map<string, WheelSim>();
  /** Which anomalies `--plant-anomalies` has planted (one per monitor). */
  private readonly planted = new Set<'wheel' | 'shoe'>();
  private readonly freshDeckEachRound = new Set<string>();
  /** Lucky Dice method B tables: the dice reader that reads each throw the robot dealer permitted (LD-7). */
  private readonly throwReaders = new Map<string, ShakerSim>();

  /**
   * The robot dealer: at a card table it deals the next card from the simulated shoe whenever the
   * server's "what is due next" (kernel.next, BAC-17 / BJ-5) asks for one — exactly what a dealer does
   * looking at the console. The card itself reaches the server only through the shoe's serial bytes.
   */
  private startRobotDealer(tables: readonly Table[]): void {
    // (the money wheel needs no robot: it spins on the server's `moneywheel.spin`, MW-2 re-spins and MW-4 void spins included)
    const dealtTables = tables.filter((t) => this.shoes.has(t.tableId) || this.throwReaders.has(t.tableId));
    if (dealtTables.length === 0) return;
    const dealer = new FeltClient({ baseUrl: this.baseUrl });
    const atShoe = new Map<string, RobotShoeDealer>();
    for (const t of dealtTables) {
      const shoe = this.shoes.get(t.tableId);
      if (shoe) atShoe.set(t.tableId, new RobotShoeDealer(shoe, this.freshDeckEachRound.has(t.tableId)));
    }
    const thrownFor = new Map<string, string>();
    let running = true;
    this.own({
      name: 'robot dealer',
      stop: () => {
        running = false;
      },
    });
    const loop = async (): Promise<void> => {
      await dealer.login('dealer1', 'demo');
      while (running) {
        for (const t of dealtTables) {
          try {
            const r = await dealer.currentRound(t.tableId);
            const reader = this.throwReaders.get(t.tableId);
            if (reader) {
              await this.methodBStep(dealer, t.tableId, r.roundId, r.view as LuckyDiceBView | null, reader, thrownFor);
              continue;
            }
            // deal what is due, shuffle when the cut card came out (S-4) or the shoe ran out: robot-shoe-dealer.ts
            atShoe.get(t.tableId)?.step(r);
          } catch (e) {
            if (!(e instanceof FeltApiError)) throw e;
          }
        }
        await sleep(Math.max(150, 900 / this.opts.speed));
      }
    };
    loop().catch((e: unknown) => this.opts.log(`robot dealer stopped: ${(e as Error).message}`));
  }

  /**
   * The robot dealer at a Lucky Dice method B table (RAY 2011 (docs/rules) §5.3 B, LD-6/LD-7): permits the
   * shooter's throw, lets the dice reader read it (the robot shooter throws once permitted), then judges
   * the throw read — approved, or now and then invalid (the shooter throws again).
   */
  private async methodBStep(dealer: FeltClient, tableId: string, roundId: string | null, view: LuckyDiceBView | null, reader: ShakerSim, thrownFor: Map<string, string>): Promise<void> {
    if (roundId === null || view?.phase !== 'closed' || !view.shooter) return;
    if (view.pendingThrow) {
      await dealer.dealerCommand(tableId, { type: 'JudgeThrow', valid: (view.throws?.length ?? 0) % 5 !== 4 });
      return;
    }
    if (!view.throwPermitted) {
      await dealer.dealerCommand(tableId, { type: 'PermitThrow' });
      return;
    }
    // one throw per permission: the key changes with every throw recorded
    const key = `${roundId}:${view.throws?.length ?? 0}`;
    if (thrownFor.get(tableId) === key) return;
    if (reader.readThrow(roundId)) thrownFor.set(tableId, key);
  }

  /** Demo players: each places one or two small bets per round at the tables that take them. */
  private async startBots(tables: readonly Table[]): Promise<void> {
    let running = true;
    this.own({
      name: 'demo players',
      stop: () => {
        running = false;
      },
    });
    let rng = this.opts.seed >>> 0 || 1;
    const rand = (n: number): number => {
      rng = (Math.imul(rng, 1664525) + 1013904223) >>> 0;
      return rng % n;
    };
    // issue 23 §3: with --plant-anomalies the first robot counts cards at the first blackjack table (a 1–8 spread on the Hi-Lo count)
    const countedTable = this.opts.plantAnomalies === true ? tables.find((t) => t.game === 'blackjack' && this.shoes.has(t.tableId)) : undefined;
    if (countedTable !== undefined) this.opts.log(`--plant-anomalies: ${DEMO_ROBOTS[0]?.username} counts cards at ${countedTable.name} (Hi-Lo, ${PLANTED_COUNTER.spread[0]}–${PLANTED_COUNTER.spread[1]} units of ${PLANTED_COUNTER.unit} with the true count; flagged after about 7–10 shoes)`);
    for (const [robot, { username: name, blackjackSeat }] of DEMO_ROBOTS.entries()) {
      const counting = robot === 0 ? countedTable : undefined;
      const c = new FeltClient({ baseUrl: this.baseUrl });
      const login = await c.login(name, 'demo');
      const me = login.user.userId;
      // issue 20 defect 12: a robot is at its tables as a player is (the lobby's player count, the pit's presence)
      const presence = new RealtimeClient({ baseUrl: this.baseUrl, token: login.token });
      c.onTokens = (r) => presence.setToken(r.token);
      const refresh = setInterval(() => void c.refresh().catch((e: unknown) => this.opts.log(`${name}: token refresh failed: ${(e as Error).message}`)), 5 * 60_000);
      refresh.unref();
      this.own({
        name: `${name} presence`,
        stop: () => {
          clearInterval(refresh);
          presence.close();
        },
      });
      for (const t of tables) await presence.setPresence(t.tableId, true).catch((e: unknown) => this.opts.log(`${name}: presence at ${t.tableId} failed: ${(e as Error).message}`));
      const betRound = new Map<string, string>();
      // after a bet at a bet-only game, the table is not read again before its betting closed (robot-reads.ts)
      const quiet = new Map<string, number>();
      const loop = async (): Promise<void> => {
        while (running) {
          for (const t of tables) {
            if ((quiet.get(t.tableId) ?? 0) > Date.now()) continue;
            try {
              const r = await c.currentRound(t.tableId);
              const phase = (r.view as { phase?: string } | null)?.phase;
              if (t.game === 'blackjack' && phase === 'play') await this.blackjackDecision(c, t.tableId, r.view as BlackjackBotView, blackjackSeat);
              // banked poker: a demo player with a hand to decide plays on (Call / Play) — or lets the timer fold it now and then
              const options = (r.view as { decision?: { options?: readonly string[] } | null } | null)?.decision?.options ?? [];
              if (options.length > 0 && rand(5) !== 0) await c.playerDecision(t.tableId, { type: 'PlayerAction', action: options[0] as string });
              // Lucky Dice method B: the shooter now and then passes the dice before throwing (LD-6)
              const ld = r.view as LuckyDiceBView | null;
              if (t.game === 'lucky-dice' && phase === 'closed' && ld?.shooter === me && !ld.pendingThrow && rand(8) === 0) await c.playerDecision(t.tableId, { type: 'DeclineThrow' });
              if (r.roundId === null || phase !== 'betting' || betRound.get(t.tableId) === r.roundId) continue;
              const shoe = t.tableId === counting?.tableId ? this.shoes.get(t.tableId) : undefined;
              if (shoe !== undefined) {
                // the planted counter plays every round, its stake set by the cards the shoe has dealt so far
                betRound.set(t.tableId, r.roundId);
                await c.placeBet(t.tableId, { betId: newBetId(), spot: `seat:${blackjackSeat}`, stakeMinor: counterStake(shoe.dealtCards, 8, PLANTED_COUNTER.unit) });
                continue;
              }
              if (rand(4) === 0) continue;
              betRound.set(t.tableId, r.roundId);
              const spots = t.game === 'blackjack' ? [{ spot: `seat:${blackjackSeat}`, unit: 500 }] : (BOT_SPOTS[t.game] ?? []);
              const pick = spots[rand(spots.length)];
              if (pick) {
                const stakeMinor = pick.unit * (1 + rand(3));
                for (const spot of [pick.spot, ...(pick.with ?? [])]) await c.placeBet(t.tableId, { betId: newBetId(), spot, stakeMinor });
                const until = quietUntil(t.game, (r.view as { bettingClosesAt?: number | null } | null)?.bettingClosesAt);
                if (until !== null) quiet.set(t.tableId, until);
              }
            } catch (e) {
              if (!(e instanceof FeltApiError)) throw e;
            }
          }
          await sleep(1000 + rand(1500));
        }
      };
      loop().catch((e: unknown) => this.opts.log(`${name} stopped: ${(e as Error).message}`));
    }
  }

  /** A demo player at blackjack: hits below 17, otherwise stands (only for its own seat, when it is its turn). */
  private async blackjackDecision(c: FeltClient, tableId: string, view: BlackjackBotView, seat: number): Promise<void> {
    const turn = view.turn;
    if (!turn || turn.seat !== seat) return;
    const hand = view.seats?.find((x) => x.seat === seat)?.hands[turn.hand];
    if (!hand || hand.done !== null) return;
    await c.playerDecision(tableId, { type: 'PlayerAction', seat, hand: turn.hand, action: hand.total < 17 ? 'hit' : 'stand' });
  }

  private printUrls(tables: readonly Table[]): void {
    const b = this.baseUrl;
    const lines = [
      '',
      'Felt studio is running (embedded defaults, simulated devices).',
      '',
      `  Player ......... ${b}/play/     sign in as player1, player2 or player3 (password "demo")`,
      `  Dealer ......... ${b}/dealer/   sign in as dealer1 (password "demo")`,
      `  Pit boss ....... ${b}/pit/      sign in as pitboss1 (password "demo")`,
      '',
      `  API ............ ${b}`,
      `  OpenAPI docs ... ${b}/docs`,
      `  Health ......... ${b}/health`,
      `  Metrics ........ ${b}/metrics`,
      `  WebSocket ...... ${b.replace(/^http/, 'ws')}/socket.io  (socket.io; join a table with its JWT)`,
      `  MQTT broker .... ${this.mqttUrl}`,
      '',
      this.videoOff === null
        ? '  Video ........... every table has a studio camera (LL-HLS, 360p/15 fps, encoded only while someone watches)'
        : this.videoOff === '--no-video'
          ? '  Video ........... off (--no-video): the players see the rendered tables'
          : `  Video ........... off (${this.videoOff}): the players see the rendered tables. To turn video on, install ffmpeg (Debian/Ubuntu: sudo apt-get install ffmpeg; macOS: brew install ffmpeg) and restart`,
      '  Demo users (password "demo"): player1 player2 player3 dealer1 pitboss1 admin1',
      `  Demo robots: ${DEMO_ROBOTS.map((r) => r.username).join(' ')} bet on their own accounts (shown as robots to staff); player1..3 are yours`,
      '  Seamless wallet: player3 is a player of operator op-demo; its stakes are debited at a simulated operator wallet (FELT_DEMO_SEAMLESS=0: internal ledger)',
      `  Reconciliation:  GET ${b}/admin/operators/op-demo/reconciliation (admin1)`,
      `  Tables: ${tables.map((t) => `${t.name} (${t.tableId})`).join(', ')}`,
      `  Live poker: Hold'em 1 (holdem-1), NL 50/100, RNG-dealt, ${this.opts.bots ? '3 robot players' : 'no robots'}: ${b}/play/poker/holdem-1 (lobby: GET ${b}/poker-tables)`,
      ...(this.opts.pokerShoe === true ? [`  Live poker: ${POKER_SHOE_TABLE.name} (${POKER_SHOE_TABLE.tableId}), dealt from a simulated shoe by the robot dealer: ${b}/play/poker/${POKER_SHOE_TABLE.tableId}`] : []),
      `  Try:  curl -s ${b}/tables/${tables[0]?.tableId ?? '<id>'}/round -H "authorization: Bearer $(curl -s -XPOST ${b}/auth/login -H 'content-type: application/json' -d '{"username":"pitboss1","password":"demo"}' | node -pe 'JSON.parse(require("fs").readFileSync(0)).token')"`,
      '',
      this.opts.serverUrl === null ? `  Server log: ${join(this.opts.dataDir, 'studio-server.log')}   Data: ${join(this.opts.dataDir, 'db')}` : '',
      '  Ctrl-C stops everything.',
      '',
    ];
    this.opts.log(lines.join('\n'));
  }

  /**
   * Stops everything this process started, bounded (issue 12 point 6): the simulators and edge agents say
   * goodbye within STOP_BUDGET.devicesMs or are dropped; at the same time the server gets SIGTERM (it
   * finishes its in-flight commits and exits by itself within its own deadline) and is killed after
   * STOP_BUDGET.serverMs. Safe to call twice (the second call waits for the first).
   */
  stop(): Promise<void> {
    this.stopping ??= this.stopAll();
    return this.stopping;
  }

  private async stopAll(): Promise<void> {
    this.stopped = true;
    const t0 = Date.now();
    const dbg = process.env.FELT_DEBUG ? (m: string) => this.opts.log(`stop +${Date.now() - t0} ms: ${m}`) : () => undefined;
    const devices: Stoppable[] = [
      ...this.stops.splice(0).reverse(),
    ];
    const stopDevice = async (s: Stoppable): Promise<void> => {
      if (await within(s.stop(), STOP_BUDGET.devicesMs)) return dbg(`${s.name} stopped`);
      dbg(`${s.name} did not stop in ${STOP_BUDGET.devicesMs} ms${s.force ? ', dropped' : ''}`);
      if (s.force) await within(s.force(), 200);
    };
    await Promise.all([...devices.map(stopDevice), this.stopServer(dbg)]);
    dbg('done');
  }

  private async stopServer(dbg: (m: string) => void): Promise<void> {
    const srv = this.server;
    if (srv === null || srv.exitCode !== null || srv.signalCode !== null) return;
    const exited = new Promise<void>((r) => srv.once('exit', () => r()));
    srv.kill('SIGTERM');
    if (await within(exited, STOP_BUDGET.serverMs)) return dbg('server exited');
    dbg(`server still running after ${STOP_BUDGET.serverMs} ms: SIGKILL`);
    srv.kill('SIGKILL');
    await within(exited, 500);
  }
}
