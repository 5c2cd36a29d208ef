import { createHash, randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { returned } from './users.repository.js';

/**
 * Issue 22 §16: one-time launch codes. An operator asks Felt to launch a game for its player; Felt answers a
 * URL with a code that logs that player in once (`POST /auth/launch`), within a minute. Only the code's
 * SHA-256 is stored (a database reader cannot log anyone in); redeeming deletes it (compare-and-delete, so
 * two tabs or two instances racing get one session).
 */
export const LAUNCH_CODE_TTL_MS = 60_000;

export interface LaunchGrant {
  readonly userId: string;
  /** Where the player lands: a table id, or null for the lobby. */
  readonly tableId: string | null;
}

export interface LaunchCodes {
  put(codeHash: string, grant: LaunchGrant, expiresAt: number): Promise<void>;
  /** The grant of an unexpired code, removed as it is read (once); null for an unknown, used or expired one. */
  take(codeHash: string, now: number): Promise<LaunchGrant | null>;
}

export const LAUNCH_CODES = Symbol('LAUNCH_CODES');

export const hashLaunchCode = (code: string): string => createHash('sha256').update(code).digest('hex');
export const newLaunchCode = (): string => randomBytes(32).toString('base64url');

export class InMemoryLaunchCodes implements LaunchCodes {
  private readonly rows = new Map<string, LaunchGrant & { readonly expiresAt: number }>();
  async put(codeHash: string, grant: LaunchGrant, expiresAt: number): Promise<void> {
    this.rows.set(codeHash, { ...grant, expiresAt });
  }
  async take(codeHash: string, now: number): Promise<LaunchGrant | null> {
    for (const [h, r] of this.rows) if (r.expiresAt < now) this.rows.delete(h);
    const r = this.rows.get(codeHash);
    if (r === undefined) return null;
    this.rows.delete(codeHash);
    return { userId: r.userId, tableId: r.tableId };
  }
}

export class SqlLaunchCodes implements LaunchCodes {
  constructor(private readonly ds: DataSource) {}
  async put(codeHash: string, grant: LaunchGrant, expiresAt: number): Promise<void> {
    await this.ds.query(`DELETE FROM "launch_code" WHERE "expires_at" < $1`, [expiresAt - 2 * LAUNCH_CODE_TTL_MS]);
    await this.ds.query(`INSERT INTO "launch_code" ("code_hash","user_id","table_id","expires_at") VALUES ($1,$2,$3,$4)`, [codeHash, grant.userId, grant.tableId, expiresAt]);
  }
  async take(codeHash: string, now: number): Promise<LaunchGrant | null> {
    const [r] = returned(await this.ds.query(`DELETE FROM "launch_code" WHERE "code_hash" = $1 RETURNING "user_id","table_id","expires_at"`, [codeHash]));
    if (r === undefined || Number(r['expires_at']) < now) return null;
    return { userId: r['user_id'] as string, tableId: (r['table_id'] as string | null) ?? null };
  }
}
