import { connectionHasher, type SeatConnection } from '../shared/connection-fingerprint.js';
import { Logger, type OnModuleDestroy, type OnModuleInit, Inject, Optional } from '@nestjs/common';
import { RateLimitService } from '../ratelimit/rate-limit.service.js';
import { refuseFramesOverBudget } from './early-frames.js';
import { WebSocketGateway, WebSocketServer, type OnGatewayConnection, type OnGatewayInit } from '@nestjs/websockets';
import type { AcceptedBet, Audience, Result, Violation } from '@felt-studio/games';
import { WS_CLIENT_MESSAGES, type RoundEventFrame, type RoundEventsFrame, type RoundSnapshotFrame, type TableUpdateFrame, type WsAck } from '@felt-studio/protocol';
import type { Server, Socket } from 'socket.io';
import type { Subscription } from 'rxjs';
import { AlertsService } from '../alerts/alerts.service.js';
import { AuthService } from '../auth/auth.service.js';
import { sessionStillValid } from '../auth/socket-session.js';
import type { AuthUser, Role } from '../auth/auth.types.js';
import { DeviceIngestService } from '../ingest/device-ingest.service.js';
import type { StoredRoundEvent } from '../shared/ports/persistence.port.js';
import { errorBodyOf, statusOf } from '../shared/error-codes.js';
import { mapError } from '../ops/error.filter.js';
import { parseInput } from '../shared/http-errors.js';
import { KERNELS, definitionOf, type KernelEvent, type KernelRegistry } from '../kernels/kernel.registry.js';
import { audienceOfRole } from '../kernels/redaction.js';
import { RoundsService, type RoundFrame } from '../rounds/rounds.service.js';
import { ROUNDS_METRICS, type RoundsMetricsPort } from '../shared/ports/rounds.ports.js';
import { rejection } from '../shared/command.types.js';
import { Coalescer } from './coalesce.js';
import { TablesService } from '../tables/tables.service.js';
import { PresenceService, presenceFor } from '../presence/presence.service.js';
import { PRESENCE_MERGER, SOCKET_IO_ADAPTER, type PresenceMerger } from '../shared/ports/cluster.port.js';
import { answerOf, type TableCommandBus } from '../shared/commands/command-bus.js';
import type { TableCommandDefinition } from '../shared/commands/command.types.js';
import { TABLE_COMMAND_BUS } from '../shared/ports/late-bound.js';
import { PLAYER_DEPARTURES, type PlayerDepartures } from '../shared/ports/player-departures.js';
import { dropViewer, runTableCommand } from './table-viewing.js';
import type { z } from 'zod';
import type { TablePresence } from '@felt-studio/protocol';
import { INTAKE_BARRIER, type Arrival, type IntakeBarrier } from '../shared/host/intake-barrier.js';
import { arrivalOf, isBetCommand } from './arrival.js';
import { IntakeQueue } from './intake-queue.js';
import { ChunkedAdapter, isSliced } from '../shared/host/sliced-adapter.js';
import { ChatService, messageFor, type ChatFrame } from '../chat/chat.service.js';
import { FELT_CONFIG, settingOf, type FeltConfig } from '../config/config.js';
import { msgpackParser } from '@felt-studio/protocol/msgpack';
import { textParser } from './text-parser.js';

/** Who may send each table message (every WS message checks the role, issue §9); a table command's roles are in its definition. */
type TableMessage = 'table.join' | 'table.leave' | 'table.presence';
const MESSAGE_ROLES: Readonly<Record<TableMessage, readonly Role[]>> = {
  'table.join': ['player', 'dealer', 'pitboss', 'admin'],
  'table.leave': ['player', 'dealer', 'pitboss', 'admin'],
  'table.presence': ['player'],
};

const PITBOSS_ROOM = 'pitbosses';
/** Every socket of one user, on every instance (issue 13: a revocation cuts them wherever they are connected). */
const userRoom = (userId: string): string => `u:${userId}`;
const STAFF_VIEW_MS = 150;
/** Other players' bets: one coalesced `table.update` per table at most every TABLE_UPDATE_MS (≈ 4 per second). */
const TABLE_UPDATE_MS = 250;
/**
 * Issue 13: a table's `table.update` goes to every joined player, so its cost is players × updates/s
 * socket writes (10 000 watchers at 4/s = 40 000 writes/s, 10.5 % of the server's CPU in a 25 s betting
 * window of the 10 000-player bench). The period grows with the audience to keep ≤ this many writes/s
 * per table: 250 ms up to 1 000 local players, 2.5 s at 10 000 (issue 25: at 10 000 writes/s the updates were
 * three writes for every bet of a 10 000-player closing burst, on the core that decides the bets; the count of
 * other players' bets is the only thing they carry).
 */
const TABLE_UPDATE_WRITES_PER_S = 4_000;

interface PlayerStream {
  readonly roundId: string;
  /**
   * Seq of the last event frame sent to every player of the table (a non-bet commit). A `table.update` is not
   * part of the `prev` chain: it is counts, coalesced, and written in the fan-out's slices, so a bettor's ack
   * (written ahead of them) may overtake it — a chain through it read as a lost frame and made every client
   * resync during a burst (issue 25 §2).
   */
  lastBroadcast: number;
  /** Per bettor: seq of their last own bet frame since the last broadcast. */
  readonly lastOwn: Map<string, number>;
  betCount: number;
  readonly bettors: Set<string>;
}
/** socket.io has no setter for its parser after construction (NestJS builds the server from the gateway's static options). */
function useParser(server: Server, parser: { readonly Encoder: new () => unknown }): void {
  const internals = server as unknown as { _parser: unknown; encoder: unknown };
  internals._parser = parser;
  internals.encoder = new parser.Encoder();
}

