import { Inject, Injectable, Logger } from '@nestjs/common';
import { Subject, type Observable } from 'rxjs';
import type { DataSource } from 'typeorm';
import { CLOCK, IDS, type Clock, type Ids } from '../config/clock.js';
import { toNum } from '../persistence/bigint.transformer.js';

export const ALERT_SEVERITIES = ['info', 'warning', 'critical'] as const;
export type AlertSeverity = (typeof ALERT_SEVERITIES)[number];

export interface RaiseAlert {
  readonly tableId?: string;
  readonly roundId?: string;
  readonly severity: AlertSeverity;
  /** SCREAMING_SNAKE code, e.g. SETTLEMENT_DEAD_LETTER, ROUND_VOIDED_ON_RECOVERY, DEVICE_FAULT. */
  readonly code: string;
  readonly message: string;
}

export interface Alert {
  readonly alertId: string;
  readonly tableId: string | null;
  readonly roundId: string | null;
  readonly severity: AlertSeverity;
  readonly code: string;
  readonly message: string;
  readonly at: number;
}

export interface AlertsRepository {
  insert(a: Alert): Promise<void>;
  list(limit: number, tableId?: string): Promise<Alert[]>;
}

export const ALERTS_REPOSITORY = Symbol('ALERTS_REPOSITORY');

export class InMemoryAlertsRepository implements AlertsRepository {
  private readonly rows: Alert[] = [];
  async insert(a: Alert): Promise<void> {
    this.rows.push(a);
  }
  async list(limit: number, tableId?: string): Promise<Alert[]> {
    return this.rows.filter((a) => tableId === undefined || a.tableId === tableId).sort((a, b) => b.at - a.at || b.alertId.localeCompare(a.alertId)).slice(0, limit);
  }
}

export class TypeOrmAlertsRepository implements AlertsRepository {
  constructor(private readonly ds: DataSource) {}
  async insert(a: Alert): Promise<void> {
    await this.ds.query(`INSERT INTO "alert" ("alert_id","table_id","round_id","severity","code","message","at") VALUES ($1,$2,$3,$4,$5,$6,$7)`, [a.alertId, a.tableId, a.roundId, a.severity, a.code, a.message, a.at]);
  }
  async list(limit: number, tableId?: string): Promise<Alert[]> {
    const rows = (await (tableId === undefined
      ? this.ds.query(`SELECT * FROM "alert" ORDER BY "at" DESC, "alert_id" DESC LIMIT $1`, [limit])
      : this.ds.query(`SELECT * FROM "alert" WHERE "table_id" = $2 ORDER BY "at" DESC, "alert_id" DESC LIMIT $1`, [limit, tableId]))) as Record<string, unknown>[];
    return rows.map((r) => ({
      alertId: r['alert_id'] as string,
      tableId: (r['table_id'] as string | null) ?? null,
      roundId: (r['round_id'] as string | null) ?? null,
      severity: r['severity'] as AlertSeverity,
      code: r['code'] as string,
      message: r['message'] as string,
      at: toNum(r['at']),
    }));
  }
}

/** Stores alerts and pushes them on `alerts$` (the realtime gateway forwards them to pit bosses). */
@Injectable()
export class AlertsService {
  private readonly logger = new Logger('Alerts');
  private readonly subject = new Subject<Alert>();
  readonly alerts$: Observable<Alert> = this.subject.asObservable();

  constructor(
    @Inject(ALERTS_REPOSITORY) private readonly repo: AlertsRepository,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(IDS) private readonly ids: Ids,
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
    this.logger.warn({ msg: 'alert raised', ...alert });
    this.subject.next(alert);
    return alert;
  }

  list(limit = 100, tableId?: string): Promise<Alert[]> {
    return this.repo.list(Math.min(Math.max(limit, 1), 1000), tableId);
  }
}
