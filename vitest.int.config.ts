import { defineConfig } from 'vitest/config';
import { alias, plugins } from './vitest.shared.js';

// Integration suites: real PostgreSQL, Redis and Mosquitto (DATABASE_URL, REDIS_URL, MQTT_URL).
// They fail — never skip — when a service is missing (see test/support/services.ts).
export default defineConfig({
  plugins,
  resolve: { alias },
  test: {
    name: 'int',
    include: ['{libs,apps,hardware-sim,test}/**/*.int.spec.ts'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
