import { Column, Entity, PrimaryColumn } from 'typeorm';
import { bigintNumber } from '../shared/bigint.transformer.js';

/** Issue 21 §1: a table's video sources (streams.repository.ts). */
@Entity({ name: 'table_stream' })
export class TableStreamEntity {
  @PrimaryColumn({ type: 'text', name: 'table_id' })
  tableId!: string;
  @Column({ type: 'jsonb' })
  sources!: unknown;
  @Column({ type: 'bigint', name: 'updated_at', transformer: bigintNumber })
  updatedAt!: number;
  @Column({ type: 'text', name: 'updated_by' })
  updatedBy!: string;
}