/** One message the namespace reads (issue 25 §2: one dispatcher per socket). */
interface Route {
  readonly op: string;
  /** A player's bet command: its ack carries the bettor's own frames (`awaitAck`). */
  readonly bet: boolean;
  readonly run: (s: Socket, raw: unknown, arrivedAt: number | undefined) => Promise<WsAck>;
}
const isBetEvent = (type: string): boolean => type === 'BetAccepted' || type === 'BetCancelled';
const staffRoom = (tableId: string, role: 'dealer' | 'pitboss'): string => `t:${tableId}:${role}`;
const playerRoom = (tableId: string, playerId: string): string => `t:${tableId}:p:${playerId}`;
const playersRoom = (tableId: string): string => `t:${tableId}:players`;

const ownerOf = (payload: unknown): string | undefined => {
  const p = payload as { bet?: { playerId?: string }; playerId?: string };
  return p.bet?.playerId ?? p.playerId;
};

const audienceOf = (u: AuthUser): Audience => audienceOfRole(u.role, u.userId);

/**
 * The realtime channel (issue §8, socket.io): a client connects with its JWT (`auth.token`), joins a
 * table, and receives `round.event` frames (each with the round seq) and `round.snapshot`s. Players
 * get redacted frames: the kernel's player view and only their own bet events — never other
 * players' bets or a hidden card (another player's bet reaches them as seq + type only). Reconnect: `table.join {tableId, roundId, lastSeq}` returns the
 * missing events (redacted for the audience) and a fresh view. Pit bosses also get `alert` and
 * `device.status` frames. Every message is validated (libs/protocol) and role-checked.
 */
@WebSocketGateway({ cors: { origin: true } })
export class RealtimeGateway implements OnGatewayConnection, OnGatewayInit, OnModuleInit, OnModuleDestroy {
  @WebSocketServer() private server!: Server;
  private readonly log = new Logger('Realtime');
  /** Joined players per table (a view is computed per player on each commit). */
  private readonly players = new Map<string, Map<string, number>>();
  private subs: Subscription[] = [];
  /** Bet-only commits refresh the staff views at most every STAFF_VIEW_MS per table (trailing snapshot). */
  private readonly staffViews = new Coalescer<RoundFrame>(STAFF_VIEW_MS, (_t, f) => this.sendStaffSnapshots(f));
  /** The other players' bets reach a player as one `table.update` per table and window. */
  private readonly tableUpdates = new Coalescer<RoundFrame>(
    (tableId) => Math.max(TABLE_UPDATE_MS, Math.round(((this.players.get(tableId)?.size ?? 0) * 1000) / TABLE_UPDATE_WRITES_PER_S)),
    (_t, f) => this.sendTableUpdate(f),
  );
  /** Per table: bet events not yet sent to the staff rooms (they go with the window's snapshot). */
  private readonly staffBets = new Map<string, { roundId: string; game: string; events: StoredRoundEvent[] }>();
  /** Per table: the players' stream of the current round. */
  private readonly streams = new Map<string, PlayerStream>();
  /** Issue 25 §2: per player room, the sockets with bet acks in flight (and how many). */
  private readonly awaiting = new Map<string, Map<Socket, number>>();
  /** Issue 25 §2: per socket, its own frames waiting for its ack (built when the ack is written, in the fan-out's slices). */
  private readonly held = new WeakMap<Socket, (() => RoundEventsFrame)[]>();
  /** Messages read and not yet run (issue 25 §1): the reads stamp, the work runs between them in slices. */
  readonly inbox = new IntakeQueue();

  constructor(
    private readonly auth: AuthService,
    private readonly rounds: RoundsService,
    private readonly tables: TablesService,
    private readonly alerts: AlertsService,
    private readonly ingest: DeviceIngestService,
    @Inject(ROUNDS_METRICS) private readonly metrics: RoundsMetricsPort,
    @Inject(KERNELS) private readonly kernels: KernelRegistry,
    private readonly presence: PresenceService,
    /** Table commands: the one bus (REST runs them through it too); with several instances it forwards them to the table's owner. */
    @Inject(TABLE_COMMAND_BUS) private readonly bus: TableCommandBus,
    @Optional() @Inject(RateLimitService) private readonly limits: RateLimitService | null = null,
    /** Several instances (issue 13): frames reach every instance's sockets. */
    @Optional() @Inject(SOCKET_IO_ADAPTER) private readonly socketAdapter: Parameters<Server['adapter']>[0] | null = null,
    @Optional() @Inject(PRESENCE_MERGER) private readonly presenceMerger: PresenceMerger | null = null,
    /** Issue 25 §1: a bet is stamped when its message is read, and the close waits for it. */
    @Optional() @Inject(INTAKE_BARRIER) private readonly intake: IntakeBarrier | null = null,
    /** Issue 24: the table chat's frames (messages to everyone at the table, tips to staff, moderation to the pit boss and the player). */
    @Optional() @Inject(ChatService) private readonly chat: ChatService | null = null,
    @Optional() @Inject(FELT_CONFIG) private readonly config: FeltConfig | null = null,
    /** S1-DISCONNECT for tournaments (issue 24): a player's last connection closing is reported here. */
    @Optional() @Inject(PLAYER_DEPARTURES) private readonly departures: PlayerDepartures | null = null,
  ) {}

  /**
   * S1-DISCONNECT (issue 24): one of the player's sockets closed — if it was their last on EVERY instance (the room
   * counts every instance's sockets with the cluster's adapter; one that does not answer in time counts as none), the
   * modules that seat players where no socket watches (tournaments) are told (PLAYER_DEPARTURES) — after a grace
   * (FELT_DISCONNECT_GRACE_MS): a socket of theirs back by then (a reload) keeps them where they were.
   */
  private async playerSocketClosed(userId: string): Promise<void> {
    if (this.departures === null || !this.server || !this.departures.wanted(userId)) return;
    // a reload or a short drop is not a departure: the player has FELT_DISCONNECT_GRACE_MS to come back
    const grace = settingOf(this.config, 'disconnectGraceMs');
    if (grace > 0) await new Promise((r) => setTimeout(r, grace).unref());
    if (!this.server) return;
    try {
      if ((await this.server.in(userRoom(userId)).fetchSockets()).length > 0) return;
    } catch (e) {
      this.log.warn(`could not ask every instance for ${userId}'s sockets (${(e as Error).message}); reporting them gone`);
    }
    await this.departures.gone(userId);
  }

