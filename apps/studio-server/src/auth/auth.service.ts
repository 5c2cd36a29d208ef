import { Redis } from 'ioredis';
import { LOGIN_THROTTLE_DEFAULTS, LoginThrottle } from './login-throttle.js';
import { createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import { Inject, Injectable, Optional, type OnApplicationShutdown } from '@nestjs/common';
import jwt from 'jsonwebtoken';
import { Subject } from 'rxjs';
import { z } from 'zod';
import { CLOCK, type Clock } from '../shared/clock.js';
import { derivedKeyId, FELT_CONFIG, type FeltConfig } from '../config/config.js';
import { AUDIT_LOG, type AuditLog } from '../shared/ports/audit.port.js';
import { codedError } from '../shared/error-codes.js';
import { ROLES, type AuthUser, type Role } from './auth.types.js';
import { hashPassword, verifyPassword } from './password.js';
import { hashLaunchCode, InMemoryLaunchCodes, LAUNCH_CODE_TTL_MS, LAUNCH_CODES, newLaunchCode, type LaunchCodes } from './launch-codes.js';
import { InMemoryTotpRepository, newTotpSecret, TOTP_REPOSITORY, TOTP_ROLES, totpStep, type TotpRepository } from './totp.js';
import { USERS_REPOSITORY, type UserRecord, type UsersRepository } from './users.repository.js';

export const LoginBody = z.object({ username: z.string().min(1).max(100), password: z.string().min(1).max(200), totp: z.string().regex(/^\d{6}$/, 'the 6-digit code of the authenticator app').optional() }).strict();
export const LaunchBody = z.object({ code: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'a launch code from the operator\'s game URL') }).strict();
export const TotpCodeBody = z.object({ code: z.string().regex(/^\d{6}$/, 'the 6-digit code of the authenticator app') }).strict();
export const RefreshBody = z.object({ refreshToken: z.string().min(1).max(4000) }).strict();

/** `exp` is required (issue 9 finding 9): a token without it is refused. `ver` = the user's token version at issue. */
const Claims = z.object({ sub: z.string().min(1), role: z.enum(ROLES), name: z.string(), exp: z.number().int(), ver: z.number().int().min(0).default(0), typ: z.literal('access').default('access') });
/** `fam`: the login this token descends from (its refresh-token family); `jti`: this token within it. */
const RefreshClaims = z.object({ sub: z.string().min(1), exp: z.number().int(), ver: z.number().int().min(0), typ: z.literal('refresh'), jti: z.string().min(1), fam: z.string().min(1) });

/** Access tokens are short; a refresh token (one studio shift) gets new ones (issue 9 finding 9). */
export const ACCESS_TOKEN_TTL_S = 15 * 60;
export const REFRESH_TOKEN_TTL_S = 12 * 3600;
/** How long a user-store answer is trusted by the token check (a disabled user's token dies within this). */
export const USER_CHECK_CACHE_MS = 5_000;
/** Verified tokens kept (signature checked once per token, not per request). */
const VERIFIED_CACHE_MAX = 20_000;
/** Most user ids asked of the store in one batched lookup (a join storm: issue 13). */
const LOOKUP_BATCH = 500;

type AccessClaims = z.infer<typeof Claims>;

export interface LoginResult {
  readonly token: string;
  readonly refreshToken: string;
  /** Seconds until `token` expires. */
  readonly expiresIn: number;
  readonly user: AuthUser;
}

/** Why a user's sessions ended (realtime disconnects the user's sockets). */
export interface SessionsRevoked {
  readonly userId: string;
  readonly reason: 'revoked' | 'disabled' | 'deleted';
}

@Injectable()
export class AuthService implements OnApplicationShutdown {
  private readonly cache = new Map<string, { rec: UserRecord | null; at: number }>();
  /**
   * Issue 13 (join storm): the HS256 key as one KeyObject. Given a string, jsonwebtoken first tries to
   * parse it as a PEM public/private key (a throw per call) and then builds a secret key, per verify/sign.
   */
  private key: { readonly config: FeltConfig; readonly kid: string; readonly key: KeyObject; readonly verifiers: ReadonlyMap<string, KeyObject> } | null = null;
  /** User-store lookups waiting for the next batch, and the batch each user's answer will come from. */
  private pending = new Map<string, { resolve: (r: UserRecord | null) => void; reject: (e: unknown) => void; promise: Promise<UserRecord | null> }>();
  private flushScheduled = false;
  /** Bumped whenever a user's cache entry is dropped, so an answer read before the change is not cached after it. */
  private readonly generation = new Map<string, number>();
  /** Emits when a user's tokens stop working (revoked, disabled, deleted). */
  readonly revoked$ = new Subject<SessionsRevoked>();

