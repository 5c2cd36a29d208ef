import { Module } from '@nestjs/common';
import { PokerModule } from '../poker/poker.module.js';
import { PokerIntegrityController } from './poker-integrity.controller.js';
import { PokerIntegrityService } from './poker-integrity.service.js';

/** Issue 23 §4: collusion and bots at live poker — a monitor over the poker tables' logs, raising alerts (above poker in the layers: it reads poker's export). */
@Module({
  imports: [PokerModule],
  controllers: [PokerIntegrityController],
  providers: [PokerIntegrityService],
  exports: [PokerIntegrityService],
})
export class PokerIntegrityModule {}
