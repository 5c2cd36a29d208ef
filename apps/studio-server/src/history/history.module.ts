import { Module } from '@nestjs/common';
import { RoundsModule } from '../rounds/rounds.module.js';
import { HistoryController } from './history.controller.js';
import { HistoryService } from './history.service.js';

/** Player-facing read side: table results and a player's own rounds. */
@Module({ imports: [RoundsModule], controllers: [HistoryController], providers: [HistoryService] })
export class HistoryModule {}
