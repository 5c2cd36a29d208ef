import type { Result } from '@felt-studio/games';
import { POKER_COMMAND_WIRES, type PokerCommandOp, type PokerTableFrame, type PokerWsMessage, type Role } from '@felt-studio/protocol';
import { z } from 'zod';
import type { Actor } from '../shared/command.types.js';
import { defineCommand, type CommandError, type TableCommandDefinition } from '../shared/commands/command.types.js';
import type { TableViewers } from '../shared/commands/table-viewers.js';
import type { PokerTableState } from './poker-table.state.js';

/**
 * What the poker commands' handlers call on the table's OWNER (the command bus has already forwarded the
 * command there, issue 19 §3: one forwarding mechanism): `PokerCluster`'s owner side and the service's frames.
 */
export interface PokerCommandTables {
  execute(tableId: string, actor: Actor, msg: PokerWsMessage, body: Record<string, unknown>): Promise<Result<PokerTableState>>;
  executeDisconnected(tableId: string, userId: string): Promise<Result<PokerTableState>>;
  pitDecision(tableId: string, decision: z.output<(typeof POKER_COMMAND_WIRES)['poker.hand-decision']['schema']>): Promise<Result<PokerTableState>>;
  /** The caller's own frame (a player's: with their wallet balance). */
  frameFor(s: PokerTableState, actor: Actor): Promise<PokerTableFrame>;
}

const ANYONE: readonly Role[] = ['player', 'dealer', 'pitboss', 'admin'];
/** Players act; staff only watch over the socket (the pit boss decides with `poker.hand-decision`). */
const PLAYERS: readonly Role[] = ['player'];
const STAFF: readonly Role[] = ['pitboss', 'admin'];
const TABLE_ERRORS: readonly CommandError[] = ['POKER_TABLE_NOT_FOUND', 'TABLE_OWNER_UNAVAILABLE', 'GAME_RULES'];

/** The server half of one poker command; the wire half (op, schema, answer, route) is `POKER_COMMAND_WIRES[op]` in libs/protocol. */
interface PokerServerHalf<O extends PokerCommandOp> {
  readonly roles: readonly Role[];
  readonly viewing?: 'watch' | 'unwatch' | 'answer';
  handle(tableId: string, actor: Actor, input: z.output<(typeof POKER_COMMAND_WIRES)[O]['schema']>): Promise<Result<PokerTableState>>;
}

/**
 * Every live-poker table command, each defined once (issue 19 §2/§3): the protocol's wire half plus who may
 * send it and its handler, which runs on the table's owner and answers the caller's own `poker.table` frame.
 * Registered in the one command registry by PokerModule: the one realtime gateway answers each op as a
 * socket message (`poker.join` / `poker.leave-view` start and end the connection's viewing through
 * `viewers`), the generated REST controller mounts `poker.hand-decision`, the OpenAPI document and the SDK
 * read the same definitions, and the command bus forwards every one of them to the table's owner.
 */
export function pokerCommands(tables: PokerCommandTables, viewers: TableViewers | null): TableCommandDefinition[] {
  const define = <O extends PokerCommandOp>(op: O, half: PokerServerHalf<O>): TableCommandDefinition => {
    const w = POKER_COMMAND_WIRES[op];
    return defineCommand({
      op: w.op,
      schema: w.schema as z.ZodType,
      summary: w.summary,
      response: w.response,
      ...('rest' in w ? { rest: w.rest } : {}),
      roles: half.roles,
      errors: TABLE_ERRORS,
      // every poker command's answer is seen by the viewers of the connection that sent it (a player's fresh balance)
      ...(viewers ? { viewing: { viewers, mode: half.viewing ?? 'answer' } } : {}),
      handle: async ({ tableId, actor }, input) => {
        const r = await half.handle(tableId, actor, input as never);
        return r.ok ? { ok: true, value: await tables.frameFor(r.value, actor) } : r;
      },
    });
  };
  /** A contract message: decided by the owner (a player's join is also the return after a disconnection, S1-REENTRY). */
  const message = <O extends PokerCommandOp & PokerWsMessage>(op: O, roles: readonly Role[], viewing?: 'watch' | 'unwatch'): TableCommandDefinition =>
    define(op, { roles, ...(viewing ? { viewing } : {}), handle: (tableId, actor, input) => tables.execute(tableId, actor, op, { ...(input as object), tableId }) });
  return [
    message('poker.join', ANYONE, 'watch'),
    message('poker.leave-view', ANYONE, 'unwatch'),
    message('poker.sit', PLAYERS), // S1-STACK, S1-ENTRY-2
    message('poker.waitlist', PLAYERS),
    message('poker.top-up', PLAYERS), // S1-STACK
    message('poker.sit-out', PLAYERS),
    message('poker.sit-in', PLAYERS), // S1-REENTRY
    message('poker.straddle', PLAYERS), // S1-STRADDLE
    message('poker.stand-up', PLAYERS),
    message('poker.act', PLAYERS),
    message('poker.time-bank', PLAYERS), // S1-TIMEBANK
    message('poker.draw', PLAYERS),
    // P4-IRR / S1-FAIL-RING: misdeal, exposed card, or void the hand in play (pit boss)
    define('poker.hand-decision', { roles: STAFF, handle: (tableId, _actor, input) => tables.pitDecision(tableId, input) }),
    // S1-DISCONNECT: the user's last connection at the table (on any instance) dropped — server-only (the viewers send it)
    defineCommand({ op: POKER_DISCONNECTED, schema: z.object({}).strict(), roles: [], handle: ({ tableId, actor }) => tables.executeDisconnected(tableId, actor.userId) }),
  ];
}

/** The server-only command of S1-DISCONNECT (no client sends it). */
export const POKER_DISCONNECTED = 'poker.disconnected';