  /**
   * Issue 24: a chat frame per audience. Players and the dealer see who wrote by name only; the pit boss (who
   * moderates by player id) sees the id, and which player tipped; a mute or ban reaches the player concerned.
   */
  private sendChat(f: ChatFrame): void {
    if (!this.server) return;
    switch (f.type) {
      case 'message': {
        const t = f.message.tableId;
        this.server.to([playersRoom(t), staffRoom(t, 'dealer')]).emit('chat.message', messageFor(f.message, false));
        this.server.to(staffRoom(t, 'pitboss')).emit('chat.message', messageFor(f.message, true));
        return;
      }
      case 'tip': {
        const { tableId, amountMinor, currency, at, playerId } = f.tip;
        this.server.to(staffRoom(tableId, 'dealer')).emit('chat.tip', { tableId, amountMinor, currency, at });
        this.server.to(staffRoom(tableId, 'pitboss')).emit('chat.tip', { tableId, amountMinor, currency, at, playerId });
        return;
      }
      case 'moderation': {
        const { tableId, playerId, action, until } = f;
        this.server.to([staffRoom(tableId, 'pitboss'), userRoom(playerId)]).emit('chat.moderation', { tableId, playerId, action, until });
        return;
      }
    }
  }

  /** The table's presence: this process's, or with several instances the merge of every instance's part. */
  private presenceOf(tableId: string): Promise<TablePresence> {
    return this.presenceMerger ? this.presenceMerger.merge(tableId, this.presence.local(tableId)) : Promise.resolve(this.presence.of(tableId));
  }

  private sendPresence(p: TablePresence): void {
    this.server?.to([playersRoom(p.tableId)]).emit('table.presence', presenceFor(p, 'player'));
    this.server?.to([PITBOSS_ROOM, staffRoom(p.tableId, 'dealer')]).emit('table.presence', p);
  }

  /** With the cluster's Redis adapter, every room emit below reaches the room's sockets on every instance. */
  /** One frame on every socket of one player (bound as the PLAYER_PUSH port, e.g. the reality check RG-2.9). */
  emitToPlayer(playerId: string, event: string, body: unknown): void {
    for (const s of this.server?.sockets.sockets.values() ?? []) if ((s.data['user'] as { userId?: string } | undefined)?.userId === playerId) s.emit(event, body);
  }

  /**
   * A notice to the pit bosses and to `playerIds` on every instance (their rooms; the cluster's adapter carries it),
   * bound as the PLAYER_PUSH port — e.g. `tournament.changed` (issue 24), which carries no data to redact.
   */
  notifyStaffAndPlayers(playerIds: readonly string[], event: string, body: unknown): void {
    this.server?.to([PITBOSS_ROOM, ...playerIds.map(userRoom)]).emit(event, body);
  }

  afterInit(server: Server): void {
    // Issue 25 §2, FELT_WS_PARSER=msgpack: binary MessagePack packets instead of JSON text. Set before the
    // adapter (it takes the server's encoder) and before any connection (each client takes a decoder).
    // Otherwise socket.io's JSON text packets, without its per-packet search for binary (text-parser.ts).
    useParser(server, settingOf(this.config, 'wsParser') === 'msgpack' ? msgpackParser : textParser);
    // Broadcasts are written in slices that yield to reading (issue 25 §1, shared/host/sliced-adapter.ts): one instance's
    // in-memory adapter here; the cluster's Redis adapter (cluster/sliced-redis-adapter.ts) slices the same way.
    server.adapter(this.socketAdapter ?? (ChunkedAdapter as unknown as Parameters<Server['adapter']>[0] & object));
  }

  /** Rooms may have members on other instances: no local "room is empty" shortcut. */
  private get everywhere(): boolean {
    return this.socketAdapter !== null;
  }

  onModuleInit(): void {
    this.subs = [
      this.rounds.frames$.subscribe((f) => this.fanOut(f)),
      this.alerts.alerts$.subscribe((a) => this.server?.to(PITBOSS_ROOM).emit('alert', a)),
      ...(this.chat ? [this.chat.frames$.subscribe((f) => this.sendChat(f))] : []),
      this.ingest.deviceStatus$.subscribe((d) => this.server?.to(PITBOSS_ROOM).emit('device.status', d)),
      this.alerts.acks$.subscribe((a) => this.server?.to(PITBOSS_ROOM).emit('alert.ack', a)),
      // Issue 7: who is at a table — the count to everyone watching it, the dealers to staff only.
      this.presence.changes$.subscribe((p) => {
        if (!this.presenceMerger) return this.sendPresence(p);
        this.presenceOf(p.tableId).then(
          (merged) => this.sendPresence(merged),
          (e: unknown) => this.log.warn(`presence of ${p.tableId} not merged: ${(e as Error).message}`),
        );
      }),
      // Issue 9 finding 9: a revoked, disabled or deleted user's sockets are disconnected at once.
      this.auth.revoked$.subscribe((r) => this.dropUser(r.userId, r.reason)),
    ];
  }

  onModuleDestroy(): void {
    for (const s of this.subs) s.unsubscribe();
    this.staffViews.dispose();
    this.tableUpdates.dispose();
  }

  private hashConnection: ReturnType<typeof connectionHasher> | null = null;

