import { randomBytes } from 'node:crypto';
import { isTopicId } from '@felt-studio/protocol';
import { Subject } from 'rxjs';
import type { DataSource } from 'typeorm';
import { toNum } from '../shared/bigint.transformer.js';
import { hashPassword, verifyPassword } from '../auth/password.js';
import type { DeviceCredentialInfo as PublicDeviceCredential, IssuedDeviceCredential } from '@felt-studio/protocol';

/**
 * Per-device MQTT credentials (issue 9 finding 1): issued by the server, stored hashed (scrypt, like
 * user passwords), rotatable (a new secret replaces the old one at once), listed per table without
 * secrets. The MQTT username is `{tableId}/{deviceId}` — `/` never occurs in an id (TOPIC_ID_RE), so
 * the username names exactly one device and the broker derives the device's topics from it.
 */
export interface DeviceCredentialRecord {
  readonly username: string;
  readonly tableId: string;
  readonly deviceId: string;
  readonly secretHash: string;
  readonly createdAt: number;
  readonly rotatedAt: number;
}

/** What the API lists (never the secret, never its hash) and what it returns once when issued or rotated: @felt-studio/protocol's schemas (issue 19 §5). */
export type { IssuedDeviceCredential, PublicDeviceCredential };

export interface DeviceCredentialsRepository {
  upsert(r: DeviceCredentialRecord): Promise<void>;
  get(username: string): Promise<DeviceCredentialRecord | null>;
  listByTable(tableId: string): Promise<DeviceCredentialRecord[]>;
  delete(username: string): Promise<boolean>;
}

export const DEVICE_CREDENTIALS_REPOSITORY = Symbol('DEVICE_CREDENTIALS_REPOSITORY');

export const deviceUsername = (tableId: string, deviceId: string): string => `${tableId}/${deviceId}`;

export class InMemoryDeviceCredentialsRepository implements DeviceCredentialsRepository {
  private readonly rows = new Map<string, DeviceCredentialRecord>();
  async upsert(r: DeviceCredentialRecord): Promise<void> {
    this.rows.set(r.username, Object.freeze({ ...r }));
  }
  async get(username: string): Promise<DeviceCredentialRecord | null> {
    return this.rows.get(username) ?? null;
  }
  async listByTable(tableId: string): Promise<DeviceCredentialRecord[]> {
    return [...this.rows.values()].filter((r) => r.tableId === tableId).sort((a, b) => a.deviceId.localeCompare(b.deviceId));
  }
  async delete(username: string): Promise<boolean> {
    return this.rows.delete(username);
  }
}

const toRecord = (r: Record<string, unknown>): DeviceCredentialRecord => ({
  username: r['username'] as string,
  tableId: r['table_id'] as string,
  deviceId: r['device_id'] as string,
  secretHash: r['secret_hash'] as string,
  createdAt: toNum(r['created_at']),
  rotatedAt: toNum(r['rotated_at']),
});

export class TypeOrmDeviceCredentialsRepository implements DeviceCredentialsRepository {
  constructor(private readonly ds: DataSource) {}
  async upsert(r: DeviceCredentialRecord): Promise<void> {
    await this.ds.query(
      `INSERT INTO "device_credential" ("username","table_id","device_id","secret_hash","created_at","rotated_at") VALUES ($1,$2,$3,$4,$5,$6)
       ON CONFLICT ("username") DO UPDATE SET "secret_hash" = EXCLUDED."secret_hash", "rotated_at" = EXCLUDED."rotated_at"`,
      [r.username, r.tableId, r.deviceId, r.secretHash, r.createdAt, r.rotatedAt],
    );
  }
  async get(username: string): Promise<DeviceCredentialRecord | null> {
    const [r] = (await this.ds.query(`SELECT * FROM "device_credential" WHERE "username" = $1`, [username])) as Record<string, unknown>[];
    return r === undefined ? null : toRecord(r);
  }
  async listByTable(tableId: string): Promise<DeviceCredentialRecord[]> {
    return ((await this.ds.query(`SELECT * FROM "device_credential" WHERE "table_id" = $1 ORDER BY "device_id"`, [tableId])) as Record<string, unknown>[]).map(toRecord);
  }
  async delete(username: string): Promise<boolean> {
    const rows = (await this.ds.query(`DELETE FROM "device_credential" WHERE "username" = $1 RETURNING "username"`, [username])) as unknown[];
    // pg returns [rows, count] for DELETE … RETURNING through TypeORM; PGlite returns rows.
    return Array.isArray(rows[0]) ? (rows[0] as unknown[]).length > 0 : rows.length > 0;
  }
}

/** Who a broker client is, decided once at CONNECT. */
export type BrokerPrincipal = { readonly kind: 'server' } | { readonly kind: 'device'; readonly tableId: string; readonly deviceId: string };

export class DeviceCredentialsService {
  /** Emits the username of a credential that was rotated or revoked (the broker drops its live sessions). */
  readonly changed$ = new Subject<string>();

  constructor(
    private readonly repo: DeviceCredentialsRepository,
    private readonly now: () => number,
  ) {}

  /** Issues a new secret for the device (first time or rotation): the previous secret stops working at once. */
  async issue(tableId: string, deviceId: string): Promise<IssuedDeviceCredential> {
    if (!isTopicId(tableId) || !isTopicId(deviceId)) throw new Error(`invalid table/device id for MQTT: ${tableId}/${deviceId}`);
    const username = deviceUsername(tableId, deviceId);
    const password = randomBytes(24).toString('base64url');
    const at = this.now();
    const prev = await this.repo.get(username);
    const rec: DeviceCredentialRecord = { username, tableId, deviceId, secretHash: await hashPassword(password), createdAt: prev?.createdAt ?? at, rotatedAt: at };
    await this.repo.upsert(rec);
    if (prev !== null) this.changed$.next(username);
    return { ...toPublic(rec), password };
  }

  async revoke(tableId: string, deviceId: string): Promise<boolean> {
    const username = deviceUsername(tableId, deviceId);
    const gone = await this.repo.delete(username);
    if (gone) this.changed$.next(username);
    return gone;
  }

  async list(tableId: string): Promise<PublicDeviceCredential[]> {
    return (await this.repo.listByTable(tableId)).map(toPublic);
  }

  /** The device behind a username + secret, or null (unknown username or wrong secret). */
  async authenticate(username: string, password: string): Promise<BrokerPrincipal | null> {
    const rec = await this.repo.get(username);
    if (rec === null || !(await verifyPassword(password, rec.secretHash))) return null;
    return { kind: 'device', tableId: rec.tableId, deviceId: rec.deviceId };
  }
}

const toPublic = (r: DeviceCredentialRecord): PublicDeviceCredential => ({ username: r.username, tableId: r.tableId, deviceId: r.deviceId, createdAt: r.createdAt, rotatedAt: r.rotatedAt });
