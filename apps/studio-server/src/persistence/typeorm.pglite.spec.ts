import { describe, expect, it } from 'vitest';
import { openDataSource } from './data-source.js';
import { persistenceContract } from '../../../../test/support/studio-server/persistence.contract.js';
import { TypeOrmUnitOfWork } from './typeorm.uow.js';
import { SERVER_SCHEMA } from '../server-schema.js';

persistenceContract('TypeORM on PGlite (in-memory, same migrations as PostgreSQL)', async () => {
  const ds = await openDataSource({ kind: 'pglite', dataDir: null }, SERVER_SCHEMA);
  return { uow: new TypeOrmUnitOfWork(ds), close: () => ds.destroy() };
});

describe('PGlite schema (migrations are the only source of schema)', () => {
  it('the migrations produce exactly the schema the entities describe (no pending diff), and the event log refuses updates', async () => {
    const ds = await openDataSource({ kind: 'pglite', dataDir: null }, SERVER_SCHEMA);
    try {
      const pending = await ds.driver.createSchemaBuilder().log();
      expect(pending.upQueries.map((x) => x.query)).toEqual([]);
      await ds.query(`INSERT INTO "round_event" VALUES ('rnd_x', 1, 'tbl_1', 'RoundOpened', '{}'::jsonb, 1, 1, NULL)`);
      await expect(ds.query(`UPDATE "round_event" SET "type" = 'Tampered'`)).rejects.toThrow(/append-only/);
      await expect(ds.query(`DELETE FROM "round_event"`)).rejects.toThrow(/append-only/);
    } finally {
      await ds.destroy();
    }
  });
});

describe('PGlite single session', () => {
  it('fails loudly instead of hanging when a second query runner is opened inside a transaction', async () => {
    const { DataSource } = await import('typeorm');
    const { dataSourceOptions } = await import('./data-source.js');
    const { serialPGliteDriver } = await import('./pglite.driver.js');
    const ds = new DataSource({ ...dataSourceOptions({ kind: 'pglite', dataDir: null }, SERVER_SCHEMA), driver: serialPGliteDriver({}, 300) });
    await ds.initialize();
    try {
      const err = await ds.transaction(async () => ds.query('SELECT 1')).catch((e: unknown) => e);
      expect(String(err)).toMatch(/PGlite session busy/);
      expect(await ds.query('SELECT 1 AS one')).toEqual([{ one: 1 }]); // the session is usable again
    } finally {
      await ds.destroy();
    }
  });
});
