import { Module } from '@nestjs/common';
import { RoundsModule } from '../rounds/rounds.module.js';
import { BettingController } from './betting.controller.js';
import { BettingService } from './betting.service.js';

@Module({
  imports: [RoundsModule],
  controllers: [BettingController],
  providers: [BettingService],
  exports: [BettingService],
})
export class BettingModule {}
