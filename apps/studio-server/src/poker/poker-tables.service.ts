import { Inject, Injectable, Optional, type OnModuleDestroy } from '@nestjs/common';
import { BET_GATE, type BetGate } from '../limits/bet-gate.js';
import { pokerTable, type Audience, type Result } from '@felt/games';
import type { PokerHandSummary, PokerLobbyEntry, PokerTableFrame, PokerWsMessage } from '@felt/protocol';
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
import { PokerSeating, type PokerSeamless } from './poker-seating.js';
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
  ) {
    this.writer = new PokerTableWriter(this.live, uow, repo, clock, host, alerts, timings);
    this.driver = new PokerHandDriver(this.live, this.writer, clock, host, this, alerts, timings, () => void seamless?.sweep());
    this.writer.hooks = this.driver;
    this.seating = new PokerSeating(this.live, this.writer, uow, repo, clock, host, seamless, gate);
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
}
