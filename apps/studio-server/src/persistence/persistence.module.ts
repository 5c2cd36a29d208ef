import { Global, Inject, Module, type DynamicModule, type OnModuleInit, type Provider } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { CLOCK, type Clock } from '../shared/clock.js';
import type { PersistenceTarget } from '../config/config.js';
import { HealthService } from '../ops/health.service.js';
import { UNIT_OF_WORK, type UnitOfWork } from '../shared/ports/persistence.port.js';
import { CommitTracker } from '../ops/shutdown.js';
import { dataSourceOptions, openDataSource } from './data-source.js';
import { InMemoryUnitOfWork } from './in-memory.uow.js';
import { LEDGER_READER } from './persistence.common.js';
import type { FeatureSchema } from './entities.js';
import { TypeOrmUnitOfWork } from './typeorm.uow.js';

/** The TypeORM DataSource, or null in the unit-test `memory` mode. Other repositories pick their implementation from it. */
export const FELT_DATA_SOURCE = Symbol('FELT_DATA_SOURCE');

/**
 * Global: UNIT_OF_WORK, LEDGER_READER, FELT_DATA_SOURCE (and Nest's `DataSource` in SQL modes).
 * PGlite (embedded default) and PostgreSQL both run the migrations at startup; `memory` uses InMemoryUnitOfWork.
 */
@Global()
@Module({})
export class PersistenceModule implements OnModuleInit {
  constructor(
    private readonly health: HealthService,
    @Inject(FELT_DATA_SOURCE) private readonly ds: DataSource | null,
  ) {}

  onModuleInit(): void {
    const ds = this.ds;
    this.health.register('db', async () => {
      if (ds === null) return;
      if (!ds.isInitialized) throw new Error('data source not initialised');
      await ds.query('SELECT 1');
    });
  }

  /** `schema`: every module's entities and migrations, collected by the composition root (src/server-schema.ts). */
  static forRoot(target: PersistenceTarget, schema: FeatureSchema, migrateOnBoot = true): DynamicModule {
    const uowProviders: Provider[] = [
      // ops: a stop waits for the transactions in flight (CommitTracker) before closing the database
      { provide: UNIT_OF_WORK, useFactory: (uow: UnitOfWork, commits: CommitTracker) => commits.wrap(uow), inject: [LEDGER_READER, CommitTracker] },
    ];
    if (target.kind === 'memory') {
      return {
        module: PersistenceModule,
        providers: [
          { provide: FELT_DATA_SOURCE, useValue: null },
          { provide: LEDGER_READER, useFactory: (clock: Clock) => new InMemoryUnitOfWork(clock), inject: [CLOCK] },
          ...uowProviders,
        ],
        exports: [FELT_DATA_SOURCE, UNIT_OF_WORK, LEDGER_READER],
      };
    }
    return {
      module: PersistenceModule,
      imports: [
        TypeOrmModule.forRootAsync({
          useFactory: () => ({ ...dataSourceOptions(target, schema), retryAttempts: 2, retryDelay: 1000 }),
          // prepareSchema: under an advisory lock on PostgreSQL, or refuse when FELT_MIGRATE_ON_BOOT=0 and behind (issue 22 §11);
          // an in-memory PGlite starts from the saved migrated template (pglite-template.ts)
          dataSourceFactory: async () => openDataSource(target, schema, migrateOnBoot),
        }),
      ],
      providers: [
        { provide: FELT_DATA_SOURCE, useFactory: (ds: DataSource) => ds, inject: [DataSource] },
        { provide: LEDGER_READER, useFactory: (ds: DataSource, clock: Clock) => new TypeOrmUnitOfWork(ds, clock), inject: [DataSource, CLOCK] },
        ...uowProviders,
      ],
      exports: [FELT_DATA_SOURCE, UNIT_OF_WORK, LEDGER_READER, TypeOrmModule],
    };
  }
}
