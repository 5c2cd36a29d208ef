import { Redis } from 'ioredis';

/**
 * Who owns a table's round kernel (issue 13, docs/architecture.md "Scaling past one machine"): a lease
 * with a time to live. The owner renews it well inside the TTL; when the owner dies the lease runs out
 * and a standby acquires it and replays the table's open round. The event log's expected-seq check
 * keeps the money right even if two instances ever wrote at once; the lease keeps that from being
 * the normal case. One local and one Redis implementation, both run through `table-lease.contract.ts`.
 */
export interface TableLeases {
  /** Take the lease if nobody holds it (or `owner` already does). True when `owner` holds it now. */
  acquire(tableId: string, owner: string, ttlMs: number): Promise<boolean>;
  /** Extend the lease only if `owner` still holds it. False: it was lost (expired and taken). */
  renew(tableId: string, owner: string, ttlMs: number): Promise<boolean>;
  /** Give it up (graceful shutdown) only if `owner` holds it. */
  release(tableId: string, owner: string): Promise<void>;
  /** The current holder, or null. */
  owner(tableId: string): Promise<string | null>;
  close(): Promise<void>;
}

export const TABLE_LEASES = Symbol('TABLE_LEASES');

/** One process (tests, a single instance): a map with expiry times from the injected clock. */
export class InMemoryTableLeases implements TableLeases {
  private readonly held = new Map<string, { owner: string; until: number }>();
  constructor(private readonly now: () => number = Date.now) {}
  private live(tableId: string): { owner: string; until: number } | null {
    const h = this.held.get(tableId);
    if (!h || h.until <= this.now()) return null;
    return h;
  }
  async acquire(tableId: string, owner: string, ttlMs: number): Promise<boolean> {
    const h = this.live(tableId);
    if (h && h.owner !== owner) return false;
    this.held.set(tableId, { owner, until: this.now() + ttlMs });
    return true;
  }
  async renew(tableId: string, owner: string, ttlMs: number): Promise<boolean> {
    const h = this.live(tableId);
    if (!h || h.owner !== owner) return false;
    h.until = this.now() + ttlMs;
    return true;
  }
  async release(tableId: string, owner: string): Promise<void> {
    if (this.live(tableId)?.owner === owner) this.held.delete(tableId);
  }
  async owner(tableId: string): Promise<string | null> {
    return this.live(tableId)?.owner ?? null;
  }
  async close(): Promise<void> {
    this.held.clear();
  }
}

// Check-and-set scripts: only the holder may extend or drop its lease (atomic in Redis).
const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
const ACQUIRE = `local v = redis.call('get', KEYS[1]) if v == false then redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2]) return 1 elseif v == ARGV[1] then redis.call('pexpire', KEYS[1], ARGV[2]) return 1 else return 0 end`;
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

/** Redis: `SET key owner PX ttl` semantics with owner-checked renew/release (Lua, atomic). */
export class RedisTableLeases implements TableLeases {
  private readonly redis: Redis;
  constructor(
    url: string,
    private readonly prefix = 'felt:lease:',
  ) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: false });
  }
  private key(tableId: string): string {
    return `${this.prefix}${tableId}`;
  }
  async acquire(tableId: string, owner: string, ttlMs: number): Promise<boolean> {
    return (await this.redis.eval(ACQUIRE, 1, this.key(tableId), owner, String(ttlMs))) === 1;
  }
  async renew(tableId: string, owner: string, ttlMs: number): Promise<boolean> {
    return (await this.redis.eval(RENEW, 1, this.key(tableId), owner, String(ttlMs))) === 1;
  }
  async release(tableId: string, owner: string): Promise<void> {
    await this.redis.eval(RELEASE, 1, this.key(tableId), owner);
  }
  async owner(tableId: string): Promise<string | null> {
    return this.redis.get(this.key(tableId));
  }
  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
