import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import { LimitsModule } from '../limits/limits.module.js';
import { PlayerFlagsModule } from '../integrity/player-flags.module.js';
import { FELT_CONFIG, type FeltConfig } from '../config/config.js';
import { POKER_TIMINGS, timingsOf } from './poker-live-tables.js';
import { LateBound, POKER_TABLE_NAMES, TABLE_COMMANDS, type PokerTableNames } from '../shared/ports/late-bound.js';
import type { TableCommandHandlers } from '../shared/ports/table-commands.js';
import type { DataSource } from 'typeorm';
import { FELT_DATA_SOURCE } from '../persistence/persistence.module.js';
import { IngestModule } from '../ingest/ingest.module.js';
import { RoundsModule } from '../rounds/rounds.module.js';
import { SeamlessModule } from '../wallet/seamless/seamless.module.js';
import { PokerDevicesBridge } from './poker-devices.bridge.js';
import { InMemoryPokerTablesRepository, POKER_TABLES_REPOSITORY, TypeOrmPokerTablesRepository } from './poker-table.repository.js';
import { PokerCluster } from './poker-cluster.js';
import { PokerTablesService } from './poker-tables.service.js';
import { PokerController } from './poker.controller.js';
import { PokerViewers } from './poker-viewers.js';
import { pokerCommands } from './poker.commands.js';

/**
 * Live poker tables (issue 11): the table program of the one table host, its commands (one definition each,
 * in the one command registry: the realtime gateway and the generated REST controller answer them), its
 * viewers on the one gateway, the lobby and hand events.
 */
@Module({
  // PlayerFlagsModule: a flagged player takes no new seat (issue 23)
  // SeamlessModule: players of a seamless operator buy in from / cash out to the operator's wallet (issue 12)
  imports: [RoundsModule, IngestModule, SeamlessModule, LimitsModule, PlayerFlagsModule],
  controllers: [PokerController],
  providers: [
    { provide: POKER_TIMINGS, useFactory: (config: FeltConfig) => timingsOf(config), inject: [FELT_CONFIG] },
    { provide: POKER_TABLES_REPOSITORY, useFactory: (ds: DataSource | null) => (ds === null ? new InMemoryPokerTablesRepository() : new TypeOrmPokerTablesRepository(ds)), inject: [FELT_DATA_SOURCE] },
    PokerTablesService,
    PokerCluster,
    PokerViewers,
    PokerDevicesBridge,
  ],
  exports: [PokerTablesService, PokerCluster],
})
export class PokerModule implements OnModuleInit {
  constructor(
    @Inject(TABLE_COMMANDS) private readonly commands: TableCommandHandlers,
    @Inject(POKER_TABLE_NAMES) private readonly names: LateBound<PokerTableNames>,
    private readonly cluster: PokerCluster,
    private readonly tables: PokerTablesService,
    private readonly viewers: PokerViewers,
  ) {}

  /** Poker's commands join the one registry (run on the holder of the table's lease, forwarded by the command bus); the dealer's pit-boss call names a poker table. */
  onModuleInit(): void {
    const { tables } = this;
    this.commands.add(pokerCommands(this.cluster, this.viewers));
    this.names.bind({ nameOf: (tableId) => tables.lobby().find((p) => p.tableId === tableId)?.name ?? null });
  }
}
