import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { felt } from '../../../test/support/cli.js';

/** `felt studio --tables-file` (the browser tests' tables): a bad file is a usage error, before anything starts. */
const dir = mkdtempSync(join(tmpdir(), 'felt-tables-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('felt studio --tables-file', () => {
  it('refuses a file that is not JSON, an empty list, or a table its schema refuses (exit 2, the reason)', async () => {
    const notJson = join(dir, 'a.json');
    writeFileSync(notJson, '{');
    const empty = join(dir, 'b.json');
    writeFileSync(empty, '[]');
    const bad = join(dir, 'c.json');
    writeFileSync(bad, JSON.stringify([{ name: 'X', game: 'roulette' }]));
    for (const f of [notJson, empty, bad, join(dir, 'missing.json')]) {
      const r = await felt(['studio', '--tables-file', f]);
      expect(r.code, f).toBe(2);
      expect(r.err, f).toContain('felt studio: --tables-file:');
    }
  });
});
