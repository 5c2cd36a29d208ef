import { Check, Column, Entity, PrimaryColumn } from 'typeorm';
import { bigintNumber } from '../persistence/bigint.transformer.js';
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
}
