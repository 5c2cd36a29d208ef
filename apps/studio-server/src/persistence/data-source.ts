import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { ENTITIES, MIGRATIONS } from './entities.js';
import { serialPGliteDriver } from './pglite.driver.js';

export type DatabaseTarget =
  | { readonly kind: 'postgres'; readonly url: string }
  | { readonly kind: 'pglite'; readonly dataDir: string | null /* null = in-memory */ };

/** `DATABASE_URL` → PostgreSQL; else embedded PGlite under FELT_DATA_DIR (default `.felt-data/`), `memory` = in-memory. */
export function databaseTargetFromEnv(env: Readonly<Record<string, string | undefined>>): DatabaseTarget {
  const url = env['DATABASE_URL'];
  if (url !== undefined && url !== '') return { kind: 'postgres', url };
  const dir = env['FELT_DATA_DIR'] ?? '.felt-data';
  return { kind: 'pglite', dataDir: dir === 'memory' ? null : resolve(dir, 'pglite') };
}

export function dataSourceOptions(target: DatabaseTarget): DataSourceOptions {
  const common = { entities: ENTITIES, migrations: MIGRATIONS, synchronize: false, migrationsRun: false, logging: false } as const;
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
export async function openDataSource(target: DatabaseTarget): Promise<DataSource> {
  const ds = new DataSource(dataSourceOptions(target));
  await ds.initialize();
  try {
    await ds.runMigrations({ transaction: 'each' });
  } catch (err) {
    await ds.destroy();
    throw err;
  }
  return ds;
}
