import { Inject, Module, type DynamicModule, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import { POKER_COMMAND_WIRES, TABLE_COMMAND_WIRES } from '@felt-studio/protocol';
import { TableCommandRegistry } from '../shared/commands/command-registry.js';
import { routeKey, type TableCommandDefinition } from '../shared/commands/command.types.js';
import { TABLE_COMMANDS } from '../shared/ports/late-bound.js';
import { tableCommandsController, type RoutedCommand } from './table-commands.controller.js';

/** The REST routes mounted for table commands (the OpenAPI document reads them). */
export const COMMAND_ROUTES = Symbol('COMMAND_ROUTES');
const EXTRA_COMMANDS = Symbol('EXTRA_COMMANDS');

export interface CommandsOptions {
  /** Definitions that belong to no module (the composition root's own, or a test's): registered here. */
  readonly definitions?: readonly TableCommandDefinition[];
  /**
   * Routes of definitions a module registers itself whose wire half is not in `TABLE_COMMAND_WIRES`
   * (e.g. `pokerCommands(…).map(({ op, rest }) => …)`: op and route are static even when the handler is not).
   */
  readonly routes?: readonly RoutedCommand[];
}

/**
 * Table commands over REST (issue 19 §3): one generated controller (the command bus of SharedPortsModule
 * runs them, as it runs the WS messages). At boot every mounted route must match its definition and every
 * definition with a route must be mounted (a command defined in one place only fails the boot, as a
 * missing or duplicate job handler does).
 */
@Module({})
export class CommandsModule implements OnModuleInit, OnApplicationBootstrap {
  constructor(
    @Inject(TABLE_COMMANDS) private readonly registry: TableCommandRegistry,
    @Inject(COMMAND_ROUTES) private readonly routes: readonly RoutedCommand[],
    @Inject(EXTRA_COMMANDS) private readonly extra: readonly TableCommandDefinition[],
  ) {}

  /** Mounts the route of every command of libs/protocol's wire lists (`TABLE_COMMAND_WIRES`, live poker's `POKER_COMMAND_WIRES`) that has one, and of each extra definition. */
  static forRoot(o: CommandsOptions = {}): DynamicModule {
    const definitions = o.definitions ?? [];
    const wires: readonly RoutedCommand[] = [...Object.values(TABLE_COMMAND_WIRES), ...Object.values(POKER_COMMAND_WIRES)].flatMap((w) => ('rest' in w && w.rest ? [{ op: w.op, rest: w.rest }] : []));
    const routes = [...wires, ...(o.routes ?? []), ...definitions.flatMap((d) => (d.rest && d.roles.length > 0 ? [{ op: d.op, rest: d.rest }] : []))];
    return {
      module: CommandsModule,
      global: true,
      controllers: [tableCommandsController(routes)],
      providers: [
        { provide: COMMAND_ROUTES, useValue: routes },
        { provide: EXTRA_COMMANDS, useValue: definitions },
      ],
      exports: [COMMAND_ROUTES],
    };
  }

  onModuleInit(): void {
    this.registry.add(this.extra);
  }

  onApplicationBootstrap(): void {
    const mounted = new Map(this.routes.map((r) => [r.op, routeKey(r.rest)]));
    for (const [op, key] of mounted) {
      const d = this.registry.definition(op);
      if (!d) continue; // a module not in this application (a partial test app): its routes answer 404
      if (!d.rest || routeKey(d.rest) !== key) throw new Error(`The table command ${op} is mounted at ${key} but defines ${d.rest ? routeKey(d.rest) : 'no route'}.`);
    }
    for (const d of this.registry.definitions()) {
      if (d.rest && d.roles.length > 0 && !mounted.has(d.op)) throw new Error(`The table command ${d.op} defines ${routeKey(d.rest)}, which is not mounted (add its wire to CommandsModule.forRoot).`);
    }
  }
}
