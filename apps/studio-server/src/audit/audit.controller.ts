import { Get, Query, Res } from '@nestjs/common';
import { csvHeaders, isoOf, toCsv, type CsvResponse } from '../shared/csv.js';
import { ApiQuery } from '@nestjs/swagger';
import { Roles } from '../auth/roles.decorator.js';
import { AuditService, type AuditRecord } from './audit.service.js';
import { GuardedController } from '../auth/guarded-controller.decorator.js';

@GuardedController('audit', 'audit')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Get()
  @Roles('pitboss', 'admin')
  @ApiQuery({ name: 'target', required: false })
  @ApiQuery({ name: 'limit', required: false })
  list(@Query('target') target?: string, @Query('limit') limit?: string): Promise<AuditRecord[]> {
    return this.audit.list(limit === undefined ? 100 : Number.parseInt(limit, 10) || 100, target);
  }

  /** Issue 22 §16: the audit log as CSV (newest first; `limit` default 10 000, at most 100 000). */
  @Get('export.csv')
  @Roles('pitboss', 'admin')
  @ApiQuery({ name: 'target', required: false })
  @ApiQuery({ name: 'limit', required: false })
  async csv(@Res() res: CsvResponse, @Query('target') target?: string, @Query('limit') limit?: string): Promise<void> {
    const n = Math.min(100_000, limit === undefined ? 10_000 : Number.parseInt(limit, 10) || 10_000);
    const rows = await this.audit.list(n, target);
    res.set(csvHeaders('felt-audit.csv')).send(toCsv(['audit_id', 'at', 'at_ms', 'actor', 'role', 'action', 'target', 'reason'], rows.map((r) => [r.auditId, isoOf(r.at), r.at, r.actor, r.role, r.action, r.target, r.reason])));
  }
}

