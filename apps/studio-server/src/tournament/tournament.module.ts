import { Module } from '@nestjs/common';
import { RoundsModule } from '../rounds/rounds.module.js';
import { SeamlessModule } from '../wallet/seamless/seamless.module.js';
import { TournamentController } from './tournament.controller.js';
import { TournamentService } from './tournament.service.js';

/** Issue 24: sit-and-go and scheduled multi-table poker tournaments (docs/tournaments.md), a table program of the one host (RoundsModule's TABLE_HOST). */
@Module({
  imports: [RoundsModule, SeamlessModule],
  controllers: [TournamentController],
  providers: [TournamentService],
  exports: [TournamentService],
})
export class TournamentModule {}
