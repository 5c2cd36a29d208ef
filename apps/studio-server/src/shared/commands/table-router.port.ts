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
  /** When the command was read off the socket or HTTP request on this instance (issue 25 §1); never crosses instances as such. */
  readonly arrivedAt?: number;
  /**
   * A forwarded command's `arrivedAt` on the clock of the instance that read it. The owner stamps the command on
   * ITS clock: now, or — with a skew bound ε configured (FELT_FORWARD_STAMP_SKEW_MS, issue 25 §3) — the earlier of
   * now and `forwardedAt + ε` (`ownerStamp`), never earlier than the bet reached the other instance on the
   * owner's clock while the instances' clocks differ by at most ε.
   */
  readonly forwardedAt?: number;
}

/**
 * A command as it crosses to another instance: its arrival stamp travels as `forwardedAt` (the other
 * instance's clock), never as `arrivedAt` — the owner decides what time the command gets (`ownerStamp`).
 */
export const forwarded = (cmd: TableCommand): TableCommand => {
  if (cmd.arrivedAt === undefined) return cmd;
  const { arrivedAt, ...rest } = cmd;
  return { ...rest, forwardedAt: arrivedAt };
};

/**
 * The owner's stamp of a forwarded command (non-negotiable 1, GEN-3). `skewMs` null: now (the command is
 * timed when the owner runs it, as before issue 25 §3). With a bound ε on the instances' clock difference:
 * min(now, forwardedAt + ε). If the other instance read the bet at owner-time t, its clock showed
 * t − δ with |δ| ≤ ε, so forwardedAt + ε ≥ t: the stamp is never earlier than the bet's true arrival, and a
 * bet that reached any instance after the close is still late. A stamp that is not a finite number: now.
 */
export function ownerStamp(cmd: TableCommand, now: number, skewMs: number | null): { readonly op: string; readonly input: unknown; readonly arrivedAt?: number } {
  const base = { op: cmd.op, input: cmd.input };
  const at = cmd.forwardedAt;
  if (skewMs === null || typeof at !== 'number' || !Number.isFinite(at)) return base;
  return { ...base, arrivedAt: Math.min(now, at + skewMs) };
}

/** The lease key of a command's table: one lease space for every kind of table (issue 19 §2) — the table's id. */
export const leaseKeyOf = (tableId: string, _cmd: TableCommand): string => tableId;

/** Runs a table command on the table's owner: here when this instance owns it, else on the owner (RPC). */
export interface TableRouterPort {
  run(tableId: string, actor: Actor, cmd: TableCommand): Promise<Result<unknown>>;
}
export const TABLE_ROUTER = Symbol('TABLE_ROUTER');
