import { Check, Column, Entity, PrimaryColumn } from 'typeorm';
import { bigintNumber } from '../shared/bigint.transformer.js';
import type { Role } from './auth.types.js';

@Entity({ name: 'app_user' })
@Check('app_user_role_known', `"role" IN ('player','dealer','pitboss','admin')`)
export class AppUserEntity {
  @PrimaryColumn({ type: 'text', name: 'user_id' })
  userId!: string;
  @Column({ type: 'text', unique: true })
  username!: string;
  @Column({ type: 'text' })
  name!: string;
  @Column({ type: 'text' })
  role!: Role;
  /** scrypt: `scrypt$<salt hex>$<hash hex>`. */
  @Column({ type: 'text', name: 'password_hash' })
  passwordHash!: string;
  @Column({ type: 'bigint', name: 'created_at', transformer: bigintNumber })
  createdAt!: number;
  /** A disabled user's tokens stop working (issue 9 finding 9). */
  @Column({ type: 'boolean', default: false })
  disabled!: boolean;
  /** Tokens carry the version they were issued under; bumping it revokes them all. */
  @Column({ type: 'integer', name: 'token_version', default: 0 })
  tokenVersion!: number;
}

/** Issue 22 §8: a staff member's TOTP secret (auth/totp.ts). */
@Entity({ name: 'user_totp' })
export class UserTotpEntity {
  @PrimaryColumn({ type: 'text', name: 'user_id' })
  userId!: string;
  @Column({ type: 'text' })
  secret!: string;
  @Column({ type: 'boolean' })
  enabled!: boolean;
  @Column({ type: 'bigint', name: 'last_step', transformer: bigintNumber })
  lastStep!: number;
  @Column({ type: 'bigint', name: 'updated_at', transformer: bigintNumber })
  updatedAt!: number;
}

/** Issue 22 §16: a one-time game-launch code (its SHA-256; auth/launch-codes.ts). */
@Entity({ name: 'launch_code' })
export class LaunchCodeEntity {
  @PrimaryColumn({ type: 'text', name: 'code_hash' })
  codeHash!: string;
  @Column({ type: 'text', name: 'user_id' })
  userId!: string;
  @Column({ type: 'text', name: 'table_id', nullable: true })
  tableId!: string | null;
  @Column({ type: 'bigint', name: 'expires_at', transformer: bigintNumber })
  expiresAt!: number;
}
