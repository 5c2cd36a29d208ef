import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataSourceOptions, migrate, prepareSchema } from './data-source.js';
import { SERVER_SCHEMA } from '../server-schema.js';
import { createTestDatabase, type TestDatabase } from '../../../../test/support/studio-server/test-database.js';

const MIGRATIONS = SERVER_SCHEMA.migrations;

const felt = fileURLToPath(new URL('../../../cli/bin/felt.js', import.meta.url));

/** Issue 22 §11: migrations never race — several instances booting at once apply each migration exactly once. */
describe('migrations under the PostgreSQL advisory lock (issue 22 §11)', () => {
  let db: TestDatabase;
  const open: DataSource[] = [];
  const connect = async (url: string): Promise<DataSource> => {
    const ds = new DataSource(dataSourceOptions({ kind: 'postgres', url }, SERVER_SCHEMA));
    await ds.initialize();
    open.push(ds);
    return ds;
  };
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    for (const ds of open) if (ds.isInitialized) await ds.destroy();
    await db?.drop();
  });

  it('a schema that is behind: FELT_MIGRATE_ON_BOOT=0 refuses to start (MIGRATIONS_PENDING)', async () => {
    const ds = await connect(db.url);
    await expect(prepareSchema(ds, false)).rejects.toThrow(/MIGRATIONS_PENDING/);
  });

  it('four instances migrating one fresh database at the same moment: each migration runs exactly once, nobody fails', async () => {
    const instances = await Promise.all([1, 2, 3, 4].map(() => connect(db.url)));
    const ran = await Promise.all(instances.map((ds) => migrate(ds)));
    const all = ran.flat();
    expect(new Set(all).size).toBe(all.length); // no migration twice
    expect(all.length).toBe(MIGRATIONS.length);
    const rows = (await instances[0]!.query('SELECT name FROM migrations')) as { name: string }[];
    expect(rows.length).toBe(MIGRATIONS.length);
    // and now every instance may boot with FELT_MIGRATE_ON_BOOT=0
    for (const ds of instances) await expect(prepareSchema(ds, false)).resolves.toBeUndefined();
  });

  it('`felt migrate` on a current schema migrates nothing and exits 0; on a fresh database it migrates everything', async () => {
    const current = spawnSync(process.execPath, [felt, 'migrate'], { env: { ...process.env, DATABASE_URL: db.url, LOG_LEVEL: 'silent' }, encoding: 'utf8', timeout: 120_000 });
    expect(current.status, current.stderr).toBe(0);
    expect(JSON.parse(current.stdout.trim().split('\n').pop() ?? '{}')).toEqual({ migrated: [] });
    const fresh = await createTestDatabase();
    try {
      const r = spawnSync(process.execPath, [felt, 'migrate'], { env: { ...process.env, DATABASE_URL: fresh.url, LOG_LEVEL: 'silent' }, encoding: 'utf8', timeout: 120_000 });
      expect(r.status, r.stderr).toBe(0);
      expect((JSON.parse(r.stdout.trim().split('\n').pop() ?? '{}') as { migrated: string[] }).migrated.length).toBe(MIGRATIONS.length);
    } finally {
      await fresh.drop();
    }
  });
});
