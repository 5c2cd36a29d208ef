import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { bigintNumber } from '../shared/bigint.transformer.js';

/** Rebuildable read model of a round (cache of the fold of its events). */
@Entity({ name: 'round' })
@Index('round_table_opened_idx', ['tableId', 'openedAt'])
export class RoundEntity {
  @PrimaryColumn({ type: 'text', name: 'round_id' })
  roundId!: string;
  @Column({ type: 'text', name: 'table_id' })
  tableId!: string;
  @Column({ type: 'text' })
  game!: string;
  @Column({ type: 'integer' })
  seq!: number;
  @Column({ type: 'text' })
  phase!: string;
  @Column({ type: 'jsonb' })
  state!: unknown;
  @Column({ type: 'bigint', name: 'opened_at', transformer: bigintNumber })
  openedAt!: number;
  @Column({ type: 'bigint', name: 'updated_at', transformer: bigintNumber })
  updatedAt!: number;
}
