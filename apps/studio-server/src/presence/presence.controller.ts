import { Get } from '@nestjs/common';
import type { TablePresence } from '@felt-studio/protocol';
import type { AuthUser } from '../auth/auth.types.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { Roles } from '../auth/roles.decorator.js';
import { PresenceService, presenceFor } from './presence.service.js';
import { GuardedController } from '../auth/guarded-controller.decorator.js';

/** `GET /presence`: who is at each table now (players: counts; staff: also the dealers at the console). */
@GuardedController('tables', 'presence')
export class PresenceController {
  constructor(private readonly presence: PresenceService) {}

  @Get()
  @Roles('player', 'dealer', 'pitboss', 'admin')
  list(@CurrentUser() user: AuthUser): TablePresence[] {
    return this.presence.list().map((p) => presenceFor(p, user.role));
  }
}
