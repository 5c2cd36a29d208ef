import { Logger } from '@nestjs/common';
import type { DealerAtTable, TablePresence } from '@felt-studio/protocol';
import { Redis } from 'ioredis';
import type { LocalPresence, PresenceMerger } from '../shared/ports/cluster.port.js';

interface Entry extends LocalPresence {
  readonly at: number;
}

/** Merge the instances' entries: a player counts once wherever (and however often) connected; dealers by id, earliest `since`. */
export function mergePresence(tableId: string, entries: readonly LocalPresence[]): TablePresence {
  const m = mergeParts(entries);
  return { tableId, players: m.players.length, dealers: [...m.dealers] };
}

/** The same merge by id (CHAT-7's "is this player at the table", the dealer on duty): players sorted, dealers by arrival. */
export function mergeParts(entries: readonly LocalPresence[]): LocalPresence {
  const players = new Set<string>();
  const dealers = new Map<string, DealerAtTable>();
  for (const e of entries) {
    for (const p of e.players) players.add(p);
    for (const d of e.dealers) {
      const have = dealers.get(d.userId);
      if (!have || d.since < have.since) dealers.set(d.userId, d);
    }
  }
  return { players: [...players].sort(), dealers: [...dealers.values()].sort((a, b) => a.since - b.since) };
}

/**
 * Table presence across instances (issue 13 point 5): sockets are local to an instance, so each one
 * keeps its own part in a Redis hash per table (`<prefix>presence:<tableId>`, a field per instance,
 * stamped) and what the players and staff are sent is the merge of every live part. A part not
 * refreshed within `staleMs` (its instance died) no longer counts; live instances refresh theirs with
 * the ownership pass.
 */
export class ClusterPresence implements PresenceMerger {
  private readonly log = new Logger('ClusterPresence');
  private readonly redis: Redis;
  private readonly mine = new Map<string, LocalPresence>();

  constructor(
    redisUrl: string,
    private readonly prefix: string,
    private readonly instanceId: string,
    private readonly staleMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.redis = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
    this.redis.on('error', (e: Error) => this.log.warn({ msg: 'redis error', error: e.message }));
  }

  private key(tableId: string): string {
    return `${this.prefix}presence:${tableId}`;
  }

  private async write(tableId: string, local: LocalPresence): Promise<void> {
    const key = this.key(tableId);
    if (local.players.length === 0 && local.dealers.length === 0) {
      this.mine.delete(tableId);
      await this.redis.hdel(key, this.instanceId);
      return;
    }
    this.mine.set(tableId, local);
    await this.redis.multi().hset(key, this.instanceId, JSON.stringify({ ...local, at: this.now() } satisfies Entry)).pexpire(key, this.staleMs * 3).exec();
  }

  async merge(tableId: string, local: LocalPresence): Promise<TablePresence> {
    await this.write(tableId, local);
    return this.read(tableId);
  }

  async read(tableId: string): Promise<TablePresence> {
    return mergePresence(tableId, await this.parts(tableId));
  }

  async who(tableId: string, local: LocalPresence): Promise<LocalPresence> {
    const others = (await this.parts(tableId)).filter((e) => e.instanceId !== this.instanceId);
    return mergeParts([...others, local]);
  }

  /** Every live instance's part (a part not refreshed within `staleMs` no longer counts). */
  private async parts(tableId: string): Promise<(LocalPresence & { instanceId: string })[]> {
    const all = await this.redis.hgetall(this.key(tableId));
    const fresh = this.now() - this.staleMs;
    const entries: (LocalPresence & { instanceId: string })[] = [];
    for (const [instanceId, v] of Object.entries(all)) {
      try {
        const e = JSON.parse(v) as Entry;
        if (e.at >= fresh) entries.push({ players: e.players, dealers: e.dealers, instanceId });
      } catch {
        // a foreign value is ignored
      }
    }
    return entries;
  }

  /** Keep this instance's parts alive (called every ownership pass). */
  async refresh(): Promise<void> {
    for (const [tableId, local] of [...this.mine]) await this.write(tableId, local);
  }

  async close(): Promise<void> {
    for (const tableId of [...this.mine.keys()]) await this.redis.hdel(this.key(tableId), this.instanceId).catch(() => undefined);
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