  handleConnection(socket: Socket): void {
    const auth = socket.handshake.auth as { token?: unknown } | undefined;
    const token = typeof auth?.token === 'string' ? auth.token : typeof socket.handshake.query['token'] === 'string' ? socket.handshake.query['token'] : null;
    // Issue 13: the token is decoded once; the user-store check below reuses its claims (batched lookups).
    const verified = this.auth.verifyForSocket(token);
    const user = verified?.user;
    if (!verified || !user) {
      socket.emit('error', { ...errorBodyOf(rejection('UNAUTHENTICATED', null, 'A valid token is required to connect.')), status: statusOf('UNAUTHENTICATED') });
      socket.disconnect(true);
      return;
    }
    socket.data['user'] = user;
    // Issue 22 §5: over budget, a message is refused before it is decoded (the budget is charged when it is processed).
    const limits = this.limits;
    if (limits !== null) {
      const ip = limits.socketAddress(socket.handshake);
      refuseFramesOverBudget(socket, () => limits.wouldRefuse({ userId: user.userId, role: user.role, ip }));
    }
    this.metrics.socketsConnected?.inc();
    socket.once('disconnect', () => this.metrics.socketsConnected?.dec());
    // The signature was checked synchronously; the user store (exists, enabled, not revoked) answers next.
    // Until it has, the socket gets no frame: every message waits for it and staff rooms are joined after
    // it (a token revoked during the handshake never receives anything).
    const checked = verified.confirmed().then(
      (u) => {
        if (u !== null) return true;
        if (socket.connected) this.refuse(socket, 'UNAUTHENTICATED', 'The token is no longer valid (user disabled, deleted or signed out).');
        return false;
      },
      () => false,
    );
    socket.data['checked'] = checked;
    // Issue 22 §4: every later command re-checks the session through the user store (cached ≤ 5 s), so a
    // user disabled, deleted or signed out by ANY path loses the socket's commands within 5 s.
    socket.data['confirm'] = verified.confirmed;
    void checked.then((ok) => {
      if (!ok || !socket.connected) return;
      void socket.join(userRoom(user.userId));
      if (user.role === 'pitboss' || user.role === 'admin') void socket.join(PITBOSS_ROOM);
    });
    // Issue 25 §2: ONE listener reads every message of the socket (the table messages and every table
    // command of the registry, issue 19 §3) — no per-handler pipeline per socket (NestJS built ~100 RxJS
    // subscribers per socket for the namespace's handlers). An unknown message is ignored, as before.
    socket.data['ackFrames'] = (socket.handshake.auth as { ackFrames?: unknown } | undefined)?.ackFrames === true;
    const routes = this.routesOf();
    socket.onAny((name: unknown, raw?: unknown, ack?: unknown) => {
      const route = typeof name === 'string' ? routes.get(name) : undefined;
      if (route === undefined) return;
      // Issue 25 §1: a bet is stamped as its message is read; its work runs after the reads, in slices (IntakeQueue).
      const arrival = arrivalOf(this.intake, route.op, raw);
      this.inbox.push(() => this.dispatch(socket, route, raw, ack, arrival));
    });
    socket.once('disconnect', () => dropViewer(this.bus, socket, this.server));
    if (user.role === 'player') socket.once('disconnect', () => void this.playerSocketClosed(user.userId).catch((e: unknown) => this.log.warn(`departure of ${user.userId}: ${String(e)}`)));
    socket.on('disconnecting', () => {
      this.presence.dropSocket(socket.id);
      for (const room of socket.rooms) {
        const m = /^t:(.+):p:(.+)$/.exec(room);
        if (m?.[1] !== undefined && m[2] !== undefined) this.dropPlayer(m[1], m[2]);
      }
    });
  }

  private refuse(socket: Socket, code: string, message: string): void {
    socket.data['user'] = undefined;
    socket.emit('error', { code, ruleId: null, message });
    socket.disconnect(true);
  }

  private dropUser(userId: string, reason: string): void {
    const message = `Your session ended (${reason}).`;
    for (const s of this.server?.sockets.sockets.values() ?? []) {
      if ((s.data['user'] as AuthUser | undefined)?.userId === userId) this.refuse(s, 'SESSION_REVOKED', message);
    }
    // Several instances (issue 13): the user's sockets on the other instances are told and cut through the
    // socket.io Redis adapter (their own user-check cache would only refuse the next connection, ≤ 5 s).
    if (this.everywhere && this.server) {
      const everywhereElse = this.server.in(userRoom(userId));
      everywhereElse.emit('error', { code: 'SESSION_REVOKED', ruleId: null, message });
      everywhereElse.disconnectSockets(true);
    }
  }

  private join(s: Socket, m: unknown): Promise<WsAck> {
    return this.handle(s, 'table.join', m, async (u, b) => {
      const t = await this.tables.exists(b.tableId);
      if (!t.ok) return t;
      if (u.role === 'player') {
        const room = playerRoom(b.tableId, u.userId);
        if (!s.rooms.has(room)) {
          await s.join([room, playersRoom(b.tableId)]);
          const m2 = this.players.get(b.tableId) ?? new Map<string, number>();
          m2.set(u.userId, (m2.get(u.userId) ?? 0) + 1);
          this.players.set(b.tableId, m2);
        }
      } else await s.join(staffRoom(b.tableId, u.role === 'dealer' ? 'dealer' : 'pitboss'));
      if (u.role === 'dealer') this.presence.dealerIn(s.id, b.tableId, u);
      return { ok: true, value: await this.resync(s, u, b.tableId, b.roundId, b.lastSeq) };
    });
  }

  private leave(s: Socket, m: unknown): Promise<WsAck> {
    return this.handle(s, 'table.leave', m, async (u, b) => {
      const room = u.role === 'player' ? playerRoom(b.tableId, u.userId) : staffRoom(b.tableId, u.role === 'dealer' ? 'dealer' : 'pitboss');
      if (s.rooms.has(room)) {
        await s.leave(room);
        if (u.role === 'player') await s.leave(playersRoom(b.tableId));
        if (u.role === 'player') this.dropPlayer(b.tableId, u.userId);
      }
      this.presence.leave(s.id, b.tableId);
      return { ok: true, value: null };
    });
  }

  /** A player opened or closed the table view (the lobby's "players at the table"); answers the table's count. */
  private setPresence(s: Socket, m: unknown): Promise<WsAck> {
    return this.handle(s, 'table.presence', m, async (u, b) => {
      const t = await this.tables.get(b.tableId);
      if (!t.ok) return t;
      this.presence.setPlayer(s.id, b.tableId, u.userId, b.present);
      return { ok: true, value: presenceFor(await this.presenceOf(b.tableId), u.role) };
    });
  }

  // ───────────────────────────── internals ─────────────────────────────

