import { Module } from '@nestjs/common';
import { RoundsModule } from '../rounds/rounds.module.js';
import { IntegrityController } from './integrity.controller.js';
import { IntegrityService } from './integrity.service.js';

/** Issue 23: the pit's game-security monitors (wheel bias first), fed by the event log, raising alerts. */
@Module({
  imports: [RoundsModule],
  controllers: [IntegrityController],
  providers: [IntegrityService],
  exports: [IntegrityService],
})
export class IntegrityModule {}
