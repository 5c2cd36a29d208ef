import type { DataSource } from 'typeorm';
import { toNum } from '../persistence/bigint.transformer.js';
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
}

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
const returned = (res: unknown): Record<string, unknown>[] => {
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
}
