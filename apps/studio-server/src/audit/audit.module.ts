import { Global, Module } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { FELT_DATA_SOURCE } from '../persistence/persistence.module.js';
import { AuditController } from './audit.controller.js';
import { AUDIT_LOG } from '../shared/ports/audit.port.js';
import { AUDIT_REPOSITORY, AuditService, InMemoryAuditRepository, TypeOrmAuditRepository } from './audit.service.js';

/** Global: AuditService.record(...) (also as the AUDIT_LOG port for the modules below audit, e.g. auth). REST: GET /audit (pit boss, admin). */
@Global()
@Module({
  controllers: [AuditController],
  providers: [
    { provide: AUDIT_REPOSITORY, useFactory: (ds: DataSource | null) => (ds === null ? new InMemoryAuditRepository() : new TypeOrmAuditRepository(ds)), inject: [FELT_DATA_SOURCE] },
    AuditService,
    { provide: AUDIT_LOG, useExisting: AuditService },
  ],
  exports: [AuditService, AUDIT_LOG],
})
export class AuditModule {}
