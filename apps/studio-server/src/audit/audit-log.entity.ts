import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { bigintNumber } from '../shared/bigint.transformer.js';

/** Who did what, when and why (issue §9: voids, manual cards, corrections, deposits). Append-only. */
@Entity({ name: 'audit_log' })
@Index('audit_log_at_idx', ['at'])
export class AuditLogEntity {
  @PrimaryColumn({ type: 'text', name: 'audit_id' })
  auditId!: string;
  @Column({ type: 'text' })
  actor!: string;
  @Column({ type: 'text' })
  role!: string;
  @Column({ type: 'text' })
  action!: string;
  @Column({ type: 'text' })
  reason!: string;
  @Column({ type: 'text' })
  target!: string;
  @Column({ type: 'bigint', transformer: bigintNumber })
  at!: number;
}
