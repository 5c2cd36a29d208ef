import { Body, Get, HttpCode, Post } from '@nestjs/common';
import { RealityCheckBodySchema, SelfExclusionBodySchema, SetLimitBodySchema } from '@felt-studio/protocol';
import type { AuthUser } from '../auth/auth.types.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { Roles } from '../auth/roles.decorator.js';
import { body, unwrap } from '../shared/http-errors.js';
import { LimitsService, type PlayerLimitsView } from './limits.service.js';
import { GuardedController } from '../auth/guarded-controller.decorator.js';

/** The player's own responsible-gambling settings (§2.9): read, limits, reality check, self-exclusion. */
@GuardedController('responsible gambling', 'me')
@Roles('player')
export class LimitsController {
  constructor(private readonly limits: LimitsService) {}

  @Get('limits')
  get(@CurrentUser() user: AuthUser): PlayerLimitsView {
    return this.limits.view(user.userId);
  }

  @Post('limits')
  @HttpCode(200)
  async set(@CurrentUser() user: AuthUser, @Body() b: unknown): Promise<PlayerLimitsView> {
    return unwrap(await this.limits.setLimit(user.userId, body(SetLimitBodySchema, b)));
  }

  @Post('reality-check')
  @HttpCode(200)
  realityCheck(@CurrentUser() user: AuthUser, @Body() b: unknown): Promise<PlayerLimitsView> {
    return this.limits.setRealityCheck(user.userId, body(RealityCheckBodySchema, b).intervalMinutes);
  }

  /** Self-exclusion: it cannot be lifted or shortened by anyone (a later, longer one extends it). */
  @Post('self-exclusion')
  @HttpCode(200)
  exclude(@CurrentUser() user: AuthUser, @Body() b: unknown): Promise<PlayerLimitsView> {
    return this.limits.selfExclude(user.userId, body(SelfExclusionBodySchema, b).period);
  }
}
