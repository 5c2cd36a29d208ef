import { defineConfig } from 'vitest/config';
import { alias, plugins } from './vitest.shared.js';

// Browser tests: ONE studio (`felt studio`, needs `npm run build`) and ONE Chromium (a browser server) for every
// file, started by the global setup (test/e2e/studio.global.ts). The files run side by side against them (each
// in browser contexts, on accounts and, where it changes a table, on tables of its own); design and times:
// docs/testing.md "Browser tier". The tier mostly waits on the studio's round timers (≈ 310 s of CPU in a
// 1 080 s run on the loaded 2-core machine), so by default two files and two of tables.e2e.ts's games run at
// once: FELT_E2E_WORKERS and FELT_E2E_GAMES override them (1 and 1: one at a time, the order before issue 19
// §6). Three and three starved the one studio (its embedded PGlite answers on the event loop) at load 15–31.
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
    maxWorkers: Number(process.env['FELT_E2E_WORKERS'] ?? 2),
    // tables.e2e.ts plays its games side by side (it.concurrent): at most this many at once (FELT_E2E_GAMES)
    maxConcurrency: Number(process.env['FELT_E2E_GAMES'] ?? 2),
  },
});
