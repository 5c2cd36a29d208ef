import { Check, Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { BetStatus } from '../shared/ports/persistence.port.js';
import { bigintNumber } from '../shared/bigint.transformer.js';

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

/**
 * A bet's outcome, appended once when its round is settled (issue 13): settling 100 000 bets is a COPY
 * into this narrow table instead of an UPDATE of 100 000 bet rows. The primary key is the bet id, so a
 * bet is settled or refunded at most once (non-negotiable 2); rows are never updated or deleted (trigger).
 * A bet's status is `bet_outcome.status` when it has one, else `bet.status` (accepted or cancelled; rows
 * settled before this table existed keep their status in `bet`).
 */
@Entity({ name: 'bet_outcome' })
@Index('bet_outcome_round_idx', ['roundId'])
@Check('bet_outcome_status_known', `"status" IN ('settled','refunded')`)
export class BetOutcomeEntity {
  @PrimaryColumn({ type: 'text', name: 'bet_id' })
  betId!: string;
  @Column({ type: 'text', name: 'round_id' })
  roundId!: string;
  @Column({ type: 'text', name: 'player_id' })
  playerId!: string;
  @Column({ type: 'bigint', name: 'stake_minor', transformer: bigintNumber })
  stakeMinor!: number;
  @Column({ type: 'text' })
  status!: 'settled' | 'refunded';
  @Column({ type: 'bigint', name: 'return_minor', nullable: true, transformer: bigintNumber })
  returnMinor!: number | null;
  @Column({ type: 'bigint', name: 'settled_at', transformer: bigintNumber })
  settledAt!: number;
}
