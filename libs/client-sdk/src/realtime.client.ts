import { POKER_WS_MESSAGES, WS_CLIENT_MESSAGES, type ChatMessage, type ChatModerationFrame, type ChatTipFrame, type DeviceStatus, type PokerTableFrame, type PokerWsBody, type PokerWsMessage, type Rejection, type RoundEventFrame, type RoundEventsFrame, type RoundSnapshotFrame, type TableUpdateFrame, type TableCommandOp, type TableCommandResult, type TournamentChangedFrame, type WsAck, type WsClientMessage, unfoldRoundEvents } from '@felt-studio/protocol';
import { io as defaultIo, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import type { input as ZodInput } from 'zod';
import { CLIENT_ERROR_CODES, FeltApiError, describeIssues } from './errors.js';
import type { Alert, TablePresence } from './types.js';

/** `device.status` frame (pit bosses): the health of one table device as the server last saw it. */
export interface DeviceStatusFrame {
  readonly tableId: string;
  readonly deviceId: string;
  readonly status: DeviceStatus | null;
  readonly lastSeq: number | null;
  readonly lastEventAt: number | null;
}

/** Body of each client message (what `send` accepts), from WS_CLIENT_MESSAGES. */
export type WsMessageBody<K extends WsClientMessage> = ZodInput<(typeof WS_CLIENT_MESSAGES)[K]>;

/** What a successful ack carries per message: the table messages', and every table command's answer from its definition (libs/protocol `TABLE_COMMAND_WIRES`). */
export type WsResults = {
  'table.join': RoundSnapshotFrame;
  'table.leave': null;
  'table.presence': TablePresence;
} & { [K in TableCommandOp]: TableCommandResult<K> };

export type TypedAck<K extends WsClientMessage> = { readonly ok: true; readonly result: WsResults[K] } | { readonly ok: false; readonly error: Rejection };

/** After a (re)join: the missing events were replayed (`replayed`, as `round.event`s) and a fresh snapshot arrived. */
export interface ResyncInfo {
  readonly tableId: string;
  /** What the client had before the join (null: first join / nothing known). */
  readonly from: { readonly roundId: string | null; readonly seq: number } | null;
  readonly snapshot: RoundSnapshotFrame;
  /** How many `round.event` frames of this table arrived between the join and its ack. */
  readonly replayed: number;
}

/** Server frames (WS_SERVER_FRAMES) plus the client's own lifecycle events. */
export interface RealtimeEvents {
  'round.event': RoundEventFrame;
  'round.snapshot': RoundSnapshotFrame;
  /** Players: the other players' bets, coalesced (count only; the seq moves on). */
  'table.update': TableUpdateFrame;
  alert: Alert;
  /** An alert was acknowledged (by any pit boss): the alert with its `ack`. */
  'alert.ack': Alert;
  /** Who is at a table changed (players: the count; staff: also the dealers). */
  'table.presence': TablePresence;
  error: Rejection;
  'device.status': DeviceStatusFrame;
  /** The socket is connected (first time or again). */
  connected: { readonly reconnect: boolean };
  disconnected: { readonly reason: string };
  /** A join or an automatic re-join after reconnect (or after a seq gap) completed. */
  resynced: ResyncInfo;
  /** Live poker (issue 11): the table as this audience may see it, after every change. */
  'poker.table': PokerTableFrame;
  /** Issue 24: a table chat message (players and the dealer: the author's name; the pit boss also the id). */
  'chat.message': ChatMessage;
  /** Issue 24, staff only: a tip to the table's dealer (the dealer is not told who tipped; the pit boss is). */
  'chat.tip': ChatTipFrame;
  /** Issue 24: a mute or ban changed (the pit bosses at the table, and the player concerned). */
  'chat.moderation': ChatModerationFrame;
  /** Issue 24: a tournament of the player's (or any, for the pit bosses) moved on — read it again (no data in it). */
  'tournament.changed': TournamentChangedFrame;
}
export type RealtimeEventName = keyof RealtimeEvents;

export type IoFactory = (url: string, opts: Partial<ManagerOptions & SocketOptions>) => Socket;

export interface RealtimeClientOptions {
  readonly baseUrl: string;
  /** The JWT (from FeltClient.login). */
  readonly token: string;
  /** socket.io-client's `io` (injectable for tests); default the real one. */
  readonly io?: IoFactory;
  /** Ack timeout of `send` (default 5 000 ms). */
  readonly ackTimeoutMs?: number;
  /** Reconnect backoff (socket.io: default 1 000 … 5 000 ms). */
  readonly reconnectionDelayMs?: number;
  readonly reconnectionDelayMaxMs?: number;
  /** Default `['websocket']` (no sticky sessions needed); add `'polling'` for restrictive proxies. */
  readonly transports?: readonly ('websocket' | 'polling' | 'webtransport')[];
  /** Default true: connect at construction. */
  readonly autoConnect?: boolean;
  /**
   * socket.io's packet parser; default its JSON one. A server with `FELT_WS_PARSER=msgpack` needs
   * `msgpackParser` from `@felt-studio/protocol/msgpack` here (issue 25 §2; not imported by default, so web bundles do not carry it).
   */
  readonly parser?: Partial<ManagerOptions>['parser'];
}

interface Position {
  roundId: string | null;
  seq: number;
}

/** A finished round's id is remembered so its late frames never move the table's position back. */
const PREVIOUS_ROUNDS_KEPT = 8;

/**
 * The realtime channel of the studio server (socket.io). Connects with the JWT, joins tables, and
 * tracks per table the current round and the last seq seen. After a reconnect it re-joins every
 * table with `{roundId, lastSeq}`, so the server replays the missing events (then a fresh snapshot),
 * or sends just a snapshot when a new round started meanwhile. Duplicate frames (seq already seen)
 * are dropped; a gap in seq triggers the same resync.
 */
export class RealtimeClient {
  /** The underlying socket.io socket (escape hatch; prefer the methods). */
  readonly socket: Socket;
  private readonly ackTimeoutMs: number;
  private readonly handlers = new Map<RealtimeEventName, Set<(payload: never) => void>>();
  private readonly joined = new Set<string>();
  /** Tables this client has open (`setPresence`): announced again after a reconnect. */
  private readonly present = new Set<string>();
  private readonly positions = new Map<string, Position>();
  /** The last `table.update` shown per table (its round and seq): older ones are dropped. */
  private readonly updates = new Map<string, { readonly roundId: string; readonly seq: number }>();
  private readonly previousRounds = new Map<string, string[]>();
  /** Tables with a join in flight: frames counted for `replayed`. */
  private readonly joining = new Map<string, { replayed: number; droppedSeq: number }>();
  private everConnected = false;
  /** Poker tables this client watches (`poker('poker.join')`): joined again after a reconnect. */
  private readonly pokerTables = new Map<string, number>();

  constructor(opts: RealtimeClientOptions) {
    this.ackTimeoutMs = opts.ackTimeoutMs ?? 5_000;
    const io = opts.io ?? defaultIo;
    this.socket = io(opts.baseUrl.replace(/\/+$/, ''), {
      // `ackFrames` (issue 25 §2): the acks of this client's bets carry its own frames of the commit (one write per bet).
      auth: { token: opts.token, ackFrames: true, ...deviceAuth() },
      transports: [...(opts.transports ?? ['websocket'])],
      forceNew: true,
      autoConnect: opts.autoConnect ?? true,
      ...(opts.parser !== undefined ? { parser: opts.parser } : {}),
      ...(opts.reconnectionDelayMs !== undefined ? { reconnectionDelay: opts.reconnectionDelayMs } : {}),
      ...(opts.reconnectionDelayMaxMs !== undefined ? { reconnectionDelayMax: opts.reconnectionDelayMaxMs } : {}),
    });
    this.socket.on('connect', () => this.onConnect());
    this.socket.on('disconnect', (reason) => this.dispatch('disconnected', { reason: String(reason) }));
    this.socket.on('round.event', (f: RoundEventFrame) => this.onEvent(f));
    // A player's own events of one commit in one frame (issue 13): handled, and dispatched, as the
    // `round.event` frames it stands for (each `prev` checked; a gap resyncs once, the rest wait for it).
    this.socket.on('round.events', (b: RoundEventsFrame) => this.onEvents(b));
    this.socket.on('round.snapshot', (s: RoundSnapshotFrame) => this.onSnapshot(s));
    this.socket.on('table.update', (u: TableUpdateFrame) => this.onUpdate(u));
    this.socket.on('alert', (a: Alert) => this.dispatch('alert', a));
    this.socket.on('alert.ack', (a: Alert) => this.dispatch('alert.ack', a));
    this.socket.on('table.presence', (p: TablePresence) => this.dispatch('table.presence', p));
    this.socket.on('error', (e: Rejection) => this.dispatch('error', e));
    this.socket.on('device.status', (d: DeviceStatusFrame) => this.dispatch('device.status', d));
    this.socket.on('poker.table', (f: PokerTableFrame) => this.onPokerFrame(f));
    this.socket.on('chat.message', (m: ChatMessage) => this.dispatch('chat.message', m));
    this.socket.on('chat.tip', (t: ChatTipFrame) => this.dispatch('chat.tip', t));
    this.socket.on('chat.moderation', (m: ChatModerationFrame) => this.dispatch('chat.moderation', m));
    this.socket.on('tournament.changed', (c: TournamentChangedFrame) => this.dispatch('tournament.changed', c));
  }

  get connected(): boolean {
    return this.socket.connected;
  }

  /** Subscribe; returns the unsubscribe function. */
  on<E extends RealtimeEventName>(event: E, handler: (payload: RealtimeEvents[E]) => void): () => void {
    const set = this.handlers.get(event) ?? new Set();
    set.add(handler as (payload: never) => void);
    this.handlers.set(event, set);
    return () => this.off(event, handler);
  }

  off<E extends RealtimeEventName>(event: E, handler: (payload: RealtimeEvents[E]) => void): void {
    this.handlers.get(event)?.delete(handler as (payload: never) => void);
  }

  /** Resolves at the next `connected` (immediately when connected). */
  waitConnected(timeoutMs = this.ackTimeoutMs): Promise<void> {
    if (this.socket.connected) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        off();
        reject(FeltApiError.client(CLIENT_ERROR_CODES.TIMEOUT, `not connected after ${timeoutMs} ms`));
      }, timeoutMs);
      const off = this.on('connected', () => {
        clearTimeout(timer);
        off();
        resolve();
      });
    });
  }

  /** The table's current round and the last seq this client has seen (what a resync sends). */
  position(tableId: string): { readonly roundId: string | null; readonly seq: number } | undefined {
    const p = this.positions.get(tableId);
    return p ? { ...p } : undefined;
  }

  /** Joins a table's channel (again: resync from the last seq). Resolves with the fresh snapshot. */
  async join(tableId: string): Promise<RoundSnapshotFrame> {
    return unwrapAck(await this.send('table.join', { tableId }));
  }

  /**
   * Announces that this player has the table open (`true`) or closed it (`false`): the table's player
   * count in the lobby. Kept across reconnects (announced again on connect). Resolves with the count.
   */
  async setPresence(tableId: string, present: boolean): Promise<TablePresence> {
    if (present) this.present.add(tableId);
    else this.present.delete(tableId);
    return unwrapAck(await this.send('table.presence', { tableId, present }));
  }

  async leave(tableId: string): Promise<void> {
    unwrapAck(await this.send('table.leave', { tableId }));
  }

  /**
   * Sends a client message and resolves with the server's ack. The body is validated with its
   * WS_CLIENT_MESSAGES schema first (an invalid body is not sent: `{ok:false, error: INVALID_INPUT}`).
   * Rejects with FeltApiError `TIMEOUT` when no ack arrives within `ackTimeoutMs`.
   * `table.join` adds the client's `{roundId, lastSeq}` for the table (unless given).
   */
  async send<K extends WsClientMessage>(message: K, body: WsMessageBody<K>): Promise<TypedAck<K>> {
    const parsed = (WS_CLIENT_MESSAGES[message] as { safeParse(v: unknown): { success: true; data: unknown } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } } }).safeParse(body);
    if (!parsed.success) return { ok: false, error: { code: CLIENT_ERROR_CODES.INVALID_INPUT, ruleId: null, message: `${message}: ${describeIssues(parsed.error.issues)}` } };
    if (message === 'table.join') return (await this.joinTable(parsed.data as WsMessageBody<'table.join'>)) as TypedAck<K>;
    const ack = await this.emit<K>(message, parsed.data);
    if (message === 'table.leave' && ack.ok) {
      const tableId = (parsed.data as { tableId: string }).tableId;
      this.joined.delete(tableId);
    }
    return ack;
  }

  /** `send`, unwrapped: the ack's result, or a FeltApiError (status 0) with the server's code and ruleId. */
  async request<K extends WsClientMessage>(message: K, body: WsMessageBody<K>): Promise<WsResults[K]> {
    return unwrapAck(await this.send(message, body));
  }

  /** Replaces the token used for the next (re)connect. */
  setToken(token: string): void {
    this.socket.auth = { token, ackFrames: true, ...deviceAuth() };
  }

  connect(): void {
    this.socket.connect();
  }

  /** Disconnects without auto-reconnect; joined tables are kept, so `connect()` resyncs them. */
  disconnect(): void {
    this.socket.disconnect();
  }

  /** Disconnects and forgets everything (handlers, tables). */
  /**
   * Live poker (issue 11): send one `poker.*` message; resolves with the table frame after it, or throws a
   * FeltApiError with the server's code. The body is checked here first (a bad body never leaves the client).
   * `poker.join` also subscribes: the table is joined again after a reconnect, and a gap in `seq` asks again.
   */
  async poker<K extends PokerWsMessage>(message: K, body: PokerWsBody<K>): Promise<PokerTableFrame> {
    const parsed = POKER_WS_MESSAGES[message].safeParse(body);
    if (!parsed.success) throw FeltApiError.client(CLIENT_ERROR_CODES.INVALID_INPUT, `${message}: ${describeIssues(parsed.error.issues)}`);
    const tableId = (parsed.data as { tableId: string }).tableId;
    if (message === 'poker.leave-view') this.pokerTables.delete(tableId);
    const ack = (await this.emitRaw(message, parsed.data)) as { readonly ok: true; readonly result: PokerTableFrame } | { readonly ok: false; readonly error: Rejection };
    const frame = unwrapAck(ack);
    if (message === 'poker.join') this.pokerTables.set(tableId, -1);
    if (frame) this.onPokerFrame(frame);
    return frame;
  }

  close(): void {
    this.socket.disconnect();
    this.socket.removeAllListeners();
    this.handlers.clear();
    this.joined.clear();
    this.present.clear();
  }

  // ───────────────────────────── internals ─────────────────────────────

  private async joinTable(b: WsMessageBody<'table.join'>): Promise<TypedAck<'table.join'>> {
    const known = this.positions.get(b.tableId);
    const from = known ? { roundId: known.roundId, seq: known.seq } : undefined; // a copy: frames move `known` on
    const body = b.lastSeq !== undefined || from === undefined || from.roundId === null ? b : { ...b, roundId: from.roundId, lastSeq: from.seq };
    this.joined.add(b.tableId);
    const counter = { replayed: 0, droppedSeq: 0 };
    this.joining.set(b.tableId, counter);
    try {
      const ack = await this.emit('table.join', body);
      if (ack.ok) {
        this.onSnapshot(ack.result, false);
        this.dispatch('resynced', { tableId: b.tableId, from: from ?? null, snapshot: ack.result, replayed: counter.replayed });
      } else this.joined.delete(b.tableId);
      return ack;
    } finally {
      if (this.joining.get(b.tableId) === counter) this.joining.delete(b.tableId);
      // A frame beyond a gap was dropped during this join and the join did not cover it: go again.
      const pos = this.positions.get(b.tableId);
      if (this.joined.has(b.tableId) && pos && counter.droppedSeq > pos.seq) this.resync(b.tableId);
    }
  }

  private async emit<K extends WsClientMessage>(message: K, body: unknown): Promise<TypedAck<K>> {
    try {
      return this.framesOf(await this.socket.timeout(this.ackTimeoutMs).emitWithAck(message, body)) as TypedAck<K>;
    } catch (e) {
      throw FeltApiError.client(CLIENT_ERROR_CODES.TIMEOUT, `${message}: no ack within ${this.ackTimeoutMs} ms`, e);
    }
  }

  private onConnect(): void {
    const reconnect = this.everConnected;
    this.everConnected = true;
    this.dispatch('connected', { reconnect });
    // Re-join every table (a join still in flight was buffered by socket.io and is sent anyway).
    for (const tableId of this.joined) if (!this.joining.has(tableId)) this.resync(tableId);
    // Presence is per socket on the server: a new connection announces the open tables again.
    if (reconnect) for (const tableId of this.present) void this.emit('table.presence', { tableId, present: true }).catch(() => undefined);
    if (reconnect) for (const tableId of this.pokerTables.keys()) this.pokerRejoin(tableId);
  }

  private pokerRejoin(tableId: string): void {
    this.pokerTables.set(tableId, -1);
    this.poker('poker.join', { tableId }).catch((e: unknown) => this.dispatch('error', e instanceof FeltApiError ? e.rejection : { code: CLIENT_ERROR_CODES.NETWORK_ERROR, ruleId: null, message: String(e) }));
  }

  /** Drops stale frames (seq not newer); a gap (seq jumped by more than one) asks for the table again. */
  private onPokerFrame(f: PokerTableFrame): void {
    const last = this.pokerTables.get(f.tableId);
    if (last === undefined) return; // not watched (any more)
    if (last >= 0 && f.seq <= last) return;
    if (last >= 0 && f.seq > last + 1) {
      this.pokerRejoin(f.tableId);
      return;
    }
    this.pokerTables.set(f.tableId, f.seq);
    this.dispatch('poker.table', f);
  }

  private async emitRaw(message: string, body: unknown): Promise<unknown> {
    try {
      return this.framesOf(await this.socket.timeout(this.ackTimeoutMs).emitWithAck(message, body));
    } catch (e) {
      throw FeltApiError.client(CLIENT_ERROR_CODES.TIMEOUT, `${message}: no ack within ${this.ackTimeoutMs} ms`, e);
    }
  }

  private resync(tableId: string): void {
    this.joinTable({ tableId }).then(
      (ack) => {
        if (!ack.ok) this.dispatch('error', ack.error);
      },
      (e: unknown) => this.dispatch('error', e instanceof FeltApiError ? e.rejection : { code: CLIENT_ERROR_CODES.NETWORK_ERROR, ruleId: null, message: String(e) }),
    );
  }

  private isPrevious(tableId: string, roundId: string): boolean {
    return this.previousRounds.get(tableId)?.includes(roundId) ?? false;
  }

  /** Moves the table's position to a new round (the old one is remembered as previous). */
  private moveTo(tableId: string, roundId: string | null, seq: number): void {
    const cur = this.positions.get(tableId);
    if (cur?.roundId && cur.roundId !== roundId) {
      const prev = [cur.roundId, ...(this.previousRounds.get(tableId) ?? [])].slice(0, PREVIOUS_ROUNDS_KEPT);
      this.previousRounds.set(tableId, prev);
    }
    this.positions.set(tableId, { roundId, seq });
  }

  /**
   * A coalesced update (the other players' bets as counts) is not part of the stream's order (issue 25 §2):
   * the server writes it in its fan-out's slices, and a bet's ack — with the bettor's own frame — may overtake
   * it. So it does not move the position (an own frame of a lower seq arriving after it is still taken); an
   * update older than the last one shown is dropped; its `prev` names the last event sent to every player,
   * and one this client has not seen is a gap (resync).
   */
  private onUpdate(u: TableUpdateFrame): void {
    const pos = this.positions.get(u.tableId);
    if (!pos || pos.roundId !== u.roundId) return;
    const last = this.updates.get(u.tableId);
    if (last !== undefined && last.roundId === u.roundId && u.seq <= last.seq) return;
    if (u.prev > pos.seq) {
      const join = this.joining.get(u.tableId);
      if (join) join.droppedSeq = Math.max(join.droppedSeq, u.prev);
      else this.resync(u.tableId);
      return;
    }
    this.updates.set(u.tableId, { roundId: u.roundId, seq: u.seq });
    this.dispatch('table.update', u);
  }

  /** A player's own events of one commit in one frame (issue 13): handled, and dispatched, as the `round.event` frames it stands for (each `prev` checked; a gap resyncs once, the rest wait for it). */
  private onEvents(b: RoundEventsFrame): void {
    for (const f of unfoldRoundEvents(b)) this.onEvent(f);
  }

  /**
   * Issue 25 §2: the own frames an ack carries (`frames`) are handled exactly as if they had arrived as
   * `round.events` frames — before the caller sees the ack, so the view already holds the bet when it does.
   * The ack is returned without them.
   */
  private framesOf(ack: unknown): unknown {
    if (typeof ack !== 'object' || ack === null || !('frames' in ack)) return ack;
    const { frames, ...rest } = ack as { frames?: unknown };
    if (Array.isArray(frames)) for (const b of frames as RoundEventsFrame[]) this.onEvents(b);
    return rest;
  }

  private onEvent(f: RoundEventFrame): void {
    const pos = this.positions.get(f.tableId);
    const join = this.joining.get(f.tableId);
    if (pos && pos.roundId === f.roundId) {
      if (f.seq <= pos.seq) return; // already seen (live frame and resync replay overlap)
      // `prev`: the previous frame of this audience's stream (a player is not sent others' bets).
      if ((f.prev ?? f.seq - 1) > pos.seq) {
        // A gap: drop this frame and ask for everything after the last seq we have (it includes this one).
        if (join) join.droppedSeq = Math.max(join.droppedSeq, f.seq);
        else this.resync(f.tableId);
        return;
      }
      pos.seq = f.seq;
    } else if (!this.isPrevious(f.tableId, f.roundId)) this.moveTo(f.tableId, f.roundId, f.seq);
    if (join) join.replayed++;
    this.dispatch('round.event', f);
  }

  private onSnapshot(s: RoundSnapshotFrame, dispatch = true): void {
    const pos = this.positions.get(s.tableId);
    if (s.roundId === null) {
      if (!pos) this.positions.set(s.tableId, { roundId: null, seq: 0 });
    } else if (pos && pos.roundId === s.roundId) pos.seq = Math.max(pos.seq, s.seq);
    else if (!this.isPrevious(s.tableId, s.roundId)) this.moveTo(s.tableId, s.roundId, s.seq);
    if (dispatch) this.dispatch('round.snapshot', s);
  }

  private dispatch<E extends RealtimeEventName>(event: E, payload: RealtimeEvents[E]): void {
    for (const h of [...(this.handlers.get(event) ?? [])]) {
      try {
        (h as (p: RealtimeEvents[E]) => void)(payload);
      } catch (e) {
        // A throwing handler must not break the frame pipeline; surface it like an uncaught error.
        queueMicrotask(() => {
          throw e;
        });
      }
    }
  }
}

/** A WebSocket ack's result, or a FeltApiError (status 0) carrying the server's code and ruleId. */
export function unwrapAck<T>(ack: { readonly ok: true; readonly result: T } | { readonly ok: false; readonly error: Rejection }): T {
  if (ack.ok) return ack.result;
  throw FeltApiError.fromRejection(0, ack.error);
}

export type { WsAck };

/**
 * Issue 23 §4: this browser's device id — a random id kept in its local storage, sent at connect (`auth.device`)
 * so the studio can tell two accounts at one poker table on one device. The server keeps only a salted hash of it.
 * Nothing where there is no local storage (Node, a locked-down browser).
 */
function deviceAuth(): { device?: string } {
  try {
    const store = (globalThis as { localStorage?: { getItem(k: string): string | null; setItem(k: string, v: string): void } }).localStorage;
    if (store === undefined) return {};
    let id = store.getItem('felt.device');
    if (id === null || !/^[\x21-\x7e]{8,128}$/.test(id)) {
      id = `dev_${globalThis.crypto.randomUUID()}`;
      store.setItem('felt.device', id);
    }
    return { device: id };
  } catch {
    return {};
  }
}
