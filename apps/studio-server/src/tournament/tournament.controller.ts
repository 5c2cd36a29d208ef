import { Body, Get, Inject, Param, Post } from '@nestjs/common';
import { CreateTournamentBodySchema, TournamentControlBodySchema, TournamentEntryBodySchema, type TournamentEntryResult, type TournamentLog, type TournamentSummary, type TournamentView } from '@felt-studio/protocol';
import type { AuthUser } from '../auth/auth.types.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { Roles } from '../auth/roles.decorator.js';
import { body, unwrap } from '../shared/http-errors.js';
import { TournamentService } from './tournament.service.js';
import { GuardedController } from '../auth/guarded-controller.decorator.js';

/** Issue 24: the tournament lobby, a tournament as the caller may see it, registration, the pit boss's control and the log. */
@GuardedController('tournaments', 'tournaments')
export class TournamentController {
  constructor(@Inject(TournamentService) private readonly tournaments: TournamentService) {}

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

  @Post(':id/control')
  @Roles('pitboss', 'admin')
  async control(@Param('id') id: string, @CurrentUser() by: AuthUser, @Body() b: unknown): Promise<TournamentView> {
    return unwrap(await this.tournaments.control(by, id, body(TournamentControlBodySchema, b)));
  }

  @Get(':id/log')
  @Roles('pitboss', 'admin')
  async log(@Param('id') id: string): Promise<TournamentLog> {
    return unwrap(await this.tournaments.eventLog(id));
  }
}
