import { Body, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBody } from '@nestjs/swagger';
import { FlagPlayerBodySchema, PlayerFlagQuerySchema, ReasonBodySchema, type PlayerFlag, type PlayerFlagList } from '@felt-studio/protocol';
import type { AuthUser } from '../auth/auth.types.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { Roles } from '../auth/roles.decorator.js';
import { body } from '../shared/http-errors.js';
import { PlayerFlagsService } from './player-flags.service.js';
import { GuardedController } from '../auth/guarded-controller.decorator.js';

/** Issue 23, "flag a player": the pit's flags on player accounts — read by staff, raised and lifted by a pit boss with a reason (audited). */
@GuardedController('integrity', 'integrity/flags')
export class PlayerFlagsController {
  constructor(private readonly flags: PlayerFlagsService) {}

  @Get()
  @Roles('pitboss', 'admin')
  async list(@Query() q: unknown): Promise<PlayerFlagList> {
    const { all } = body(PlayerFlagQuerySchema, q ?? {});
    return { flags: await this.flags.list(all === '1') };
  }

  @Post()
  @Roles('pitboss')
  @ApiBody({ schema: { type: 'object', required: ['playerId', 'reason'], properties: { playerId: { type: 'string' }, reason: { type: 'string' } } } })
  flag(@CurrentUser() by: AuthUser, @Body() raw: unknown): Promise<PlayerFlag> {
    const b = body(FlagPlayerBodySchema, raw ?? {});
    return this.flags.flag(by, b.playerId, b.reason);
  }

  @Post(':playerId/lift')
  @HttpCode(200)
  @Roles('pitboss')
  @ApiBody({ schema: { type: 'object', required: ['reason'], properties: { reason: { type: 'string' } } } })
  lift(@CurrentUser() by: AuthUser, @Param('playerId') playerId: string, @Body() raw: unknown): Promise<PlayerFlag> {
    return this.flags.lift(by, playerId, body(ReasonBodySchema, raw ?? {}).reason);
  }
}
