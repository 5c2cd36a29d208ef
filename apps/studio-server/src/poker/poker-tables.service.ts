import { Inject, Injectable, Optional, type OnModuleDestroy } from '@nestjs/common';
import { BET_GATE, type BetGate } from '../limits/bet-gate.js';
import { pokerTable, type Audience, type Result } from '@felt-studio/games';
import type { PokerHandSummary, PokerLobbyEntry, PokerTableFrame, PokerWsMessage } from '@felt-studio/protocol';
import { AlertsService } from '../alerts/alerts.service.js';
import { CLOCK, IDS, type Clock, type Ids } from '../shared/clock.js';
import { DEFAULT_CURRENCY } from '../shared/ledger.rules.js';
import { UNIT_OF_WORK, type UnitOfWork } from '../shared/ports/persistence.port.js';
import { TABLE_HOST, type TableHost } from '../shared/host/table-host.js';
import type { HostDeadline, TableProgram } from '../shared/host/table-program.js';
import { SeamlessService } from '../wallet/seamless/seamless.service.js';
import { TablesService } from '../tables/tables.service.js';
import { PokerHandDriver, type PokerDeadline } from './poker-hand.driver.js';
import { fail, LiveTables, POKER_TIMINGS, timingsOf, type PokerTimings, type PokerUser } from './poker-live-tables.js';
import { PokerReadSide } from './poker-read-side.js';
import { PokerRobots } from './poker-robots.js';
import { PokerSeating, type PokerFlagGate, type PokerSeamless } from './poker-seating.js';
import { PlayerFlagsService } from '../integrity/player-flags.service.js';
import type { SeatConnection } from '../shared/connection-fingerprint.js';

/** Connections kept per player and table (issue 23 §4). */
const SEAT_CONNECTIONS = 4;
import { POKER_TABLES_REPOSITORY, type PokerTablesRepository } from './poker-table.repository.js';
import type { PokerTableDef, PokerTableState, SeamlessChips } from './poker-table.state.js';
import { PokerTableWriter } from './poker-table.writer.js';

export { POKER_TIMINGS, type PokerChange, type PokerTimings, type PokerUser } from './poker-live-tables.js';
export { stackAccount } from './poker-postings.js';
export type { PokerDeadline } from './poker-hand.driver.js';

/**
 * Live poker tables (issue 11) as a program of the one table host (issue 19 §2, docs/architecture.md "One
 * table host"): the host gives the table its writer (one per table), its deadlines (one scheduler), its
 * recovery (boot, takeover) and its lease (the table's id, one lease space). This service is the program's
 * face to the host and to the module (gateway, controller, cluster, devices); the work is in its parts:
 *
 * - `PokerTableWriter` — the write path (fold, complete, log + ledger in one transaction) and the restore;
 * - `PokerHandDriver` — the hand's life: next hand, action clock, shoe, pit boss; the deadlines;
 * - `PokerSeating` — seats and the wallet (S1-STACK, seamless operators, S1-DISCONNECT);
 * - `PokerRobots` — the demo's robot players;
 * - `PokerReadSide` — the lobby, per-audience frames, hands and their redacted events.
 */
@Injectable()
export class PokerTablesService implements TableProgram, OnModuleDestroy {
  readonly kind = 'poker';
  private readonly live = new LiveTables();
  private readonly seatConnections = new Map<string, Map<string, SeatConnection[]>>();
  private readonly writer: PokerTableWriter;
  private readonly driver: PokerHandDriver;
  private readonly seating: PokerSeating;
  private readonly robots: PokerRobots;
  private readonly reads: PokerReadSide;
  readonly changes$ = this.live.changes$;
  /** shoe-dealt tables (created or restored): the device ingest subscribes to their shoe. */
  readonly shoeTables$ = this.live.shoeTables$;

