import { resolve } from 'node:path';

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
