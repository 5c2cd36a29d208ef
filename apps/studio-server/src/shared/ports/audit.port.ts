import type { AuditPort } from './rounds.ports.js';

export type { AuditInput, AuditPort } from './rounds.ports.js';

/** The audit log (AuditModule binds it to AuditService, global): modules below audit record through it. */
export const AUDIT_LOG = Symbol('AUDIT_LOG');
export type AuditLog = AuditPort;
