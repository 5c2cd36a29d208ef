import { Inject, Logger, Optional, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { ConnectedSocket, MessageBody, SubscribeMessage, WebSocketGateway, WebSocketServer, type OnGatewayDisconnect } from '@nestjs/websockets';
import type { Result } from '@felt/games';
import { POKER_TABLE_FRAME, type PokerTableFrame, type PokerWsMessage, type WsAck } from '@felt/protocol';
import type { Server, Socket } from 'socket.io';
import type { Subscription } from 'rxjs';
import type { AuthUser } from '../auth/auth.types.js';
import { sessionStillValid } from '../auth/socket-session.js';
import { errorBodyOf, statusOf } from '../shared/error-codes.js';
import { mapError } from '../ops/error.filter.js';
import { RateLimitService } from '../ratelimit/rate-limit.service.js';
import { parseInput } from '../shared/http-errors.js';
import { PokerCluster } from './poker-cluster.js';
import { PokerTablesService, type PokerChange, type PokerUser } from './poker-tables.service.js';
import type { PokerTableState } from './poker-table.state.js';
import { POKER_COMMANDS, type PokerCommand, type PokerCommandContext } from './poker.commands.js';

/** A socket watching a poker table is in this room (on any instance): S1-DISCONNECT asks whether the user has one left anywhere. */
const viewerRoom = (tableId: string, userId: string): string => `pk:${tableId}:u:${userId}`;

interface Viewer {
  readonly socket: Socket;
  readonly user: PokerUser;
}

/**
 * The live poker socket messages (issue 11, `libs/protocol` poker-table contract) on the server's one
 * socket.io server (the RealtimeGateway authenticates the connection and keeps `socket.data.user`).
 * Every message is role-checked and validated with the contract's zod schema; each change of a table
 * reaches every viewer as ITS audience's `poker.table` frame (a player: own hole cards only).
 * Several instances (issue 13): messages for a table run elsewhere are decided by its owner (PokerCluster);
 * its changes come over the relay while this instance has viewers of it, and are made into frames here.
 */
@WebSocketGateway({ cors: { origin: true } })
export class PokerGateway implements OnGatewayDisconnect, OnModuleInit, OnModuleDestroy {
  private readonly log = new Logger('PokerGateway');
  /** tableId → socket id → viewer. */
  private readonly viewers = new Map<string, Map<string, Viewer>>();
  private readonly balances = new Map<string, number | null>();
  /** frames of one table go out in seq order (balance reads are async). */
  private readonly chains = new Map<string, Promise<void>>();
  private sub: Subscription | null = null;
  @WebSocketServer() private server!: Server;
  /** the last seq sent per table (a relayed change may arrive twice or late: never send an older frame). */
  private readonly lastSeq = new Map<string, number>();
  /** several instances: the relay subscription per table this instance has viewers of, and joins in flight. */
  private readonly remote = new Map<string, Promise<(() => void) | null>>();
  private readonly joining = new Map<string, number>();

  constructor(
    @Inject(PokerTablesService) private readonly poker: PokerTablesService,
    @Inject(PokerCluster) private readonly cluster: PokerCluster,
    @Optional() @Inject(RateLimitService) private readonly limits: RateLimitService | null = null,
  ) {}

  onModuleInit(): void {
    this.sub = this.poker.changes$.subscribe((c) => this.fanOut(c));
  }

  onModuleDestroy(): void {
    this.sub?.unsubscribe();
    for (const w of this.remote.values()) void w.then((off) => off?.());
    this.remote.clear();
  }

  /** S1-DISCONNECT: the player's last socket at a table dropped → sat out (still pays the blinds when due). */
  handleDisconnect(socket: Socket): void {
    for (const [tableId, m] of this.viewers) {
      const v = m.get(socket.id);
      if (!v) continue;
      m.delete(socket.id);
      this.unwatchIfIdle(tableId);
      if (v.user.role !== 'player' || [...m.values()].some((o) => o.user.userId === v.user.userId)) continue;
      void this.lastSocketGone(tableId, v.user.userId)
        .then((gone) => (gone ? this.cluster.disconnected(tableId, v.user.userId) : null))
        .catch((e: unknown) => this.log.warn(`disconnect at ${tableId}: ${String(e)}`));
    }
  }

  /**
   * Was this the user's last socket at the table on EVERY instance? One instance: yes (checked above).
   * Several: the socket.io adapter asks every instance for the sockets in the user's viewer room; an
   * instance that does not answer in time counts as "none there" (sat out: a `poker.join` brings them back).
   */
  private async lastSocketGone(tableId: string, userId: string): Promise<boolean> {
    if (!this.cluster.relayed || !this.server) return true;
    try {
      return (await this.server.in(viewerRoom(tableId, userId)).fetchSockets()).length === 0;
    } catch (e) {
      this.log.warn(`poker ${tableId}: could not ask every instance for ${userId}'s sockets (${(e as Error).message}); sitting out`);
      return true;
    }
  }

  /** Subscribe to the table's relayed changes (before asking its owner, so no change falls between). */
  private async watch(tableId: string): Promise<void> {
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

  /** One command of `POKER_COMMANDS` from a socket (each op's `@SubscribeMessage` handler is derived from the list, below). */
  dispatch(c: PokerCommand, s: Socket, raw: unknown): Promise<WsAck> {
    return this.handle(s, c, raw, (u, b) => {
      const ctx: PokerCommandContext = { user: u, tables: this.cluster };
      if (c.view === 'watch') return this.viewing(s, u, b.tableId, () => c.handle(ctx, b as never));
      if (c.view === 'unwatch') return this.unview(s, u, b.tableId).then(() => c.handle(ctx, b as never));
      return c.handle(ctx, b as never);
    });
  }

  /** `poker.join`: watch the table's relayed changes first (no change falls between), then the owner's answer; this socket views the table. */
  private async viewing(s: Socket, u: PokerUser, tableId: string, run: () => Promise<Result<PokerTableState>>): Promise<Result<PokerTableState>> {
    this.joining.set(tableId, (this.joining.get(tableId) ?? 0) + 1);
    try {
      await this.watch(tableId);
      const r = await run();
      if (!r.ok) return r;
      const m2 = this.viewers.get(tableId) ?? new Map<string, Viewer>();
      m2.set(s.id, { socket: s, user: u });
      this.viewers.set(tableId, m2);
      await s.join(viewerRoom(tableId, u.userId));
      if (u.role === 'player') this.balances.set(`${u.userId}:${r.value.def.currency}`, await this.poker.balanceOf(u.userId, r.value.def.currency));
      return r;
    } finally {
      const left = (this.joining.get(tableId) ?? 1) - 1;
      if (left > 0) this.joining.set(tableId, left);
      else this.joining.delete(tableId);
      this.unwatchIfIdle(tableId);
    }
  }

  /** `poker.leave-view`: this socket stops viewing the table. */
  private async unview(s: Socket, u: PokerUser, tableId: string): Promise<void> {
    this.viewers.get(tableId)?.delete(s.id);
    await s.leave(viewerRoom(tableId, u.userId));
    this.unwatchIfIdle(tableId);
  }

  /** Role check → schema validation → service → the caller's frame as the ack; a rejection is also an `error` frame. */
  private async handle(s: Socket, c: PokerCommand, raw: unknown, fn: (u: PokerUser, body: { tableId: string } & Record<string, unknown>) => Promise<Result<PokerTableState>>): Promise<WsAck> {
    const checked = s.data['checked'] as Promise<boolean> | undefined;
    if (checked !== undefined && !(await checked)) s.data['user'] = undefined;
    // Issue 22 §4: the session is re-checked on every command (user store cached ≤ 5 s).
    if (s.data['user'] !== undefined && !(await sessionStillValid(s.data as Record<string, unknown>))) {
      s.data['user'] = undefined;
      setImmediate(() => {
        s.emit('error', { code: 'SESSION_REVOKED', ruleId: null, message: 'The user was disabled, deleted or signed out: this connection is closed.' });
        s.disconnect(true);
      }); // after this command's ack
    }
    const name: PokerWsMessage = c.op;
    const auth = s.data['user'] as AuthUser | undefined;
    let r: Result<PokerTableState>;
    let user: PokerUser | null = null;
    if (!auth) r = { ok: false, violation: { code: 'UNAUTHENTICATED', ruleId: null, message: 'Connect with a valid token.' } };
    else if (!c.roles.includes(auth.role)) r = { ok: false, violation: { code: 'FORBIDDEN', ruleId: null, message: `A ${auth.role} may not send ${name}.` } };
    else {
      user = { userId: auth.userId, name: auth.name, role: auth.role };
      const limit = (await this.limits?.admit({ userId: auth.userId, role: auth.role, ip: this.limits.socketAddress(s.handshake) })) ?? null; // issue 22 §7: shared by every instance
      const parsed = parseInput(c.schema as unknown as import('zod').ZodType<{ tableId: string } & Record<string, unknown>>, raw);
      try {
        r = limit ? { ok: false, violation: limit } : parsed.ok ? await fn(user, parsed.value) : parsed;
      } catch (e) {
        const mapped = mapError(e);
        if (!mapped || mapped.status >= 500) this.log.error(`${name} failed: ${(e as Error).stack ?? String(e)}`);
        r = { ok: false, violation: mapped ? { code: mapped.body.code, ruleId: mapped.body.ruleId, message: mapped.body.message } : { code: 'INTERNAL', ruleId: null, message: 'internal error' } };
      }
    }
    if (r.ok && user) {
      // read fresh for the ack: the command may have just moved the wallet (buy-in, cash-out), and with several
      // instances the owner's change may reach this instance after its answer
      const bal = user.role === 'player' ? await this.poker.balanceOf(user.userId, r.value.def.currency) : null;
      if (user.role === 'player') this.balances.set(`${user.userId}:${r.value.def.currency}`, bal);
      return { ok: true, result: this.poker.frame(r.value, user, bal) };
    }
    const v = r.ok ? { code: 'INTERNAL', ruleId: null, message: 'no user' } : r.violation;
    const body = errorBodyOf(v);
    const error = { ...body, ...(body.details ? { details: body.details as Record<string, unknown> } : {}), status: statusOf(body.code) };
    s.emit('error', { ...error, message: `${name}: ${error.message}` });
    return { ok: false, error };
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
          v.socket.emit(POKER_TABLE_FRAME, f);
        }
      })
      .catch((e: unknown) => this.log.error(`poker frames of ${tableId}: ${String(e)}`));
    this.chains.set(tableId, next);
  }
}

/**
 * The socket adapter is derived from the command list: one `@SubscribeMessage(op)` handler per definition
 * (the decorators applied here, as Nest reads them when the gateway starts), each calling `dispatch`.
 */
for (const c of POKER_COMMANDS) {
  const key = `on ${c.op}`;
  Object.defineProperty(PokerGateway.prototype, key, {
    value(this: PokerGateway, s: Socket, m: unknown): Promise<WsAck> {
      return this.dispatch(c, s, m);
    },
    writable: true,
    configurable: true,
  });
  const d = Object.getOwnPropertyDescriptor(PokerGateway.prototype, key) as PropertyDescriptor;
  SubscribeMessage(c.op)(PokerGateway.prototype, key, d);
  ConnectedSocket()(PokerGateway.prototype, key, 0);
  MessageBody()(PokerGateway.prototype, key, 1);
}
