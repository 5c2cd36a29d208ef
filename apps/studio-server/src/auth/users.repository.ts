import type { DataSource } from 'typeorm';
import { toNum } from '../shared/bigint.transformer.js';
import type { Role } from './auth.types.js';

export interface UserRecord {
  readonly userId: string;
  readonly username: string;
  readonly name: string;
  readonly role: Role;
  readonly passwordHash: string;
  readonly createdAt: number;
  /** A disabled user cannot log in and their tokens stop working (issue 9 finding 9). Default false. */
  readonly disabled?: boolean;
  /** Tokens carry the version they were issued under; bumping it revokes them all. Default 0. */
  readonly tokenVersion?: number;
}

export interface UsersRepository {
  /** Inserts unless the username exists; returns false when it did. */
  insertIfAbsent(u: UserRecord): Promise<boolean>;
  findByUsername(username: string): Promise<UserRecord | null>;
  get(userId: string): Promise<UserRecord | null>;
  /** The records of these ids that exist, in any order (one query: the join storm's batched check, issue 13). */
  getMany(userIds: readonly string[]): Promise<UserRecord[]>;
  list(): Promise<UserRecord[]>;
  setDisabled(userId: string, disabled: boolean): Promise<boolean>;
  /** Revokes every token of the user; returns the new version (null: no such user). */
  bumpTokenVersion(userId: string): Promise<number | null>;
  delete(userId: string): Promise<boolean>;
  /** A login starts a refresh-token family whose current token is `jti`. */
  createRefreshFamily(familyId: string, userId: string, jti: string, at: number): Promise<void>;
  /**
   * Compare-and-set `fromJti` → `toJti` on a live family: `rotated`; `reused` when the family exists
   * but `fromJti` is not its current token (already rotated) or the family is revoked; `unknown` when
   * there is no such family (for this user).
   */
  rotateRefresh(familyId: string, userId: string, fromJti: string, toJti: string, at: number): Promise<RefreshRotation>;
  /** Revokes the family (no token of it refreshes any more); false when it was unknown or already revoked. */
  revokeRefreshFamily(familyId: string, at: number): Promise<boolean>;
}

export type RefreshRotation = 'rotated' | 'reused' | 'unknown';

export const USERS_REPOSITORY = Symbol('USERS_REPOSITORY');

export class InMemoryUsersRepository implements UsersRepository {
  private readonly byId = new Map<string, UserRecord>();
  async insertIfAbsent(u: UserRecord): Promise<boolean> {
    if ([...this.byId.values()].some((x) => x.username === u.username) || this.byId.has(u.userId)) return false;
    this.byId.set(u.userId, Object.freeze({ ...u }));
    return true;
  }
  async findByUsername(username: string): Promise<UserRecord | null> {
    return [...this.byId.values()].find((u) => u.username === username) ?? null;
  }
  async get(userId: string): Promise<UserRecord | null> {
    return this.byId.get(userId) ?? null;
  }
  async getMany(userIds: readonly string[]): Promise<UserRecord[]> {
    return userIds.flatMap((id) => this.byId.get(id) ?? []);
  }
  async list(): Promise<UserRecord[]> {
    return [...this.byId.values()].sort((a, b) => a.username.localeCompare(b.username));
  }
  async setDisabled(userId: string, disabled: boolean): Promise<boolean> {
    const u = this.byId.get(userId);
    if (u === undefined) return false;
    this.byId.set(userId, Object.freeze({ ...u, disabled }));
    return true;
  }
  async bumpTokenVersion(userId: string): Promise<number | null> {
    const u = this.byId.get(userId);
    if (u === undefined) return null;
    const tokenVersion = (u.tokenVersion ?? 0) + 1;
    this.byId.set(userId, Object.freeze({ ...u, tokenVersion }));
    return tokenVersion;
  }
  async delete(userId: string): Promise<boolean> {
    return this.byId.delete(userId);
  }
  private readonly families = new Map<string, { userId: string; jti: string; revokedAt: number | null }>();
  async createRefreshFamily(familyId: string, userId: string, jti: string): Promise<void> {
    if (!this.families.has(familyId)) this.families.set(familyId, { userId, jti, revokedAt: null });
  }
  async rotateRefresh(familyId: string, userId: string, fromJti: string, toJti: string): Promise<RefreshRotation> {
    const f = this.families.get(familyId);
    if (f === undefined || f.userId !== userId) return 'unknown';
    if (f.revokedAt !== null || f.jti !== fromJti) return 'reused';
    f.jti = toJti;
    return 'rotated';
  }
  async revokeRefreshFamily(familyId: string, at: number): Promise<boolean> {
    const f = this.families.get(familyId);
    if (f === undefined || f.revokedAt !== null) return false;
    f.revokedAt = at;
    return true;
  }
}

