import { defineConfig } from 'vitest/config';
import { alias, plugins } from './vitest.shared.js';

// Browser tests: ONE studio (`felt studio`, needs `npm run build`) for every file, started by the global
// setup (test/e2e/studio.global.ts), + Chromium at /usr/bin/chromium (one per file). The files run side by
// side against the shared studio (each on accounts and, where it changes a table, tables of its own);
// design and times: docs/testing.md "Browser tier". FELT_E2E_WORKERS overrides the number of files at once.
// Default one file and one game at a time: on this 2-core CI machine (the integration tier beside it) three
// at once starved the one studio process (its embedded PGlite answers on the event loop): page loads timed out.
export default defineConfig({
  plugins,
  resolve: { alias },
  test: {
    name: 'browser',
    include: ['test/e2e/**/*.e2e.ts'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    globalSetup: ['test/e2e/studio.global.ts'],
    testTimeout: 180_000,
    hookTimeout: 180_000,
    fileParallelism: true,
    maxWorkers: Number(process.env['FELT_E2E_WORKERS'] ?? 1),
    // tables.e2e.ts plays its games side by side (it.concurrent): at most this many at once (FELT_E2E_GAMES)
    maxConcurrency: Number(process.env['FELT_E2E_GAMES'] ?? 1),
  },
});
