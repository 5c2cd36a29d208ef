import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { Result } from '@felt-studio/games';
import { POKER_TABLE_FRAME, type PokerTableFrame } from '@felt-studio/protocol';
import type { Subscription } from 'rxjs';
import type { Actor } from '../shared/command.types.js';
import type { TableViewers, ViewerConnection, ViewerRooms } from '../shared/commands/table-viewers.js';
import { PokerCluster } from './poker-cluster.js';
import { PokerTablesService, type PokerChange, type PokerUser } from './poker-tables.service.js';

/** A connection watching a poker table is in this room (on any instance): S1-DISCONNECT asks whether the user has one left anywhere. */
const viewerRoom = (tableId: string, userId: string): string => `pk:${tableId}:u:${userId}`;

interface Viewer {
  readonly conn: ViewerConnection;
  readonly user: PokerUser;
}

const userOf = (a: Actor): PokerUser => ({ userId: a.userId, name: a.name ?? a.userId, role: a.role as PokerUser['role'] });

/**
 * Live poker's viewers on the server's ONE gateway (issue 19 §2; the realtime gateway answers every
 * `poker.*` message through the command bus like every other table command — this is only the
 * per-connection part): which connections watch which table, and each change of a table reaching every
 * viewer as ITS audience's `poker.table` frame (a player: own hole cards only).
 * Several instances (issue 13): the changes of a table run elsewhere come over the relay while this
 * instance has viewers of it, and are made into frames here (see PokerCluster for why the state crosses,
 * not frames).
 */
@Injectable()
export class PokerViewers implements TableViewers, OnModuleInit, OnModuleDestroy {
  private readonly log = new Logger('PokerViewers');
  /** tableId → connection id → viewer. */
  private readonly viewers = new Map<string, Map<string, Viewer>>();
  private readonly balances = new Map<string, number | null>();
  /** frames of one table go out in seq order (balance reads are async). */
  private readonly chains = new Map<string, Promise<void>>();
  private sub: Subscription | null = null;
  /** the last seq sent per table (a relayed change may arrive twice or late: never send an older frame). */
  private readonly lastSeq = new Map<string, number>();
  /** several instances: the relay subscription per table this instance has viewers of, and joins in flight. */
  private readonly remote = new Map<string, Promise<(() => void) | null>>();
  private readonly joining = new Map<string, number>();

  constructor(
    private readonly poker: PokerTablesService,
    private readonly cluster: PokerCluster,
  ) {}

  onModuleInit(): void {
    this.sub = this.poker.changes$.subscribe((c) => this.fanOut(c));
  }

  onModuleDestroy(): void {
    this.sub?.unsubscribe();
    for (const w of this.remote.values()) void w.then((off) => off?.());
    this.remote.clear();
  }

  /** S1-DISCONNECT: the player's last connection at a table dropped → sat out (still pays the blinds when due). */
  dropped(conn: ViewerConnection, rooms: ViewerRooms): void {
    for (const [tableId, m] of this.viewers) {
      const v = m.get(conn.id);
      if (!v) continue;
      m.delete(conn.id);
      this.unwatchIfIdle(tableId);
      if (v.user.role !== 'player' || [...m.values()].some((o) => o.user.userId === v.user.userId)) continue;
      void this.lastSocketGone(rooms, tableId, v.user.userId)
        .then((gone) => (gone ? this.cluster.disconnected(tableId, v.user.userId) : null))
        .catch((e: unknown) => this.log.warn(`disconnect at ${tableId}: ${String(e)}`));
    }
  }

  /**
   * Was this the user's last connection at the table on EVERY instance? One instance: yes (checked above).
   * Several: the gateway's rooms count every instance's sockets in the user's viewer room; an instance that
   * does not answer in time counts as "none there" (sat out: a `poker.join` brings them back).
   */
  private async lastSocketGone(rooms: ViewerRooms, tableId: string, userId: string): Promise<boolean> {
    if (!this.cluster.relayed) return true;
    try {
      return (await rooms.count(viewerRoom(tableId, userId))) === 0;
    } catch (e) {
      this.log.warn(`poker ${tableId}: could not ask every instance for ${userId}'s sockets (${(e as Error).message}); sitting out`);
      return true;
    }
  }

