import { Controller, Get, Inject, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { TablePresence } from '@felt-studio/protocol';
import type { AuthUser } from '../auth/auth.types.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { JwtAuthGuard } from '../auth/jwt-auth.guard.js';
import { Roles } from '../auth/roles.decorator.js';
import { RolesGuard } from '../auth/roles.guard.js';
import { PresenceService, presenceFor } from './presence.service.js';

/** `GET /presence`: who is at each table now (players: counts; staff: also the dealers at the console). */
@ApiTags('tables')
@ApiBearerAuth()
@Controller('presence')
@UseGuards(JwtAuthGuard, RolesGuard)
export class PresenceController {
  constructor(@Inject(PresenceService) private readonly presence: PresenceService) {}

  @Get()
  @Roles('player', 'dealer', 'pitboss', 'admin')
  list(@CurrentUser() user: AuthUser): TablePresence[] {
    return this.presence.list().map((p) => presenceFor(p, user.role));
  }
}
