import { Secret, TOTP } from 'otpauth';
import type { DataSource } from 'typeorm';
import type { Role } from './auth.types.js';
import { returned } from './users.repository.js';

/**
 * Issue 22 §8: a second factor for staff (dealer, pit boss, admin) — RFC 6238 TOTP (30 s steps, 6 digits,
 * SHA-1: what every authenticator app reads from an `otpauth://` URI), built on `otpauth` (docs/dependencies.md).
 * A user enrols (a secret, pending), confirms with a code (enabled); from then on their login needs a code.
 * A code is accepted once: the step it belongs to must be later than the last accepted one (no replay of a
 * code seen over a shoulder within its 30–90 s of validity). ±1 step of clock drift is allowed.
 */
export const TOTP_ROLES: readonly Role[] = ['dealer', 'pitboss', 'admin'];
export const TOTP_PERIOD_S = 30;
const ISSUER = 'Felt studio';

export interface TotpRecord {
  readonly userId: string;
  /** base32 */
  readonly secret: string;
  readonly enabled: boolean;
  /** The last accepted step (unix seconds / 30); -1 before the first. */
  readonly lastStep: number;
}

export interface TotpRepository {
  get(userId: string): Promise<TotpRecord | null>;
  /** A new pending secret (replaces a pending one; never an enabled one): false when TOTP is enabled. */
  putPending(userId: string, secret: string, at: number): Promise<boolean>;
  /** Records `step` as used if it is later than the last one (compare-and-set); false on a replay. */
  useStep(userId: string, step: number, at: number): Promise<boolean>;
  enable(userId: string, at: number): Promise<void>;
  remove(userId: string): Promise<boolean>;
}

export const TOTP_REPOSITORY = Symbol('TOTP_REPOSITORY');

const totpOf = (secret: string, label = 'user'): TOTP => new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD_S, secret: Secret.fromBase32(secret) });

/** A fresh secret (160 bits) and its `otpauth://` URI for the authenticator app (shown once). */
export function newTotpSecret(username: string): { readonly secret: string; readonly uri: string } {
  const secret = new Secret({ size: 20 }).base32;
  return { secret, uri: totpOf(secret, username).toString() };
}

/** The step a code belongs to (within ±1 step of `nowMs`), or null when it is not a valid code. Pure. */
export function totpStep(secret: string, code: string, nowMs: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secret).validate({ token: code, timestamp: nowMs, window: 1 });
  return delta === null ? null : Math.floor(nowMs / 1000 / TOTP_PERIOD_S) + delta;
}

/** The code of a step (tests, and the CLI's `--totp-secret` helper). */
export const totpCode = (secret: string, nowMs: number): string => totpOf(secret).generate({ timestamp: nowMs });

export class InMemoryTotpRepository implements TotpRepository {
  private readonly rows = new Map<string, TotpRecord>();
  async get(userId: string): Promise<TotpRecord | null> {
    return this.rows.get(userId) ?? null;
  }
  async putPending(userId: string, secret: string): Promise<boolean> {
    if (this.rows.get(userId)?.enabled === true) return false;
    this.rows.set(userId, { userId, secret, enabled: false, lastStep: -1 });
    return true;
  }
  async useStep(userId: string, step: number): Promise<boolean> {
    const r = this.rows.get(userId);
    if (r === undefined || step <= r.lastStep) return false;
    this.rows.set(userId, { ...r, lastStep: step });
    return true;
  }
  async enable(userId: string): Promise<void> {
    const r = this.rows.get(userId);
    if (r !== undefined) this.rows.set(userId, { ...r, enabled: true });
  }
  async remove(userId: string): Promise<boolean> {
    return this.rows.delete(userId);
  }
}

type Row = Record<string, unknown>;

export class SqlTotpRepository implements TotpRepository {
  constructor(private readonly ds: DataSource) {}
  async get(userId: string): Promise<TotpRecord | null> {
    const rows = (await this.ds.query(`SELECT "user_id","secret","enabled","last_step" FROM "user_totp" WHERE "user_id" = $1`, [userId])) as Row[];
    const r = rows[0];
    return r === undefined ? null : { userId: r['user_id'] as string, secret: r['secret'] as string, enabled: r['enabled'] === true, lastStep: Number(r['last_step']) };
  }
  async putPending(userId: string, secret: string, at: number): Promise<boolean> {
    const rows = (await this.ds.query(
      `INSERT INTO "user_totp" ("user_id","secret","enabled","last_step","updated_at") VALUES ($1,$2,false,-1,$3)
       ON CONFLICT ("user_id") DO UPDATE SET "secret" = EXCLUDED."secret", "last_step" = -1, "updated_at" = EXCLUDED."updated_at" WHERE "user_totp"."enabled" = false
       RETURNING "user_id"`,
      [userId, secret, at],
    )) as Row[];
    return rows.length === 1;
  }
  async useStep(userId: string, step: number, at: number): Promise<boolean> {
    return returned(await this.ds.query(`UPDATE "user_totp" SET "last_step" = $2, "updated_at" = $3 WHERE "user_id" = $1 AND "last_step" < $2 RETURNING "user_id"`, [userId, step, at])).length === 1;
  }
  async enable(userId: string, at: number): Promise<void> {
    await this.ds.query(`UPDATE "user_totp" SET "enabled" = true, "updated_at" = $2 WHERE "user_id" = $1`, [userId, at]);
  }
  async remove(userId: string): Promise<boolean> {
    return returned(await this.ds.query(`DELETE FROM "user_totp" WHERE "user_id" = $1 RETURNING "user_id"`, [userId])).length === 1;
  }
}
