import { Get, Param } from '@nestjs/common';
import type { AuthUser } from '../auth/auth.types.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { Roles } from '../auth/roles.decorator.js';
import { audienceOfRole } from '../kernels/redaction.js';
import { RoundControlService, type PendingRequest } from './round-control.service.js';
import { RoundsService } from './rounds.service.js';
import { GuardedController } from '../auth/guarded-controller.decorator.js';

/** Reads of round control (the commands themselves are rounds.commands.ts, issue 19 §3). Every handler checks the role (issue §9). */
@GuardedController('rounds')
export class RoundsController {
  constructor(
    private readonly rounds: RoundsService,
    private readonly control: RoundControlService,
  ) {}

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
