import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { bootConfig } from './config/boot-config.js';
import { dataSourceOptions, migrate } from './persistence/data-source.js';
import { SERVER_SCHEMA } from './server-schema.js';

/**
 * `felt migrate` / `node apps/studio-server/dist/migrate.js` (issue 22 §11): applies the pending
 * migrations once, under the PostgreSQL advisory lock, and exits — the deployment's migration step
 * (Kubernetes Job, compose `migrate` service); instances then start with FELT_MIGRATE_ON_BOOT=0.
 * Prints one JSON line: `{ "migrated": [names…] }`. Exit 0, or 1 with the error.
 */
async function main(): Promise<void> {
  const config = bootConfig(process.env, 'migrate');
  if (config.database.kind === 'memory') throw new Error('felt migrate needs DATABASE_URL (PostgreSQL) or FELT_DATA_DIR (PGlite)');
  const ds = new DataSource(dataSourceOptions(config.database, SERVER_SCHEMA));
  await ds.initialize();
  try {
    const ran = await migrate(ds);
    process.stdout.write(`${JSON.stringify({ migrated: ran })}\n`);
  } finally {
    await ds.destroy();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(`${JSON.stringify({ level: 'fatal', msg: 'felt migrate failed', error: err instanceof Error ? err.message : String(err) })}\n`);
    process.exit(1);
  },
);
