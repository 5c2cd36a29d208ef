import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { PendingRequest } from './pending-request.model.js';

/** A void / manual-entry request waiting for a pit boss (the document as jsonb). */
@Entity({ name: 'pending_request' })
@Index('pending_request_table_idx', ['tableId'])
export class PendingRequestEntity {
  @PrimaryColumn({ type: 'varchar', length: 120 })
  id!: string;

  @Column({ type: 'varchar', length: 120, name: 'table_id' })
  tableId!: string;

  @Column({ type: 'jsonb' })
  data!: PendingRequest;

  @Column({ type: 'bigint', name: 'created_at', transformer: { to: (v: number) => v, from: (v: string | number) => Number(v) } })
  createdAt!: number;
}
