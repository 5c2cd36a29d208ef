import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { bigintNumber } from '../shared/bigint.transformer.js';

/** Append-only round event log (round id + seq unique = primary key). Updates/deletes are refused by a trigger. */
@Entity({ name: 'round_event' })
@Index('round_event_table_idx', ['tableId', 'recordedAt'])
export class RoundEventEntity {
  @PrimaryColumn({ type: 'text', name: 'round_id' })
  roundId!: string;
  @PrimaryColumn({ type: 'integer' })
  seq!: number;
  @Column({ type: 'text', name: 'table_id' })
  tableId!: string;
  @Column({ type: 'text' })
  type!: string;
  @Column({ type: 'jsonb' })
  payload!: unknown;
  @Column({ type: 'bigint', transformer: bigintNumber })
  at!: number;
  @Column({ type: 'bigint', name: 'recorded_at', transformer: bigintNumber })
  recordedAt!: number;
  @Column({ type: 'text', name: 'causation_id', nullable: true })
  causationId!: string | null;
}
