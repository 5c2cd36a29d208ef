import { defineConfig } from 'vitest/config';
import { alias, plugins } from './vitest.shared.js';

// Default suite: unit, property, golden and in-process tests. No external services needed.
export default defineConfig({
  plugins,
  resolve: { alias },
  test: {
    include: ['{libs,apps,hardware-sim,test}/**/*.spec.{ts,tsx}'],
    exclude: ['**/node_modules/**', '**/dist/**', '**/*.int.spec.ts', 'test/e2e/**'],
    // Generous limits: the embedded-PGlite app boots and process tests take seconds on a loaded 2-core
    // machine. Timing is never asserted (benchmarks measure it).
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
