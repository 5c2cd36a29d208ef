import { Get, Param } from '@nestjs/common';
import type { AcceptedBet } from '@felt-studio/games';
import type { AuthUser } from '../auth/auth.types.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { Roles } from '../auth/roles.decorator.js';
import { BettingService } from './betting.service.js';
import { GuardedController } from '../auth/guarded-controller.decorator.js';

/** The player's own bets (a read); the bet commands are betting.commands.ts (issue 19 §3). */
@GuardedController('bets', 'tables/:id/bets')
@Roles('player')
export class BettingController {
  constructor(private readonly betting: BettingService) {}

  @Get('mine')
  mine(@Param('id') id: string, @CurrentUser() user: AuthUser): Promise<AcceptedBet[]> {
    return this.betting.myBets(id, user.userId);
  }
}
