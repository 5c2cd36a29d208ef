import { Controller, Delete, HttpCode, Inject, Patch, Post, Put, Req, UseGuards, type Type } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { CommandRoute } from '@felt-studio/protocol';
import { JwtAuthGuard } from '../auth/jwt-auth.guard.js';
import { MetricsService } from '../ops/metrics.service.js';
import { TABLE_COMMAND_BUS } from '../shared/ports/late-bound.js';
import type { CommandRequest, TableCommandBus } from '../shared/commands/command-bus.js';

export interface RoutedCommand {
  readonly op: string;
  readonly rest: CommandRoute;
}

const VERB = { POST: Post, PUT: Put, PATCH: Patch, DELETE: Delete } as const;
/** `/tables/{id}/bets/{betId}` → `tables/:id/bets/:betId` (express). */
export const nestPath = (p: string): string => p.replace(/^\//, '').replace(/\{([^}]+)\}/g, ':$1');

/**
 * The REST side of every table command (issue 19 §3): one route per definition with `rest`, generated
 * here — authenticated and rate-limited by JwtAuthGuard, then the command bus (roles, schema, the
 * table's owner). A new command gets its route from its definition; no controller method is written.
 */
export function tableCommandsController(routes: readonly RoutedCommand[]): Type<unknown> {
  @ApiTags('table commands')
  @ApiBearerAuth()
  @Controller()
  @UseGuards(JwtAuthGuard)
  class TableCommandsController {
    constructor(
      @Inject(TABLE_COMMAND_BUS) readonly bus: TableCommandBus,
      readonly metrics: MetricsService,
    ) {}
  }
  const proto = TableCommandsController.prototype as unknown as Record<string, unknown>;
  for (const r of routes) {
    const key = r.op;
    proto[key] = function (this: TableCommandsController, req: CommandRequest): Promise<unknown> {
      return this.bus.rest(r.op, req, this.metrics.betsRejected);
    };
    // the OpenAPI operationId (`TableCommandsController_betPlace`)
    Object.defineProperty(proto[key], 'name', { value: r.op.replace(/[.-](\w)/g, (_m, c: string) => c.toUpperCase()) });
    const d = Object.getOwnPropertyDescriptor(proto, key);
    if (!d) continue;
    VERB[r.rest.method](nestPath(r.rest.path))(proto, key, d);
    HttpCode(r.rest.status ?? 200)(proto, key, d);
    Req()(proto, key, 0);
  }
  return TableCommandsController;
}
