import { Inject, Injectable, Logger, Optional, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { FELT_CONFIG, settingOf, type FeltConfig } from '../config/config.js';
import type { Result } from '@felt-studio/games';
import type { PokerLobbyEntry, PokerTableFrame, PokerWsMessage } from '@felt-studio/protocol';
import { POKER_DISCONNECTED, type PokerCommandTables } from './poker.commands.js';
import type { Subscription } from 'rxjs';
import { TABLE_RELAY, TABLE_ROUTER, type TableRelayPort, type TableRouterPort } from '../shared/ports/cluster.port.js';
import type { Actor } from '../shared/command.types.js';
import { PokerTablesService, type PokerChange, type PokerUser } from './poker-tables.service.js';
import type { PokerTableState } from './poker-table.state.js';

const LOBBY_MAP = 'poker-lobby';
const topicOf = (tableId: string): string => `poker:${tableId}`;

/**
 * Live poker across instances (issue 13 point 4, issue 11). A poker table is run by the holder of its
 * lease — the table's id, in the table host's one lease space (issue 19 §2: `TableOwnershipService` takes
 * it and the host's recovery lays the table out); here is what makes it usable from any instance:
 *
 * - **Commands.** Every `poker.*` command (`poker.commands.ts`) is a command of the one registry: the
 *   command bus forwards it to the table's owner through the cluster's table router (Redis request/reply,
 *   like every table command), which runs it here on its own clock (`execute`) and answers the caller's
 *   own frame (`frameFor`).
 * - **Frames.** The owner publishes each change (the new state + whose balances moved) ONCE on the relay
 *   topic `poker:<tableId>`; every instance with viewers of that table is subscribed and builds each of its
 *   viewers' frames locally, exactly as the owner does for its own sockets (`frameOf` per audience). Why the
 *   state and not per-audience frames in socket.io rooms: a frame per audience would be one Redis publish
 *   per seated player/spectator per change, each delivered to every instance by the socket.io adapter,
 *   and the owner would have to know every instance's viewers (lost at a takeover); one state per change
 *   costs one publish per interested instance, a takeover needs nothing (the viewers' instances stay
 *   subscribed and the new owner publishes on the same topic), and a player's frame is still only ever
 *   emitted to that player's own socket — never to a room others are in. What crosses Redis is the
 *   server's own state (it holds every hole card, like the event log in PostgreSQL), on the servers'
 *   private bus; no client can subscribe to it. The undealt RNG deck never leaves the owner.
 * - **Lobby.** Owners keep their tables' lobby lines in a shared Redis map (written on change and every
 *   lease pass, stale after two lease TTLs); any instance's `GET /poker-tables` lists them all.
 * - **S1-DISCONNECT** is routed to the owner (the server-only command `poker.disconnected`) by the instance
 *   that saw the user's last socket drop (PokerViewers asks every instance through the gateway's rooms).
 *
 * On one instance (no TABLE_ROUTER / TABLE_RELAY) every call is the local service call.
 */
@Injectable()
export class PokerCluster implements PokerCommandTables, OnModuleInit, OnModuleDestroy {
  private readonly log = new Logger('PokerCluster');
  private sub: Subscription | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private readonly leaseTtlMs: number;
  /** the last lobby line written per table (written again only when it changed, or by the periodic pass). */
  private readonly written = new Map<string, string>();

  constructor(
    private readonly poker: PokerTablesService,
    @Optional() @Inject(TABLE_ROUTER) private readonly router: TableRouterPort | null = null,
    @Optional() @Inject(TABLE_RELAY) private readonly relay: TableRelayPort | null = null,
    @Optional() @Inject(FELT_CONFIG) config: FeltConfig | null = null,
  ) {
    this.leaseTtlMs = settingOf(config, 'leaseTtlMs');
  }

  /** Several instances with a relay: frames of tables run elsewhere come over it. */
  get relayed(): boolean {
    return this.relay !== null;
  }

  onModuleInit(): void {
    const relay = this.relay;
    if (!relay) return;
    this.sub = this.poker.changes$.subscribe((c) => {
      const tableId = c.state.def.tableId;
      relay.publish(topicOf(tableId), c satisfies PokerChange).catch((e: unknown) => this.log.warn(`poker ${tableId}: change not relayed: ${(e as Error).message}`));
      this.writeLobby(tableId, false);
    });
    this.timer = setInterval(() => {
      for (const e of this.poker.lobby()) this.writeLobby(e.tableId, true);
    }, Math.max(50, Math.floor(this.leaseTtlMs / 3)));
    this.timer.unref?.();
  }

  onModuleDestroy(): void {
    this.sub?.unsubscribe();
    if (this.timer) clearInterval(this.timer);
  }

  private writeLobby(tableId: string, always: boolean): void {
    const e = this.poker.lobby().find((x) => x.tableId === tableId);
    if (!e || !this.relay) return;
    const json = JSON.stringify(e);
    if (!always && this.written.get(tableId) === json) return;
    this.written.set(tableId, json);
    this.relay.put(LOBBY_MAP, tableId, e, this.leaseTtlMs * 2).catch((err: unknown) => this.log.warn(`poker ${tableId}: lobby line not written: ${(err as Error).message}`));
  }

  /** Every instance's tables (this instance's own lines are the freshest). */
  async lobby(): Promise<PokerLobbyEntry[]> {
    const mine = this.poker.lobby();
    if (!this.relay) return mine;
    const all = new Map<string, PokerLobbyEntry>();
    for (const e of (await this.relay.entries(LOBBY_MAP, this.leaseTtlMs * 2)) as PokerLobbyEntry[]) all.set(e.tableId, e);
    for (const e of mine) all.set(e.tableId, e);
    return [...all.values()].sort((a, b) => a.tableId.localeCompare(b.tableId));
  }

  /** Does this instance run the table now (holds its lease and has laid it out)? */
  runsHere(tableId: string): boolean {
    return this.poker.stateOf(tableId) !== undefined;
  }

  /** The owner's side of a message (also the local call). `poker.join` of a player is also the return after a disconnection (S1-REENTRY). */
  async execute(tableId: string, actor: Actor, msg: PokerWsMessage, body: Record<string, unknown>): Promise<Result<PokerTableState>> {
    const u = pokerUserOf(actor);
    if (!u.ok) return u;
    const r = await this.poker.command(tableId, u.value, msg, body);
    // issue 23 §4: the player's connection (hashed) for the shared-connection finding, on the table's owner
    if (r.ok && actor.connection !== undefined && u.value.role === 'player') this.poker.noteConnection(tableId, u.value.userId, actor.connection);
    if (!r.ok || msg !== 'poker.join' || u.value.role !== 'player') return r;
    const back = await this.poker.reconnected(tableId, u.value.userId);
    return back.ok ? back : r;
  }

  /** S1-DISCONNECT: the user's last socket at the table (across instances) dropped; decided by the owner. */
  disconnected(tableId: string, userId: string): Promise<Result<unknown>> {
    if (!this.router || this.runsHere(tableId)) return this.executeDisconnected(tableId, userId);
    return this.router.run(tableId, { userId, role: 'player' }, { op: POKER_DISCONNECTED, input: {} });
  }

  /** The pit boss's decision on the hand in play (P4-IRR / S1-FAIL-RING), on the owner. */
  pitDecision(tableId: string, decision: Parameters<PokerTablesService['pitDecision']>[1]): Promise<Result<PokerTableState>> {
    return this.poker.pitDecision(tableId, decision);
  }

  /** The caller's own frame after a command (a player's: with their wallet balance, read fresh — the command may have just moved it). */
  async frameFor(s: PokerTableState, actor: Actor): Promise<PokerTableFrame> {
    const u = pokerUserOf(actor);
    const user: PokerUser = u.ok ? u.value : { userId: actor.userId, name: actor.name ?? actor.userId, role: 'player' };
    return this.poker.frame(s, user, user.role === 'player' ? await this.poker.balanceOf(user.userId, s.def.currency) : null);
  }

  executeDisconnected(tableId: string, userId: string): Promise<Result<PokerTableState>> {
    return this.poker.disconnected(tableId, userId);
  }

  /** Receive the changes of a table run by another instance (resolves once subscribed); the answer unsubscribes. */
  async watch(tableId: string, fn: (c: PokerChange) => void): Promise<() => void> {
    if (!this.relay) return () => undefined;
    return this.relay.subscribe(topicOf(tableId), (p) => fn(p as PokerChange));
  }
}

const ROLES = new Set<string>(['player', 'dealer', 'pitboss', 'admin']);
function pokerUserOf(a: Actor): Result<PokerUser> {
  if (!ROLES.has(a.role)) return { ok: false, violation: { code: 'FORBIDDEN', ruleId: null, message: `A ${a.role} may not send poker messages.` } };
  return { ok: true, value: { userId: a.userId, name: a.name ?? a.userId, role: a.role as PokerUser['role'] } };
}
