import { defineConfig } from 'vitest/config';
import { alias, plugins } from './vitest.shared.js';

// Default suite: unit, property, golden and in-process tests. No external services needed.
export default defineConfig({
  plugins,
  resolve: { alias },
  test: {
    include: ['{libs,apps,hardware-sim,test}/**/*.spec.{ts,tsx}'],
    exclude: ['**/node_modules/**', '**/dist/**', '**/*.int.spec.ts', 'test/e2e/**'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
