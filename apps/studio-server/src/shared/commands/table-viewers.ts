import type { Result } from '@felt-studio/games';
import type { Actor } from '../command.types.js';

/** One client connection as a table program's viewers see it (a socket.io socket is one). */
export interface ViewerConnection {
  readonly id: string;
  join(room: string): unknown;
  leave(room: string): unknown;
  emit(event: string, body: unknown): unknown;
}

/** What the one gateway lets a table program's viewers ask about every instance's connections. */
export interface ViewerRooms {
  /** How many connections are in the room on every instance (several instances: asked through the adapter). */
  count(room: string): Promise<number>;
}

/**
 * The per-connection part of a table program's commands (issue 19 §2 "one gateway"): a command marked
 * `viewing: { viewers, mode }` starts (`watch`) or ends (`unwatch`) the connection's viewing of the table;
 * the program's viewers then send that connection its audience's frames after every change. The gateway
 * runs the command through the one command bus (forwarded to the table's owner) inside `watch`, so the
 * viewers can subscribe to the table's changes BEFORE the owner answers (no change falls between).
 */
export interface TableViewers {
  watch(conn: ViewerConnection, actor: Actor, tableId: string, run: () => Promise<Result<unknown>>): Promise<Result<unknown>>;
  unwatch(conn: ViewerConnection, actor: Actor, tableId: string): Promise<void>;
  /** Any other command of the program answered this connection (e.g. live poker keeps the player's fresh balance from the answer). */
  answered(conn: ViewerConnection, actor: Actor, tableId: string, answer: unknown): void;
  /** The connection closed; `rooms`: the gateway's rooms on every instance. */
  dropped(conn: ViewerConnection, rooms: ViewerRooms): void;
}

export interface CommandViewing {
  readonly viewers: TableViewers;
  /** `watch` / `unwatch`: the command starts / ends the viewing; `answer`: the viewers see its answer. */
  readonly mode: 'watch' | 'unwatch' | 'answer';
}
