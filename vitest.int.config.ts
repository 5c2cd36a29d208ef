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
    // Three files at a time: the drills spend most of their time waiting out outages (a 30 s broker cut, a
    // 10 s Redis loss, kill -9 and restart), and every suite names its databases, key prefixes and topics
    // with runId() (test/support/services.ts), so they never collide. Alone on the quiet machine (2026-11-28):
    // 124 s at three, 173 s at two, the same CPU (≈ 110 s); in CI beside `npm test` it was the phase's long pole
    // at two (206 s against `npm test`'s 194 s). FELT_INT_WORKERS overrides.
    fileParallelism: true,
    maxWorkers: Number(process.env['FELT_INT_WORKERS'] ?? 3),
  },
});
