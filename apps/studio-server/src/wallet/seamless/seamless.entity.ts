import { Check, Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { bigintNumber } from '../../shared/bigint.transformer.js';

/** An operator buying tables (issue 12 point 1): its wallet mode, its seamless-wallet endpoint and request-signing secret. */
@Entity({ name: 'operator' })
@Check('operator_wallet_mode_known', `"wallet_mode" IN ('internal','seamless')`)
@Check('operator_signature_known', `"signature" IN ('hmac','rsa')`)
export class OperatorEntity {
  @PrimaryColumn({ type: 'text', name: 'operator_id' })
  operatorId!: string;
  @Column({ type: 'text', name: 'wallet_mode' })
  walletMode!: string;
  @Column({ type: 'text', name: 'base_url' })
  baseUrl!: string;
  /** HMAC-SHA256 secret: signs our calls to the operator and verifies the operator's calls to us. */
  @Column({ type: 'text' })
  secret!: string;
  @Column({ type: 'jsonb' })
  currencies!: string[];
  /** Issue 22 §16: `hmac` or `rsa` (then `public_key` verifies the operator's calls). */
  @Column({ type: 'text', default: 'hmac' })
  signature!: string;
  @Column({ type: 'text', name: 'public_key', nullable: true })
  publicKey!: string | null;
  @Column({ type: 'integer', name: 'timeout_ms' })
  timeoutMs!: number;
  @Column({ type: 'bigint', name: 'updated_at', transformer: bigintNumber })
  updatedAt!: number;
}

/** A Felt player belonging to an operator: the operator's user id and the player's current session token there. */
@Entity({ name: 'operator_player' })
@Index('operator_player_user_idx', ['operatorId', 'externalUser'], { unique: true })
export class OperatorPlayerEntity {
  @PrimaryColumn({ type: 'text', name: 'player_id' })
  playerId!: string;
  @Column({ type: 'text', name: 'operator_id' })
  operatorId!: string;
  @Column({ type: 'text', name: 'external_user' })
  externalUser!: string;
  @Column({ type: 'text' })
  token!: string;
  @Column({ type: 'text' })
  currency!: string;
  @Column({ type: 'bigint', name: 'updated_at', transformer: bigintNumber })
  updatedAt!: number;
}

/** The seamless-wallet journal: one row per call (transaction uuid = idempotency key) and its state. */
@Entity({ name: 'wallet_transaction' })
@Index('wallet_transaction_op_day_idx', ['operatorId', 'day'])
@Index('wallet_transaction_state_idx', ['state'])
@Index('wallet_transaction_bet_idx', ['betId'])
@Check('wallet_transaction_kind_known', `"kind" IN ('debit','credit','rollback')`)
@Check('wallet_transaction_state_known', `"state" IN ('pending','done','refused','unconfirmed','dead')`)
export class WalletTransactionEntity {
  @PrimaryColumn({ type: 'text', name: 'transaction_uuid' })
  transactionUuid!: string;
  @Column({ type: 'text', name: 'operator_id' })
  operatorId!: string;
  @Column({ type: 'text', name: 'bet_id' })
  betId!: string;
  @Column({ type: 'text', name: 'player_id' })
  playerId!: string;
  @Column({ type: 'text' })
  kind!: string;
  @Column({ type: 'text' })
  state!: string;
  @Column({ type: 'bigint', name: 'amount_minor', transformer: bigintNumber })
  amountMinor!: number;
  @Column({ type: 'jsonb' })
  body!: unknown;
  @Column({ type: 'integer' })
  attempts!: number;
  @Column({ type: 'text', name: 'last_error', nullable: true })
  lastError!: string | null;
  @Column({ type: 'boolean', nullable: true })
  effective!: boolean | null;
  /** UTC day (YYYY-MM-DD) of the bet's debit: the reconciliation day of every call of the bet. */
  @Column({ type: 'text' })
  day!: string;
  @Column({ type: 'bigint', transformer: bigintNumber })
  at!: number;
  @Column({ type: 'bigint', name: 'updated_at', transformer: bigintNumber })
  updatedAt!: number;
}

/** Issue 22 §3: an accepted operator request's signature, kept until its replay window ends (shared by every instance, survives restarts). */
@Entity({ name: 'operator_request_seen' })
@Index('operator_request_seen_expires_idx', ['expiresAt'])
export class OperatorRequestSeenEntity {
  @PrimaryColumn({ type: 'text' })
  signature!: string;
  @Column({ type: 'text', name: 'operator_id' })
  operatorId!: string;
  @Column({ type: 'bigint', name: 'expires_at', transformer: bigintNumber })
  expiresAt!: number;
}
