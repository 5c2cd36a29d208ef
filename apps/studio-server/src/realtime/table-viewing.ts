import type { Result } from '@felt-studio/games';
import type { Server, Socket } from 'socket.io';
import type { Actor } from '../shared/command.types.js';
import type { TableCommandBus } from '../shared/commands/command-bus.js';
import type { TableCommandDefinition } from '../shared/commands/command.types.js';
import type { TableViewers, ViewerRooms } from '../shared/commands/table-viewers.js';

/**
 * The one gateway's dispatch of a table command (issue 19 §2 "one gateway", §3): every command of the
 * registry runs through the command bus (forwarded to the table's owner); a command that starts or ends
 * the connection's viewing of a table (live poker's `poker.join` / `poker.leave-view`) runs inside its
 * program's viewers, which then send this connection its audience's frames.
 */
export function runTableCommand(bus: TableCommandBus, def: TableCommandDefinition, socket: Socket, actor: Actor, tableId: string, input: unknown, arrivedAt?: number): Promise<Result<unknown>> {
  const run = (): Promise<Result<unknown>> => bus.run(tableId, actor, def.op, input, arrivedAt);
  const v = def.viewing;
  if (!v) return run();
  if (v.mode === 'watch') return v.viewers.watch(socket, actor, tableId, run);
  if (v.mode === 'unwatch') return v.viewers.unwatch(socket, actor, tableId).then(run);
  return run().then((r) => {
    if (r.ok) v.viewers.answered(socket, actor, tableId, r.value);
    return r;
  });
}

/** Every program's viewers named by the registry's definitions (per registry — one per application —, cached while it does not grow). */
const cached = new WeakMap<object, { readonly count: number; readonly viewers: readonly TableViewers[] }>();
function viewersOf(bus: TableCommandBus): readonly TableViewers[] {
  const defs = bus.registry.definitions();
  let c = cached.get(bus.registry);
  if (c?.count !== defs.length) {
    c = { count: defs.length, viewers: [...new Set(defs.flatMap((d) => (d.viewing ? [d.viewing.viewers] : [])))] };
    cached.set(bus.registry, c);
  }
  return c.viewers;
}

/** A closed socket stops viewing every table (S1-DISCONNECT for live poker: its viewers decide). */
export function dropViewer(bus: TableCommandBus, socket: Socket, server: Server | undefined): void {
  const viewers = viewersOf(bus);
  if (viewers.length === 0) return;
  // several instances: the socket.io adapter counts every instance's sockets in the room
  const rooms: ViewerRooms = { count: async (room) => (server ? (await server.in(room).fetchSockets()).length : 0) };
  for (const v of viewers) v.dropped(socket, rooms);
}
