import type { Result } from '@felt/games';
import type { Actor } from '../command.types.js';
import type { PokerTableCommand, TableCommand } from './table-router.port.js';
import { routeKey, type TableCommandDefinition } from './command.types.js';

type PokerOp = PokerTableCommand['op'];
type PokerCommandOf<O extends PokerOp> = Extract<PokerTableCommand, { readonly op: O }>;
export type TableCommandHandler<O extends PokerOp = PokerOp> = (tableId: string, actor: Actor, cmd: PokerCommandOf<O>) => Promise<Result<unknown>> | Result<unknown>;

/**
 * Every table command this application decides (issue 19 §3), each contributed by the module that owns
 * it when it starts (`add(list)`: BettingModule the `bet.*` commands, RoundsModule `player.decision` and
 * `round.*`). The REST routes, the WS messages, the OpenAPI operations and the router's execution all
 * read this one registry; a second definition of an op (or of a route) fails at boot.
 * The live-poker messages (`poker.message`, `poker.disconnected`) still come through `handle` with their
 * own "runs here" answer (the `poker:<tableId>` lease) until poker contributes its definitions too.
 * Provided once per application by SharedPortsModule (global), token TABLE_COMMANDS.
 */
export class TableCommandRegistry {
  private readonly defs = new Map<string, TableCommandDefinition>();
  private readonly routes = new Map<string, string>();
  private readonly handlers = new Map<PokerOp, TableCommandHandler>();
  private readonly owners = new Map<PokerOp, (tableId: string) => boolean>();

  /** A module's definitions. */
  add(defs: readonly TableCommandDefinition[]): void {
    for (const d of defs) {
      if (this.defs.has(d.op) || this.handlers.has(d.op as PokerOp)) throw new Error(`Table command ${d.op} is defined twice.`);
      if (d.rest) {
        const key = routeKey(d.rest);
        const other = this.routes.get(key);
        if (other !== undefined) throw new Error(`Table commands ${other} and ${d.op} have the same route ${key}.`);
        this.routes.set(key, d.op);
      }
      this.defs.set(d.op, d);
    }
  }

  definition(op: string): TableCommandDefinition | undefined {
    return this.defs.get(op);
  }

  definitions(): TableCommandDefinition[] {
    return [...this.defs.values()];
  }

  /** Live poker's messages (under their own lease, with `runsHere`). */
  handle<O extends PokerOp>(op: O, handler: TableCommandHandler<O>, runsHere?: (tableId: string) => boolean): void {
    if (this.handlers.has(op) || this.defs.has(op)) throw new Error(`Table command ${op} has two handlers.`);
    this.handlers.set(op, handler as unknown as TableCommandHandler); // keyed by its own op: `execute` passes it only commands of that op
    if (runsHere) this.owners.set(op, runsHere);
  }

  /** The owning module's answer for commands under their own lease; null: the table's lease decides. */
  runsHere(tableId: string, cmd: TableCommand): boolean | null {
    const owns = this.owners.get(cmd.op as PokerOp);
    return owns ? owns(tableId) : null;
  }

  /** Runs a command on this instance (the router calls it on the owner). */
  async execute(tableId: string, actor: Actor, cmd: TableCommand): Promise<Result<unknown>> {
    const d = this.defs.get(cmd.op);
    if (d && 'input' in cmd) return d.handle(cmd.arrivedAt !== undefined ? { tableId, actor, arrivedAt: cmd.arrivedAt } : { tableId, actor }, cmd.input);
    const h = this.handlers.get(cmd.op as PokerOp);
    if (!h) throw new Error(`No handler for table command ${cmd.op} in this application.`);
    return h(tableId, actor, cmd as PokerTableCommand);
  }
}
