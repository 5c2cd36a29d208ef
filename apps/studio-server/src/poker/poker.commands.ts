import type { Result } from '@felt/games';
import { POKER_WS_MESSAGES, type PokerWsMessage, type Role } from '@felt/protocol';
import type { z } from 'zod';
import type { PokerUser } from './poker-live-tables.js';
import type { PokerTableState } from './poker-table.state.js';

/**
 * What a poker command's handler gets: the caller, and the table's owner (here, or another instance through
 * the cluster's router — `PokerCluster.message`, which answers the table's state after the command).
 */
export interface PokerCommandContext {
  readonly user: PokerUser;
  readonly tables: { message(tableId: string, u: PokerUser, msg: PokerWsMessage, body: Record<string, unknown> & { tableId: string }): Promise<Result<PokerTableState>> };
}

/**
 * One poker table command, defined once (issue 19 §3 shape): its name, its zod schema (the contract in
 * `libs/protocol`), who may send it, and its handler. The socket adapter (`PokerGateway`) is derived from this
 * list; the command registry of the server can take it as is. `view`: the command starts (`watch`) or ends
 * (`unwatch`) the connection's viewing of the table (the adapter's per-connection part: its frames).
 */
export interface PokerCommand<O extends PokerWsMessage = PokerWsMessage> {
  readonly op: O;
  readonly schema: (typeof POKER_WS_MESSAGES)[O];
  readonly roles: readonly Role[];
  readonly view?: 'watch' | 'unwatch';
  handle(ctx: PokerCommandContext, input: z.output<(typeof POKER_WS_MESSAGES)[O]>): Promise<Result<PokerTableState>>;
}

const ANYONE: readonly Role[] = ['player', 'dealer', 'pitboss', 'admin'];
/** Players act; staff only watch here (the pit boss decides over REST: `POST /poker-tables/:id/hand/decisions`). */
const PLAYERS: readonly Role[] = ['player'];

/** A command decided by the table's owner, answered with the table's state (the adapter makes the caller's frame). */
const atTable = <O extends PokerWsMessage>(op: O, roles: readonly Role[], view?: 'watch' | 'unwatch'): PokerCommand<O> => ({
  op,
  schema: POKER_WS_MESSAGES[op],
  roles,
  ...(view ? { view } : {}),
  // the owner (here or elsewhere) decides; a player's join is also the return after a disconnection (S1-REENTRY)
  handle: (ctx, input) => ctx.tables.message(input.tableId, ctx.user, op, input as Record<string, unknown> & { tableId: string }),
});

/** Every `poker.*` command of the contract (`POKER_WS_MESSAGES`), each once. */
export const POKER_COMMANDS: readonly PokerCommand[] = [
  atTable('poker.join', ANYONE, 'watch'),
  atTable('poker.leave-view', ANYONE, 'unwatch'),
  atTable('poker.sit', PLAYERS), // S1-STACK, S1-ENTRY-2
  atTable('poker.waitlist', PLAYERS),
  atTable('poker.top-up', PLAYERS), // S1-STACK
  atTable('poker.sit-out', PLAYERS),
  atTable('poker.sit-in', PLAYERS), // S1-REENTRY
  atTable('poker.straddle', PLAYERS), // S1-STRADDLE
  atTable('poker.stand-up', PLAYERS),
  atTable('poker.act', PLAYERS),
  atTable('poker.time-bank', PLAYERS), // S1-TIMEBANK
  atTable('poker.draw', PLAYERS),
] as readonly PokerCommand[];
