import { Inject, Injectable, Logger, Optional, type NestMiddleware } from '@nestjs/common';
import { errorBodyOf, statusOf } from '../shared/error-codes.js';
import { rejection } from '../shared/command.types.js';
import { TABLE_OWNER_GUARD } from '../shared/ports/cluster.port.js';
import type { TableCommandRegistry } from '../shared/commands/command-registry.js';
import { TABLE_COMMANDS } from '../shared/ports/late-bound.js';
import type { InstanceDirectory } from './instance-directory.js';
import type { OwnedTables } from './owned-tables.js';
import { TABLE_LEASES, type TableLeases } from './table-lease.js';

export const INSTANCE_DIRECTORY = Symbol('INSTANCE_DIRECTORY');
export const FORWARD_TIMEOUT_MS = Symbol('FORWARD_TIMEOUT_MS');
/** Set on a forwarded request: the owner runs it itself (never forwards it again). */
export const FORWARDED_BY_HEADER = 'x-felt-forwarded-by';

interface Req {
  readonly method: string;
  readonly originalUrl: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body?: unknown;
}
interface Res {
  status(code: number): Res;
  setHeader(name: string, value: string): unknown;
  send(body: string): unknown;
}

/** `/tables/<id>` and `/tables/<id>/…`: every write under a table is decided by the table's owner. */
const TABLE_PATH = /^\/tables\/([^/?#]+)(?:[/?#]|$)/;
/** Reads only the owner can answer: the table's device health lives with its ingest session (issue 13). */
const OWNER_READ = /^\/tables\/[^/?#]+\/devices\/?(?:[?#]|$)/;
/** `/poker-tables/<id>/…` (not the lobby, not creating a table): a live poker table's owner reads (its commands, the pit boss's decision included, are the command bus's). */
const POKER_PATH = /^\/poker-tables\/([^/?#]+)\/[^?#]/;
/** `/tournaments/<id>/entries|control|seat|actions` (issue 24; TRN-PLAY): a tournament's writes go to the instance holding its lease (its id: a table of the one host, its clock's owner); `/table` too (a player's hand as the owner has it). */
const TOURNAMENT_PATH = /^\/tournaments\/([^/?#]+)\/(?:entries|control|seat|actions|table)\/?(?:[?#]|$)/;
/** The player's tournament table is read from the owner (the hand in play, its clock). */
const TOURNAMENT_OWNER_READ = /^\/tournaments\/[^/?#]+\/table\/?(?:[?#]|$)/;
/** A hand's events are read from the owner's hand index and state (issue 11). */
const POKER_OWNER_READ = /^\/poker-tables\/[^/?#]+\/hands(?:\/[^/?#]+\/events)?\/?(?:[?#]|$)/;

/**
 * REST side of the table routing (issue 13 point 4): a write (POST/PUT/PATCH/DELETE) under
 * `/tables/<id>` that reaches an instance not owning the table is forwarded over HTTP to the owner's
 * advertised URL with the caller's own bearer token (the owner authenticates and authorises it
 * again, and decides on its own clock — non-negotiable 1); its status and body are the answer. Reads
 * are answered locally (from the event log, see RoundsService), except `GET /tables/<id>/devices` (the
 * device health the owner's ingest keeps), which is forwarded the same way. No owner (a closed table, or a
 * takeover under way): the request runs here, where the rounds write path refuses round writes with
 * TABLE_OWNER_UNAVAILABLE. Owner unreachable or too slow: 503 TABLE_OWNER_UNAVAILABLE (retry).
 * Live poker tables (`/poker-tables/<id>/…`, lease `<id>` like every table): a table's hands and a hand's
 * events are forwarded to the table's owner the same way (the pit boss's decision is a table command: the bus forwards it).
 * A tournament's registration, control, a player's seat and actions and their table (`/tournaments/<id>/entries|control|seat|actions|table`, lease: its id, issue 24) go
 * to the instance advancing its clock the same way; with no owner they run here (the tournament service decides on
 * the log caught up, the expected seq refuses a raced write).
 */
@Injectable()
export class OwnerForwardMiddleware implements NestMiddleware<Req, Res> {
  private readonly log = new Logger('OwnerForward');
  constructor(
    @Inject(TABLE_OWNER_GUARD) private readonly owned: OwnedTables,
    @Inject(TABLE_LEASES) private readonly leases: TableLeases,
    @Inject(FORWARD_TIMEOUT_MS) private readonly timeoutMs: number,
    @Inject(TABLE_COMMANDS) private readonly commands: TableCommandRegistry,
    /** Absent without Redis (in-process leases: one instance). */
    @Optional() @Inject(INSTANCE_DIRECTORY) private readonly directory: InstanceDirectory | null = null,
  ) {}

  use(req: Req, res: Res, next: (e?: unknown) => void): void {
    this.route(req, res).then(
      (handled) => {
        if (!handled) next();
      },
      (e: unknown) => next(e),
    );
  }

  private async route(req: Req, res: Res): Promise<boolean> {
    const ownerRead = req.method === 'GET' && (OWNER_READ.test(req.originalUrl) || POKER_OWNER_READ.test(req.originalUrl) || TOURNAMENT_OWNER_READ.test(req.originalUrl));
    if (this.directory === null || (!ownerRead && (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS')) || req.headers[FORWARDED_BY_HEADER] !== undefined) return false;
    // Table commands are never forwarded here: their route runs them through the table router (issue 19 §3: one mechanism).
    if (this.isCommand(req.method, req.originalUrl)) return false;
    const tr = TOURNAMENT_PATH.exec(req.originalUrl);
    const pk = tr ? null : POKER_PATH.exec(req.originalUrl);
    const m = tr ?? pk ?? TABLE_PATH.exec(req.originalUrl);
    if (!m?.[1]) return false;
    // a tournament is a table of the one host (issue 19 §2): its lease is its id; its writes are not table commands
    const tableId = decodeURIComponent(m[1]);
    // one lease space (issue 19 §2): a live poker table holds the same kind of lease as a rounds table, its id
    if (!pk && !tr && this.owned.owns(tableId)) return false;
    const owner = await this.leases.owner(tableId); // one lease space for every kind of table (issue 19 §2)
    if (owner === null || owner === this.owned.instanceId) return false;
    const url = await this.directory.urlOf(owner);
    if (url === null) return this.unavailable(res, tableId, `its owner (${owner}) has no advertised address`);
    const headers: Record<string, string> = { [FORWARDED_BY_HEADER]: this.owned.instanceId };
    for (const h of ['authorization', 'content-type', 'x-request-id', 'idempotency-key']) {
      const v = req.headers[h];
      if (typeof v === 'string') headers[h] = v;
    }
    const hasBody = req.body !== undefined && !(typeof req.body === 'object' && req.body !== null && Object.keys(req.body).length === 0 && headers['content-type'] === undefined);
    try {
      const r = await fetch(`${url}${req.originalUrl}`, { method: req.method, headers, ...(hasBody ? { body: JSON.stringify(req.body) } : {}), signal: AbortSignal.timeout(this.timeoutMs) });
      const text = await r.text();
      res.status(r.status);
      const type = r.headers.get('content-type');
      if (type) res.setHeader('content-type', type);
      res.send(text);
      return true;
    } catch (e) {
      this.log.warn({ msg: 'forward to the owner failed', tableId, owner, error: (e as Error).message });
      return this.unavailable(res, tableId, `its owner (${owner}) did not answer`);
    }
  }

  private commandRoutes: { readonly count: number; readonly routes: readonly { method: string; path: RegExp }[] } = { count: -1, routes: [] };

  /** Is this request a table command's route (from the registry's definitions)? */
  private isCommand(method: string, url: string): boolean {
    const defs = this.commands.definitions();
    if (this.commandRoutes.count !== defs.length) {
      const routes = defs.flatMap((d) => (d.rest ? [{ method: d.rest.method, path: new RegExp(`^${d.rest.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/?#]+')}/?(?:[?#]|$)`) }] : []));
      this.commandRoutes = { count: defs.length, routes };
    }
    return this.commandRoutes.routes.some((r) => r.method === method && r.path.test(url));
  }

  private unavailable(res: Res, tableId: string, why: string): true {
    const body = errorBodyOf(rejection('TABLE_OWNER_UNAVAILABLE', 'GEN-3', `Table ${tableId}: ${why}; retry shortly.`, { tableId, retryable: true }));
    res.status(statusOf(body.code)).setHeader('content-type', 'application/json');
    res.send(JSON.stringify(body));
    return true;
  }
}
