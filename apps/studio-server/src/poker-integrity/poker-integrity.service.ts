import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, Optional, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { integrity } from '@felt-studio/games';
import type { PokerTableIntegrity } from '@felt-studio/protocol';
import type { Subscription } from 'rxjs';
import { AlertsService } from '../alerts/alerts.service.js';
import { PokerTablesService, type PokerChange } from '../poker/poker-tables.service.js';
import { handSettled } from '../poker/poker-table.state.js';
import { TABLE_RELAY, type TableRelayPort } from '../shared/ports/cluster.port.js';

/** The shared map of the poker tables' integrity reports (several instances: each writes the tables it runs). */
export const POKER_INTEGRITY_MAP = 'poker-integrity';
/** Each instance writes its tables' reports this often; a report not written again within POKER_INTEGRITY_STALE_MS (its instance is gone) no longer counts. */
export const POKER_INTEGRITY_PUBLISH_MS = 10_000;
export const POKER_INTEGRITY_STALE_MS = 60_000;
import { POKER_INTEGRITY_WINDOW, PokerIntegrityMonitor, type PokerTableInfo } from './poker-integrity.monitor.js';

/** The poker tables' change stream and their export (the part of PokerTablesService the monitor uses). */
export type PokerIntegritySource = Pick<PokerTablesService, 'changes$' | 'exportHands'> & Partial<Pick<PokerTablesService, 'connectionsOf'>>;

const infoOf = (c: PokerChange): PokerTableInfo => {
  const s = c.state;
  return { tableId: s.def.tableId, name: s.def.name, variant: s.def.config.variant, currency: s.def.currency, players: Object.values(s.players).map((p) => ({ key: p.key, name: p.displayName, robot: p.robot, playerId: p.userId })) };
};

/**
 * Issue 23 §4: collusion and bots at the live poker tables, fed by each table's log. When a hand is over
 * (its end folded into the seats), the table's export of it — the pit boss's events body, the same one
 * `felt settle poker-<variant>` replays — is laid out again into the detectors' record and folded into the
 * monitor; the first hand seen of a table after boot brings its last POKER_INTEGRITY_WINDOW hands with it (one
 * read of the log). Alarms raise POKER_COLLUSION_SUSPECTED (chip dumping, soft play, a shared connection) or
 * POKER_BOT_SUSPECTED (timing), warning, subject = the table and the players; the reports are served to
 * the pit (GET /integrity/poker).
 */
