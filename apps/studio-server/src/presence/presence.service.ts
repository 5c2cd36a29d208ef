import { Inject, Injectable, Logger } from '@nestjs/common';
import type { DealerAtTable, TablePresence } from '@felt-studio/protocol';
import { Subject, type Observable } from 'rxjs';
import { AuditService } from '../audit/audit.service.js';
import type { AuthUser } from '../auth/auth.types.js';
import { CLOCK, type Clock } from '../shared/clock.js';

/** One table's live presence: players (by id → their sockets) and dealers at the console. */
interface TableRoom {
  readonly players: Map<string, Set<string>>;
  readonly dealers: Map<string, { readonly name: string; readonly since: number; readonly sockets: Set<string> }>;
}

/**
 * Who is at each table right now (issue 7: the lobby's player count, the pit boss's "who deals here").
 * A player counts while at least one of their sockets has the table open (`table.presence`); a dealer
 * while a console socket has joined the table. Sockets are the keys, so a closed tab or a dropped
 * connection removes exactly what it added. Dealer arrivals and departures are audited
 * (`table.dealer-in` / `table.dealer-out`), so who dealt when survives a restart; the counts are live state.
 * In memory per server process (a scale-out needs the same counts summed across nodes).
 */
@Injectable()
export class PresenceService {
  private readonly log = new Logger('Presence');
  private readonly tables = new Map<string, TableRoom>();
  private readonly subject = new Subject<TablePresence>();
  /** Every change of a table's presence (full staff shape; the gateway strips dealers for players). */
  readonly changes$: Observable<TablePresence> = this.subject.asObservable();

  constructor(
    private readonly audit: AuditService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** A player's socket opened (`present`) or closed the table view. */
  setPlayer(socketId: string, tableId: string, playerId: string, present: boolean): void {
    const room = this.room(tableId);
    const before = room.players.size;
    if (present) {
      const sockets = room.players.get(playerId) ?? new Set<string>();
      sockets.add(socketId);
      room.players.set(playerId, sockets);
    } else this.removePlayerSocket(room, playerId, socketId);
    if (room.players.size !== before) this.emit(tableId, room);
  }

  /** A dealer's console joined the table (audited on the dealer's first socket there). */
  dealerIn(socketId: string, tableId: string, user: Pick<AuthUser, 'userId' | 'name' | 'role'>): void {
    const room = this.room(tableId);
    const d = room.dealers.get(user.userId);
    if (d) {
      d.sockets.add(socketId);
      return;
    }
    const since = this.clock.now();
    room.dealers.set(user.userId, { name: user.name, since, sockets: new Set([socketId]) });
    this.emit(tableId, room);
    this.record(user.userId, user.role, 'table.dealer-in', `${user.name} signed in at the table's console`, tableId, since);
  }

  /** A socket left one table (`table.leave`). */
  leave(socketId: string, tableId: string): void {
    const room = this.tables.get(tableId);
    if (room) this.dropFrom(tableId, room, socketId);
  }

  /** A socket disconnected: it leaves every table. */
  dropSocket(socketId: string): void {
    for (const [tableId, room] of this.tables) this.dropFrom(tableId, room, socketId);
  }

  /** This process's part of the table's presence (several instances merge the parts, issue 13). */
  local(tableId: string): { players: readonly string[]; dealers: readonly DealerAtTable[] } {
    const room = this.tables.get(tableId);
    return room ? { players: [...room.players.keys()], dealers: this.shape(tableId, room).dealers ?? [] } : { players: [], dealers: [] };
  }

  of(tableId: string): TablePresence {
    const room = this.tables.get(tableId);
    return room ? this.shape(tableId, room) : { tableId, players: 0, dealers: [] };
  }

  /** Every table with anyone at it (a table not listed has nobody). */
  list(): TablePresence[] {
    return [...this.tables.entries()].filter(([, r]) => r.players.size > 0 || r.dealers.size > 0).map(([id, r]) => this.shape(id, r));
  }

  private dropFrom(tableId: string, room: TableRoom, socketId: string): void {
    const players = room.players.size;
    let changed = false;
    for (const [playerId, sockets] of [...room.players]) if (sockets.has(socketId)) this.removePlayerSocket(room, playerId, socketId);
    for (const [userId, d] of [...room.dealers]) {
      if (!d.sockets.delete(socketId) || d.sockets.size > 0) continue;
      room.dealers.delete(userId);
      changed = true;
      this.record(userId, 'dealer', 'table.dealer-out', `${d.name} left the table's console`, tableId, this.clock.now());
    }
    if (changed || room.players.size !== players) this.emit(tableId, room);
  }

  private removePlayerSocket(room: TableRoom, playerId: string, socketId: string): void {
    const sockets = room.players.get(playerId);
    if (!sockets) return;
    sockets.delete(socketId);
    if (sockets.size === 0) room.players.delete(playerId);
  }

  private room(tableId: string): TableRoom {
    let r = this.tables.get(tableId);
    if (!r) {
      r = { players: new Map(), dealers: new Map() };
      this.tables.set(tableId, r);
    }
    return r;
  }

  private shape(tableId: string, room: TableRoom): TablePresence {
    const dealers: DealerAtTable[] = [...room.dealers.entries()].map(([userId, d]) => ({ userId, name: d.name, since: d.since })).sort((a, b) => a.since - b.since);
    return { tableId, players: room.players.size, dealers };
  }

  private emit(tableId: string, room: TableRoom): void {
    this.subject.next(this.shape(tableId, room));
  }

  private record(actor: string, role: string, action: string, reason: string, target: string, at: number): void {
    this.audit.record({ actor, role, action, reason, target, at }).catch((e: unknown) => this.log.error(`audit ${action} failed: ${(e as Error).stack ?? String(e)}`));
  }
}

/** What a caller may see of a table's presence: players get the count only (never staff identities). */
export function presenceFor(p: TablePresence, role: AuthUser['role']): TablePresence {
  return role === 'player' ? { tableId: p.tableId, players: p.players } : p;
}
