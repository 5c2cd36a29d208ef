import { randomUUID } from 'node:crypto';
import { SUBSCRIBER_OPTIONS } from './redis-subscriber.js';
import { Logger } from '@nestjs/common';
import type { Result, Violation } from '@felt-studio/games';
import { Redis } from 'ioredis';
import { mapError } from '../ops/error.filter.js';
import { rejection, type Actor } from '../shared/command.types.js';
import { forwarded, leaseKeyOf, ownerStamp, type TableCommand, type TableRouterPort } from '../shared/ports/cluster.port.js';
import type { IntakeBarrier } from '../shared/host/intake-barrier.js';
import type { TableCommandHandlers } from '../shared/ports/table-commands.js';
import type { OwnedTables } from './owned-tables.js';
import type { TableLeases } from './table-lease.js';

interface Request {
  readonly id: string;
  /** The instance waiting for the answer (its reply channel). */
  readonly from: string;
  readonly tableId: string;
  readonly actor: Actor;
  readonly cmd: TableCommand;
}
interface Reply {
  readonly id: string;
  readonly result: Result<unknown>;
}

export interface TableRouterOptions {
  readonly instanceId: string;
  /** Redis key/channel prefix (one cluster). */
  readonly prefix: string;
  /** How long a caller waits for the owner's answer before answering TABLE_OWNER_UNAVAILABLE. */
  readonly timeoutMs: number;
  /**
   * The bound ε on the instances' clock difference (FELT_FORWARD_STAMP_SKEW_MS, issue 25 §3): a forwarded bet is
   * stamped min(now, its arrival on the other instance + ε) — `ownerStamp`. Null (the default): now, when the owner
   * runs it.
   */
  readonly stampSkewMs?: number | null;
}

const unavailable = (tableId: string, why: string): Violation => rejection('TABLE_OWNER_UNAVAILABLE', 'GEN-3', `Table ${tableId}: ${why}; retry shortly.`, { tableId, retryable: true });

/**
 * Routing of table commands to the table's owner (issue 13 point 4): bets and commands are served by
 * any instance; the one holding the table's lease decides them. A command reaching a non-owner is sent
 * to the owner over Redis pub/sub (request on `<prefix>rpc:<owner>`, answer on `<prefix>rpc:<caller>`)
 * and its answer comes back to the instance the player is connected to, which acks the player.
 * Live poker messages (`poker.*` ops) go the same way to the holder of the lease `poker:<tableId>`
 * (PokerCluster); a poker table nobody holds is answered by the local service (unknown table, or a
 * takeover under way).
 *
 * Non-negotiable 1: the owner stamps the command time on ITS clock (`ownerStamp`): when it runs the
 * command, or — with a skew bound ε configured — the earlier of that and the bet's arrival on the relaying
 * instance + ε, which is never earlier than the bet's true arrival while the clocks differ by ≤ ε; a bet
 * stamped at or after the close is refused there (GEN-3, ROU-3). A stamped forwarded bet is tracked by the
 * owner's close barrier like one read there.
 *
 * At most once: pub/sub delivers a request to the owner or to nobody. No owner known, nobody
 * subscribed (the owner died, the lease has not moved yet), the owner no longer owning the table, or no
 * answer within `timeoutMs`: the caller gets TABLE_OWNER_UNAVAILABLE (retryable). A timed-out bet may
 * have been decided by the owner; a retry with the same bet id cannot place it twice (bet ids are
 * idempotency keys) and the resync shows it.
 */
export class TableRouter implements TableRouterPort {
  private readonly log = new Logger('TableRouter');
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly pending = new Map<string, { resolve: (r: Result<unknown>) => void; timer: ReturnType<typeof setTimeout> }>();
  private readonly running = new Set<Promise<unknown>>();
  private readonly ready: Promise<unknown>;
  private closed = false;

  constructor(
    redisUrl: string,
    private readonly opts: TableRouterOptions,
    private readonly owned: OwnedTables,
    private readonly leases: TableLeases,
    private readonly handlers: TableCommandHandlers,
    private readonly barrier: IntakeBarrier | null = null,
    private readonly now: () => number = Date.now,
  ) {
    this.pub = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
    // A subscriber connection sends no handshake commands: ioredis 5.8+ can race CLIENT SETINFO / the INFO ready
    // check against a SUBSCRIBE issued while connecting ("Connection in subscriber mode…", redis/ioredis#2037).
    this.sub = new Redis(redisUrl, SUBSCRIBER_OPTIONS);
    for (const c of [this.pub, this.sub]) c.on('error', (e: Error) => this.log.warn({ msg: 'redis error', error: e.message }));
    this.sub.on('message', (channel: string, message: string) => this.onMessage(channel, message));
    this.ready = this.sub.subscribe(this.channel(opts.instanceId));
  }

