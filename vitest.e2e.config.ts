import { defineConfig } from 'vitest/config';
import { alias, plugins } from './vitest.shared.js';

// Browser tests: the studio (`felt studio`, needs `npm run build`) + Chromium at /usr/bin/chromium.
export default defineConfig({
  plugins,
  resolve: { alias },
  test: {
    name: 'browser',
    include: ['test/e2e/**/*.e2e.ts'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    testTimeout: 180_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