  /** Subscribe to the table's relayed changes (before asking its owner, so no change falls between). */
  private async watchRelay(tableId: string): Promise<void> {
    if (!this.cluster.relayed) return;
    let w = this.remote.get(tableId);
    if (!w) {
      w = this.cluster.watch(tableId, (c) => this.fanOut(c)).catch((e: unknown) => {
        this.log.warn(`poker ${tableId}: relay not subscribed: ${(e as Error).message}`);
        this.remote.delete(tableId);
        return null;
      });
      this.remote.set(tableId, w);
    }
    await w;
  }

  private unwatchIfIdle(tableId: string): void {
    if ((this.viewers.get(tableId)?.size ?? 0) > 0 || (this.joining.get(tableId) ?? 0) > 0) return;
    this.viewers.delete(tableId);
    this.lastSeq.delete(tableId);
    const w = this.remote.get(tableId);
    if (!w) return;
    this.remote.delete(tableId);
    void w.then((off) => off?.());
  }

  /** `poker.join`: watch the table's relayed changes first (no change falls between), then the owner's answer; this connection views the table. */
  async watch(conn: ViewerConnection, actor: Actor, tableId: string, run: () => Promise<Result<unknown>>): Promise<Result<unknown>> {
    const u = userOf(actor);
    this.joining.set(tableId, (this.joining.get(tableId) ?? 0) + 1);
    try {
      await this.watchRelay(tableId);
      const r = await run();
      if (!r.ok) return r;
      const m2 = this.viewers.get(tableId) ?? new Map<string, Viewer>();
      m2.set(conn.id, { conn, user: u });
      this.viewers.set(tableId, m2);
      await conn.join(viewerRoom(tableId, u.userId));
      if (u.role === 'player') {
        const f = r.value as PokerTableFrame;
        this.balances.set(`${u.userId}:${f.currency}`, await this.poker.balanceOf(u.userId, f.currency));
      }
      return r;
    } finally {
      const left = (this.joining.get(tableId) ?? 1) - 1;
      if (left > 0) this.joining.set(tableId, left);
      else this.joining.delete(tableId);
      this.unwatchIfIdle(tableId);
    }
  }

  /** Any other command answered: the player's frames from now on carry the balance of this answer (read fresh on the owner — the command may have just moved the wallet, e.g. a seamless buy-in). */
  answered(_conn: ViewerConnection, actor: Actor, _tableId: string, answer: unknown): void {
    const f = answer as Partial<PokerTableFrame>;
    if (actor.role === 'player' && typeof f.currency === 'string' && f.myBalanceMinor !== undefined) this.balances.set(`${actor.userId}:${f.currency}`, f.myBalanceMinor);
  }

  /** `poker.leave-view`: this connection stops viewing the table. */
  async unwatch(conn: ViewerConnection, actor: Actor, tableId: string): Promise<void> {
    this.viewers.get(tableId)?.delete(conn.id);
    await conn.leave(viewerRoom(tableId, actor.userId));
    this.unwatchIfIdle(tableId);
  }

  /**
   * One change → one frame per viewer of THIS instance, its audience's (frames of a table go out in order).
   * Changes come from this instance's own tables and, with several instances, over the relay from the owner.
   */
  private fanOut(c: PokerChange): void {
    const tableId = c.state.def.tableId;
    const prev = this.chains.get(tableId) ?? Promise.resolve();
    const next = prev
      .then(async () => {
        if (c.state.seq <= (this.lastSeq.get(tableId) ?? -1)) return; // a late or repeated relay message
        this.lastSeq.set(tableId, c.state.seq);
        const viewers = [...(this.viewers.get(tableId)?.values() ?? [])];
        const cur = c.state.def.currency;
        for (const userId of c.touched) {
          if (viewers.some((v) => v.user.userId === userId)) this.balances.set(`${userId}:${cur}`, await this.poker.balanceOf(userId, cur));
        }
        const cache = new Map<string, PokerTableFrame>();
        for (const v of viewers) {
          const k = `${v.user.role}:${v.user.userId}`;
          let f = cache.get(k);
          if (!f) {
            f = this.poker.frame(c.state, v.user, v.user.role === 'player' ? (this.balances.get(`${v.user.userId}:${cur}`) ?? null) : null);
            cache.set(k, f);
          }
          v.conn.emit(POKER_TABLE_FRAME, f);
        }
      })
      .catch((e: unknown) => this.log.error(`poker frames of ${tableId}: ${String(e)}`));
    this.chains.set(tableId, next);
  }
}
