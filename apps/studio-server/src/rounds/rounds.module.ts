import { FELT_CONFIG, settingOf, type FeltConfig } from '../config/config.js';
import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import { TABLE_COMMANDS } from '../shared/ports/late-bound.js';
import type { TableCommandHandlers } from '../shared/ports/table-commands.js';
import type { DataSource } from 'typeorm';
import { AlertsService } from '../alerts/alerts.service.js';
import { AuditService } from '../audit/audit.service.js';
import { CLOCK, type Clock } from '../shared/clock.js';
import { MetricsService } from '../ops/metrics.service.js';
import { FELT_DATA_SOURCE } from '../persistence/persistence.module.js';
import { SETTLEMENT_SOURCE, type SettlementSource } from '../shared/ports/settlement.port.js';
import type { LateBound } from '../shared/ports/late-bound.js';
import { SettlementService } from '../settlement/settlement.service.js';
import { InMemoryTablesRepository, TABLES_REPOSITORY } from '../tables/table.model.js';
import { TablesController } from './tables.controller.js';
import { TablesService } from '../tables/tables.service.js';
import { TypeOrmTablesRepository } from '../tables/tables.typeorm-repository.js';
import { CachedTablesRepository } from '../tables/tables.cached-repository.js';
import { gamesKernelRegistry, KERNELS } from '../kernels/kernel.registry.js';
import { CadenceService } from './cadence.service.js';
import { InMemoryPendingRequests, PENDING_REQUESTS, TypeOrmPendingRequests } from './pending-requests.js';
import { RECOVERY_OPTIONS, RecoveryService } from './recovery.service.js';
import { RoundControlService } from './round-control.service.js';
import { RoundsController } from './rounds.controller.js';
import { roundsCommands } from './rounds.commands.js';
import { ROUNDS_ALERTS, ROUNDS_AUDIT, ROUNDS_METRICS, ROUNDS_SETTLEMENT_QUEUE } from '../shared/ports/rounds.ports.js';
import { RoundsService } from './rounds.service.js';
import { SCHEDULER, TimerScheduler, type Scheduler } from '../shared/host/scheduler.js';
import { TABLE_HOST, TableHost } from '../shared/host/table-host.js';
import { RoundsSettlementSource } from './settlement-source.js';

/** Tables + the round write path + round control + recovery; binds SETTLEMENT_SOURCE for the platform's settlement. */
@Module({
  controllers: [TablesController, RoundsController],
  providers: [
    { provide: KERNELS, useFactory: () => gamesKernelRegistry() },
    { provide: SCHEDULER, useFactory: (clock: Clock) => new TimerScheduler(clock), inject: [CLOCK] },
    // the one table host (issue 19 §2): one writer per table, one deadline scheduler, program recovery
    { provide: TABLE_HOST, useFactory: (scheduler: Scheduler) => new TableHost(scheduler), inject: [SCHEDULER] },
    { provide: ROUNDS_ALERTS, useExisting: AlertsService },
    { provide: ROUNDS_AUDIT, useExisting: AuditService },
    { provide: ROUNDS_METRICS, useExisting: MetricsService },
    { provide: ROUNDS_SETTLEMENT_QUEUE, useExisting: SettlementService },
    { provide: RECOVERY_OPTIONS, useFactory: (config: FeltConfig) => ({ stallTimeoutMs: settingOf(config, 'recoveryStallMs') }), inject: [FELT_CONFIG] },
    // one instance is the tables' only writer: they are read from memory (CachedTablesRepository); with several, from the database
    {
      provide: TABLES_REPOSITORY,
      useFactory: (ds: DataSource | null, config: FeltConfig) => (ds === null ? new InMemoryTablesRepository() : settingOf(config, 'cluster') ? new TypeOrmTablesRepository(ds) : new CachedTablesRepository(new TypeOrmTablesRepository(ds))),
      inject: [FELT_DATA_SOURCE, FELT_CONFIG],
    },
    { provide: PENDING_REQUESTS, useFactory: (ds: DataSource | null) => (ds === null ? new InMemoryPendingRequests() : new TypeOrmPendingRequests(ds)), inject: [FELT_DATA_SOURCE] },
    TablesService,
    RoundsService,
    CadenceService,
    RoundControlService,
    RoundsSettlementSource,
    RecoveryService,
  ],
  exports: [KERNELS, SCHEDULER, TABLE_HOST, ROUNDS_ALERTS, ROUNDS_AUDIT, ROUNDS_METRICS, ROUNDS_SETTLEMENT_QUEUE, TablesService, RoundsService, CadenceService, RoundControlService, RecoveryService],
})
export class RoundsModule implements OnModuleInit {
  constructor(
    @Inject(TABLE_COMMANDS) private readonly commands: TableCommandHandlers,
    private readonly rounds: RoundsService,
    private readonly control: RoundControlService,
    private readonly settlement: RoundsSettlementSource,
    @Inject(SETTLEMENT_SOURCE) private readonly settlementSources: LateBound<SettlementSource>,
  ) {}

  /** The round commands a table's owner decides (forwarded by the cluster's router, issue 13). */
  onModuleInit(): void {
    const { rounds, control, settlement } = this;
    this.settlementSources.bind(settlement);
    this.commands.add(roundsCommands(rounds, control, settlement));
  }
}
