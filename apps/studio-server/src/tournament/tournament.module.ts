import { Module } from '@nestjs/common';
import { SeamlessModule } from '../wallet/seamless/seamless.module.js';
import { TournamentController } from './tournament.controller.js';
import { TournamentService } from './tournament.service.js';

/** Issue 24: sit-and-go and scheduled multi-table poker tournaments (docs/tournaments.md). */
@Module({
  imports: [SeamlessModule],
  controllers: [TournamentController],
  providers: [TournamentService],
  exports: [TournamentService],
})
export class TournamentModule {}
