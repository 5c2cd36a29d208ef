import type { Result } from '@felt-studio/games';
import { TABLE_COMMAND_WIRES, type CommandRoute, type Role, type TableCommandArgs, type TableCommandOp } from '@felt-studio/protocol';
import type { z } from 'zod';
import type { Actor } from '../command.types.js';
import type { ServerErrorCode } from '../error-codes.js';
import type { CommandViewing } from './table-viewers.js';

/**
 * One table command, defined once (issue 19 §3; STYLE.md "A command is defined once"): its op (the WS
 * message name), input schema, who may send it, optional REST route and the handler that runs on the
 * table's owner. Everything else is derived from it:
 * - REST: `commands/` mounts a route per definition with `rest` (one generic controller);
 * - WS: the realtime gateway answers every op with roles (parse, role check, rate limit, session re-check);
 * - forwarding: both transports run it through the table router (the owner's RPC; locally on one instance);
 * - OpenAPI: an operation per REST route (summary, body, response, coded errors from here);
 * - SDK: the wire half (op, schema, response, route) lives in libs/protocol (`TABLE_COMMAND_WIRES`), so the
 *   client's `command(op, …)` and `send(op, …)` are typed from it.
 * A module contributes its list (`<module>.commands.ts`) with `TABLE_COMMANDS.add(list)` when it starts.
 */
export interface TableCommandDefinition<S extends z.ZodType = z.ZodType> {
  readonly op: string;
  /** The input without the table id (REST: path parameters + body; WS: the message minus `tableId`). */
  readonly schema: S;
  /** Who may send it; empty: internal (no REST route, no WS message: only the router runs it, e.g. from a job). */
  readonly roles: readonly Role[];
  readonly rest?: CommandRoute;
  /** OpenAPI: what it does (default: the op). */
  readonly summary?: string;
  /** OpenAPI: the success body. */
  readonly response?: z.ZodType;
  /** OpenAPI: the codes it can answer with besides the common ones (`GAME_RULES`: any game rule code). */
  readonly errors?: readonly CommandError[];
  /**
   * WS only: the command starts or ends the connection's viewing of the table (live poker's `poker.join` /
   * `poker.leave-view`); the gateway runs it inside the program's viewers (`table-viewers.ts`).
   */
  readonly viewing?: CommandViewing;
  /** Runs on the table's owner, which stamps the command time on ITS clock (non-negotiable 1). */
  handle(ctx: CommandContext, input: z.output<S>): Promise<Result<unknown>> | Result<unknown>;
}

export type CommandError = ServerErrorCode | 'GAME_RULES';

export interface CommandContext {
  readonly tableId: string;
  readonly actor: Actor;
  /** Issue 25 §1: the server clock when this process's transport read the command (a bet's time, GEN-3); absent: the handler stamps it. */
  readonly arrivedAt?: number;
}

/** A definition, its input typed from its schema. */
export const defineCommand = <S extends z.ZodType>(d: TableCommandDefinition<S>): TableCommandDefinition => d as unknown as TableCommandDefinition;

/** The server half of a command whose wire half is in libs/protocol (`TABLE_COMMAND_WIRES[op]`). */
export interface ServerHalf<K extends TableCommandOp> {
  readonly roles: readonly Role[];
  readonly errors?: readonly CommandError[];
  handle(ctx: CommandContext, input: TableCommandArgs<K>): Promise<Result<unknown>> | Result<unknown>;
}

/** `fromWire('bet.place', { roles, errors, handle })`: the protocol's wire half plus the server's half. */
export function fromWire<K extends TableCommandOp>(op: K, server: ServerHalf<K>): TableCommandDefinition {
  const w = TABLE_COMMAND_WIRES[op];
  return { op: w.op, schema: w.schema, response: w.response, summary: w.summary, ...(w.rest ? { rest: w.rest } : {}), roles: server.roles, ...(server.errors ? { errors: server.errors } : {}), handle: server.handle as TableCommandDefinition['handle'] };
}

/** The `METHOD /path` key of a REST route (OpenAPI template). */
export const routeKey = (r: CommandRoute): string => `${r.method} ${r.path}`;
