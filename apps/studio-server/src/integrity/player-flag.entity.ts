import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { bigintNumber } from '../shared/bigint.transformer.js';

/**
 * Issue 23, "flag a player": one flag on a player account — raised by a pit boss with a reason, lifted again with
 * a reason (both also in the audit log). At most one standing flag per player (the partial unique index); lifted
 * flags stay as the player's history.
 */
@Entity({ name: 'player_flag' })
@Index('player_flag_standing_idx', ['playerId'], { unique: true, where: '"lifted_at" IS NULL' })
@Index('player_flag_at_idx', ['at'])
export class PlayerFlagEntity {
  @PrimaryColumn({ type: 'text', name: 'flag_id' })
  flagId!: string;
  @Column({ type: 'text', name: 'player_id' })
  playerId!: string;
  @Column({ type: 'text' })
  reason!: string;
  @Column({ type: 'text', name: 'flagged_by' })
  flaggedBy!: string;
  @Column({ type: 'text', name: 'flagged_by_name' })
  flaggedByName!: string;
  @Column({ type: 'bigint', transformer: bigintNumber })
  at!: number;
  @Column({ type: 'bigint', name: 'lifted_at', nullable: true, transformer: bigintNumber })
  liftedAt!: number | null;
  @Column({ type: 'text', name: 'lifted_by', nullable: true })
  liftedBy!: string | null;
  @Column({ type: 'text', name: 'lifted_by_name', nullable: true })
  liftedByName!: string | null;
  @Column({ type: 'text', name: 'lift_reason', nullable: true })
  liftReason!: string | null;
}
