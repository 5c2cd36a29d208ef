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
    // CI's FUZZ_RUNS=100000 makes each fuzz property run ~50× longer than the default 2 000 runs: those
    // runs get five minutes per test (a fuzz test that took 69 s on a loaded machine failed at 60 s).
    testTimeout: Number(process.env.FUZZ_RUNS ?? 0) > 10_000 ? 300_000 : 60_000,
    hookTimeout: 120_000,
  },
});
