import { Module } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { FELT_DATA_SOURCE } from '../persistence/persistence.module.js';
import { PlayerFlagsController } from './player-flags.controller.js';
import { InMemoryPlayerFlagsRepository, PLAYER_FLAGS_REPOSITORY, PlayerFlagsService, TypeOrmPlayerFlagsRepository } from './player-flags.service.js';

/** Issue 23, "flag a player": the flags on player accounts (stored, audited, alerted); poker's seat gate reads them. */
@Module({
  controllers: [PlayerFlagsController],
  providers: [
    { provide: PLAYER_FLAGS_REPOSITORY, useFactory: (ds: DataSource | null) => (ds === null ? new InMemoryPlayerFlagsRepository() : new TypeOrmPlayerFlagsRepository(ds)), inject: [FELT_DATA_SOURCE] },
    PlayerFlagsService,
  ],
  exports: [PlayerFlagsService],
})
export class PlayerFlagsModule {}
