import { Logger } from '@nestjs/common';
import { SUBSCRIBER_OPTIONS } from './redis-subscriber.js';
import { Redis } from 'ioredis';
import type { TableRelayPort } from '../shared/ports/cluster.port.js';

interface Envelope {
  readonly from: string;
  readonly payload: unknown;
}

/**
 * Owner → instance relay over Redis (issue 13 point 4), for tables whose frames are built per viewer on
 * the viewer's instance (live poker): the owner publishes each change of a table on
 * `<prefix>relay:<topic>`; an instance subscribes to a topic only while it has viewers of that table (so
 * a change crosses Redis once per interested instance, not once per viewer), and never hears its own
 * messages. Pub/sub is at most once and ordered per publisher; the subscribers keep the highest `seq`
 * and re-ask (join again) on a gap, as the SDK does.
 *
 * Shared entries (`put`/`entries`): a Redis hash per map, a field per writer's item, stamped; an entry
 * not written again within `staleMs` (its writer died) no longer counts — the lobby of every instance's
 * tables is read from there.
 */
export class TableRelay implements TableRelayPort {
  private readonly log = new Logger('TableRelay');
  private readonly pub: Redis;
  private readonly sub: Redis;
  /** topic → handlers, and the SUBSCRIBE in flight / done. */
  private readonly topics = new Map<string, { readonly handlers: Set<(payload: unknown) => void>; ready: Promise<unknown> }>();

  constructor(
    redisUrl: string,
    private readonly prefix: string,
    private readonly instanceId: string,
    private readonly now: () => number = Date.now,
  ) {
    this.pub = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
    // A subscriber connection sends no handshake commands: ioredis 5.8+ can race CLIENT SETINFO / the INFO ready
    // check against a SUBSCRIBE issued while connecting ("Connection in subscriber mode…", redis/ioredis#2037).
    this.sub = new Redis(redisUrl, SUBSCRIBER_OPTIONS);
    for (const c of [this.pub, this.sub]) c.on('error', (e: Error) => this.log.warn({ msg: 'redis error', error: e.message }));
    this.sub.on('message', (channel: string, message: string) => this.onMessage(channel, message));
  }

  private channel(topic: string): string {
    return `${this.prefix}relay:${topic}`;
  }

  async publish(topic: string, payload: unknown): Promise<void> {
    await this.pub.publish(this.channel(topic), JSON.stringify({ from: this.instanceId, payload } satisfies Envelope));
  }

  async subscribe(topic: string, fn: (payload: unknown) => void): Promise<() => void> {
    const ch = this.channel(topic);
    let t = this.topics.get(ch);
    if (!t) {
      t = { handlers: new Set(), ready: this.sub.subscribe(ch) };
      this.topics.set(ch, t);
    }
    t.handlers.add(fn);
    await t.ready;
    return () => {
      const cur = this.topics.get(ch);
      if (!cur?.handlers.delete(fn) || cur.handlers.size > 0) return;
      this.topics.delete(ch);
      void this.sub.unsubscribe(ch).catch(() => undefined);
    };
  }

  private onMessage(channel: string, message: string): void {
    const t = this.topics.get(channel);
    if (!t) return;
    let e: Partial<Envelope>;
    try {
      e = JSON.parse(message) as Partial<Envelope>;
    } catch {
      return;
    }
    if (e.from === this.instanceId || e.payload === undefined) return;
    for (const fn of t.handlers) {
      try {
        fn(e.payload);
      } catch (err) {
        this.log.error(`relay handler on ${channel} failed: ${(err as Error).stack ?? String(err)}`);
      }
    }
  }

  private mapKey(map: string): string {
    return `${this.prefix}shared:${map}`;
  }

  async put(map: string, field: string, value: unknown, staleMs: number): Promise<void> {
    const key = this.mapKey(map);
    await this.pub.multi().hset(key, field, JSON.stringify({ at: this.now(), value })).pexpire(key, staleMs * 3).exec();
  }

  async remove(map: string, field: string): Promise<void> {
    await this.pub.hdel(this.mapKey(map), field);
  }

  async entries(map: string, staleMs: number): Promise<unknown[]> {
    const all = await this.pub.hgetall(this.mapKey(map));
    const fresh = this.now() - staleMs;
    const out: unknown[] = [];
    for (const v of Object.values(all)) {
      try {
        const e = JSON.parse(v) as { at?: unknown; value?: unknown };
        if (typeof e.at === 'number' && e.at >= fresh && e.value !== undefined) out.push(e.value);
      } catch {
        // a foreign value is ignored
      }
    }
    return out;
  }

  async close(): Promise<void> {
    this.topics.clear();
    await Promise.all([this.sub, this.pub].map((c) => c.quit().catch(() => c.disconnect())));
  }
}
