import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENV_SCHEMA } from './config.js';
import { configurationTables, ENV_DOCS } from './env-docs.js';

const SRC = join(import.meta.dirname, '..');
const DOC = join(import.meta.dirname, '../../../../docs/configuration.md');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) return sources(p);
    return p.endsWith('.ts') && !p.endsWith('.spec.ts') && !p.endsWith('.d.ts') ? [p] : [];
  });
}

/** Issue 22 §12: all settings in one validated schema, documented from it. */
describe('one schema for every setting', () => {
  it('every environment variable the server code names is in ENV_SCHEMA (and so validated at boot)', () => {
    const schema = new Set(Object.keys(ENV_SCHEMA.shape));
    const named = new Map<string, string>();
    for (const file of sources(SRC)) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/\benv(?:\?\.|\.|\[')([A-Z][A-Z0-9_]+)/g)) named.set(m[1] as string, relative(SRC, file));
    }
    expect(named.size).toBeGreaterThan(0); // the scan sees the code (config/ names them)
    const missing = [...named].filter(([v]) => !schema.has(v)).map(([v, f]) => `${v} (${f})`);
    expect(missing).toEqual([]);
  });

  it('the modules read their settings from the validated config, not from process.env (config/, main.ts and migrate.ts excepted)', () => {
    const readers = sources(SRC)
      .filter((f) => !/[/\\]config[/\\]/.test(f) && !/[/\\](main|migrate)\.ts$/.test(f))
      .filter((f) => /process\.env\b/.test(readFileSync(f, 'utf8')))
      .map((f) => relative(SRC, f));
    expect(readers).toEqual([]);
  });

  it('docs/configuration.md lists every variable, generated from ENV_DOCS (npm run docs:config)', () => {
    expect(Object.keys(ENV_DOCS).sort()).toEqual(Object.keys(ENV_SCHEMA.shape).sort());
    expect(readFileSync(DOC, 'utf8')).toContain(configurationTables());
  });
});