  /** Every message the namespace reads, built once (not per socket): the table messages and the registry's table commands. */
  private routes: ReadonlyMap<string, Route> | null = null;
  private routesOf(): ReadonlyMap<string, Route> {
    if (this.routes !== null) return this.routes;
    const m = new Map<string, Route>([
      ['table.join', { op: 'table.join', bet: false, run: (s, raw) => this.join(s, raw) }],
      ['table.leave', { op: 'table.leave', bet: false, run: (s, raw) => this.leave(s, raw) }],
      ['table.presence', { op: 'table.presence', bet: false, run: (s, raw) => this.setPresence(s, raw) }],
    ]);
    // Every table command of the registry is a message (issue 19 §3); internal ones (no roles) are not.
    for (const def of this.bus.registry.definitions()) {
      if (def.roles.length === 0 || m.has(def.op)) continue;
      m.set(def.op, { op: def.op, bet: isBetCommand(def.op), run: (s, raw, at) => this.command(s, def, raw, at) });
    }
    this.routes = m;
    return m;
  }

  /** One message of a socket, stamped when it was read (`arrival`): run and answered. */
  private dispatch(socket: Socket, route: Route, raw: unknown, ack: unknown, arrival: Arrival | null): void {
    // Issue 25 §2: the bettor's own frames of this command's commit go in its ack (one write per bet).
    const release = route.bet ? this.awaitAck(socket, raw) : null;
    const decided = route.run(socket, raw, arrival?.at);
    if (arrival) void decided.finally(() => arrival.done()).catch(() => undefined);
    const answer = (a: WsAck | null): void => {
      const frames = release?.() ?? [];
      if (typeof ack === 'function' && a !== null) (ack as (a: WsAck) => void)(frames.length > 0 ? { ...a, frames } : a);
      else for (const f of frames) socket.emit('round.events', f);
    };
    // The ack is written in the fan-out's slices, ahead of queued frames (issue 25: a bet group's hundreds of acks were one long write).
    const adapter = this.server.sockets.adapter as unknown;
    const write = (a: WsAck | null): void => (isSliced(adapter) ? adapter.urgent(() => answer(a)) : answer(a));
    decided.then(write, () => write(null));
  }

  /**
   * Issue 25 §2, one write per bet to the bettor: a socket that said so at connect (`auth.ackFrames`, the
   * SDK does) and sends a bet on a table it joined gets its own `round.events` frames of the commits
   * decided while the bet is in flight IN the ack (`frames`), not as separate writes; the player's other
   * sockets (a second tab) still get them as frames. Returns the release (at the ack: the frames held).
   */
  private awaitAck(s: Socket, raw: unknown): (() => RoundEventsFrame[]) | null {
    const user = s.data['user'] as AuthUser | undefined;
    const tableId = typeof raw === 'object' && raw !== null ? (raw as { tableId?: unknown }).tableId : undefined;
    if (s.data['ackFrames'] !== true || user?.role !== 'player' || typeof tableId !== 'string') return null;
    const room = playerRoom(tableId, user.userId);
    if (!s.rooms.has(room)) return null;
    const waiting = this.awaiting.get(room) ?? new Map<Socket, number>();
    waiting.set(s, (waiting.get(s) ?? 0) + 1);
    this.awaiting.set(room, waiting);
    return () => {
      const n = (waiting.get(s) ?? 1) - 1;
      if (n > 0) waiting.set(s, n);
      else waiting.delete(s);
      if (waiting.size === 0 && this.awaiting.get(room) === waiting) this.awaiting.delete(room);
      const frames = this.held.get(s) ?? [];
      this.held.delete(s);
      return frames.map((build) => build());
    };
  }

  /** The sockets of a player's room with a bet ack in flight (their own frames wait for it). */
  private awaitingIn(room: string): Socket[] {
    const waiting = this.awaiting.get(room);
    return waiting === undefined ? [] : [...waiting.keys()].filter((s) => s.connected && s.rooms.has(room));
  }

  /**
   * Frames held for acks not written yet go out now, before a frame that follows them in the player's stream
   * (a non-bet commit's frames): the client would otherwise take the later seq first.
   */
  private flushHeld(tableId: string): void {
    const prefix = `t:${tableId}:p:`;
    for (const [room, waiting] of this.awaiting) {
      if (!room.startsWith(prefix)) continue;
      for (const s of waiting.keys()) {
        const frames = this.held.get(s);
        if (frames === undefined) continue;
        this.held.delete(s);
        for (const build of frames) s.emit('round.events', build());
      }
    }
  }


  /** Role check → schema validation → service call → ack; a rejection is also an `error` frame. */
  private handle<K extends TableMessage>(s: Socket, name: K, raw: unknown, fn: (u: AuthUser, body: z.output<(typeof WS_CLIENT_MESSAGES)[K]>) => Promise<Result<unknown>>): Promise<WsAck> {
    return this.process(s, name, MESSAGE_ROLES[name], (m) => parseInput(WS_CLIENT_MESSAGES[name] as unknown as z.ZodType<z.output<(typeof WS_CLIENT_MESSAGES)[K]>>, m), raw, fn);
  }

  /**
   * A table command's message (issue 19 §3): its definition's roles and schema, then the command bus —
   * the same path as its REST route, forwarded to the table's owner with several instances. Every kind of
   * table's commands come here (live poker's `poker.*` too: one gateway, issue 19 §2).
   */
  private command(s: Socket, def: TableCommandDefinition, raw: unknown, arrivedAt?: number): Promise<WsAck> {
    return this.process(s, def.op, def.roles, (m) => this.bus.parseWs(def, m), raw, (u, b) => runTableCommand(this.bus, def, s, def.op.startsWith('poker.') ? this.withConnection(s, u) : u, b.tableId, b.input, arrivedAt));
  }

