import { mkdirSync } from 'node:fs';
import { DataSource, type DataSourceOptions } from 'typeorm';
import type { DatabaseTarget } from '../config/database-target.js';
import { getPGliteInstance } from 'typeorm-pglite';
import { serialPGliteDriver } from './pglite.driver.js';
import type { FeatureSchema } from './entities.js';
import { dropTemplate, readTemplate, templatePath, writeTemplate } from './pglite-template.js';

export { databaseTargetFromEnv, type DatabaseTarget } from '../config/database-target.js';

/** The options of the one DataSource: `schema` is every module's entities and migrations (src/server-schema.ts). */
export function dataSourceOptions(target: DatabaseTarget, schema: FeatureSchema, loadDataDir?: Blob): DataSourceOptions {
  const common = { entities: [...schema.entities], migrations: [...schema.migrations], synchronize: false, migrationsRun: false, logging: false };
  switch (target.kind) {
    case 'postgres':
      return { type: 'postgres', url: target.url, ...common, extra: { max: 10 } };
    case 'pglite': {
      if (target.dataDir !== null) mkdirSync(target.dataDir, { recursive: true });
      const driver = serialPGliteDriver(target.dataDir === null ? (loadDataDir === undefined ? {} : { loadDataDir }) : { dataDir: target.dataDir });
      return { type: 'postgres', driver, ...common };
    }
  }
}

/** PostgreSQL advisory lock key that serialises migrations across instances (issue 22 §11): "felt" as an int. */
export const MIGRATION_LOCK_KEY = 0x66656c74;

/**
 * Applies pending migrations (the same ones on PGlite and PostgreSQL). On PostgreSQL under a session
 * advisory lock (issue 22 §11): several instances starting at once, or the migration job beside them,
 * run each migration exactly once — the others wait for the lock and then find nothing pending. PGlite
 * lives in one process (one connection): no lock needed. Returns the names of the migrations it ran.
 */
export async function migrate(ds: DataSource): Promise<string[]> {
  const pglite = (ds.options as { driver?: unknown }).driver !== undefined;
  if (pglite) return (await ds.runMigrations({ transaction: 'each' })).map((m) => m.name);
  const lock = ds.createQueryRunner();
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      return (await ds.runMigrations({ transaction: 'each' })).map((m) => m.name);
    } finally {
      await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await lock.release();
  }
}

/**
 * What a booting instance does with migrations (FELT_MIGRATE_ON_BOOT): `1` (default) applies pending ones
 * under the lock; `0` applies none and refuses to start while any is pending — the deployment runs
 * `felt migrate` once as its own step (the Kubernetes migration job).
 */
export async function prepareSchema(ds: DataSource, migrateOnBoot = true): Promise<void> {
  if (migrateOnBoot) {
    await migrate(ds);
    return;
  }
  if (await ds.showMigrations()) throw new Error('MIGRATIONS_PENDING: the database schema is behind this build and FELT_MIGRATE_ON_BOOT=0 — run `felt migrate` (the migration job) first');
}

/**
 * Opens the data source and prepares its schema (`prepareSchema`). An in-memory PGlite starts from the
 * saved migrated template when there is one, and saves one after migrating from scratch
 * (persistence/pglite-template.ts).
 */
export async function openDataSource(target: DatabaseTarget, schema: FeatureSchema, migrateOnBoot = true): Promise<DataSource> {
  const template = target.kind === 'pglite' && target.dataDir === null && migrateOnBoot ? templatePath(schema) : null;
  let saved = template === null ? null : await readTemplate(template);
  let ds: DataSource;
  try {
    ds = await openPrepared(new DataSource(dataSourceOptions(target, schema, saved ?? undefined)), migrateOnBoot);
  } catch (err) {
    if (saved === null || template === null) throw err;
    // a template that does not load is removed and never trusted: migrate from scratch (and save a good one)
    await dropTemplate(template);
    saved = null;
    ds = await openPrepared(new DataSource(dataSourceOptions(target, schema)), migrateOnBoot);
  }
  if (template !== null && saved === null) {
    await writeTemplate(template, await (await getPGliteInstance()).dumpDataDir('none'));
  }
  return ds;
}

async function openPrepared(ds: DataSource, migrateOnBoot: boolean): Promise<DataSource> {
  await ds.initialize();
  try {
    await prepareSchema(ds, migrateOnBoot);
  } catch (err) {
    await ds.destroy();
    throw err;
  }
  return ds;
}
