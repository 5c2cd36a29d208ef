import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import { TABLE_COMMANDS } from '../shared/ports/late-bound.js';
import type { TableCommandHandlers } from '../shared/ports/table-commands.js';
import { LimitsModule } from '../limits/limits.module.js';
import { RoundsModule } from '../rounds/rounds.module.js';
import { SeamlessModule } from '../wallet/seamless/seamless.module.js';
import { BettingController } from './betting.controller.js';
import { BettingService } from './betting.service.js';
import { bettingCommands } from './betting.commands.js';

@Module({
  imports: [RoundsModule, LimitsModule, SeamlessModule],
  controllers: [BettingController],
  providers: [BettingService],
  exports: [BettingService],
})
export class BettingModule implements OnModuleInit {
  constructor(
    @Inject(TABLE_COMMANDS) private readonly commands: TableCommandHandlers,
    private readonly betting: BettingService,
  ) {}

  /** The bet commands a table's owner decides (forwarded by the cluster's router, issue 13). */
  onModuleInit(): void {
    this.commands.add(bettingCommands(this.betting));
  }
}
