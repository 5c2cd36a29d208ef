import { Check, Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { BetStatus } from '../ports/persistence.port.js';
import { bigintNumber } from './bigint.transformer.js';

/** A bet; the client-generated bet id is the primary key (the same id twice is one bet). */
@Entity({ name: 'bet' })
@Index('bet_round_idx', ['roundId'])
@Index('bet_player_idx', ['playerId', 'placedAt'])
@Check('bet_stake_positive', '"stake_minor" > 0')
@Check('bet_status_known', `"status" IN ('accepted','cancelled','settled','refunded')`)
export class BetEntity {
  @PrimaryColumn({ type: 'text', name: 'bet_id' })
  betId!: string;
  @Column({ type: 'text', name: 'round_id' })
  roundId!: string;
  @Column({ type: 'text', name: 'table_id' })
  tableId!: string;
  @Column({ type: 'text', name: 'player_id' })
  playerId!: string;
  @Column({ type: 'text' })
  spot!: string;
  @Column({ type: 'text' })
  kind!: string;
  @Column({ type: 'bigint', name: 'stake_minor', transformer: bigintNumber })
  stakeMinor!: number;
  @Column({ type: 'text' })
  currency!: string;
  @Column({ type: 'text' })
  status!: BetStatus;
  @Column({ type: 'bigint', name: 'return_minor', nullable: true, transformer: bigintNumber })
  returnMinor!: number | null;
  @Column({ type: 'bigint', name: 'placed_at', transformer: bigintNumber })
  placedAt!: number;
  @Column({ type: 'bigint', name: 'settled_at', nullable: true, transformer: bigintNumber })
  settledAt!: number | null;
}
