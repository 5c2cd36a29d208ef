import { Body, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { CreateTableBodySchema, PreOpenCheckBodySchema, TableStatusBodySchema, UpdateTableBodySchema } from '@felt-studio/protocol';
import type { AuthUser } from '../auth/auth.types.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { Roles } from '../auth/roles.decorator.js';
import { body, unwrap } from '../shared/http-errors.js';
import { RoundsService } from './rounds.service.js';
import type { Table } from '../tables/table.model.js';
import { TablesService } from '../tables/tables.service.js';
import { GuardedController } from '../auth/guarded-controller.decorator.js';

/** Tables and their current round (thin edge: validate, call the service, map the result). */
@GuardedController('tables', 'tables')
export class TablesController {
  constructor(
    private readonly tables: TablesService,
    private readonly rounds: RoundsService,
  ) {}

  @Post()
  @Roles('pitboss', 'admin')
  async create(@Body() b: unknown, @CurrentUser() user: AuthUser): Promise<Table> {
    return unwrap(await this.tables.create(body(CreateTableBodySchema, b), user));
  }

  @Get()
  @Roles('player', 'dealer', 'pitboss', 'admin')
  list(): Promise<Table[]> {
    return this.tables.list();
  }

  @Get(':id')
  @Roles('player', 'dealer', 'pitboss', 'admin')
  async get(@Param('id') id: string): Promise<Table> {
    return unwrap(await this.tables.get(id));
  }

  @Patch(':id')
  @Roles('pitboss', 'admin')
  async update(@Param('id') id: string, @Body() b: unknown, @CurrentUser() user: AuthUser): Promise<Table> {
    return unwrap(await this.tables.update(id, body(UpdateTableBodySchema, b), user));
  }

  /** ROU-7: the pit boss records the pre-open check (table, wheel level, free running, ball). */
  @Post(':id/pre-open-check')
  @Roles('pitboss')
  async preOpen(@Param('id') id: string, @Body() b: unknown, @CurrentUser() user: AuthUser): Promise<Table> {
    return unwrap(await this.tables.recordPreOpenCheck(id, body(PreOpenCheckBodySchema, b), user));
  }

  /** Open / close / pause / maintenance, audited with the reason. */
  @Post(':id/status')
  @Roles('pitboss', 'admin')
  async status(@Param('id') id: string, @Body() b: unknown, @CurrentUser() user: AuthUser): Promise<Table> {
    const s = body(TableStatusBodySchema, b);
    return unwrap(await this.tables.setStatus(id, s.status, s.reason, user));
  }

  /** The current round as the caller may see it (players: redacted view, their own bets only). */
  @Get(':id/round')
  @Roles('player', 'dealer', 'pitboss', 'admin')
  async round(@Param('id') id: string, @CurrentUser() user: AuthUser): Promise<unknown> {
    unwrap(await this.tables.get(id));
    return this.rounds.viewOf(id, user.role === 'player' ? { role: 'player', playerId: user.userId } : user.role === 'dealer' ? { role: 'dealer' } : { role: 'pitboss' });
  }

  /** Round history of the table (read model rows; state for staff only). */
  @Get(':id/rounds')
  @Roles('dealer', 'pitboss', 'admin')
  async history(@Param('id') id: string, @Query('limit') limit?: string): Promise<unknown> {
    unwrap(await this.tables.get(id));
    return this.rounds.history(id, Math.min(Math.max(Number(limit ?? 20) || 20, 1), 200));
  }
}
