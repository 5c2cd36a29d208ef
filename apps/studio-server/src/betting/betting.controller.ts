import { Controller, Get, Inject, Param, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { AcceptedBet } from '@felt-studio/games';
import type { AuthUser } from '../auth/auth.types.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { JwtAuthGuard } from '../auth/jwt-auth.guard.js';
import { Roles } from '../auth/roles.decorator.js';
import { RolesGuard } from '../auth/roles.guard.js';
import { BettingService } from './betting.service.js';

/** The player's own bets (a read); the bet commands are betting.commands.ts (issue 19 §3). */
@ApiTags('bets')
@ApiBearerAuth()
@Controller('tables/:id/bets')
@UseGuards(JwtAuthGuard, RolesGuard)
@Roles('player')
export class BettingController {
  constructor(@Inject(BettingService) private readonly betting: BettingService) {}

  @Get('mine')
  mine(@Param('id') id: string, @CurrentUser() user: AuthUser): Promise<AcceptedBet[]> {
    return this.betting.myBets(id, user.userId);
  }
}
