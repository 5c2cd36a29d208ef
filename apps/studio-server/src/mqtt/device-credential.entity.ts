import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { bigintNumber } from '../shared/bigint.transformer.js';

/** A device's MQTT credential (username `{tableId}/{deviceId}`, scrypt hash of the secret). */
@Entity({ name: 'device_credential' })
@Index('device_credential_table_idx', ['tableId', 'deviceId'])
export class DeviceCredentialEntity {
  @PrimaryColumn({ type: 'text' })
  username!: string;
  @Column({ type: 'text', name: 'table_id' })
  tableId!: string;
  @Column({ type: 'text', name: 'device_id' })
  deviceId!: string;
  @Column({ type: 'text', name: 'secret_hash' })
  secretHash!: string;
  @Column({ type: 'bigint', name: 'created_at', transformer: bigintNumber })
  createdAt!: number;
  @Column({ type: 'bigint', name: 'rotated_at', transformer: bigintNumber })
  rotatedAt!: number;
}