  constructor(
    @Inject(UNIT_OF_WORK) uow: UnitOfWork,
    @Inject(POKER_TABLES_REPOSITORY) private readonly repo: PokerTablesRepository,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(IDS) private readonly ids: Ids,
    /** The one table host (issue 19 §2): the table's writer, deadlines, recovery and lease come from it. */
    @Inject(TABLE_HOST) private readonly host: TableHost,
    @Inject(AlertsService) alerts: AlertsService,
    @Optional() @Inject(POKER_TIMINGS) timings: PokerTimings = timingsOf(null),
    /** Issue 12: players of a seamless operator buy in from (and cash out to) the operator's wallet. */
    @Optional() @Inject(SeamlessService) seamless: PokerSeamless | null = null,
    /** One lease space is one id space (issue 19 §2): a poker table never takes a rounds table's id. */
    @Optional() @Inject(TablesService) private readonly roundsTables: Pick<TablesService, 'exists'> | null = null,
    /** Issue 22 §16: responsible-gambling limits also gate buy-ins and top-ups. */
    @Optional() @Inject(BET_GATE) gate: BetGate | null = null,
    /** Issue 23: a player the pit flagged takes no new seat (POKER_PLAYER_FLAGGED). */
    @Optional() @Inject(PlayerFlagsService) flags: PokerFlagGate | null = null,
  ) {
    this.writer = new PokerTableWriter(this.live, uow, repo, clock, host, alerts, timings);
    this.driver = new PokerHandDriver(this.live, this.writer, clock, host, this, alerts, timings, () => void seamless?.sweep());
    this.writer.hooks = this.driver;
    this.seating = new PokerSeating(this.live, this.writer, uow, repo, clock, host, seamless, gate, flags);
    this.robots = new PokerRobots(this.live, this.writer, clock, timings, (tableId, u, body, opts) => this.seating.command(tableId, u, 'poker.sit', body, opts));
    this.driver.robots = this.robots;
    this.reads = new PokerReadSide(this.live, uow, clock, (tableId) => this.seating.missing(tableId));
    this.host.register(this);
  }

  // ───────────────────────────── the table program (the host's seam) ─────────────────────────────

  async tables(): Promise<readonly string[]> {
    return (await this.repo.list()).map((d) => d.tableId);
  }

  async has(tableId: string): Promise<boolean> {
    return (await this.repo.get(tableId)) !== null;
  }

  /** The host's recovery (boot; several instances: this instance won the table's lease): lay the table out from its log. */
  recover(tableId: string): Promise<void> {
    return this.writer.recover(tableId);
  }

  /** The host's ownership: this instance no longer runs the table (lease lost). */
  release(tableId: string): void {
    this.driver.release(tableId);
  }

  deadlines(tableId: string): readonly PokerDeadline[] {
    return this.driver.deadlines(tableId);
  }

  fire(tableId: string, d: HostDeadline): Promise<void> {
    return this.driver.fire(tableId, d);
  }

  onModuleDestroy(): void {
    this.driver.stop();
    this.live.changes$.complete();
  }

  // ───────────────────────────── tables ─────────────────────────────

  async createTable(input: { tableId?: string; name: string; currency?: string; dealing: 'rng' | 'shoe'; shoeDeviceId?: string | null; config: Partial<pokerTable.PokerTableConfig>; seats: { seatCount: number; minBuyInMinor: number; maxBuyInMinor: number | null }; robots?: number }): Promise<Result<PokerTableDef>> {
    // issue 24: unknown config fields are refused (also when called without the controller's strict schema)
    const fields = pokerTable.parseTableFields(input.config, 'config');
    if (!fields.ok) return fields;
    const config = pokerTable.tableConfig(fields.value);
    const checked = pokerTable.validateConfig(config);
    if (!checked.ok) return checked;
    const v = pokerTable.VARIANTS[config.variant];
    if (input.seats.seatCount < 2 || input.seats.seatCount > v.maxSeats) return fail('POKER_INVALID_CONFIG', `${v.name} seats 2–${v.maxSeats}`);
    if (input.seats.minBuyInMinor <= 0 || (input.seats.maxBuyInMinor !== null && input.seats.maxBuyInMinor < input.seats.minBuyInMinor)) return fail('POKER_INVALID_CONFIG', 'buy-in min ≤ max, both positive (S1-STACK)');
    const tableId = input.tableId ?? this.ids.next('pkt');
    if (this.live.states.has(tableId) || (await this.repo.get(tableId))) return fail('POKER_TABLE_EXISTS', `poker table ${tableId} exists`);
    if ((await this.roundsTables?.exists(tableId))?.ok) return fail('POKER_TABLE_EXISTS', `a table ${tableId} exists (every kind of table shares one id and lease space)`);
    const def: PokerTableDef = {
      tableId,
      name: input.name,
      currency: input.currency ?? DEFAULT_CURRENCY,
      dealing: input.dealing,
      shoeDeviceId: input.dealing === 'shoe' ? (input.shoeDeviceId ?? 'shoe-1') : null,
      config: checked.value,
      seats: { ...input.seats, smallBlindMinor: config.smallBlindMinor, bigBlindMinor: config.bigBlindMinor, straddleTable: checked.value.straddleTable },
      robots: Math.max(0, Math.min(input.robots ?? 0, input.seats.seatCount - 1)),
      createdAt: this.clock.now(),
    };
    await this.repo.insert(def);
    // several instances: the creator runs the table when it gets the table's lease (else the holder's next pass takes it)
    if (!(await this.host.claim(tableId))) return { ok: true, value: def };
    this.writer.open(def);
    await this.robots.seat(tableId);
    return { ok: true, value: def };
  }

