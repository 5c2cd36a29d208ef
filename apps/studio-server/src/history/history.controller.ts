import { Get, Param, Query } from '@nestjs/common';
import type { AuthUser } from '../auth/auth.types.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { Roles } from '../auth/roles.decorator.js';
import { unwrap } from '../shared/http-errors.js';
import { TablesService } from '../tables/tables.service.js';
import { HistoryService, type PlayerRoundHistory, type TableResult } from './history.service.js';
import { GuardedController } from '../auth/guarded-controller.decorator.js';

const clamp = (v: string | undefined, dflt: number, max: number): number => Math.min(Math.max(Math.floor(Number(v ?? dflt)) || dflt, 1), max);

/** What a player may read about the past: a table's results and their own rounds. */
@GuardedController('history')
export class HistoryController {
  constructor(
    private readonly history: HistoryService,
    private readonly tables: TablesService,
  ) {}

  /** Finished rounds of the table, newest first, as everyone may see them (no bets): lobby results, roulette statistics, baccarat roads. */
  @Get('tables/:id/results')
  @Roles('player', 'dealer', 'pitboss', 'admin')
  async results(@Param('id') id: string, @Query('limit') limit?: string): Promise<TableResult[]> {
    unwrap(await this.tables.get(id));
    return this.history.tableResults(id, clamp(limit, 100, 500));
  }

  /** The caller's own rounds: bets with their settlement (round id, stake, return per bet). */
  @Get('me/rounds')
  @Roles('player')
  async mine(@CurrentUser() user: AuthUser, @Query('limit') limit?: string): Promise<PlayerRoundHistory[]> {
    return this.history.playerHistory(user.userId, clamp(limit, 30, 200));
  }
}
