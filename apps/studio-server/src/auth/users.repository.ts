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
}

export interface UsersRepository {
  /** Inserts unless the username exists; returns false when it did. */
  insertIfAbsent(u: UserRecord): Promise<boolean>;
  findByUsername(username: string): Promise<UserRecord | null>;
  get(userId: string): Promise<UserRecord | null>;
  list(): Promise<UserRecord[]>;
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
  async list(): Promise<UserRecord[]> {
    return [...this.byId.values()].sort((a, b) => a.username.localeCompare(b.username));
  }
}

const toUser = (r: Record<string, unknown>): UserRecord => ({
  userId: r['user_id'] as string,
  username: r['username'] as string,
  name: r['name'] as string,
  role: r['role'] as Role,
  passwordHash: r['password_hash'] as string,
  createdAt: toNum(r['created_at']),
});

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
  async list(): Promise<UserRecord[]> {
    return ((await this.ds.query(`SELECT * FROM "app_user" ORDER BY "username"`)) as Record<string, unknown>[]).map(toUser);
  }
}
