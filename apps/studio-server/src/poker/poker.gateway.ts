import { Inject, Logger, Optional, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { ConnectedSocket, MessageBody, SubscribeMessage, WebSocketGateway, type OnGatewayDisconnect } from '@nestjs/websockets';
import type { Result } from '@felt/games';
import { POKER_TABLE_FRAME, POKER_WS_MESSAGES, type PokerTableFrame, type PokerWsMessage, type WsAck } from '@felt/protocol';
import type { Socket } from 'socket.io';
import type { Subscription } from 'rxjs';
import type { AuthUser } from '../auth/auth.types.js';
import { errorBodyOf, statusOf } from '../ops/error-codes.js';
import { mapError } from '../ops/error.filter.js';
import { RateLimitService } from '../ratelimit/rate-limit.service.js';
import { parseInput } from '../rounds/http-errors.js';
import { PokerTablesService, type PokerChange, type PokerUser } from './poker-tables.service.js';
import type { PokerTableState } from './poker-table.state.js';

const ANY = ['player', 'dealer', 'pitboss', 'admin'] as const;
/** Who may send each poker message (players act; staff only watch here). */
const ROLES: Readonly<Record<PokerWsMessage, readonly string[]>> = {
  'poker.join': ANY,
  'poker.leave-view': ANY,
  'poker.sit': ['player'],
  'poker.waitlist': ['player'],
  'poker.top-up': ['player'],
  'poker.sit-out': ['player'],
  'poker.sit-in': ['player'],
  'poker.straddle': ['player'],
  'poker.stand-up': ['player'],
  'poker.act': ['player'],
  'poker.time-bank': ['player'],
  'poker.draw': ['player'],
};

interface Viewer {
  readonly socket: Socket;
  readonly user: PokerUser;
}

/**
 * The live poker socket messages (issue 11, `libs/protocol` poker-table contract) on the server's one
 * socket.io server (the RealtimeGateway authenticates the connection and keeps `socket.data.user`).
 * Every message is role-checked and validated with the contract's zod schema; each change of a table
 * reaches every viewer as ITS audience's `poker.table` frame (a player: own hole cards only).
 */
@WebSocketGateway({ cors: { origin: true } })
export class PokerGateway implements OnGatewayDisconnect, OnModuleInit, OnModuleDestroy {
  private readonly log = new Logger('PokerGateway');
  /** tableId → socket id → viewer. */
  private readonly viewers = new Map<string, Map<string, Viewer>>();
  private readonly balances = new Map<string, number>();
  /** frames of one table go out in seq order (balance reads are async). */
  private readonly chains = new Map<string, Promise<void>>();
  private sub: Subscription | null = null;

  constructor(
    @Inject(PokerTablesService) private readonly poker: PokerTablesService,
    @Optional() @Inject(RateLimitService) private readonly limits: RateLimitService | null = null,
  ) {}

  onModuleInit(): void {
    this.sub = this.poker.changes$.subscribe((c) => this.fanOut(c));
  }

  onModuleDestroy(): void {
    this.sub?.unsubscribe();
  }

  /** S1-DISCONNECT: the player's last socket at a table dropped → sat out (still pays the blinds when due). */
  handleDisconnect(socket: Socket): void {
    for (const [tableId, m] of this.viewers) {
      const v = m.get(socket.id);
      if (!v) continue;
      m.delete(socket.id);
      if (v.user.role !== 'player' || [...m.values()].some((o) => o.user.userId === v.user.userId)) continue;
      void this.poker.disconnected(tableId, v.user.userId).catch((e: unknown) => this.log.warn(`disconnect at ${tableId}: ${String(e)}`));
    }
  }

  @SubscribeMessage('poker.join')
  join(@ConnectedSocket() s: Socket, @MessageBody() m: unknown): Promise<WsAck> {
    return this.handle(s, 'poker.join', m, async (u, b) => {
      const r = await this.poker.command(b.tableId, u, 'poker.join', b);
      if (!r.ok) return r;
      const m2 = this.viewers.get(b.tableId) ?? new Map<string, Viewer>();
      m2.set(s.id, { socket: s, user: u });
      this.viewers.set(b.tableId, m2);
      if (u.role === 'player') {
        this.balances.set(`${u.userId}:${r.value.def.currency}`, await this.poker.balanceOf(u.userId, r.value.def.currency));
        // back after a disconnection (S1-DISCONNECT → S1-REENTRY)
        const back = await this.poker.reconnected(b.tableId, u.userId);
        if (back.ok) return back;
      }
      return r;
    });
  }

  @SubscribeMessage('poker.leave-view')
  leaveView(@ConnectedSocket() s: Socket, @MessageBody() m: unknown): Promise<WsAck> {
    return this.handle(s, 'poker.leave-view', m, async (u, b) => {
      this.viewers.get(b.tableId)?.delete(s.id);
      return this.poker.command(b.tableId, u, 'poker.leave-view', b);
    });
  }

  @SubscribeMessage('poker.sit') sit(@ConnectedSocket() s: Socket, @MessageBody() m: unknown): Promise<WsAck> {
    return this.player(s, 'poker.sit', m);
  }
  @SubscribeMessage('poker.waitlist') waitlist(@ConnectedSocket() s: Socket, @MessageBody() m: unknown): Promise<WsAck> {
    return this.player(s, 'poker.waitlist', m);
  }
  @SubscribeMessage('poker.top-up') topUp(@ConnectedSocket() s: Socket, @MessageBody() m: unknown): Promise<WsAck> {
    return this.player(s, 'poker.top-up', m);
  }
  @SubscribeMessage('poker.sit-out') sitOut(@ConnectedSocket() s: Socket, @MessageBody() m: unknown): Promise<WsAck> {
    return this.player(s, 'poker.sit-out', m);
  }
  @SubscribeMessage('poker.sit-in') sitIn(@ConnectedSocket() s: Socket, @MessageBody() m: unknown): Promise<WsAck> {
    return this.player(s, 'poker.sit-in', m);
  }
  @SubscribeMessage('poker.straddle') straddle(@ConnectedSocket() s: Socket, @MessageBody() m: unknown): Promise<WsAck> {
    return this.player(s, 'poker.straddle', m);
  }
  @SubscribeMessage('poker.stand-up') standUp(@ConnectedSocket() s: Socket, @MessageBody() m: unknown): Promise<WsAck> {
    return this.player(s, 'poker.stand-up', m);
  }
  @SubscribeMessage('poker.act') act(@ConnectedSocket() s: Socket, @MessageBody() m: unknown): Promise<WsAck> {
    return this.player(s, 'poker.act', m);
  }
  @SubscribeMessage('poker.time-bank') timeBank(@ConnectedSocket() s: Socket, @MessageBody() m: unknown): Promise<WsAck> {
    return this.player(s, 'poker.time-bank', m);
  }
  @SubscribeMessage('poker.draw') draw(@ConnectedSocket() s: Socket, @MessageBody() m: unknown): Promise<WsAck> {
    return this.player(s, 'poker.draw', m);
  }

  private player(s: Socket, name: PokerWsMessage, m: unknown): Promise<WsAck> {
    return this.handle(s, name, m, (u, b) => this.poker.command(b.tableId, u, name, b as Record<string, unknown>));
  }

  /** Role check → schema validation → service → the caller's frame as the ack; a rejection is also an `error` frame. */
  private async handle(s: Socket, name: PokerWsMessage, raw: unknown, fn: (u: PokerUser, body: { tableId: string } & Record<string, unknown>) => Promise<Result<PokerTableState>>): Promise<WsAck> {
    const checked = s.data['checked'] as Promise<boolean> | undefined;
    if (checked !== undefined && !(await checked)) s.data['user'] = undefined;
    const auth = s.data['user'] as AuthUser | undefined;
    let r: Result<PokerTableState>;
    let user: PokerUser | null = null;
    if (!auth) r = { ok: false, violation: { code: 'UNAUTHENTICATED', ruleId: null, message: 'Connect with a valid token.' } };
    else if (!ROLES[name].includes(auth.role)) r = { ok: false, violation: { code: 'FORBIDDEN', ruleId: null, message: `A ${auth.role} may not send ${name}.` } };
    else {
      user = { userId: auth.userId, name: auth.name, role: auth.role };
      const limit = this.limits?.check({ userId: auth.userId, role: auth.role, ip: s.handshake.address }) ?? null;
      const parsed = parseInput(POKER_WS_MESSAGES[name] as unknown as import('zod').ZodType<{ tableId: string } & Record<string, unknown>>, raw);
      try {
        r = limit ? { ok: false, violation: limit } : parsed.ok ? await fn(user, parsed.value) : parsed;
      } catch (e) {
        const mapped = mapError(e);
        if (!mapped || mapped.status >= 500) this.log.error(`${name} failed: ${(e as Error).stack ?? String(e)}`);
        r = { ok: false, violation: mapped ? { code: mapped.body.code, ruleId: mapped.body.ruleId, message: mapped.body.message } : { code: 'INTERNAL', ruleId: null, message: 'internal error' } };
      }
    }
    if (r.ok && user) {
      const bal = user.role === 'player' ? (this.balances.get(`${user.userId}:${r.value.def.currency}`) ?? (await this.poker.balanceOf(user.userId, r.value.def.currency))) : null;
      return { ok: true, result: this.poker.frame(r.value, user, bal) };
    }
    const v = r.ok ? { code: 'INTERNAL', ruleId: null, message: 'no user' } : r.violation;
    const body = errorBodyOf(v);
    const error = { ...body, ...(body.details ? { details: body.details as Record<string, unknown> } : {}), status: statusOf(body.code) };
    s.emit('error', { ...error, message: `${name}: ${error.message}` });
    return { ok: false, error };
  }

  /** One change → one frame per viewer, its audience's (frames of a table go out in order). */
  private fanOut(c: PokerChange): void {
    const tableId = c.state.def.tableId;
    const prev = this.chains.get(tableId) ?? Promise.resolve();
    const next = prev
      .then(async () => {
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
