import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { MetricsService } from '../ops/metrics.service.js';
import { AuditService } from '../audit/audit.service.js';
import { Subject, type Observable } from 'rxjs';
import type { DataSource } from 'typeorm';
import { CLOCK, IDS, type Clock, type Ids } from '../shared/clock.js';
import { toNum } from '../shared/bigint.transformer.js';
import { ALERT_SEVERITIES, type Alert, type AlertAck, type AlertSeverity } from '@felt/protocol';

/** Severities, alerts and who acknowledged them (issue 7: stored, seen by every pit boss): @felt/protocol's shapes (issue 19 §5). */
export { ALERT_SEVERITIES, type Alert, type AlertAck, type AlertSeverity };

export interface RaiseAlert {
  readonly tableId?: string;
  readonly roundId?: string;
  readonly severity: AlertSeverity;
  /** SCREAMING_SNAKE code, e.g. SETTLEMENT_DEAD_LETTER, ROUND_VOIDED_ON_RECOVERY, DEVICE_FAULT. */
  readonly code: string;
  readonly message: string;
}


export interface AlertsRepository {
  insert(a: Alert): Promise<void>;
  list(limit: number, tableId?: string): Promise<Alert[]>;
  get(alertId: string): Promise<Alert | null>;
  /** Stores the acknowledgement unless one exists (the first one stays); returns the alert as stored. */
  ack(alertId: string, ack: AlertAck): Promise<Alert | null>;
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
}

const ALERT_COLUMNS = `a.*, k."acked_by", k."acked_by_name", k."acked_at", k."note"`;

export class TypeOrmAlertsRepository implements AlertsRepository {
  constructor(private readonly ds: DataSource) {}
  async insert(a: Alert): Promise<void> {
    await this.ds.query(`INSERT INTO "alert" ("alert_id","table_id","round_id","severity","code","message","at") VALUES ($1,$2,$3,$4,$5,$6,$7)`, [a.alertId, a.tableId, a.roundId, a.severity, a.code, a.message, a.at]);
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
    ack: by === null ? null : { by, byName: r['acked_by_name'] as string, at: toNum(r['acked_at']), note: (r['note'] as string | null) ?? null },
  };
}

/** Stores alerts and pushes them on `alerts$` (the realtime gateway forwards them to pit bosses). */
@Injectable()
export class AlertsService {
  private readonly logger = new Logger('Alerts');
  private readonly subject = new Subject<Alert>();
  readonly alerts$: Observable<Alert> = this.subject.asObservable();
  private readonly acked = new Subject<Alert>();
  /** Every new acknowledgement (the realtime gateway sends it to every pit boss as `alert.ack`). */
  readonly acks$: Observable<Alert> = this.acked.asObservable();

  constructor(
    @Inject(ALERTS_REPOSITORY) private readonly repo: AlertsRepository,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(IDS) private readonly ids: Ids,
    @Optional() @Inject(AuditService) private readonly audit?: AuditService,
    @Optional() @Inject(MetricsService) private readonly metrics?: MetricsService,
  ) {}

  async raise(input: RaiseAlert): Promise<Alert> {
    const alert: Alert = {
      alertId: this.ids.next('alr'),
      tableId: input.tableId ?? null,
      roundId: input.roundId ?? null,
      severity: input.severity,
      code: input.code,
      message: input.message,
      at: this.clock.now(),
    };
    await this.repo.insert(alert);
    this.metrics?.alertsRaised.inc({ code: alert.code, severity: alert.severity });
    const stored: Alert = { ...alert, ack: null };
    this.logger.warn({ msg: 'alert raised', ...alert });
    this.subject.next(stored);
    return stored;
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
