import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_SCHEMA } from '../server-schema.js';
import { openDataSource } from './data-source.js';
import { templatePath } from './pglite-template.js';

describe('the migrated in-memory PGlite template (issue 19 §6)', () => {
  it('is named by the migrations: changing one migration\'s source or the list gives another file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'felt-tpl-'));
    const base = templatePath(SERVER_SCHEMA, dir);
    expect(templatePath(SERVER_SCHEMA, dir)).toBe(base);
    const [first, ...rest] = SERVER_SCHEMA.migrations;
    expect(templatePath({ entities: [], migrations: rest }, dir)).not.toBe(base);
    class Changed {
      up(): string {
        return 'a different migration';
      }
    }
    Object.defineProperty(Changed, 'name', { value: first!.name });
    expect(templatePath({ entities: [], migrations: [Changed, ...rest] }, dir)).not.toBe(base);
  });

  it('is saved after a boot from scratch, loaded by the next boot (same schema, nothing pending), and a corrupt one is dropped', async () => {
    const path = templatePath(SERVER_SCHEMA);
    const good = existsSync(path) ? readFileSync(path) : null;
    writeFileSync(path, 'not a tarball'); // corrupt: the boot must not trust it
    let ds = await openDataSource({ kind: 'pglite', dataDir: null }, SERVER_SCHEMA);
    try {
      expect(await ds.showMigrations()).toBe(false);
    } finally {
      await ds.destroy();
    }
    // the corrupt file was replaced by a real dump of the migrated database
    expect(readFileSync(path).subarray(0, 13).toString()).not.toBe('not a tarball');
    expect(readFileSync(path).length).toBeGreaterThan(1_000_000);
    ds = await openDataSource({ kind: 'pglite', dataDir: null }, SERVER_SCHEMA);
    try {
      expect(await ds.showMigrations()).toBe(false);
      const ran = (await ds.query('SELECT count(*)::int AS n FROM migrations')) as Array<{ n: number }>;
      expect(ran[0]!.n).toBe(SERVER_SCHEMA.migrations.length);
      await ds.query(`INSERT INTO "round_event" VALUES ('rnd_t', 1, 'tbl_1', 'RoundOpened', '{}'::jsonb, 1, 1, NULL)`);
      await expect(ds.query(`UPDATE "round_event" SET "type" = 'Tampered'`)).rejects.toThrow(/append-only/);
    } finally {
      await ds.destroy();
    }
    if (good !== null) writeFileSync(path, good);
  });
});
