import type { Result } from '@felt/games';
import type { PokerWsMessage } from '@felt/protocol';
import type { Actor } from '../command.types.js';

/**
 * A table command that must be decided by the table's owner, in a form that crosses instances (JSON).
 * The owner stamps the command time on ITS clock when it runs the command (non-negotiable 1).
 * `{ op, input }`: a command of the registry (shared/commands, issue 19 §3), its input already validated
 * against the definition's schema by the instance the caller reached.
 */
export type TableCommand = { readonly op: string; readonly input: unknown; readonly arrivedAt?: number } | PokerTableCommand;

/**
 * A command as it crosses to another instance: without the arrival stamp (issue 25 §1) — the owner
 * stamps a forwarded command on ITS clock, so clock skew between instances never lets a bet in after
 * the close.
 */
export const forwarded = (cmd: TableCommand): TableCommand => {
  if (!('arrivedAt' in cmd)) return cmd;
  const { arrivedAt: _a, ...rest } = cmd;
  return rest;
};

/** Live poker (issue 11), until poker contributes command definitions: decided by the holder of the table's lease (the table host's one lease space). */
export type PokerTableCommand =
  /** A validated `poker.*` message; answers the table state. */
  | { readonly op: 'poker.message'; readonly msg: PokerWsMessage; readonly body: Record<string, unknown> & { readonly tableId: string } }
  /** S1-DISCONNECT: the user's last socket at the poker table (on any instance) dropped. */
  | { readonly op: 'poker.disconnected' };

/** The lease key of a command's table: one lease space for every kind of table (issue 19 §2) — the table's id. */
export const leaseKeyOf = (tableId: string, _cmd: TableCommand): string => tableId;

/** Runs a table command on the table's owner: here when this instance owns it, else on the owner (RPC). */
export interface TableRouterPort {
  run(tableId: string, actor: Actor, cmd: TableCommand): Promise<Result<unknown>>;
}
export const TABLE_ROUTER = Symbol('TABLE_ROUTER');

