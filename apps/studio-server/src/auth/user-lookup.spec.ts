import { describe, expect, it } from 'vitest';
import type { FeltConfig } from '../config/config.js';
import { AuthService, USER_CHECK_CACHE_MS } from './auth.service.js';
import { InMemoryUsersRepository, type UserRecord } from './users.repository.js';

/**
 * Issue 13 (join storm) without weakening issue 9 finding 9: the user-store check of a token is batched
 * (many sockets connecting at once are one query), answers are cached ≤ USER_CHECK_CACHE_MS, and a
 * disable/revoke/delete made here is never hidden by an answer that was read before it.
 */
class CountingRepo extends InMemoryUsersRepository {
  calls: string[][] = [];
  gate: Promise<void> | null = null;
  override async getMany(ids: readonly string[]): Promise<UserRecord[]> {
    this.calls.push([...ids]);
    const before = await super.getMany(ids);
    if (this.gate) await this.gate;
    return before;
  }
}

const clock = { t: 1_700_000_000_000, now(): number { return this.t; } };
const config = { jwtSecret: 'a-test-secret-that-is-long-enough-0123456789', allowUnknownTokenUsers: false } as unknown as FeltConfig;

async function setup(n: number): Promise<{ auth: AuthService; repo: CountingRepo; tokens: string[] }> {
  const repo = new CountingRepo();
  // No refresh or admin action here: the audit log is never written.
  const auth = new AuthService(repo, config, clock, {} as ConstructorParameters<typeof AuthService>[3]);
  const tokens: string[] = [];
  for (let i = 0; i < n; i++) {
    // Straight into the store (no password hashing: only the token check is under test).
    await repo.insertIfAbsent({ userId: `u${i}`, username: `user${i}`, name: `U${i}`, role: 'player', passwordHash: 'x', createdAt: clock.t });
    tokens.push(auth.sign({ userId: `u${i}`, role: 'player', name: `U${i}` }));
  }
  return { auth, repo, tokens };
}

describe('token checks against the user store: batched, cached, never stale after a change here', () => {
  it('1 000 sockets connecting at once are two store reads (500 ids each); the same user twice is read once', async () => {
    const { auth, repo, tokens } = await setup(1000);
    const got = await Promise.all([...tokens, tokens[0]!].map((t) => auth.verifyForSocket(t)!.confirmed()));
    expect(got.every((u) => u !== null)).toBe(true);
    expect(repo.calls.map((c) => c.length)).toEqual([500, 500]);
    // Cached: a second wave reads nothing until the cache ages out.
    await Promise.all(tokens.map((t) => auth.authenticate(t)));
    expect(repo.calls).toHaveLength(2);
    clock.t += USER_CHECK_CACHE_MS;
    expect(await auth.authenticate(tokens[3]!)).toMatchObject({ userId: 'u3' });
    expect(repo.calls).toHaveLength(3);
  });

  it('a user disabled while a read of them is on its way is refused at once, not after the cache ages out', async () => {
    const { auth, repo, tokens } = await setup(2);
    let open!: () => void;
    repo.gate = new Promise<void>((r) => (open = r));
    const inFlight = auth.authenticate(tokens[1]!); // reads u1 (enabled) and waits at the gate
    await new Promise((r) => setImmediate(r));
    repo.gate = null;
    expect(await auth.setDisabled('u1', true)).toBe(true);
    open();
    // The answer read before the change may still answer its own request, but is not cached:
    await inFlight;
    expect(await auth.authenticate(tokens[1]!)).toBeNull();
    expect(await auth.verifyForSocket(tokens[1]!)!.confirmed()).toBeNull();
    expect(await auth.authenticate(tokens[0]!)).toMatchObject({ userId: 'u0' });
  });

  it('an unknown, tampered or expired token is refused before the store is asked', async () => {
    const { auth, repo, tokens } = await setup(1);
    const tampered = tokens[0]!.slice(0, -2) + (tokens[0]!.endsWith('AA') ? 'BB' : 'AA');
    expect(auth.verifyForSocket(tampered)).toBeNull();
    expect(auth.verifyForSocket('')).toBeNull();
    expect(await auth.authenticate(auth.sign({ userId: 'ghost', role: 'player', name: 'G' }))).toBeNull();
    clock.t += 16 * 60_000;
    expect(auth.verifyForSocket(tokens[0]!)).toBeNull();
    expect(repo.calls.flat()).toEqual(['ghost']);
  });
});
