import { Module } from '@nestjs/common';
import { RoundsModule } from '../rounds/rounds.module.js';
import { PitController } from './pit.controller.js';
import { PitService } from './pit.service.js';

/** The pit-boss dashboard's read side and request denial (see PitController). */
@Module({
  imports: [RoundsModule],
  controllers: [PitController],
  providers: [PitService],
})
export class PitModule {}