  /**
   * Issue 23 §4: a player's live poker command carries its connection to the table's owner — the address (behind
   * the trusted proxies, as the rate limits read it) and the device id the client sent at connect, each as a
   * salted hash (shared/connection-fingerprint.ts; never the raw values), computed once per socket.
   */
  private withConnection(s: Socket, u: AuthUser): AuthUser & { connection?: SeatConnection } {
    if (u.role !== 'player') return u;
    let c = s.data['connection'] as SeatConnection | undefined;
    if (c === undefined) {
      this.hashConnection ??= connectionHasher(this.config?.jwtSecret ?? 'felt-dev-connection-secret');
      const device = (s.handshake.auth as { device?: unknown } | undefined)?.device;
      const ua = s.handshake.headers['user-agent'];
      c = this.hashConnection({ address: this.limits?.socketAddress(s.handshake) ?? s.handshake.address, deviceId: device, userAgent: typeof ua === 'string' ? ua : null });
      s.data['connection'] = c;
    }
    return { ...u, connection: c };
  }

  private async process<B>(s: Socket, name: string, roles: readonly Role[], parse: (raw: unknown) => Result<B>, raw: unknown, fn: (u: AuthUser, body: B) => Promise<Result<unknown>>): Promise<WsAck> {
    const end = this.metrics.wsMessageDuration?.startTimer({ message: name });
    const ack = await this.processTimed(s, name, roles, parse, raw, fn);
    end?.({ result: ack.ok ? 'ok' : 'rejected' });
    return ack;
  }

  private async processTimed<B>(s: Socket, name: string, roles: readonly Role[], parse: (raw: unknown) => Result<B>, raw: unknown, fn: (u: AuthUser, body: B) => Promise<Result<unknown>>): Promise<WsAck> {
    const checked = s.data['checked'] as Promise<boolean> | undefined;
    if (checked !== undefined && !(await checked)) s.data['user'] = undefined;
    let revoked = false;
    if (s.data['user'] !== undefined && !(await sessionStillValid(s.data as Record<string, unknown>))) {
      revoked = true;
      s.data['user'] = undefined;
      setImmediate(() => this.refuse(s, 'SESSION_REVOKED', 'The user was disabled, deleted or signed out: this connection is closed.')); // after this command's ack
    }
    const user = s.data['user'] as AuthUser | undefined;
    let r: Result<unknown>;
    let limit: Violation | null;
    if (revoked) r = { ok: false, violation: rejection('SESSION_REVOKED', null, 'The user was disabled, deleted or signed out: nothing was done and this connection is closed.') };
    else if (!user) r = { ok: false, violation: rejection('UNAUTHENTICATED', null, 'Connect with a valid token.') };
    else if (!roles.includes(user.role)) r = { ok: false, violation: rejection('FORBIDDEN', null, `A ${user.role} may not send ${name}.`) };
    // Issue 9 finding 7: the same per-address and per-user limits as REST, before any table work.
    // Issue 22 §7: this instance's buckets first (cheap, synchronous), then the budget shared by every instance.
    else if ((limit = await this.limitFor(s, user)) !== null) r = { ok: false, violation: limit };
    else {
      const parsed = parse(raw);
      try {
        r = parsed.ok ? await fn(user, parsed.value) : parsed;
      } catch (e) {
        // The same mapping as REST's ErrorFilter: a coded error keeps its code, anything else is INTERNAL.
        const mapped = mapError(e);
        if (!mapped || mapped.status >= 500) this.log.error(`${name} failed: ${(e as Error).stack ?? String(e)}`);
        r = { ok: false, violation: mapped ? { code: mapped.body.code, ruleId: mapped.body.ruleId, message: mapped.body.message, ...(mapped.body.details ? { details: mapped.body.details } : {}) } : rejection('INTERNAL', null, 'internal error') };
      }
    }
    if (r.ok) return { ok: true, result: answerOf(r.value) };
    // Kernel/wallet rejections of bets are counted by the services; malformed or forbidden bet messages here.
    if (name.startsWith('bet.') && (r.violation.code === 'INVALID_INPUT' || r.violation.code === 'FORBIDDEN')) this.metrics.betsRejected.inc({ code: r.violation.code });
    const body = errorBodyOf(r.violation);
    const error = { ...body, ...(body.details ? { details: body.details as Record<string, unknown> } : {}), status: statusOf(body.code) };
    s.emit('error', { ...error, message: `${name}: ${error.message}` });
    return { ok: false, error };
  }

  private async limitFor(s: Socket, user: AuthUser): Promise<Violation | null> {
    return (await this.limits?.admit({ userId: user.userId, role: user.role, ip: this.limits.socketAddress(s.handshake) })) ?? null;
  }

  private async resync(s: Socket, u: AuthUser, tableId: string, roundId: string | undefined, lastSeq: number | undefined): Promise<RoundSnapshotFrame> {
    const cur = await this.rounds.latestCommitted(tableId);
    const audience = audienceOf(u);
    if (cur && roundId === cur.roundId && lastSeq !== undefined && lastSeq < cur.state.seq) {
      // The one audience view of stored events (issue 22 §2), as every other read of round events.
      const missing = (await this.rounds.eventsFor(cur.roundId, audience, lastSeq)) ?? [];
      for (const e of missing) s.emit('round.event', { tableId, roundId: cur.roundId, seq: e.seq, type: e.type, at: e.at, event: e.payload, view: null } satisfies RoundEventFrame);
    }
    const snap: RoundSnapshotFrame = cur
      ? { tableId, roundId: cur.roundId, seq: cur.state.seq, view: cur.kernel.view(cur.state, audience), next: audience.role === 'player' ? [] : cur.kernel.next(cur.state) }
      : { tableId, roundId: null, seq: 0, view: null, next: [] };
    s.emit('round.snapshot', snap);
    return snap;
  }

  /**
   * Every event frame, live or resync, carries the event as the game's redactor lets this audience see
   * it (a player: never another player's bet; nobody: the blackjack hole card before the reveal, BJ-5a).
   */
  private eventFrame(tableId: string, game: string, roundId: string, e: StoredRoundEvent, a: Audience, view: unknown): RoundEventFrame {
    const event = this.kernels.redactor(game)(e.payload as KernelEvent, a) ?? null;
    return { tableId, roundId, seq: e.seq, type: e.type, at: e.at, event, view };
  }

