import { Body, Get, Param, Post, Query } from '@nestjs/common';
import type { PokerHandSummary, PokerLobbyEntry } from '@felt-studio/protocol';
import type { AuthUser } from '../auth/auth.types.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { Roles } from '../auth/roles.decorator.js';
import { body, unwrap } from '../shared/http-errors.js';
import { PokerCluster } from './poker-cluster.js';
import { PokerTablesService } from './poker-tables.service.js';
import type { PokerTableDef } from './poker-table.state.js';
import { CreatePokerTableBody } from './poker.schemas.js';
import { GuardedController } from '../auth/guarded-controller.decorator.js';

/**
 * Live poker's reads over REST (and the creation of a table, which is no table's command yet): the lobby,
 * a table's latest hands, a hand's events (redacted per audience). The table commands — the pit boss's
 * decision `POST /poker-tables/:id/hand/decisions` included — are definitions of the one command registry
 * (`poker.commands.ts`), mounted by the generated REST controller (`commands/`).
 * Several instances: the hands and events are answered by the table's owner (OwnerForwardMiddleware forwards them).
 */
@GuardedController('poker', 'poker-tables')
export class PokerController {
  constructor(
    private readonly poker: PokerTablesService,
    private readonly cluster: PokerCluster,
  ) {}

  @Get()
  @Roles('player', 'dealer', 'pitboss', 'admin')
  async lobby(): Promise<{ tables: PokerLobbyEntry[] }> {
    // several instances (issue 13): every instance's tables, whichever instance answers
    return { tables: await this.cluster.lobby() };
  }

  @Post()
  @Roles('pitboss', 'admin')
  async create(@Body() b: unknown): Promise<PokerTableDef> {
    return unwrap(await this.poker.createTable(body(CreatePokerTableBody, b)));
  }

  /** The table's latest hands, newest first (the pit boss's hand history); `limit` 1–100, default 30. */
  @Get(':id/hands')
  @Roles('pitboss', 'admin')
  async hands(@Param('id') id: string, @Query('limit') limit?: string): Promise<{ hands: PokerHandSummary[] }> {
    const n = Math.min(Math.max(Number(limit ?? 30) || 30, 1), 100);
    return { hands: unwrap(await this.poker.recentHands(id, n)) };
  }

  @Get(':id/hands/:handId/events')
  @Roles('player', 'dealer', 'pitboss', 'admin')
  async events(@Param('id') id: string, @Param('handId') handId: string, @CurrentUser() u: AuthUser): Promise<{ handId: string; table: unknown; events: Record<string, unknown>[] }> {
    return unwrap(await this.poker.handEvents(id, handId, { userId: u.userId, name: u.name, role: u.role }));
  }
}
