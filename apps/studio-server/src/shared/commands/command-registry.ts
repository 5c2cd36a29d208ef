import type { Result } from '@felt-studio/games';
import type { Actor } from '../command.types.js';
import type { TableCommand } from './table-router.port.js';
import { routeKey, type TableCommandDefinition } from './command.types.js';

/**
 * Every table command this application decides (issue 19 §3), each contributed by the module that owns
 * it when it starts (`add(list)`: BettingModule the `bet.*` commands, RoundsModule `player.decision` and
 * `round.*`, PokerModule the `poker.*` commands). The REST routes, the WS messages, the OpenAPI operations
 * and the router's execution all read this one registry; a second definition of an op (or of a route)
 * fails at boot. Provided once per application by SharedPortsModule (global), token TABLE_COMMANDS.
 */
export class TableCommandRegistry {
  private readonly defs = new Map<string, TableCommandDefinition>();
  private readonly routes = new Map<string, string>();

  /** A module's definitions. */
  add(defs: readonly TableCommandDefinition[]): void {
    for (const d of defs) {
      if (this.defs.has(d.op)) throw new Error(`Table command ${d.op} is defined twice.`);
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

  /** Runs a command on this instance (the router calls it on the owner). */
  async execute(tableId: string, actor: Actor, cmd: TableCommand): Promise<Result<unknown>> {
    const d = this.defs.get(cmd.op);
    if (!d) throw new Error(`No handler for table command ${cmd.op} in this application.`);
    return d.handle(cmd.arrivedAt !== undefined ? { tableId, actor, arrivedAt: cmd.arrivedAt } : { tableId, actor }, cmd.input);
  }
}