  /** The players' stream of a table's current round (what each player was last sent, for `prev`). */
  private streamOf(f: RoundFrame): PlayerStream {
    let st = this.streams.get(f.tableId);
    if (st?.roundId !== f.roundId) {
      this.tableUpdates.drop(f.tableId);
      st = { roundId: f.roundId, lastBroadcast: 0, lastOwn: new Map(), betCount: 0, bettors: new Set() };
      if (this.everywhere) {
        // A stream that starts mid-round (this instance took the table over): the bets before this commit.
        const fresh = new Set(f.events.map((e) => ownerOf(e.payload) !== undefined && isBetEvent(e.type) ? (e.payload as { bet?: { betId?: string } }).bet?.betId : undefined));
        for (const b of Object.values(f.state.bets)) {
          if (fresh.has(b.betId)) continue;
          st.bettors.add(b.playerId);
          st.betCount++;
        }
      }
      this.streams.set(f.tableId, st);
    }
    return st;
  }

  /**
   * Fan-out of one commit (issue 13): every frame is serialised once per audience, not once per player
   * and event.
   * - Staff (dealer, pit boss): every event; the bets of bet-only commits go as one `round.events`
   *   frame per staff room and window (≤ STAFF_VIEW_MS), followed by one trailing snapshot of their
   *   views (the views hold every bet); any other commit sends the pending bets first.
   * - A bettor: only their own bet events, as one `round.events` frame per commit with their view.
   * - Every other player: nothing per bet — one coalesced `table.update` (seq, bet and player counts)
   *   per table every TABLE_UPDATE_MS, serialised once for the room — but for a bet the game declares
   *   public (`bets.public`: a blackjack seat taken), whose commit goes as any other. Frames carry `prev` (the seq of
   *   the previous frame that player was sent), so a client still detects a lost frame and resyncs.
   * - Any other commit (open, close, result, settle): the pending update goes first; players without
   *   bets in the round share one frame (their views are equal), bettors get their own view.
   */
  private fanOut(f: RoundFrame): void {
    if (!this.server) return;
    const last = f.events.length - 1;
    const rooms = this.server.sockets.adapter.rooms;
    // A bet the game shows every player (a blackjack seat taken) goes as any other commit: each player gets their
    // view. At such a game a cancelled bet does too (the seat it held may be free again; the bet is gone from the state).
    const publicBet = definitionOf(f.kernel)?.bets.public;
    const shown = (e: StoredRoundEvent): boolean => {
      if (!publicBet) return false;
      const bet = (e.payload as { bet?: AcceptedBet }).bet;
      return e.type === 'BetCancelled' || (bet !== undefined && publicBet(bet));
    };
    const betsOnly = f.events.every((e) => isBetEvent(e.type)) && !f.events.some(shown);
    const everywhere = this.everywhere;
    if (betsOnly) {
      // Staff: the bets wait for the window's trailing snapshot (sendStaffSnapshots), all of them in one
      // `round.events` frame per staff room before it (issue 13: a dealer console is at every table, and
      // a frame per bet commit was one socket write per layout to each staff room).
      const pending = this.staffBets.get(f.tableId);
      if (pending && pending.roundId === f.roundId) pending.events.push(...f.events);
      else {
        if (pending) this.flushStaffBets(f.tableId);
        this.staffBets.set(f.tableId, { roundId: f.roundId, game: f.game, events: [...f.events] });
      }
      this.staffViews.push(f.tableId, f);
    } else {
      // Any other commit: the bets still pending go first; the commit's own frames carry the views.
      this.flushStaffBets(f.tableId);
      this.staffViews.drop(f.tableId);
      for (const [role, a] of [['dealer', { role: 'dealer' }], ['pitboss', { role: 'pitboss' }]] as const) {
        const room = staffRoom(f.tableId, role);
        if (!everywhere && !rooms.get(room)?.size) continue;
        const view = f.kernel.view(f.state, a);
        const next = f.kernel.next(f.state);
        f.events.forEach((e, i) => {
          const frame = this.eventFrame(f.tableId, f.game, f.roundId, e, a, i === last ? view : null);
          this.server.to(room).emit('round.event', i === last ? { ...frame, next } : frame);
        });
      }
    }

    const st = this.streamOf(f);
    if (betsOnly) {
      const own = new Map<string, StoredRoundEvent[]>();
      for (const e of f.events) {
        const p = ownerOf(e.payload);
        if (p === undefined) continue;
        if (e.type === 'BetAccepted') st.betCount++;
        else st.betCount--;
        st.bettors.add(p);
        const xs = own.get(p) ?? [];
        xs.push(e);
        own.set(p, xs);
      }
      for (const [playerId, evs] of own) {
        const room = playerRoom(f.tableId, playerId);
        const lastOwn = st.lastOwn.get(playerId) ?? 0;
        const lastSeq = evs[evs.length - 1]!.seq;
        st.lastOwn.set(playerId, lastSeq);
        if (!everywhere && !rooms.get(room)?.size) continue;
        const a: Audience = { role: 'player', playerId };
        const prev = Math.max(st.lastBroadcast, lastOwn);
        // One frame per bettor and commit (issue 13: a layout was one `round.event` per chip, each
        // encoded and written on its own — ~14 % of the server's CPU at 10 000 players). Built in the
        // fan-out's slices (issue 25: a group of hundreds of bets is not one long pause).
        const build = (): RoundEventsFrame => {
          const redact = this.kernels.redactor(f.game);
          return { tableId: f.tableId, roundId: f.roundId, prev, events: evs.map((e) => ({ seq: e.seq, type: e.type, event: redact(e.payload as KernelEvent, a) ?? null })), view: f.kernel.view(f.state, a) };
        };
        // Issue 25 §2: a socket whose bet ack is in flight gets this frame in the ack (one write per bet);
        // the player's other sockets get it as before.
        const waiting = this.awaitingIn(room);
        if (waiting.length === 0) {
          this.later(() => this.server.to(room).emit('round.events', build()));
          continue;
        }
        // Built once, when first needed: by the ack (written in the fan-out's slices) or by the other sockets' turn.
        let frame: RoundEventsFrame | null = null;
        const once = (): RoundEventsFrame => (frame ??= build());
        for (const s of waiting) {
          const xs = this.held.get(s);
          if (xs) xs.push(once);
          else this.held.set(s, [once]);
        }
        if (everywhere || (rooms.get(room)?.size ?? 0) > waiting.length) this.later(() => this.server.to(room).except(waiting.map((s) => s.id)).emit('round.events', once()));
      }
      this.tableUpdates.push(f.tableId, f);
      return;
    }

    this.flushHeld(f.tableId);
    this.tableUpdates.flush(f.tableId);
    for (const e of f.events) {
      const p = isBetEvent(e.type) ? ownerOf(e.payload) : undefined;
      if (p === undefined) continue;
      st.betCount += e.type === 'BetAccepted' ? 1 : -1;
      st.bettors.add(p);
    }
    const local = [...(this.players.get(f.tableId)?.keys() ?? [])];
    // Several instances: the bettors are known from the round (wherever they are connected) and the
    // players' room spans every instance, so the watchers' frame goes to the room (minus the bettors).
    const bettors = everywhere ? [...st.bettors] : local.filter((p) => st.bettors.has(p));
    const watchers = everywhere ? [...local.filter((p) => !st.bettors.has(p)), '~watcher:a', '~watcher:b'].slice(0, 2) : local.filter((p) => !st.bettors.has(p));
    const lastBroadcast = st.lastBroadcast;
    const sendPlayers = (target: { emit(ev: string, frame: RoundEventFrame): unknown }, a: Audience): void => {
      const view = f.kernel.view(f.state, a);
      f.events.forEach((e, i) => target.emit('round.event', { ...this.eventFrame(f.tableId, f.game, f.roundId, e, a, i === last ? view : null), prev: i === 0 ? lastBroadcast : (f.events[i - 1]?.seq ?? e.seq - 1) }));
    };
    // Each bettor's own view (issue 25: built in the fan-out's slices — 1 000 bettors were ~200 ms at the close).
    for (const playerId of bettors) this.later(() => sendPlayers(this.server.to(playerRoom(f.tableId, playerId)), { role: 'player', playerId }));
    const [w1, w2] = watchers;
    if (w1 !== undefined) {
      // Players without bets in the round see the same view: built and serialised once, unless the
      // game's view says otherwise for two of them (then each gets their own).
      const same = w2 === undefined || JSON.stringify(f.kernel.view(f.state, { role: 'player', playerId: w1 })) === JSON.stringify(f.kernel.view(f.state, { role: 'player', playerId: w2 }));
      if (same) sendPlayers(this.server.to(playersRoom(f.tableId)).except(bettors.map((p) => playerRoom(f.tableId, p))), { role: 'player', playerId: w1 });
      else for (const playerId of watchers) sendPlayers(this.server.to(playerRoom(f.tableId, playerId)), { role: 'player', playerId });
    }
    st.lastBroadcast = f.events[last]?.seq ?? st.lastBroadcast;
    st.lastOwn.clear();
  }

