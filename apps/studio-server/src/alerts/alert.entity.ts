import { Check, Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { bigintNumber } from '../shared/bigint.transformer.js';

@Entity({ name: 'alert' })
@Index('alert_at_idx', ['at'])
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
}
