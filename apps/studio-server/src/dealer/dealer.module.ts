import { Module } from '@nestjs/common';
import { RoundsModule } from '../rounds/rounds.module.js';
import { DealerController } from './dealer.controller.js';

/** Dealer console endpoints beyond round control: POST /tables/:id/pit-boss-calls. */
@Module({
  imports: [RoundsModule],
  controllers: [DealerController],
})
export class DealerModule {}
