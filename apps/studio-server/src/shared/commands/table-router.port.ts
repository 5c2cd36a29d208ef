import type { Result } from '@felt-studio/games';
import type { Actor } from '../command.types.js';

/**
 * A table command that must be decided by the table's owner, in a form that crosses instances (JSON).
 * The owner stamps the command time on ITS clock when it runs the command (non-negotiable 1).
 * `{ op, input }`: a command of the registry (shared/commands, issue 19 §3), its input already validated
 * against the definition's schema by the instance the caller reached — every kind of table's (live
 * poker's `poker.*` too, issue 19 §2).
 */
export interface TableCommand {
  readonly op: string;
  readonly input: unknown;
  /** When the command was read off the socket or HTTP request on this instance (issue 25 §1); never crosses instances. */
  readonly arrivedAt?: number;
}

/**
 * A command as it crosses to another instance: without the arrival stamp (issue 25 §1) — the owner
 * stamps a forwarded command on ITS clock, so clock skew between instances never lets a bet in after
 * the close.
 */
export const forwarded = (cmd: TableCommand): TableCommand => {
  if (cmd.arrivedAt === undefined) return cmd;
  const { arrivedAt: _a, ...rest } = cmd;
  return rest;
};

/** The lease key of a command's table: one lease space for every kind of table (issue 19 §2) — the table's id. */
export const leaseKeyOf = (tableId: string, _cmd: TableCommand): string => tableId;

/** Runs a table command on the table's owner: here when this instance owns it, else on the owner (RPC). */
export interface TableRouterPort {
  run(tableId: string, actor: Actor, cmd: TableCommand): Promise<Result<unknown>>;
}
export const TABLE_ROUTER = Symbol('TABLE_ROUTER');
