import { Body, Get, Param, Post } from '@nestjs/common';
import { CreateTournamentBodySchema, TournamentActionBodySchema, TournamentControlBodySchema, TournamentEntryBodySchema, TournamentSeatBodySchema, type TournamentEntryResult, type TournamentTableFrame, type TournamentLog, type TournamentSummary, type TournamentTablesView, type TournamentView } from '@felt-studio/protocol';
import type { AuthUser } from '../auth/auth.types.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { Roles } from '../auth/roles.decorator.js';
import { body, unwrap } from '../shared/http-errors.js';
import { TournamentService } from './tournament.service.js';
import { GuardedController } from '../auth/guarded-controller.decorator.js';

/** Issue 24: the tournament lobby, a tournament as the caller may see it, registration, the pit boss's control and the log. */
@GuardedController('tournaments', 'tournaments')
export class TournamentController {
  constructor(private readonly tournaments: TournamentService) {}

  @Get()
  lobby(): Promise<TournamentSummary[]> {
    return this.tournaments.lobby();
  }

  @Post()
  @Roles('pitboss', 'admin')
  async create(@CurrentUser() by: AuthUser, @Body() b: unknown): Promise<TournamentView> {
    return unwrap(await this.tournaments.create(by, body(CreateTournamentBodySchema, b)));
  }

  @Get(':id')
  async view(@Param('id') id: string, @CurrentUser() viewer: AuthUser): Promise<TournamentView> {
    return unwrap(await this.tournaments.view(id, viewer));
  }

  @Post(':id/entries')
  @Roles('player')
  async register(@Param('id') id: string, @CurrentUser() player: AuthUser, @Body() b: unknown): Promise<TournamentEntryResult> {
    return unwrap(await this.tournaments.register(player, id, body(TournamentEntryBodySchema, b).entryId));
  }

  /** TRN-PLAY: the player's tournament table (the live tables' frame shape; their own hole cards only). */
  @Get(':id/table')
  @Roles('player')
  async table(@Param('id') id: string, @CurrentUser() player: AuthUser): Promise<TournamentTableFrame> {
    return unwrap(await this.tournaments.table(player, id));
  }

  /** TRN-PLAY: take your seat (you act on your turns) or leave it to the robot. */
  @Post(':id/seat')
  @Roles('player')
  async seat(@Param('id') id: string, @CurrentUser() player: AuthUser, @Body() b: unknown): Promise<TournamentTableFrame> {
    return unwrap(await this.tournaments.seat(player, id, body(TournamentSeatBodySchema, b).sitting));
  }

  /** TRN-PLAY: your action in your tournament hand (validated by the hand core: POKER_* codes with their rule IDs). */
  @Post(':id/actions')
  @Roles('player')
  async act(@Param('id') id: string, @CurrentUser() player: AuthUser, @Body() b: unknown): Promise<TournamentTableFrame> {
    return unwrap(await this.tournaments.act(player, id, body(TournamentActionBodySchema, b)));
  }

  @Post(':id/control')
  @Roles('pitboss', 'admin')
  async control(@Param('id') id: string, @CurrentUser() by: AuthUser, @Body() b: unknown): Promise<TournamentView> {
    return unwrap(await this.tournaments.control(by, id, body(TournamentControlBodySchema, b)));
  }

  /** The pit boss's tables: seats, chips and the hands in play (down cards once a hand is over). */
  @Get(':id/tables')
  @Roles('pitboss', 'admin')
  async tables(@Param('id') id: string): Promise<TournamentTablesView> {
    return unwrap(await this.tournaments.staffTables(id));
  }

  @Get(':id/log')
  @Roles('pitboss', 'admin')
  async log(@Param('id') id: string): Promise<TournamentLog> {
    return unwrap(await this.tournaments.eventLog(id));
  }
}