  stateOf(tableId: string): PokerTableState | undefined {
    return this.live.get(tableId);
  }

  // ───────────────────────────── the parts ─────────────────────────────

  command(tableId: string, u: PokerUser, msg: PokerWsMessage, body: Record<string, unknown>, opts: { robot?: boolean; fund?: number; seamless?: SeamlessChips } = {}): Promise<Result<PokerTableState>> {
    return this.seating.command(tableId, u, msg, body, opts);
  }
  disconnected(tableId: string, userId: string): Promise<Result<PokerTableState>> {
    return this.seating.disconnected(tableId, userId);
  }
  reconnected(tableId: string, userId: string): Promise<Result<PokerTableState>> {
    return this.seating.reconnected(tableId, userId);
  }
  balanceOf(userId: string, currency: string): Promise<number | null> {
    return this.seating.balanceOf(userId, currency);
  }
  startNextHand(tableId: string): Promise<Result<PokerTableState>> {
    return this.driver.startNextHand(tableId);
  }
  shoeCard(tableId: string, deviceId: string, card: string): Promise<Result<PokerTableState>> {
    return this.driver.shoeCard(tableId, deviceId, card);
  }
  deviceFault(tableId: string, deviceId: string): Promise<void> {
    return this.driver.deviceFault(tableId, deviceId);
  }
  pitDecision(tableId: string, decision: Parameters<PokerHandDriver['pitDecision']>[1]): Promise<Result<PokerTableState>> {
    return this.driver.pitDecision(tableId, decision);
  }
  lobby(): PokerLobbyEntry[] {
    return this.reads.lobby();
  }
  keyOf(s: PokerTableState, userId: string): string | null {
    return this.reads.keyOf(s, userId);
  }
  audienceOf(u: PokerUser): Audience {
    return this.reads.audienceOf(u);
  }
  frame(s: PokerTableState, u: PokerUser, balanceMinor: number | null): PokerTableFrame {
    return this.reads.frame(s, u, balanceMinor);
  }
  recentHands(tableId: string, limit: number): Promise<Result<PokerHandSummary[]>> {
    return this.reads.recentHands(tableId, limit);
  }
  handEvents(tableId: string, handId: string, u: PokerUser): ReturnType<PokerReadSide['handEvents']> {
    return this.reads.handEvents(tableId, handId, u);
  }
  /** The table's last finished hands as the pit boss exports them (issue 23 §4: the integrity monitor reads these). */
  /**
   * Issue 23 §4: a player's connection at a table (hashed by the gateway: shared/connection-fingerprint.ts), as
   * each accepted command brings it — the seat session's address and device, kept on the instance that runs the
   * table (the last SEAT_CONNECTIONS distinct ones per player; a restart or a takeover learns them again from the
   * players' next commands).
   */
  noteConnection(tableId: string, userId: string, c: SeatConnection): void {
    const s = this.live.get(tableId);
    // players of the table only (a seat or a place on its waiting list gave them a key), not its watchers
    if (!s || !Object.values(s.players).some((p) => p.userId === userId)) return;
    const byUser = this.seatConnections.get(tableId) ?? new Map<string, SeatConnection[]>();
    this.seatConnections.set(tableId, byUser);
    const had = byUser.get(userId) ?? [];
    if (had.some((x) => x.address === c.address && x.device === c.device)) return;
    byUser.set(userId, [...had, c].slice(-SEAT_CONNECTIONS));
  }

  /** The connections seen at a table by player key (the integrity monitor's `PokerConnection`s: hashes only). */
  connectionsOf(tableId: string): { readonly playerId: string; readonly ip: string; readonly device: string | null }[] {
    const s = this.live.get(tableId);
    const byUser = this.seatConnections.get(tableId);
    if (!s || !byUser) return [];
    const keyOf = new Map(Object.values(s.players).map((p) => [p.userId, p.key] as const));
    return [...byUser].flatMap(([userId, cs]) => {
      const key = keyOf.get(userId);
      return key === undefined ? [] : cs.map((c) => ({ playerId: key, ip: c.address, device: c.device }));
    });
  }

  exportHands(tableId: string, limit: number): ReturnType<PokerReadSide['exportHands']> {
    return this.reads.exportHands(tableId, limit);
  }
}
