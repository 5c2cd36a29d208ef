import { Inject, Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { IDS, type Ids } from '../shared/clock.js';
import { codedError } from '../shared/error-codes.js';
import { toNum } from '../shared/bigint.transformer.js';
import type { AuditInput } from '../shared/ports/rounds.ports.js';

/** One audited action: who (actor + role), what (action on target, e.g. `round.void.approve`), why (reason), when (at). */
export type AuditEntry = AuditInput;

export interface AuditRecord extends AuditEntry {
  readonly auditId: string;
}

export interface AuditRepository {
  insert(r: AuditRecord): Promise<void>;
  list(limit: number, target?: string): Promise<AuditRecord[]>;
}

export const AUDIT_REPOSITORY = Symbol('AUDIT_REPOSITORY');

export class InMemoryAuditRepository implements AuditRepository {
  private readonly rows: AuditRecord[] = [];
  async insert(r: AuditRecord): Promise<void> {
    this.rows.push(Object.freeze({ ...r }));
  }
  async list(limit: number, target?: string): Promise<AuditRecord[]> {
    return this.rows.filter((r) => target === undefined || r.target === target).sort((a, b) => b.at - a.at || b.auditId.localeCompare(a.auditId)).slice(0, limit);
  }
}

export class TypeOrmAuditRepository implements AuditRepository {
  constructor(private readonly ds: DataSource) {}
  async insert(r: AuditRecord): Promise<void> {
    await this.ds.query(`INSERT INTO "audit_log" ("audit_id","actor","role","action","reason","target","at") VALUES ($1,$2,$3,$4,$5,$6,$7)`, [r.auditId, r.actor, r.role, r.action, r.reason, r.target, r.at]);
  }
  async list(limit: number, target?: string): Promise<AuditRecord[]> {
    const rows = (await (target === undefined
      ? this.ds.query(`SELECT * FROM "audit_log" ORDER BY "at" DESC, "audit_id" DESC LIMIT $1`, [limit])
      : this.ds.query(`SELECT * FROM "audit_log" WHERE "target" = $2 ORDER BY "at" DESC, "audit_id" DESC LIMIT $1`, [limit, target]))) as Record<string, unknown>[];
    return rows.map((r) => ({
      auditId: r['audit_id'] as string,
      actor: r['actor'] as string,
      role: r['role'] as string,
      action: r['action'] as string,
      reason: r['reason'] as string,
      target: r['target'] as string,
      at: toNum(r['at']),
    }));
  }
}

/** Append-only audit trail (issue §9: pit-boss approvals, manual entries, corrections — who/when/why). */
@Injectable()
export class AuditService {
  constructor(
    @Inject(AUDIT_REPOSITORY) private readonly repo: AuditRepository,
    @Inject(IDS) private readonly ids: Ids,
  ) {}

  async record(entry: AuditEntry): Promise<AuditRecord> {
    if (entry.reason.trim() === '') throw codedError('REASON_REQUIRED', `${entry.action} needs a reason (who/when/why is audited)`);
    const rec: AuditRecord = { auditId: this.ids.next('aud'), ...entry };
    await this.repo.insert(rec);
    return rec;
  }

  list(limit = 100, target?: string): Promise<AuditRecord[]> {
    return this.repo.list(Math.min(Math.max(limit, 1), 1000), target);
  }
}
