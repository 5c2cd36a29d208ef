import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { Table } from './table.model.js';

/** Tables are small config documents: one row each, the document as jsonb (schema in libs/protocol). */
@Entity({ name: 'studio_table' })
export class TableEntity {
  @PrimaryColumn({ type: 'varchar', length: 120 })
  id!: string;

  @Column({ type: 'jsonb' })
  data!: Table;

  @Column({ type: 'bigint', name: 'updated_at', transformer: { to: (v: number) => v, from: (v: string | number) => Number(v) } })
  updatedAt!: number;
}
