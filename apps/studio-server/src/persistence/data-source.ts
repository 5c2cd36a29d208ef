import { mkdirSync } from 'node:fs';
import { DataSource, type DataSourceOptions } from 'typeorm';
import type { DatabaseTarget } from '../config/database-target.js';
import { serialPGliteDriver } from './pglite.driver.js';
import type { FeatureSchema } from './entities.js';

export { databaseTargetFromEnv, type DatabaseTarget } from '../config/database-target.js';

/** The options of the one DataSource: `schema` is every module's entities and migrations (src/server-schema.ts). */
export function dataSourceOptions(target: DatabaseTarget, schema: FeatureSchema): DataSourceOptions {
  const common = { entities: [...schema.entities], migrations: [...schema.migrations], synchronize: false, migrationsRun: false, logging: false };
  switch (target.kind) {
    case 'postgres':
      return { type: 'postgres', url: target.url, ...common, extra: { max: 10 } };
    case 'pglite': {
      if (target.dataDir !== null) mkdirSync(target.dataDir, { recursive: true });
      const driver = serialPGliteDriver(target.dataDir === null ? {} : { dataDir: target.dataDir });
      return { type: 'postgres', driver, ...common };
    }
  }
}

/** Opens the data source and applies pending migrations (the same ones on PGlite and PostgreSQL). */
export async function openDataSource(target: DatabaseTarget, schema: FeatureSchema): Promise<DataSource> {
  const ds = new DataSource(dataSourceOptions(target, schema));
  await ds.initialize();
  try {
    await ds.runMigrations({ transaction: 'each' });
  } catch (err) {
    await ds.destroy();
    throw err;
  }
  return ds;
}
