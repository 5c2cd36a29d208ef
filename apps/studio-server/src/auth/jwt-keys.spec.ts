import jwt from 'jsonwebtoken';
import { describe, expect, it } from 'vitest';
import { configFromEnv, derivedKeyId, testConfig, type FeltConfig } from '../config/config.js';
import { systemClock } from '../shared/clock.js';
import { AuthService } from './auth.service.js';
import { InMemoryUsersRepository } from './users.repository.js';

const OLD = 'old-secret-old-secret-old-secret-0001';
const NEW = 'new-secret-new-secret-new-secret-0002';
const user = { userId: 'p1', role: 'player', name: 'P1' } as const;

const serviceOn = (config: FeltConfig): AuthService => new AuthService(new InMemoryUsersRepository(), config, systemClock, { record: async () => undefined });
const header = (token: string): Record<string, unknown> => (jwt.decode(token, { complete: true })?.header ?? {}) as unknown as Record<string, unknown>;

/** Issue 22 §12: key ids in tokens and a rotation that does not log everybody out. */
describe('JWT key ids and rotation (issue 22 §12)', () => {
  it('signs with the current key and names it in the header (kid; derived from the secret when JWT_KEY_ID is unset)', () => {
    const a = serviceOn(testConfig({ jwtSecret: OLD, jwtKeyId: 'k2026-10' }));
    expect(header(a.sign(user))).toMatchObject({ alg: 'HS256', kid: 'k2026-10' });
    const b = serviceOn(testConfig({ jwtSecret: OLD }));
    expect(header(b.sign(user))['kid']).toBe(derivedKeyId(OLD));
    expect(derivedKeyId(OLD)).toMatch(/^k-[0-9a-f]{8}$/);
    expect(derivedKeyId(OLD)).not.toBe(derivedKeyId(NEW));
  });

  it('a rotation: tokens of the retired key keep working while it is listed in JWT_PREVIOUS_KEYS, then stop; new tokens use the new key', () => {
    const before = serviceOn(testConfig({ jwtSecret: OLD, jwtKeyId: 'old' }));
    const oldToken = before.sign(user);
    // the new key is deployed; the old one is kept for verification
    const during = serviceOn(testConfig({ jwtSecret: NEW, jwtKeyId: 'new', jwtPreviousKeys: [{ kid: 'old', secret: OLD }] }));
    expect(during.verify(oldToken)).toEqual(user);
    const newToken = during.sign(user);
    expect(header(newToken)['kid']).toBe('new');
    expect(during.verify(newToken)).toEqual(user);
    expect(before.verify(newToken)).toBeNull(); // an instance not yet rotated does not know the new key
    // the old key is removed once its tokens expired
    const after = serviceOn(testConfig({ jwtSecret: NEW, jwtKeyId: 'new' }));
    expect(after.verify(oldToken)).toBeNull();
    expect(after.verify(newToken)).toEqual(user);
  });

  it('an unknown kid, a kid pointing at the wrong key and a token without kid signed by another key are refused', () => {
    const s = serviceOn(testConfig({ jwtSecret: NEW, jwtKeyId: 'new', jwtPreviousKeys: [{ kid: 'old', secret: OLD }] }));
    const exp = Math.floor(Date.now() / 1000) + 60;
    const claims = { sub: 'p1', role: 'player', name: 'P1', ver: 0, typ: 'access', exp };
    expect(s.verify(jwt.sign(claims, NEW, { algorithm: 'HS256', keyid: 'nobody' }))).toBeNull();
    expect(s.verify(jwt.sign(claims, NEW, { algorithm: 'HS256', keyid: 'old' }))).toBeNull(); // kid says old, signed with new
    expect(s.verify(jwt.sign(claims, OLD, { algorithm: 'HS256' }))).toBeNull(); // no kid → the current key only
    expect(s.verify(jwt.sign(claims, NEW, { algorithm: 'HS256' }))).toEqual(user); // a token from before key ids, current key
  });

  it('the environment: JWT_SECRET is required with DATABASE_URL or FELT_CLUSTER=1; JWT_PREVIOUS_KEYS is validated', () => {
    expect(() => configFromEnv({ DATABASE_URL: 'postgres://x@h/db' })).toThrow(/JWT_SECRET: is required when DATABASE_URL is set/);
    expect(() => configFromEnv({ FELT_CLUSTER: '1', REDIS_URL: 'redis://h:6379' })).toThrow(/JWT_SECRET: is required when FELT_CLUSTER=1/);
    expect(configFromEnv({ DATABASE_URL: 'postgres://x@h/db' }, 'migrate').database.kind).toBe('postgres'); // `felt migrate` signs nothing
    expect(configFromEnv({}).jwtSecret).toHaveLength(64); // the embedded demo: a random secret per process
    const c = configFromEnv({ DATABASE_URL: 'postgres://x@h/db', JWT_SECRET: NEW, JWT_KEY_ID: 'new', JWT_PREVIOUS_KEYS: `old:${OLD}` });
    expect([c.jwtKeyId, c.jwtPreviousKeys]).toEqual(['new', [{ kid: 'old', secret: OLD }]]);
    expect(() => configFromEnv({ JWT_SECRET: NEW, JWT_PREVIOUS_KEYS: 'old:short' })).toThrow(/JWT_PREVIOUS_KEYS: must be a comma list/);
    expect(() => configFromEnv({ JWT_SECRET: NEW, JWT_KEY_ID: 'x', JWT_PREVIOUS_KEYS: `x:${OLD}` })).toThrow(/must not reuse the current key id/);
    expect(() => configFromEnv({ JWT_SECRET: NEW, JWT_PREVIOUS_KEYS: `old:${NEW}` })).toThrow(/must not contain the current JWT_SECRET/);
    expect(() => configFromEnv({ JWT_KEY_ID: 'has space' })).toThrow(/JWT_KEY_ID/);
  });
});