  /** A frame built in its turn of the fan-out's slices (the adapter of one instance and the cluster's both slice). */
  private later(build: () => void): void {
    const a = this.server.sockets.adapter as unknown;
    if (isSliced(a)) a.defer(build);
    else build();
  }

  /** The coalesced update of the other players' bets: one frame for the whole players' room. */
  private sendTableUpdate(f: RoundFrame): void {
    if (!this.server) return;
    const st = this.streams.get(f.tableId);
    if (st?.roundId !== f.roundId) return;
    const frame: TableUpdateFrame = { tableId: f.tableId, roundId: f.roundId, seq: f.state.seq, prev: st.lastBroadcast, betCount: st.betCount, playerCount: st.bettors.size };
    // The bettors' own frames held for their acks stay there (one write per bet): an update moves no client's
    // position, so an own frame of a lower seq arriving after it is still taken (libs/client-sdk onUpdate).
    this.server.to(playersRoom(f.tableId)).emit('table.update', frame);
  }

  /** The staff's pending bet events of a table as one `round.events` frame per staff room (each room's redaction). */
  private flushStaffBets(tableId: string): void {
    const p = this.staffBets.get(tableId);
    this.staffBets.delete(tableId);
    const first = p?.events[0];
    if (!this.server || !p || !first) return;
    const rooms = this.server.sockets.adapter.rooms;
    const redact = this.kernels.redactor(p.game);
    for (const [role, a] of [['dealer', { role: 'dealer' }], ['pitboss', { role: 'pitboss' }]] as const) {
      const room = staffRoom(tableId, role);
      if (!this.everywhere && !rooms.get(room)?.size) continue;
      const frame: RoundEventsFrame = { tableId, roundId: p.roundId, prev: first.seq - 1, events: p.events.map((e) => ({ seq: e.seq, type: e.type, event: redact(e.payload as KernelEvent, a) ?? null })), view: null };
      this.server.to(room).emit('round.events', frame);
    }
  }

  private sendStaffSnapshots(f: RoundFrame): void {
    if (!this.server) return;
    this.flushStaffBets(f.tableId);
    const rooms = this.server.sockets.adapter.rooms;
    for (const [role, a] of [['dealer', { role: 'dealer' }], ['pitboss', { role: 'pitboss' }]] as const) {
      const room = staffRoom(f.tableId, role);
      if (!this.everywhere && !rooms.get(room)?.size) continue;
      const snap: RoundSnapshotFrame = { tableId: f.tableId, roundId: f.roundId, seq: f.state.seq, view: f.kernel.view(f.state, a), next: f.kernel.next(f.state) };
      this.server.to(room).emit('round.snapshot', snap);
    }
  }

  private dropPlayer(tableId: string, playerId: string): void {
    const m = this.players.get(tableId);
    if (!m) return;
    const n = (m.get(playerId) ?? 1) - 1;
    if (n <= 0) m.delete(playerId);
    else m.set(playerId, n);
  }
}
