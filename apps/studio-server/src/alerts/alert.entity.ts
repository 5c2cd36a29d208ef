import { Check, Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { bigintNumber } from '../shared/bigint.transformer.js';

@Entity({ name: 'alert' })
@Index('alert_at_idx', ['at'])
@Index('alert_open_idx', ['code', 'tableId'], { where: '"resolved_at" IS NULL' })
@Check('alert_severity_known', `"severity" IN ('info','warning','critical')`)
export class AlertEntity {
  @PrimaryColumn({ type: 'text', name: 'alert_id' })
  alertId!: string;
  @Column({ type: 'text', name: 'table_id', nullable: true })
  tableId!: string | null;
  @Column({ type: 'text', name: 'round_id', nullable: true })
  roundId!: string | null;
  @Column({ type: 'text' })
  severity!: string;
  @Column({ type: 'text' })
  code!: string;
  @Column({ type: 'text' })
  message!: string;
  @Column({ type: 'bigint', transformer: bigintNumber })
  at!: number;
  /** issue 20 defect 8: occurrences grouped into this alert, the last one, resolution and escalation (migration AlertGroups). */
  @Column({ type: 'text', nullable: true })
  subject!: string | null;
  @Column({ type: 'integer', default: 1 })
  count!: number;
  @Column({ type: 'bigint', name: 'last_at', nullable: true, transformer: bigintNumber })
  lastAt!: number | null;
  @Column({ type: 'bigint', name: 'resolved_at', nullable: true, transformer: bigintNumber })
  resolvedAt!: number | null;
  @Column({ type: 'bigint', name: 'escalated_at', nullable: true, transformer: bigintNumber })
  escalatedAt!: number | null;
}