  constructor(
    @Inject(USERS_REPOSITORY) private readonly users: UsersRepository,
    @Inject(FELT_CONFIG) private readonly config: FeltConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(AUDIT_LOG) private readonly audit: AuditLog,
    @Optional() @Inject(TOTP_REPOSITORY) private readonly totp: TotpRepository = new InMemoryTotpRepository(),
    @Optional() @Inject(LAUNCH_CODES) private readonly launches: LaunchCodes = new InMemoryLaunchCodes(),
  ) {
    this.throttleRedis = config.redisUrl === null ? null : new Redis(config.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false });
    this.throttleRedis?.on('error', () => undefined); // the insurance limiter counts meanwhile
    this.throttle = new LoginThrottle(this.throttleRedis, LOGIN_THROTTLE_DEFAULTS, config.queuePrefix);
  }

  private readonly throttleRedis: Redis | null;
  private readonly throttle: LoginThrottle;

  onApplicationShutdown(): void {
    this.throttleRedis?.disconnect();
  }

  /** POST /auth/login: username + password → an access token + a refresh token (HS256). Same 401 for unknown user, wrong password and a disabled user. */
  async login(body: unknown, address = 'unknown'): Promise<LoginResult> {
    const { username, password, totp } = LoginBody.parse(body);
    // Issue 22 §8: a throttled attempt is refused before any password hash is computed.
    const wait = await this.throttle.retryAfterMs(username, address);
    if (wait > 0) throw codedError('RATE_LIMITED', `too many wrong passwords for this account or from this address: try again in ${Math.ceil(wait / 1000)} s`, { retryAfterMs: wait, scope: 'login' });
    const rec = await this.users.findByUsername(username);
    if (rec === null || !(await verifyPassword(password, rec.passwordHash)) || rec.disabled === true) {
      const lock = await this.throttle.failed(username, address);
      if (lock !== null) {
        await this.audit.record({ actor: username, role: 'anonymous', action: 'auth.login.locked', reason: `wrong passwords (${lock.scope}) from ${address}: locked ${lock.lockedS} s`, target: `user:${username}`, at: this.clock.now() });
      }
      throw codedError('INVALID_CREDENTIALS', 'unknown user or wrong password');
    }
    await this.secondFactor(rec, totp, username, address);
    await this.throttle.succeeded(username, address);
    const family = `rtf_${randomBytes(12).toString('hex')}`;
    const jti = randomBytes(12).toString('hex');
    await this.users.createRefreshFamily(family, rec.userId, jti, this.clock.now());
    return this.issue(rec, family, jti);
  }

  /**
   * Issue 22 §8: a staff account with TOTP enabled needs the code of its authenticator app. Missing →
   * `TOTP_REQUIRED` (the login form then asks for it); wrong or already used → `TOTP_INVALID`, counted by the
   * login throttle like a wrong password.
   */
  private async secondFactor(rec: UserRecord, code: string | undefined, username: string, address: string): Promise<void> {
    if (!TOTP_ROLES.includes(rec.role)) return;
    const t = await this.totp.get(rec.userId);
    if (t?.enabled !== true) return;
    if (code === undefined) throw codedError('TOTP_REQUIRED', 'this account needs the 6-digit code of its authenticator app (field "totp")');
    const now = this.clock.now();
    const step = totpStep(t.secret, code, now);
    if (step === null || !(await this.totp.useStep(rec.userId, step, now))) {
      await this.throttle.failed(username, address);
      throw codedError('TOTP_INVALID', 'wrong or already used authenticator code');
    }
  }

  /**
   * Issue 22 §16: a one-time code that logs a player in (the operator's game launch). The caller (the
   * seamless module) has checked the operator, its signature and the player's session at the operator.
   */
  async issueLaunchCode(userId: string, tableId: string | null): Promise<{ readonly code: string; readonly expiresAt: number }> {
    const code = newLaunchCode();
    const expiresAt = this.clock.now() + LAUNCH_CODE_TTL_MS;
    await this.launches.put(hashLaunchCode(code), { userId, tableId }, expiresAt);
    return { code, expiresAt };
  }

  /** POST /auth/launch: an unused, unexpired launch code → the player's session (once); anything else `INVALID_LAUNCH_CODE`. */
  async redeemLaunchCode(body: unknown): Promise<LoginResult & { readonly tableId: string | null }> {
    const { code } = LaunchBody.parse(body);
    const grant = await this.launches.take(hashLaunchCode(code), this.clock.now());
    const rec = grant === null ? null : await this.users.get(grant.userId);
    if (grant === null || rec === null || rec.disabled === true || rec.role !== 'player') throw codedError('INVALID_LAUNCH_CODE', 'this game link was already used or has expired: open the game again from the casino');
    const family = `rtf_${randomBytes(12).toString('hex')}`;
    const jti = randomBytes(12).toString('hex');
    await this.users.createRefreshFamily(family, rec.userId, jti, this.clock.now());
    return { ...this.issue(rec, family, jti), tableId: grant.tableId };
  }

  /** POST /auth/totp/enrol (staff): a new secret, pending until confirmed with a code; shown once. */
  async enrolTotp(user: AuthUser): Promise<{ readonly secret: string; readonly uri: string }> {
    const rec = await this.staff(user);
    const fresh = newTotpSecret(rec.username);
    if (!(await this.totp.putPending(rec.userId, fresh.secret, this.clock.now()))) throw codedError('TOTP_ALREADY_ENABLED', 'TOTP is already enabled for this account: disable it first (with a code) or ask an admin to reset it');
    return fresh;
  }

  /** POST /auth/totp/confirm: the first code from the app turns TOTP on (audited). */
  async confirmTotp(user: AuthUser, body: unknown): Promise<{ readonly enabled: true }> {
    const rec = await this.staff(user);
    const { code } = TotpCodeBody.parse(body);
    const t = await this.totp.get(rec.userId);
    if (t === null) throw codedError('TOTP_NOT_ENROLLED', 'enrol first: POST /auth/totp/enrol');
    if (t.enabled) throw codedError('TOTP_ALREADY_ENABLED', 'TOTP is already enabled for this account');
    await this.checkCode(rec.userId, t.secret, code);
    await this.totp.enable(rec.userId, this.clock.now());
    await this.audit.record({ actor: rec.userId, role: rec.role, action: 'auth.totp.enabled', reason: 'confirmed with a code', target: `user:${rec.userId}`, at: this.clock.now() });
    return { enabled: true };
  }

  /** POST /auth/totp/disable: with a current code (audited). */
  async disableTotp(user: AuthUser, body: unknown): Promise<{ readonly enabled: false }> {
    const rec = await this.staff(user);
    const { code } = TotpCodeBody.parse(body);
    const t = await this.totp.get(rec.userId);
    if (t?.enabled !== true) throw codedError('TOTP_NOT_ENROLLED', 'TOTP is not enabled for this account');
    await this.checkCode(rec.userId, t.secret, code);
    await this.totp.remove(rec.userId);
    await this.audit.record({ actor: rec.userId, role: rec.role, action: 'auth.totp.disabled', reason: 'disabled with a code', target: `user:${rec.userId}`, at: this.clock.now() });
    return { enabled: false };
  }

  /** An admin removes a user's TOTP (a lost phone); the caller audits it with the reason. False: the user had none. */
  resetTotp(userId: string): Promise<boolean> {
    return this.totp.remove(userId);
  }

  /** Whether the user has TOTP on (GET /auth/me shows it to the user). */
  async totpEnabled(userId: string): Promise<boolean> {
    return (await this.totp.get(userId))?.enabled === true;
  }

  private async checkCode(userId: string, secret: string, code: string): Promise<void> {
    const now = this.clock.now();
    const step = totpStep(secret, code, now);
    if (step === null || !(await this.totp.useStep(userId, step, now))) throw codedError('TOTP_INVALID', 'wrong or already used authenticator code');
  }

  private async staff(user: AuthUser): Promise<UserRecord> {
    if (!TOTP_ROLES.includes(user.role)) throw codedError('FORBIDDEN', 'TOTP is for staff accounts (dealer, pit boss, admin)');
    const rec = await this.users.get(user.userId);
    if (rec === null) throw codedError('USER_NOT_FOUND', `no user ${user.userId}`);
    return rec;
  }

  /**
   * POST /auth/refresh: a valid refresh token of a live user → a new pair (the user store is always asked,
   * no cache). Rotation with reuse detection (issue 9 finding 9): each refresh token works once; the
   * family (one login) remembers its current token, and a token that was already rotated coming back
   * means a copy exists — the family is revoked and, since the thief's copy cannot be told from the
   * owner's, every session of the user ends (the current access and refresh tokens stop working, sockets
   * are closed with SESSION_REVOKED). Answered `401 REFRESH_TOKEN_REUSED`, audited.
   */
  async refresh(body: unknown): Promise<LoginResult> {
    const { refreshToken } = RefreshBody.parse(body);
    const claims = RefreshClaims.safeParse(this.decode(refreshToken));
    // The generation before the read: a disable/revoke made meanwhile is not hidden by caching this record.
    const gen = claims.success ? (this.generation.get(claims.data.sub) ?? 0) : 0;
    const rec = claims.success ? await this.users.get(claims.data.sub) : null;
    if (!claims.success || rec === null || rec.disabled === true || (rec.tokenVersion ?? 0) !== claims.data.ver) {
      throw codedError('INVALID_REFRESH_TOKEN', 'the refresh token is invalid, expired or revoked: log in again');
    }
    const { fam, jti } = claims.data;
    const next = randomBytes(12).toString('hex');
    const now = this.clock.now();
    const rotation = await this.users.rotateRefresh(fam, rec.userId, jti, next, now);
    switch (rotation) {
      case 'rotated':
        break;
      case 'unknown':
        throw codedError('INVALID_REFRESH_TOKEN', 'the refresh token is invalid, expired or revoked: log in again');
      case 'reused': {
        const first = await this.users.revokeRefreshFamily(fam, now);
        await this.revokeSessions(rec.userId);
        await this.audit.record({ actor: rec.userId, role: rec.role, action: 'auth.refresh.reuse', reason: first ? 'an already-rotated refresh token was presented again: token family revoked, every session ended' : 'a token of a revoked family was presented again', target: `user:${rec.userId}:family:${fam}`, at: now });
        throw codedError('REFRESH_TOKEN_REUSED', 'this refresh token was already used: every session of this account was ended for safety; log in again', { family: fam });
      }
    }
    this.remember(rec.userId, rec, now, gen);
    return this.issue(rec, fam, next);
  }

  private issue(rec: UserRecord, family: string, jti: string): LoginResult {
    const user: AuthUser = { userId: rec.userId, role: rec.role, name: rec.name };
    const iat = Math.floor(this.clock.now() / 1000);
    const ver = rec.tokenVersion ?? 0;
    const k = this.keyring();
    const refreshToken = jwt.sign({ sub: rec.userId, ver, typ: 'refresh', jti, fam: family, iat, exp: iat + REFRESH_TOKEN_TTL_S }, k.key, { algorithm: 'HS256', keyid: k.kid });
    return { token: this.sign(user, ver), refreshToken, expiresIn: ACCESS_TOKEN_TTL_S, user };
  }

  /** An access token for the user (tests and login). */
  sign(user: AuthUser, ver = 0): string {
    const iat = Math.floor(this.clock.now() / 1000);
    const k = this.keyring();
    return jwt.sign({ sub: user.userId, role: user.role, name: user.name, ver, typ: 'access', iat, exp: iat + ACCESS_TOKEN_TTL_S }, k.key, { algorithm: 'HS256', keyid: k.kid });
  }

  /**
   * The keys, built once per config (the config object can be swapped by tests). Issue 22 §12: tokens are
   * signed with the current secret and carry its key id (`kid` in the header); verification picks the key by
   * the token's `kid` among the current one and JWT_PREVIOUS_KEYS (a rotation: old tokens keep working until
   * they expire, then the old key is removed). A token without `kid` (signed before key ids) is checked with
   * the current key only; an unknown `kid` is not authenticated.
   */
  private keyring(): { readonly kid: string; readonly key: KeyObject; readonly verifiers: ReadonlyMap<string, KeyObject> } {
    const config = this.config;
    if (this.key?.config !== config) {
      const kid = config.jwtKeyId ?? derivedKeyId(config.jwtSecret);
      const key = createSecretKey(Buffer.from(config.jwtSecret, 'utf8'));
      const verifiers = new Map<string, KeyObject>([[kid, key]]);
      for (const p of config.jwtPreviousKeys ?? []) if (!verifiers.has(p.kid)) verifiers.set(p.kid, createSecretKey(Buffer.from(p.secret, 'utf8')));
      this.key = { config, kid, key, verifiers };
      this.verified.clear(); // tokens checked under other keys are checked again
    }
    return this.key;
  }

  /** The key a token names (its header's `kid`), or the current key for a token without one; null for an unknown kid. */
  private keyFor(token: string): KeyObject | null {
    const k = this.keyring();
    const dot = token.indexOf('.');
    if (dot <= 0) return k.key;
    let kid: unknown;
    try {
      kid = (JSON.parse(Buffer.from(token.slice(0, dot), 'base64url').toString('utf8')) as { kid?: unknown }).kid;
    } catch (_malformed) {
      return k.key; // jwt.verify refuses it with the right reason
    }
    if (kid === undefined) return k.key;
    return typeof kid === 'string' ? (k.verifiers.get(kid) ?? null) : null;
  }

  /** Tokens whose signature was checked, with their claims, until they expire (bounded; a flood re-sends one token). */
  private readonly verified = new Map<string, { readonly claims: unknown; readonly expMs: number }>();

  private decode(token: string): unknown {
    const now = this.clock.now();
    this.keyring(); // a swapped config clears the cache first
    const hit = this.verified.get(token);
    if (hit !== undefined) {
      if (now < hit.expMs) return hit.claims;
      this.verified.delete(token);
    }
    try {
      const key = this.keyFor(token);
      if (key === null) return null;
      const claims = jwt.verify(token, key, { algorithms: ['HS256'], clockTimestamp: Math.floor(now / 1000) });
      const exp = typeof claims === 'object' && claims !== null && typeof (claims as { exp?: unknown }).exp === 'number' ? (claims as { exp: number }).exp * 1000 : null;
      if (exp !== null) {
        if (this.verified.size >= VERIFIED_CACHE_MAX) this.verified.delete(this.verified.keys().next().value as string);
        this.verified.set(token, { claims, expMs: exp });
      }
      return claims;
    } catch (_invalid) {
      // jsonwebtoken signals every invalid token by throwing; an invalid token is simply "not authenticated".
      return null;
    }
  }

  /**
   * Issue 22 §5, refuse before work: the identity of a token whose signature this instance already
   * checked (its claims kept until `exp`), or null — no signature check, no zod, no store: what the early
   * rate limit (ratelimit/early-limit.middleware.ts) keys a request's budget by. Authentication proper
   * (`authenticate`) still runs for every admitted request.
   */
  knownIdentity(token: string): { readonly userId: string; readonly role: string } | null {
    this.keyring(); // a swapped config clears the checked tokens first
    const hit = this.verified.get(token);
    if (hit === undefined || this.clock.now() >= hit.expMs) return null;
    const c = hit.claims as { readonly sub?: unknown; readonly role?: unknown } | null;
    return c !== null && typeof c === 'object' && typeof c.sub === 'string' && typeof c.role === 'string' ? { userId: c.sub, role: c.role } : null;
  }

  /**
   * Signature, expiry (required) and claims only — no user-store check. The WebSocket handshake uses it to
   * answer at once and then confirms with `authenticate`; everything else uses `authenticate`.
   */
  verify(token: string | null | undefined): AuthUser | null {
    const c = this.claims(token);
    return c === null ? null : { userId: c.sub, role: c.role, name: c.name };
  }

  private claims(token: string | null | undefined): AccessClaims | null {
    if (token === null || token === undefined || token === '') return null;
    const claims = Claims.safeParse(this.decode(token));
    return claims.success ? claims.data : null;
  }

  /**
   * The full check (issue 9 finding 9): `verify` + the user store (cached ≤ USER_CHECK_CACHE_MS): the user
   * exists, is not disabled, the token's version is current, and the role is the stored one.
   */
  async authenticate(token: string | null | undefined): Promise<AuthUser | null> {
    const c = this.claims(token);
    return c === null ? null : this.confirm(c);
  }

  /**
   * The WebSocket handshake (issue 13): the signature is checked once, synchronously; `confirmed` is the
   * user-store check of the same claims (what `authenticate` answers), without decoding the token again.
   */
  verifyForSocket(token: string | null | undefined): { user: AuthUser; confirmed: () => Promise<AuthUser | null> } | null {
    const c = this.claims(token);
    return c === null ? null : { user: { userId: c.sub, role: c.role, name: c.name }, confirmed: () => this.confirm(c) };
  }

  private async confirm(c: AccessClaims): Promise<AuthUser | null> {
    const rec = await this.lookup(c.sub);
    if (rec === null) return this.config.allowUnknownTokenUsers === true ? { userId: c.sub, role: c.role, name: c.name } : null;
    if (rec.disabled === true || (rec.tokenVersion ?? 0) !== c.ver || rec.role !== c.role) return null;
    return { userId: rec.userId, role: rec.role, name: rec.name };
  }

  /**
   * A user's record, cached ≤ USER_CHECK_CACHE_MS from when it was read. Misses are batched (issue 13): a
   * thousand players connecting at once are one or two `WHERE user_id = ANY(…)` queries, not a thousand,
   * and a user asked twice while a read is on its way waits for that read.
   */
  private lookup(userId: string): Promise<UserRecord | null> {
    const hit = this.cache.get(userId);
    if (hit !== undefined && this.clock.now() - hit.at < USER_CHECK_CACHE_MS) return Promise.resolve(hit.rec);
    const waiting = this.pending.get(userId);
    if (waiting !== undefined) return waiting.promise;
    let resolve!: (r: UserRecord | null) => void;
    let reject!: (e: unknown) => void;
    const promise = new Promise<UserRecord | null>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    this.pending.set(userId, { resolve, reject, promise });
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      setImmediate(() => this.flush());
    }
    return promise;
  }

  private flush(): void {
    this.flushScheduled = false;
    const all = [...this.pending.entries()];
    this.pending = new Map();
    for (let i = 0; i < all.length; i += LOOKUP_BATCH) {
      const batch = all.slice(i, i + LOOKUP_BATCH);
      const ids = batch.map(([id]) => id);
      // The time and generations of the read's start: a record read before a change is never cached after it.
      const at = this.clock.now();
      const gens = ids.map((id) => this.generation.get(id) ?? 0);
      this.users.getMany(ids).then(
        (recs) => {
          const byId = new Map(recs.map((r) => [r.userId, r]));
          batch.forEach(([id, w], k) => {
            const rec = byId.get(id) ?? null;
            this.remember(id, rec, at, gens[k]!);
            w.resolve(rec);
          });
        },
        (e: unknown) => {
          for (const [, w] of batch) w.reject(e);
        },
      );
    }
  }

  private remember(userId: string, rec: UserRecord | null, at: number, gen: number): void {
    if ((this.generation.get(userId) ?? 0) !== gen) return;
    this.cache.set(userId, { rec, at });
    if (this.cache.size > 20_000) this.cache.delete(this.cache.keys().next().value as string);
  }

  /** The user changed here: drop the cached answer and any answer already on its way. */
  private forget(userId: string): void {
    this.cache.delete(userId);
    this.generation.set(userId, (this.generation.get(userId) ?? 0) + 1);
  }

  /** Every token of the user stops working (logout everywhere, or an admin's revocation). */
  async revokeSessions(userId: string): Promise<boolean> {
    const v = await this.users.bumpTokenVersion(userId);
    this.forget(userId);
    if (v !== null) this.revoked$.next({ userId, reason: 'revoked' });
    return v !== null;
  }

  async setDisabled(userId: string, disabled: boolean): Promise<boolean> {
    const ok = await this.users.setDisabled(userId, disabled);
    this.forget(userId);
    if (ok && disabled) this.revoked$.next({ userId, reason: 'disabled' });
    return ok;
  }

  async deleteUser(userId: string): Promise<boolean> {
    const ok = await this.users.delete(userId);
    this.forget(userId);
    if (ok) this.revoked$.next({ userId, reason: 'deleted' });
    return ok;
  }

  async createUser(input: { userId: string; username: string; name: string; role: Role; password: string }): Promise<boolean> {
    const rec: UserRecord = { userId: input.userId, username: input.username, name: input.name, role: input.role, passwordHash: await hashPassword(input.password), createdAt: this.clock.now() };
    return this.users.insertIfAbsent(rec);
  }

  listUsers(): Promise<UserRecord[]> {
    return this.users.list();
  }
}
