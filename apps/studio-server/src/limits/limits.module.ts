import { Module } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { FELT_DATA_SOURCE } from '../persistence/persistence.module.js';
import { RoundsModule } from '../rounds/rounds.module.js';
import { LimitsController } from './limits.controller.js';
import { MemoryLimitsRepository, SqlLimitsRepository } from './limits.repository.js';
import { BET_GATE } from './bet-gate.js';
import { LIMITS_REPOSITORY, LimitsService } from './limits.service.js';

/** Responsible gambling (issue 12 point 2): the player's limits, reality checks, self-exclusion, and the bet gate. */
@Module({
  imports: [RoundsModule],
  controllers: [LimitsController],
  providers: [
    { provide: LIMITS_REPOSITORY, useFactory: (ds: DataSource | null) => (ds === null ? new MemoryLimitsRepository() : new SqlLimitsRepository(ds)), inject: [FELT_DATA_SOURCE] },
    LimitsService,
    { provide: BET_GATE, useExisting: LimitsService },
  ],
  exports: [LimitsService, BET_GATE],
})
export class LimitsModule {}
