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
import { ChatModule } from './chat/chat.module.js';
import { TournamentModule } from './tournament/tournament.module.js';
import { CommandsModule } from './commands/commands.module.js';
import type { TableCommandDefinition } from './shared/commands/command.types.js';
import { StreamsModule } from './streams/streams.module.js';
import { CameraModule } from './camera/camera.module.js';
import { IntegrityModule } from './integrity/integrity.module.js';
import { PlayerFlagsModule } from './integrity/player-flags.module.js';
import { PokerIntegrityModule } from './poker-integrity/poker-integrity.module.js';

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
        // Issue 21 §2: the demo studio camera (LL-HLS per watched table, behind the stream token).
        CameraModule,
        // Issue 23: the pit's integrity monitors (wheel bias), fed by the event log.
        IntegrityModule,
        // Issue 23: the pit's flags on player accounts (poker's seat gate reads them).
        PlayerFlagsModule,
        // Issue 11: live poker tables (players play each other).
        PokerModule,
        // Issue 23 §4: collusion and bots at live poker, fed by the poker tables' logs.
        PokerIntegrityModule,
        ChatModule,
        // Issue 24: poker tournaments (sit-and-go, scheduled multi-table).
        TournamentModule,
        // Issue 13: table leases across instances when FELT_CLUSTER=1.
        ...(() => {
          const cluster = ClusterModule.fromConfig(config);
          return cluster ? [cluster] : [];
        })(),
      ],
    };
  }
}
