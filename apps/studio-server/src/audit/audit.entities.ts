import type { FeatureSchema } from '../persistence/entities.js';
import { AuditLogEntity } from './audit-log.entity.js';

/** The audit module's table (its migration is the initial one; collected by src/server-schema.ts). */
export const AUDIT_SCHEMA: FeatureSchema = { entities: [AuditLogEntity], migrations: [] };