const toUser = (r: Record<string, unknown>): UserRecord => ({
  userId: r['user_id'] as string,
  username: r['username'] as string,
  name: r['name'] as string,
  role: r['role'] as Role,
  passwordHash: r['password_hash'] as string,
  createdAt: toNum(r['created_at']),
  disabled: r['disabled'] === true,
  tokenVersion: Number(r['token_version'] ?? 0),
});

/** pg answers UPDATE/DELETE … RETURNING through TypeORM as [rows, count]; PGlite as rows. */
export const returned = (res: unknown): Record<string, unknown>[] => {
  const a = res as unknown[];
  return (Array.isArray(a[0]) ? a[0] : a) as Record<string, unknown>[];
};

export class TypeOrmUsersRepository implements UsersRepository {
  constructor(private readonly ds: DataSource) {}
  async insertIfAbsent(u: UserRecord): Promise<boolean> {
    const rows = (await this.ds.query(
      `INSERT INTO "app_user" ("user_id","username","name","role","password_hash","created_at") VALUES ($1,$2,$3,$4,$5,$6) ON CONFLICT DO NOTHING RETURNING "user_id"`,
      [u.userId, u.username, u.name, u.role, u.passwordHash, u.createdAt],
    )) as unknown[];
    return rows.length > 0;
  }
  async findByUsername(username: string): Promise<UserRecord | null> {
    const [r] = (await this.ds.query(`SELECT * FROM "app_user" WHERE "username" = $1`, [username])) as Record<string, unknown>[];
    return r === undefined ? null : toUser(r);
  }
  async get(userId: string): Promise<UserRecord | null> {
    const [r] = (await this.ds.query(`SELECT * FROM "app_user" WHERE "user_id" = $1`, [userId])) as Record<string, unknown>[];
    return r === undefined ? null : toUser(r);
  }
  async getMany(userIds: readonly string[]): Promise<UserRecord[]> {
    if (userIds.length === 0) return [];
    return ((await this.ds.query(`SELECT * FROM "app_user" WHERE "user_id" = ANY($1::text[])`, [userIds])) as Record<string, unknown>[]).map(toUser);
  }
  async list(): Promise<UserRecord[]> {
    return ((await this.ds.query(`SELECT * FROM "app_user" ORDER BY "username"`)) as Record<string, unknown>[]).map(toUser);
  }
  async setDisabled(userId: string, disabled: boolean): Promise<boolean> {
    return returned(await this.ds.query(`UPDATE "app_user" SET "disabled" = $2 WHERE "user_id" = $1 RETURNING "user_id"`, [userId, disabled])).length > 0;
  }
  async bumpTokenVersion(userId: string): Promise<number | null> {
    const [r] = returned(await this.ds.query(`UPDATE "app_user" SET "token_version" = "token_version" + 1 WHERE "user_id" = $1 RETURNING "token_version"`, [userId]));
    return r === undefined ? null : Number(r['token_version']);
  }
  async delete(userId: string): Promise<boolean> {
    return returned(await this.ds.query(`DELETE FROM "app_user" WHERE "user_id" = $1 RETURNING "user_id"`, [userId])).length > 0;
  }
  async createRefreshFamily(familyId: string, userId: string, jti: string, at: number): Promise<void> {
    await this.ds.query(`INSERT INTO "refresh_family" ("family_id","user_id","current_jti","created_at","rotated_at") VALUES ($1,$2,$3,$4,$4) ON CONFLICT DO NOTHING`, [familyId, userId, jti, at]);
  }
  async rotateRefresh(familyId: string, userId: string, fromJti: string, toJti: string, at: number): Promise<RefreshRotation> {
    // One statement: two racing refreshes with the same token cannot both rotate (the second sees "reused").
    const done = returned(
      await this.ds.query(`UPDATE "refresh_family" SET "current_jti" = $4, "rotated_at" = $5 WHERE "family_id" = $1 AND "user_id" = $2 AND "current_jti" = $3 AND "revoked_at" IS NULL RETURNING "family_id"`, [familyId, userId, fromJti, toJti, at]),
    );
    if (done.length > 0) return 'rotated';
    const [r] = (await this.ds.query(`SELECT 1 FROM "refresh_family" WHERE "family_id" = $1 AND "user_id" = $2`, [familyId, userId])) as unknown[];
    return r === undefined ? 'unknown' : 'reused';
  }
  async revokeRefreshFamily(familyId: string, at: number): Promise<boolean> {
    return returned(await this.ds.query(`UPDATE "refresh_family" SET "revoked_at" = $2 WHERE "family_id" = $1 AND "revoked_at" IS NULL RETURNING "family_id"`, [familyId, at])).length > 0;
  }
}
