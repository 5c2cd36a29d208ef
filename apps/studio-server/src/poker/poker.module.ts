import { Module } from '@nestjs/common';
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
import { PokerGateway } from './poker.gateway.js';

/** Live poker tables (issue 11): the table service (one write path per table), the socket messages, the lobby and hand events. */
@Module({
  // SeamlessModule: players of a seamless operator buy in from / cash out to the operator's wallet (issue 12)
  imports: [RoundsModule, IngestModule, SeamlessModule],
  controllers: [PokerController],
  providers: [
    { provide: POKER_TABLES_REPOSITORY, useFactory: (ds: DataSource | null) => (ds === null ? new InMemoryPokerTablesRepository() : new TypeOrmPokerTablesRepository(ds)), inject: [FELT_DATA_SOURCE] },
    PokerTablesService,
    PokerCluster,
    PokerGateway,
    PokerDevicesBridge,
  ],
  exports: [PokerTablesService, PokerCluster],
})
export class PokerModule {}
