import { Logger } from '@nestjs/common';
import { Redis } from 'ioredis';

/**
 * Where each instance answers HTTP (issue 13): `<prefix>instance:<id>` → its advertised base URL, with
 * the lease TTL, refreshed by the ownership pass. A REST command that reaches a non-owner is forwarded
 * to the owner's URL (OwnerForwardMiddleware). FELT_ADVERTISE_URL sets it (several hosts); by default
 * `http://127.0.0.1:<the port this process listens on>` (several instances on one host).
 */
export class InstanceDirectory {
  private readonly log = new Logger('InstanceDirectory');
  private readonly redis: Redis;
  private readonly known = new Map<string, { url: string; until: number }>();

  constructor(
    redisUrl: string,
    private readonly prefix: string,
  ) {
    this.redis = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
    this.redis.on('error', (e: Error) => this.log.warn({ msg: 'redis error', error: e.message }));
  }

  private key(instanceId: string): string {
    return `${this.prefix}instance:${instanceId}`;
  }

  async advertise(instanceId: string, url: string, ttlMs: number): Promise<void> {
    await this.redis.set(this.key(instanceId), url, 'PX', ttlMs);
  }

  /** The owner's URL (cached for a second: an owner's address does not change while it lives). */
  async urlOf(instanceId: string): Promise<string | null> {
    const k = this.known.get(instanceId);
    if (k && k.until > Date.now()) return k.url;
    const url = await this.redis.get(this.key(instanceId));
    if (url !== null) this.known.set(instanceId, { url, until: Date.now() + 1_000 });
    return url;
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
