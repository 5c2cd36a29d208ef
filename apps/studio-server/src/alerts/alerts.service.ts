import { Inject, Injectable, Logger, Optional, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { MetricsService } from '../ops/metrics.service.js';
import { AuditService } from '../audit/audit.service.js';
import { Subject, type Observable } from 'rxjs';
import type { DataSource } from 'typeorm';
import { CLOCK, IDS, type Clock, type Ids } from '../shared/clock.js';
import { toNum } from '../shared/bigint.transformer.js';
import type { Alert, AlertAck, AlertSeverity } from '@felt-studio/protocol';
import { CLEARS, DEFAULT_ALERT_POLICY, dueForEscalation, isActivity, joins, type AlertPolicy, type AlertState, type ClearingCondition } from './alerts.rules.js';
import type { AlertInput } from '../shared/ports/rounds.ports.js';

/** The alert as every client reads it: one definition, the wire's (@felt-studio/protocol). */
export { ALERT_SEVERITIES, type Alert, type AlertAck, type AlertSeverity } from '@felt-studio/protocol';

/** An alert to raise: the rounds side's port input (its code SCREAMING_SNAKE, e.g. SETTLEMENT_DEAD_LETTER, DEVICE_FAULT). */
export type RaiseAlert = AlertInput;

/** What changes on a stored alert after it was raised (grouping, resolution, escalation). */
export interface AlertPatch {
  /** A grouped alert points at the round of its latest occurrence. */
  readonly roundId?: string;
  readonly count?: number;
  readonly lastAt?: number;
  readonly message?: string;
  readonly severity?: AlertSeverity;
  readonly resolvedAt?: number;
  readonly escalatedAt?: number;
}

export interface AlertsRepository {
  insert(a: Alert): Promise<void>;
  list(limit: number, tableId?: string): Promise<Alert[]>;
  get(alertId: string): Promise<Alert | null>;
  /** Stores the acknowledgement unless one exists (the first one stays); returns the alert as stored. */
  ack(alertId: string, ack: AlertAck): Promise<Alert | null>;
  /** Changes a stored alert; returns it as stored (null: no such alert). */
  update(alertId: string, patch: AlertPatch): Promise<Alert | null>;
  /** Alerts neither acknowledged nor resolved, severity warning or critical, newest first (bounded). */
  listOpen(limit: number, filter?: { readonly tableId?: string | null; readonly codes?: readonly string[]; readonly subject?: string | null }): Promise<Alert[]>;
}

export const ALERTS_REPOSITORY = Symbol('ALERTS_REPOSITORY');

export class InMemoryAlertsRepository implements AlertsRepository {
  private readonly rows: Alert[] = [];
  private readonly acks = new Map<string, AlertAck>();
  async insert(a: Alert): Promise<void> {
    this.rows.push(a);
  }
  async list(limit: number, tableId?: string): Promise<Alert[]> {
    return this.rows
      .filter((a) => tableId === undefined || a.tableId === tableId)
      .sort((a, b) => b.at - a.at || b.alertId.localeCompare(a.alertId))
      .slice(0, limit)
      .map((a) => ({ ...a, ack: this.acks.get(a.alertId) ?? null }));
  }
  async get(alertId: string): Promise<Alert | null> {
    const a = this.rows.find((x) => x.alertId === alertId);
    return a ? { ...a, ack: this.acks.get(alertId) ?? null } : null;
  }
  async ack(alertId: string, ack: AlertAck): Promise<Alert | null> {
    if (!this.rows.some((x) => x.alertId === alertId)) return null;
    if (!this.acks.has(alertId)) this.acks.set(alertId, ack);
    return this.get(alertId);
  }
  async update(alertId: string, patch: AlertPatch): Promise<Alert | null> {
    const i = this.rows.findIndex((x) => x.alertId === alertId);
    if (i < 0) return null;
    this.rows[i] = { ...(this.rows[i] as Alert), ...patch };
    return this.get(alertId);
  }
  async listOpen(limit: number, filter: { readonly tableId?: string | null; readonly codes?: readonly string[]; readonly subject?: string | null } = {}): Promise<Alert[]> {
    return (await this.list(this.rows.length))
      .filter((a) => a.severity !== 'info' && !a.ack && (a.resolvedAt ?? null) === null)
      .filter((a) => (filter.tableId === undefined || a.tableId === filter.tableId) && (filter.codes === undefined || filter.codes.includes(a.code)))
      .filter((a) => filter.subject === undefined || (a.subject ?? null) === filter.subject)
      .slice(0, limit);
  }
}

const SEVERITY_RANK: Readonly<Record<AlertSeverity, number>> = { info: 0, warning: 1, critical: 2 };

const stateOf = (a: Alert): AlertState => ({ tableId: a.tableId, code: a.code, severity: a.severity, at: a.at, lastAt: a.lastAt ?? a.at, acked: Boolean(a.ack), resolvedAt: a.resolvedAt ?? null, escalatedAt: a.escalatedAt ?? null });

const ALERT_COLUMNS = `a.*, k."acked_by", k."acked_by_name", k."acked_at", k."note"`;

export class TypeOrmAlertsRepository implements AlertsRepository {
  constructor(private readonly ds: DataSource) {}
  async insert(a: Alert): Promise<void> {
    await this.ds.query(`INSERT INTO "alert" ("alert_id","table_id","round_id","severity","code","message","at","count","last_at","subject") VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10)`, [
      a.alertId,
      a.tableId,
      a.roundId,
      a.severity,
      a.code,
      a.message,
      a.at,
      a.count ?? 1,
      a.lastAt ?? a.at,
      a.subject ?? null,
    ]);
  }
  async list(limit: number, tableId?: string): Promise<Alert[]> {
    const rows = (await (tableId === undefined
      ? this.ds.query(`SELECT ${ALERT_COLUMNS} FROM "alert" a LEFT JOIN "alert_ack" k ON k."alert_id" = a."alert_id" ORDER BY a."at" DESC, a."alert_id" DESC LIMIT $1`, [limit])
      : this.ds.query(`SELECT ${ALERT_COLUMNS} FROM "alert" a LEFT JOIN "alert_ack" k ON k."alert_id" = a."alert_id" WHERE a."table_id" = $2 ORDER BY a."at" DESC, a."alert_id" DESC LIMIT $1`, [limit, tableId]))) as Record<string, unknown>[];
    return rows.map(alertOfRow);
  }
  async get(alertId: string): Promise<Alert | null> {
    const rows = (await this.ds.query(`SELECT ${ALERT_COLUMNS} FROM "alert" a LEFT JOIN "alert_ack" k ON k."alert_id" = a."alert_id" WHERE a."alert_id" = $1`, [alertId])) as Record<string, unknown>[];
    return rows[0] ? alertOfRow(rows[0]) : null;
  }
  async ack(alertId: string, ack: AlertAck): Promise<Alert | null> {
    if (!(await this.get(alertId))) return null;
    await this.ds.query(`INSERT INTO "alert_ack" ("alert_id","acked_by","acked_by_name","acked_at","note") VALUES ($1,$2,$3,$4,$5) ON CONFLICT ("alert_id") DO NOTHING`, [alertId, ack.by, ack.byName, ack.at, ack.note]);
    return this.get(alertId);
  }
  async update(alertId: string, patch: AlertPatch): Promise<Alert | null> {
    const cols: [string, unknown][] = [];
    if (patch.roundId !== undefined) cols.push(['round_id', patch.roundId]);
    if (patch.count !== undefined) cols.push(['count', patch.count]);
    if (patch.lastAt !== undefined) cols.push(['last_at', patch.lastAt]);
    if (patch.message !== undefined) cols.push(['message', patch.message]);
    if (patch.severity !== undefined) cols.push(['severity', patch.severity]);
    if (patch.resolvedAt !== undefined) cols.push(['resolved_at', patch.resolvedAt]);
    if (patch.escalatedAt !== undefined) cols.push(['escalated_at', patch.escalatedAt]);
    if (cols.length > 0) await this.ds.query(`UPDATE "alert" SET ${cols.map(([c], i) => `"${c}" = $${i + 2}`).join(', ')} WHERE "alert_id" = $1`, [alertId, ...cols.map(([, v]) => v)]);
    return this.get(alertId);
  }
  async listOpen(limit: number, filter: { readonly tableId?: string | null; readonly codes?: readonly string[]; readonly subject?: string | null } = {}): Promise<Alert[]> {
    const where = [`a."severity" <> 'info'`, `k."alert_id" IS NULL`, `a."resolved_at" IS NULL`];
    const args: unknown[] = [limit];
    if (filter.tableId !== undefined) {
      if (filter.tableId === null) where.push(`a."table_id" IS NULL`);
      else {
        args.push(filter.tableId);
        where.push(`a."table_id" = $${args.length}`);
      }
    }
    if (filter.codes !== undefined) {
      args.push([...filter.codes]);
      where.push(`a."code" = ANY($${args.length})`);
    }
    if (filter.subject !== undefined) {
      if (filter.subject === null) where.push(`a."subject" IS NULL`);
      else {
        args.push(filter.subject);
        where.push(`a."subject" = $${args.length}`);
      }
    }
    const rows = (await this.ds.query(`SELECT ${ALERT_COLUMNS} FROM "alert" a LEFT JOIN "alert_ack" k ON k."alert_id" = a."alert_id" WHERE ${where.join(' AND ')} ORDER BY a."at" DESC, a."alert_id" DESC LIMIT $1`, args)) as Record<string, unknown>[];
    return rows.map(alertOfRow);
  }
}

function alertOfRow(r: Record<string, unknown>): Alert {
  const by = (r['acked_by'] as string | null) ?? null;
  return {
    alertId: r['alert_id'] as string,
    tableId: (r['table_id'] as string | null) ?? null,
    roundId: (r['round_id'] as string | null) ?? null,
    severity: r['severity'] as AlertSeverity,
    code: r['code'] as string,
    message: r['message'] as string,
    at: toNum(r['at']),
    subject: (r['subject'] as string | null | undefined) ?? null,
    count: r['count'] === undefined || r['count'] === null ? 1 : Number(r['count']),
    lastAt: r['last_at'] === undefined || r['last_at'] === null ? toNum(r['at']) : toNum(r['last_at']),
    resolvedAt: r['resolved_at'] === undefined || r['resolved_at'] === null ? null : toNum(r['resolved_at']),
    escalatedAt: r['escalated_at'] === undefined || r['escalated_at'] === null ? null : toNum(r['escalated_at']),
    ack: by === null ? null : { by, byName: r['acked_by_name'] as string, at: toNum(r['acked_at']), note: (r['note'] as string | null) ?? null },
  };
}

/** The alert policy (grouping window, escalation time); tests and deployments may provide their own. */
export const ALERT_POLICY = Symbol('ALERT_POLICY');

/**
 * Stores alerts and pushes them on `alerts$` (the realtime gateway forwards them to pit bosses). The
 * model (issue 20 defect 8, alerts.rules.ts, docs/alerts.md): `info` is activity; a warning or critical
 * raised again for the same code and table while open joins the open alert (count + 1, pushed again
 * under the same id); `resolve` closes the alerts a cleared condition caused; `escalateDue` (every
 * 15 s) makes an unacknowledged warning critical once.
 */
@Injectable()
export class AlertsService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Alerts');
  private readonly subject = new Subject<Alert>();
  readonly alerts$: Observable<Alert> = this.subject.asObservable();
  private readonly acked = new Subject<Alert>();
  /** Every new acknowledgement (the realtime gateway sends it to every pit boss as `alert.ack`). */
  readonly acks$: Observable<Alert> = this.acked.asObservable();
  private timer: ReturnType<typeof setInterval> | null = null;
  private readonly policy: AlertPolicy;

  constructor(
    @Inject(ALERTS_REPOSITORY) private readonly repo: AlertsRepository,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(IDS) private readonly ids: Ids,
    @Optional() @Inject(AuditService) private readonly audit?: AuditService,
    @Optional() @Inject(MetricsService) private readonly metrics?: MetricsService,
    @Optional() @Inject(ALERT_POLICY) policy?: AlertPolicy,
  ) {
    this.policy = policy ?? DEFAULT_ALERT_POLICY;
  }

  onModuleInit(): void {
    this.timer = setInterval(() => {
      this.escalateDue().catch((e: unknown) => this.logger.error(`alert escalation failed: ${(e as Error).message}`));
    }, 15_000);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }

  async raise(input: RaiseAlert): Promise<Alert> {
    const now = this.clock.now();
    const tableId = input.tableId ?? null;
    if (!isActivity(input.severity)) {
      const [open] = await this.repo.listOpen(1, { tableId, codes: [input.code], subject: input.subject ?? null });
      if (open && joins(stateOf(open), { tableId, code: input.code, severity: input.severity }, now, this.policy)) {
        const grouped = await this.repo.update(open.alertId, { count: (open.count ?? 1) + 1, lastAt: now, message: input.message, ...(input.roundId !== undefined ? { roundId: input.roundId } : {}), ...(SEVERITY_RANK[input.severity] > SEVERITY_RANK[open.severity] ? { severity: input.severity } : {}) });
        if (grouped) {
          this.metrics?.alertsRaised.inc({ code: grouped.code, severity: input.severity });
          this.subject.next(grouped);
          return grouped;
        }
      }
    }
    const alert: Alert = {
      alertId: this.ids.next('alr'),
      tableId,
      roundId: input.roundId ?? null,
      severity: input.severity,
      code: input.code,
      message: input.message,
      at: now,
      subject: input.subject ?? null,
      count: 1,
      lastAt: now,
    };
    await this.repo.insert(alert);
    this.metrics?.alertsRaised.inc({ code: alert.code, severity: alert.severity });
    const stored: Alert = { ...alert, ack: null, resolvedAt: null, escalatedAt: null };
    if (isActivity(alert.severity)) this.logger.log({ msg: 'activity', ...alert });
    else this.logger.warn({ msg: 'alert raised', ...alert });
    this.subject.next(stored);
    return stored;
  }

  /**
   * A condition cleared at a table (a device back online): the open alerts it caused resolve themselves.
   * `subject` (a device id) narrows it to the alerts about that device.
   */
  async resolve(tableId: string, condition: ClearingCondition, detail: string, subject?: string): Promise<Alert[]> {
    const now = this.clock.now();
    const open = await this.repo.listOpen(100, { tableId, codes: CLEARS[condition], ...(subject !== undefined ? { subject } : {}) });
    const out: Alert[] = [];
    for (const a of open) {
      const r = await this.repo.update(a.alertId, { resolvedAt: now, message: `${a.message} Resolved: ${detail}` });
      if (r) {
        out.push(r);
        this.subject.next(r);
      }
    }
    return out;
  }

  /** Open warnings nobody acknowledged within the escalation time become critical (once each). */
  async escalateDue(): Promise<Alert[]> {
    const now = this.clock.now();
    const out: Alert[] = [];
    for (const a of await this.repo.listOpen(500)) {
      if (!dueForEscalation(stateOf(a), now, this.policy)) continue;
      const e = await this.repo.update(a.alertId, { severity: 'critical', escalatedAt: now });
      if (!e) continue;
      this.metrics?.alertsRaised.inc({ code: e.code, severity: 'critical' });
      this.logger.warn({ msg: 'alert escalated', alertId: e.alertId, code: e.code, tableId: e.tableId });
      out.push(e);
      this.subject.next(e);
    }
    return out;
  }

  /**
   * A pit boss acknowledges an alert (issue 7): stored with who and when, audited, and pushed to every
   * pit boss. Idempotent: acknowledging again (or a second pit boss) keeps the first acknowledgement.
   */
  async acknowledge(alertId: string, by: { readonly userId: string; readonly name: string; readonly role: string }, note: string | null): Promise<Alert | null> {
    const before = await this.repo.get(alertId);
    if (!before) return null;
    if (before.ack) return before;
    const at = this.clock.now();
    const after = await this.repo.ack(alertId, { by: by.userId, byName: by.name, at, note });
    if (!after) return null;
    if (after.ack?.by === by.userId && after.ack.at === at) {
      await this.audit?.record({ actor: by.userId, role: by.role, action: 'alert.ack', reason: note ?? `acknowledged ${after.code}`, target: alertId, at });
      this.acked.next(after);
    }
    return after;
  }

  list(limit = 100, tableId?: string): Promise<Alert[]> {
    return this.repo.list(Math.min(Math.max(limit, 1), 1000), tableId);
  }
}