  /** Resolves once this instance listens for requests and answers. */
  async listening(): Promise<void> {
    await this.ready;
  }

  private channel(instanceId: string): string {
    return `${this.opts.prefix}rpc:${instanceId}`;
  }

  async run(tableId: string, actor: Actor, cmd: TableCommand): Promise<Result<unknown>> {
    // one lease space for every kind of table (issue 19 §2): the holder of the table id's lease decides
    if (this.owned.owns(tableId)) return this.execute(tableId, actor, cmd);
    const owner = await this.leases.owner(leaseKeyOf(tableId, cmd));
    // a poker table nobody runs: the local service answers (unknown table, or not restored / being taken over)
    if (owner === null && cmd.op.startsWith('poker.')) return this.execute(tableId, actor, cmd);
    if (owner === null) return { ok: false, violation: unavailable(tableId, 'no instance owns this table right now (a takeover is under way)') };
    if (owner === this.opts.instanceId) return { ok: false, violation: unavailable(tableId, 'this instance is taking the table over') };
    return this.call(owner, { id: randomUUID(), from: this.opts.instanceId, tableId, actor, cmd: forwarded(cmd) });
  }

  private async call(owner: string, req: Request): Promise<Result<unknown>> {
    await this.ready;
    const answer = new Promise<Result<unknown>>((resolve) => {
      const timer = setTimeout(() => {
        this.pending.delete(req.id);
        resolve({ ok: false, violation: unavailable(req.tableId, `its owner (${owner}) did not answer within ${this.opts.timeoutMs} ms`) });
      }, this.opts.timeoutMs);
      this.pending.set(req.id, { resolve, timer });
    });
    const receivers = await this.pub.publish(this.channel(owner), JSON.stringify(req)).catch(() => 0);
    if (receivers === 0) this.settle(req.id, { ok: false, violation: unavailable(req.tableId, `its owner (${owner}) is not reachable`) });
    return answer;
  }

  private settle(id: string, result: Result<unknown>): void {
    const p = this.pending.get(id);
    if (!p) return;
    clearTimeout(p.timer);
    this.pending.delete(id);
    p.resolve(result);
  }

  private onMessage(channel: string, message: string): void {
    if (channel !== this.channel(this.opts.instanceId)) return;
    let m: Partial<Request & Reply>;
    try {
      m = JSON.parse(message) as Partial<Request & Reply>;
    } catch {
      return;
    }
    if (m.result !== undefined && typeof m.id === 'string') return this.settle(m.id, m.result);
    if (typeof m.id !== 'string' || typeof m.from !== 'string' || typeof m.tableId !== 'string' || m.actor === undefined || m.cmd === undefined) return;
    const req = m as Request;
    const p = this.serve(req).finally(() => this.running.delete(p));
    this.running.add(p);
  }

  /** The owner's side: decide the command here (if this instance still owns the table) and answer. */
  private async serve(req: Request): Promise<void> {
    let result: Result<unknown>;
    if (!this.owned.owns(req.tableId)) result = { ok: false, violation: unavailable(req.tableId, 'the instance asked no longer owns it') };
    else {
      const cmd = ownerStamp(req.cmd, this.now(), this.opts.stampSkewMs ?? null);
      const arrival = cmd.arrivedAt !== undefined ? this.barrier?.arriveAt(req.tableId, cmd.arrivedAt) : undefined;
      try {
        result = await this.execute(req.tableId, req.actor, cmd);
      } finally {
        arrival?.done();
      }
    }
    if (this.closed) return;
    await this.pub.publish(this.channel(req.from), JSON.stringify({ id: req.id, result } satisfies Reply)).catch((e: unknown) => this.log.warn({ msg: 'reply not sent', error: (e as Error).message }));
  }

  /** One command on this instance's services; a thrown coded error becomes a rejection (as REST/WS map it). */
  private async execute(tableId: string, actor: Actor, cmd: TableCommand): Promise<Result<unknown>> {
    try {
      return await this.handlers.execute(tableId, actor, cmd);
    } catch (e) {
      const mapped = mapError(e);
      if (!mapped) throw e;
      return { ok: false, violation: { code: mapped.body.code, ruleId: mapped.body.ruleId, message: mapped.body.message, ...(mapped.body.details ? { details: mapped.body.details } : {}) } };
    }
  }

  /** Stop: callers still waiting get TABLE_OWNER_UNAVAILABLE; commands being decided here are answered (bounded wait). */
  async close(): Promise<void> {
    for (const [id] of this.pending) this.settle(id, { ok: false, violation: unavailable('?', 'this instance is stopping') });
    let bound: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([Promise.all([...this.running]), new Promise((r) => (bound = setTimeout(r, this.opts.timeoutMs)))]);
    clearTimeout(bound);
    this.closed = true;
    await Promise.all([this.sub, this.pub].map((c) => c.quit().catch(() => c.disconnect())));
  }
}
