import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { BulkBetBodySchema, PlaceBetBodySchema, PlaceLayoutBodySchema, type LayoutResult } from '@felt/protocol';
import type { AcceptedBet } from '@felt/games';
import type { AuthUser } from '../auth/auth.types.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { JwtAuthGuard } from '../auth/jwt-auth.guard.js';
import { Roles } from '../auth/roles.decorator.js';
import { RolesGuard } from '../auth/roles.guard.js';
import type { ZodType } from 'zod';
import { parseInput, unwrap } from '../shared/http-errors.js';
import { ROUNDS_METRICS, type RoundsMetricsPort } from '../shared/ports/rounds.ports.js';
import { BettingService, type BetOutcome } from './betting.service.js';

type Out = Omit<BetOutcome, 'events'>;
const out = ({ events: _e, ...rest }: BetOutcome): Out => rest;

/** Player bets over REST (the WebSocket gateway calls the same service methods). */
@ApiTags('bets')
@ApiBearerAuth()
@Controller('tables/:id/bets')
@UseGuards(JwtAuthGuard, RolesGuard)
@Roles('player')
export class BettingController {
  constructor(
    @Inject(BettingService) private readonly betting: BettingService,
    @Inject(ROUNDS_METRICS) private readonly metrics: RoundsMetricsPort,
  ) {}

  /** A malformed bet body is a rejected bet too (metric `betsRejected{code=INVALID_INPUT}`). */
  private input<T>(schema: ZodType<T>, b: unknown): T {
    const r = parseInput(schema, b);
    if (!r.ok) this.metrics.betsRejected.inc({ code: r.violation.code });
    return unwrap(r);
  }

  @Post()
  @HttpCode(200)
  async place(@Param('id') id: string, @Body() b: unknown, @CurrentUser() user: AuthUser): Promise<Out> {
    return out(unwrap(await this.betting.place(id, user, this.input(PlaceBetBodySchema, b))));
  }

  /** A whole layout as one command (issue 13): one answer per chip. */
  @Post('layout')
  @HttpCode(200)
  async layout(@Param('id') id: string, @Body() b: unknown, @CurrentUser() user: AuthUser): Promise<LayoutResult> {
    return unwrap(await this.betting.placeLayout(id, user, this.input(PlaceLayoutBodySchema, b).bets));
  }

  @Post('rebet')
  @HttpCode(200)
  async rebet(@Param('id') id: string, @Body() b: unknown, @CurrentUser() user: AuthUser): Promise<Out> {
    return out(unwrap(await this.betting.rebet(id, user, this.input(BulkBetBodySchema, b).requestId)));
  }

  @Post('double')
  @HttpCode(200)
  async double(@Param('id') id: string, @Body() b: unknown, @CurrentUser() user: AuthUser): Promise<Out> {
    return out(unwrap(await this.betting.double(id, user, this.input(BulkBetBodySchema, b).requestId)));
  }

  @Delete(':betId')
  async cancel(@Param('id') id: string, @Param('betId') betId: string, @CurrentUser() user: AuthUser): Promise<Out> {
    return out(unwrap(await this.betting.cancel(id, user, betId)));
  }

  @Get('mine')
  mine(@Param('id') id: string, @CurrentUser() user: AuthUser): Promise<AcceptedBet[]> {
    return this.betting.myBets(id, user.userId);
  }
}
