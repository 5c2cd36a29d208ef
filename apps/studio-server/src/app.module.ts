import { Module, type DynamicModule } from '@nestjs/common';
import type { FeltConfig } from './config/config.js';
import './error-codes.js';
import { DealerModule } from './dealer/dealer.module.js';
import { PlatformModule } from './platform.module.js';
import { BettingModule } from './betting/betting.module.js';
import { IngestModule } from './ingest/ingest.module.js';
import { LimitsModule } from './limits/limits.module.js';
import { PitModule } from './pit/pit.module.js';
import { RealtimeModule } from './realtime/realtime.module.js';
import { RoundsModule } from './rounds/rounds.module.js';
import { HistoryModule } from './history/history.module.js';
import { ClusterModule } from './cluster/cluster.module.js';
import { PokerModule } from './poker/poker.module.js';
import { CommandsModule } from './commands/commands.module.js';
import type { TableCommandDefinition } from './shared/commands/command.types.js';
import { StreamsModule } from './streams/streams.module.js';
import { IntegrityModule } from './integrity/integrity.module.js';

/** The studio server: the platform modules (global) + the rounds modules. */
@Module({})
export class AppModule {
  /**
   * `commands`: table-command definitions of no module (each gets its REST route, WS message, OpenAPI
   * operation and forwarding like every other; the modules contribute theirs when they start).
   */
  static forRoot(config: FeltConfig, platform: Parameters<typeof PlatformModule.forRoot>[1] = {}, commands: readonly TableCommandDefinition[] = []): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.forRoot(config, platform),
        // Issue 19 §3: the REST routes of every table command, from their definitions.
        CommandsModule.forRoot({ definitions: commands }),
        // ROUNDS-MODULES (one line per module below this marker)
        RoundsModule,
        DealerModule,
        BettingModule,
        IngestModule,
        RealtimeModule,
        HistoryModule,
        PitModule,
        LimitsModule,
        // Issue 21: table streams (sources, viewers' signed URLs, the media token check).
        StreamsModule,
        // Issue 23: the pit's integrity monitors (wheel bias), fed by the event log.
        IntegrityModule,
        // Issue 11: live poker tables (players play each other).
        PokerModule,
        // Issue 13: table leases across instances when FELT_CLUSTER=1.
        ...(() => {
          const cluster = ClusterModule.fromConfig(config);
          return cluster ? [cluster] : [];
        })(),
      ],
    };
  }
}
