import type { Result } from '@felt/games';
import type { Actor } from '../command.types.js';
import type { TableCommand } from './cluster.port.js';

type Op = TableCommand['op'];
type CommandOf<O extends Op> = Extract<TableCommand, { readonly op: O }>;
export type TableCommandHandler<O extends Op = Op> = (tableId: string, actor: Actor, cmd: CommandOf<O>) => Promise<Result<unknown>> | Result<unknown>;

/**
 * The table commands this instance can decide, each registered by the module that owns it (betting,
 * rounds, poker) when it starts — explicit injection instead of the router looking services up by class
 * (issue 19 §1). The cluster's TableRouter runs a forwarded command through `execute`; `runsHere` is the
 * owning module's answer to "is this table decided here?" for commands under their own lease (poker).
 * Provided once per application by SharedPortsModule (global).
 */
export class TableCommandHandlers {
  private readonly handlers = new Map<Op, TableCommandHandler>();
  private readonly owners = new Map<Op, (tableId: string) => boolean>();

  /** `runsHere`: for commands whose table is run under its own lease (not the table's spot-bet lease). */
  handle<O extends Op>(op: O, handler: TableCommandHandler<O>, runsHere?: (tableId: string) => boolean): void {
    if (this.handlers.has(op)) throw new Error(`Table command ${op} has two handlers.`);
    this.handlers.set(op, handler as unknown as TableCommandHandler); // keyed by its own op: `execute` passes it only commands of that op
    if (runsHere) this.owners.set(op, runsHere);
  }

  /** The owning module's answer for commands under their own lease; null: the table's spot-bet lease decides. */
  runsHere(tableId: string, cmd: TableCommand): boolean | null {
    const owns = this.owners.get(cmd.op);
    return owns ? owns(tableId) : null;
  }

  async execute(tableId: string, actor: Actor, cmd: TableCommand): Promise<Result<unknown>> {
    const h = this.handlers.get(cmd.op);
    if (!h) throw new Error(`No handler for table command ${cmd.op} in this application.`);
    return h(tableId, actor, cmd);
  }
}
