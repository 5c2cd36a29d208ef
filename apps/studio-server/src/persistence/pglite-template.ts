/**
 * A migrated in-memory PGlite, made once and reused (issue 19 §6).
 *
 * Every in-memory embedded database (`FELT_DATA_DIR=memory`: the app-tier tests, the browser tier's
 * studio, a throwaway demo) used to run all migrations on a fresh PGlite — most of its boot. The first
 * boot on a machine now saves the migrated data directory as a tarball in the OS temp directory, named
 * by a hash of what produced it: the PGlite version and every migration's name and `up`/`down` source.
 * Later boots load it (`PGlite.create({ loadDataDir })`) and then run the usual `prepareSchema`, which
 * finds nothing pending. Change a migration, add one or upgrade PGlite and the name changes: the old file
 * is simply not used. A file that cannot be read or loaded is ignored (and removed), never trusted
 * half-way: the boot falls back to migrating from scratch. Data directories on disk are never seeded.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { FeatureSchema } from './entities.js';

function pgliteVersion(): string {
  try {
    const main = createRequire(import.meta.url).resolve('@electric-sql/pglite');
    // dist/index.cjs → the package root (its exports map hides package.json)
    const pkg = JSON.parse(readFileSync(join(dirname(main), '..', 'package.json'), 'utf8')) as { version?: string };
    return pkg.version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** The template's file for this schema: a hash of the PGlite version and every migration's source. */
export function templatePath(schema: FeatureSchema, dir = tmpdir()): string {
  const h = createHash('sha256').update(pgliteVersion());
  for (const m of schema.migrations) {
    const proto = (m as { prototype: { up?: unknown; down?: unknown } }).prototype;
    h.update('\0').update(m.name).update('\0').update(String(proto.up)).update('\0').update(String(proto.down));
  }
  return join(dir, `felt-pglite-${h.digest('hex').slice(0, 20)}.tar`);
}

/** The saved template, or null when there is none (or it cannot be read). */
export async function readTemplate(path: string): Promise<Blob | null> {
  try {
    return new Blob([await readFile(path)]);
  } catch {
    return null;
  }
}

/** Saves a template atomically (temp file + rename), so a concurrent reader never sees half a file. */
export async function writeTemplate(path: string, dump: Blob): Promise<void> {
  const tmp = `${path}.${process.pid}.${Date.now()}.part`;
  try {
    await writeFile(tmp, Buffer.from(await dump.arrayBuffer()));
    await rename(tmp, path);
  } catch {
    await rm(tmp, { force: true });
  }
}

export async function dropTemplate(path: string): Promise<void> {
  await rm(path, { force: true });
}
