import { Module } from '@nestjs/common';
import { LimitsModule } from '../limits/limits.module.js';
import { RoundsModule } from '../rounds/rounds.module.js';
import { SeamlessModule } from '../wallet/seamless/seamless.module.js';
import { BettingController } from './betting.controller.js';
import { BettingService } from './betting.service.js';

@Module({
  imports: [RoundsModule, LimitsModule, SeamlessModule],
  controllers: [BettingController],
  providers: [BettingService],
  exports: [BettingService],
})
export class BettingModule {}
