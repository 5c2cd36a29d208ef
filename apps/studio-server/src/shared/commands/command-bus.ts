import type { Result } from '@felt-studio/games';
import { restInputOf, tableIdSchema, type CommandRoute } from '@felt-studio/protocol';
import { z } from 'zod';
import type { Actor } from '../command.types.js';
import { codedError } from '../error-codes.js';
import { parseInput, rejectionError, unwrap } from '../http-errors.js';
import type { TableRouterPort } from './table-router.port.js';
import type { TableCommandRegistry } from './command-registry.js';
import type { TableCommandDefinition } from './command.types.js';

const WsTable = z.object({ tableId: tableIdSchema });

/** What a REST request of a command carries (express, after JwtAuthGuard). */
export interface CommandRequest {
  readonly params: Readonly<Record<string, string | undefined>>;
  readonly body?: unknown;
  readonly user?: Actor;
}

/** Counts malformed bet commands (metric `felt_bets_rejected_total{code}`), as the bet transports always did. */
export interface BetRejections {
  inc(labels: { code: string }): void;
}

/**
 * One path for every table command whatever the transport (issue 19 §3, STYLE.md habit 6): validate with
 * the definition's schema, then run it on the table's owner — through the cluster's table router (Redis
 * RPC) when there are several instances, here otherwise. The REST controller (`commands/`) and the WS
 * gateway both call it; nothing else forwards a table command.
 */
export class TableCommandBus {
  constructor(
    readonly registry: TableCommandRegistry,
    private readonly router: TableRouterPort | null,
  ) {}

  /**
   * On the table's owner (forwarded when this instance does not own the table). `arrivedAt`: when the
   * transport read it (issue 25 §1), the time a bet is decided on here; a forwarded command is restamped by its owner.
   */
  run(tableId: string, actor: Actor, op: string, input: unknown, arrivedAt?: number): Promise<Result<unknown>> {
    const cmd = arrivedAt !== undefined ? { op, input, arrivedAt } : { op, input };
    return this.router ? this.router.run(tableId, actor, cmd) : this.registry.execute(tableId, actor, cmd);
  }

  /** The input of a WS message `{ tableId, ...input }`. */
  parseWs(def: TableCommandDefinition, raw: unknown): Result<{ tableId: string; input: unknown }> {
    const t = parseInput(WsTable, raw);
    if (!t.ok) return t;
    const { tableId: _t, ...rest } = raw as Record<string, unknown>;
    const input = parseInput(def.schema, rest);
    return input.ok ? { ok: true, value: { tableId: t.value.tableId, input: input.value } } : input;
  }

  /** A REST request of a command: roles (403), input (400), the owner's answer (or its coded rejection). */
  async rest(op: string, req: CommandRequest & { readonly feltArrival?: { readonly at: number } }, betsRejected?: BetRejections): Promise<unknown> {
    const def = this.registry.definition(op);
    const route: CommandRoute | undefined = def?.rest;
    if (!def || !route) throw codedError('NOT_FOUND', `Cannot ${op}: no module of this application defines it.`);
    const user = req.user;
    if (user === undefined) throw codedError('UNAUTHENTICATED', 'a valid bearer token is required');
    if (!(def.roles as readonly string[]).includes(user.role)) throw codedError('FORBIDDEN', `role ${user.role} may not do this (allowed: ${def.roles.join(', ')})`);
    const parsed = parseInput(def.schema, restInputOf(route, req.params, req.body));
    if (!parsed.ok) {
      if (op.startsWith('bet.')) betsRejected?.inc({ code: parsed.violation.code });
      throw rejectionError(parsed.violation);
    }
    return answerOf(unwrap(await this.run(req.params['id'] ?? '', user, op, parsed.value, req.feltArrival?.at)));
  }
}

/** Answers (REST bodies, WS acks) never carry raw stored events (a player's answer must not leak others' data): `{seq, type}` only. */
export function answerOf(v: unknown): unknown {
  if (typeof v === 'object' && v !== null && 'events' in v && Array.isArray((v as { events: unknown }).events)) {
    const { events, ...rest } = v as { events: readonly { seq: number; type: string }[] };
    return { ...rest, events: events.map((e) => ({ seq: e.seq, type: e.type })) };
  }
  return v;
}