@Injectable()
export class PokerIntegrityService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly log = new Logger('PokerIntegrity');
  private readonly monitor = new PokerIntegrityMonitor((table, finding) => void this.raise(table, finding));
  private readonly chains = new Map<string, Promise<void>>();
  private sub: Subscription | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  /** the evaluation last written to the shared map per table (written again after the next one, or by the periodic pass). */
  private readonly written = new Map<string, object>();
  /** this instance's own fields in the shared map (`<table>@<writer>`): an instance that ran a table before a takeover keeps its older report apart, and the newer one wins the merge. */
  private readonly writer = randomUUID().slice(0, 8);

  constructor(
    @Inject(PokerTablesService) private readonly poker: PokerIntegritySource,
    @Inject(AlertsService) private readonly alerts: Pick<AlertsService, 'raise'>,
    /** Several instances (FELT_CLUSTER=1): the reports are shared through the relay's map, so every instance answers for every table. */
    @Optional() @Inject(TABLE_RELAY) private readonly relay: Pick<TableRelayPort, 'put' | 'entries'> | null = null,
  ) {}

  onApplicationBootstrap(): void {
    this.sub = this.poker.changes$.subscribe((c) => this.changed(c));
    if (this.relay !== null) {
      this.timer = setInterval(() => void this.share(true), POKER_INTEGRITY_PUBLISH_MS);
      this.timer.unref?.();
    }
  }

  onModuleDestroy(): void {
    this.sub?.unsubscribe();
    if (this.timer) clearInterval(this.timer);
  }

  /** This instance's poker tables' reports, alarming and most suspicious first (each up to its last hand). */
  tableReports(): PokerTableIntegrity[] {
    return this.monitor.list();
  }

  /**
   * Every instance's poker tables (GET /integrity/poker). With several instances each one writes the reports of
   * the tables it runs to the relay's shared map (as last evaluated, every POKER_INTEGRITY_PUBLISH_MS and after
   * each evaluation); a read merges them with its own, the newest report of a table winning (the table's current
   * owner has seen its last hand: a table that moved away leaves an older report behind here).
   */
  async clusterReports(): Promise<PokerTableIntegrity[]> {
    const mine = this.monitor.list();
    if (this.relay === null) return mine;
    const all = new Map<string, PokerTableIntegrity>();
    const newer = (a: PokerTableIntegrity, b: PokerTableIntegrity | undefined): boolean => b === undefined || a.lastAt > b.lastAt || (a.lastAt === b.lastAt && a.report.hands > b.report.hands);
    try {
      for (const e of (await this.relay.entries(POKER_INTEGRITY_MAP, POKER_INTEGRITY_STALE_MS)) as PokerTableIntegrity[]) if (newer(e, all.get(e.tableId))) all.set(e.tableId, e);
    } catch (err) {
      this.log.warn({ msg: 'poker integrity: the other instances\' reports could not be read', error: (err as Error).message });
    }
    for (const t of mine) {
      const other = all.get(t.tableId);
      if (other === undefined || !newer(other, t)) all.set(t.tableId, t);
    }
    return [...all.values()].sort((a, b) => Number(b.report.alarm) - Number(a.report.alarm) || a.report.pValue - b.report.pValue || a.tableId.localeCompare(b.tableId));
  }

  /** Writes this instance's tables' reports to the shared map: the changed ones, or all (the periodic pass keeps them fresh). */
  private async share(always: boolean): Promise<void> {
    if (this.relay === null) return;
    for (const t of this.monitor.evaluated()) {
      if (!always && this.written.get(t.tableId) === t.report) continue;
      this.written.set(t.tableId, t.report);
      await this.relay.put(POKER_INTEGRITY_MAP, `${t.tableId}@${this.writer}`, t, POKER_INTEGRITY_STALE_MS).catch((err: unknown) => this.log.warn({ msg: 'poker integrity: a report was not shared', tableId: t.tableId, error: (err as Error).message }));
    }
  }

  /** Resolves when every hand seen so far is folded (tests). */
  async settled(): Promise<void> {
    await Promise.all(this.chains.values());
  }

  private changed(c: PokerChange): void {
    // issue 23 §4: the players' connections (hashed by the gateway), at every change: a new shared one is evaluated at
    // once — on the table's chain, after the change (never inside the poker table's commit)
    if (this.poker.connectionsOf) {
      const tableId = c.state.def.tableId;
      const conns = this.poker.connectionsOf(tableId);
      this.chains.set(tableId, (this.chains.get(tableId) ?? Promise.resolve()).then(() => this.monitor.connections(tableId, conns)).catch((err: unknown) => this.log.error({ msg: 'poker integrity: could not check the connections', tableId, error: (err as Error).message })));
    }
    const h = c.state.hand;
    if (h === null || !handSettled(c.state)) return;
    const tableId = c.state.def.tableId;
    if (this.monitor.seen(tableId, h.handId)) return;
    const info = infoOf(c);
    const next = (this.chains.get(tableId) ?? Promise.resolve()).then(() => this.read(info, h.handId)).catch((err: unknown) => this.log.error({ msg: 'poker integrity: could not read a hand', tableId, error: (err as Error).message }));
    this.chains.set(tableId, next);
  }

  private async read(info: PokerTableInfo, handId: string): Promise<void> {
    if (this.monitor.seen(info.tableId, handId)) return;
    const backfill = !this.monitor.knows(info.tableId);
    const exported = await this.poker.exportHands(info.tableId, backfill ? POKER_INTEGRITY_WINDOW : 1);
    if (!exported.ok) return;
    for (const body of exported.value) {
      const rec = integrity.pokerHandRecordFromEvents(info.tableId, body);
      if (rec.ok) this.monitor.fold(info, rec.value, backfill);
      else this.log.warn({ msg: 'poker integrity: a hand does not replay', tableId: info.tableId, handId: body.handId, code: rec.violation.code, error: rec.violation.message });
    }
    if (backfill) this.monitor.evaluateTable(info.tableId);
    await this.share(false);
  }

  private async raise(table: PokerTableIntegrity, f: integrity.PokerFinding): Promise<void> {
    const name = (key: string): string => table.players.find((p) => p.key === key)?.name ?? key;
    const who = f.players.map(name).join(' and ');
    const what = f.kind === 'chip-dumping' ? `chip dumping from ${name(f.players[0]!)} to ${name(f.players[1]!)}` : f.kind === 'soft-play' ? `soft play between ${who}` : f.kind === 'timing' ? `${who} acts with a timing too regular to be human` : `${who} share a connection`;
    await this.alerts
      .raise({
        tableId: table.tableId,
        subject: `${table.tableId}:${f.kind}:${f.players.join('+')}`,
        severity: 'warning',
        code: f.kind === 'timing' ? 'POKER_BOT_SUSPECTED' : 'POKER_COLLUSION_SUSPECTED',
        message: `Poker ${table.name}: ${what} — ${f.detail} (p = ${f.pValue.toExponential(1)}; alarm below ${table.report.alpha}). Hands: ${f.hands.slice(0, 5).join(', ')}${f.hands.length > 5 ? ` and ${f.hands.length - 5} more` : ''}. Evidence: pit boss → Integrity → Poker.`,
      })
      .catch((err: unknown) => this.log.error({ msg: 'poker integrity: could not raise an alert', error: (err as Error).message }));
  }
}
