import { Body, Controller, Get, HttpCode, Param, Post, UseGuards, Inject } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { GameCommandBodySchema, PlayerDecisionBodySchema, ReasonBodySchema } from '@felt/protocol';
import type { AuthUser } from '../auth/auth.types.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { JwtAuthGuard } from '../auth/jwt-auth.guard.js';
import { Roles } from '../auth/roles.decorator.js';
import { RolesGuard } from '../auth/roles.guard.js';
import { body, unwrap } from '../shared/http-errors.js';
import { audienceOfRole } from '../kernels/redaction.js';
import { RoundControlService, type PendingRequest } from './round-control.service.js';
import { RoundsService, type Committed } from './rounds.service.js';

type Out = Omit<Committed, 'events'> & { events: { seq: number; type: string }[] };
const out = (c: Committed): Out => ({ ...c, events: c.events.map((e) => ({ seq: e.seq, type: e.type })) });

/** Dealer and pit-boss round control. Every handler checks the role; approvals are audited (issue §9). */
@ApiTags('rounds')
@ApiBearerAuth()
@Controller()
@UseGuards(JwtAuthGuard, RolesGuard)
export class RoundsController {
  constructor(
    @Inject(RoundsService) private readonly rounds: RoundsService,
    @Inject(RoundControlService) private readonly control: RoundControlService,
  ) {}

  /** Dealer starts the next round (tables without automatic cadence). */
  @Post('tables/:id/rounds')
  @Roles('dealer', 'pitboss')
  async open(@Param('id') id: string, @CurrentUser() user: AuthUser): Promise<Out> {
    return out(unwrap(await this.rounds.openRound(id, user)));
  }

  /** "No more bets" (GEN-3). */
  @Post('tables/:id/round/close')
  @HttpCode(200)
  @Roles('dealer', 'pitboss')
  async close(@Param('id') id: string, @CurrentUser() user: AuthUser): Promise<Out> {
    return out(unwrap(await this.control.closeBetting(id, user)));
  }

  @Post('tables/:id/round/void-requests')
  @Roles('dealer', 'pitboss')
  async requestVoid(@Param('id') id: string, @Body() b: unknown, @CurrentUser() user: AuthUser): Promise<PendingRequest> {
    return unwrap(await this.control.requestVoid(id, user, body(ReasonBodySchema, b).reason));
  }

  /** Only a pit boss approves a void, and never their own request (GEN-6, issue §9). */
  @Post('tables/:id/round/void-requests/:requestId/approve')
  @HttpCode(200)
  @Roles('pitboss')
  async approveVoid(@Param('id') id: string, @Param('requestId') requestId: string, @Body() b: unknown, @CurrentUser() user: AuthUser): Promise<Out> {
    return out(unwrap(await this.control.approveVoid(id, requestId, user, body(ReasonBodySchema, b).reason)));
  }

  /** A pit boss voids the round directly (technical error, ROU-6 / GEN-6). */
  @Post('tables/:id/round/void')
  @HttpCode(200)
  @Roles('pitboss')
  async voidRound(@Param('id') id: string, @Body() b: unknown, @CurrentUser() user: AuthUser): Promise<Out> {
    return out(unwrap(await this.control.voidRound(id, user, body(ReasonBodySchema, b).reason)));
  }

  /** A pit boss resumes a stalled round (PlayStalled, issue 9 §5): the step's deadline is re-armed. */
  @Post('tables/:id/round/resume-play')
  @HttpCode(200)
  @Roles('pitboss')
  async resumePlay(@Param('id') id: string, @Body() b: unknown, @CurrentUser() user: AuthUser): Promise<Out> {
    return out(unwrap(await this.control.resumePlay(id, user, body(ReasonBodySchema, b).reason)));
  }

  /** Dealer enters a card/command by hand (S-3); waits for a pit boss. */
  @Post('tables/:id/round/manual-entries')
  @Roles('dealer')
  async manual(@Param('id') id: string, @Body() b: unknown, @CurrentUser() user: AuthUser): Promise<PendingRequest> {
    const { reason, ...command } = body(GameCommandBodySchema, b);
    return unwrap(await this.control.proposeManual(id, user, command as Record<string, unknown> & { type: string }, reason ?? 'manual entry'));
  }

  /** A second person — another pit boss or an admin, never the requester — signs off (issue 9 finding 3). */
  @Post('tables/:id/round/manual-entries/:requestId/approve')
  @HttpCode(200)
  @Roles('pitboss', 'admin')
  async approveManual(@Param('id') id: string, @Param('requestId') requestId: string, @Body() b: unknown, @CurrentUser() user: AuthUser): Promise<Out> {
    return out(unwrap(await this.control.approveManual(id, requestId, user, body(ReasonBodySchema, b).reason)));
  }

  /**
   * Result correction / misdeal resolution / resume, proposed by a pit boss with a reason: stored as a
   * request that a second pit boss or an admin approves (`…/manual-entries/{requestId}/approve`); refused
   * while betting is open (issue 9 finding 3).
   */
  @Post('tables/:id/round/corrections')
  @Roles('pitboss')
  async correct(@Param('id') id: string, @Body() b: unknown, @CurrentUser() user: AuthUser): Promise<PendingRequest> {
    const { reason, ...command } = body(GameCommandBodySchema, b);
    return unwrap(await this.control.correct(id, user, command as Record<string, unknown> & { type: string }, reason ?? ''));
  }

  /** Dealer's direct game command (e.g. DeclareNoSpin, ROU-4). */
  @Post('tables/:id/round/dealer-commands')
  @HttpCode(200)
  @Roles('dealer')
  async dealerCommand(@Param('id') id: string, @Body() b: unknown, @CurrentUser() user: AuthUser): Promise<Out> {
    // The dealer's reason is part of the command where the game records one (DeclareNoSpin, ROU-4).
    const command = body(GameCommandBodySchema, b);
    return out(unwrap(await this.control.dealerCommand(id, user, command as Record<string, unknown> & { type: string })));
  }

  /** A player's decision (blackjack PlayerAction; seat ownership checked by the kernel, BJ-9). */
  @Post('tables/:id/round/decisions')
  @HttpCode(200)
  @Roles('player')
  async decision(@Param('id') id: string, @Body() b: unknown, @CurrentUser() user: AuthUser): Promise<Out> {
    return out(unwrap(await this.control.playerDecision(id, user, body(PlayerDecisionBodySchema, b) as Record<string, unknown> & { type: string })));
  }

  @Get('tables/:id/requests')
  @Roles('dealer', 'pitboss')
  pending(@Param('id') id: string): Promise<PendingRequest[]> {
    return this.control.listPending(id);
  }

  /**
   * Replay: every stored event of a round (pit boss / admin), through the same redactor as the realtime
   * frames while the round is in play (the blackjack hole card stays hidden until the reveal, BJ-5a);
   * once the round is over (resolved, settled, void) the audit trail is complete.
   */
  @Get('rounds/:roundId/events')
  @Roles('pitboss', 'admin')
  async events(@Param('roundId') roundId: string, @CurrentUser() user: AuthUser): Promise<unknown> {
    // The one audience view of stored events (issue 22 §2); an unknown round has no events.
    return (await this.rounds.eventsFor(roundId, audienceOfRole(user.role, user.userId))) ?? [];
  }
}
