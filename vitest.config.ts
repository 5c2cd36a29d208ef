import { existsSync, globSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { alias, plugins } from './vitest.shared.js';

// The default suite (`npm test`), in three tiers a person can run one at a time (docs/testing.md):
//   unit  `npm run test:unit`  pure: libs, pure app logic, React components on happy-dom, services on fakes
//   app   `npm run test:app`   boots Nest and/or PGlite (or a whole `felt studio` process) in-process
//   fuzz  `npm run test:fuzz`  the fast-check fuzzers and property suites, fixed seed, modest run counts
// The integration (`vitest.int.config.ts`) and browser (`vitest.e2e.config.ts`) tiers have their own configs.
// Every spec file outside those two lands in exactly one of the three projects: app and fuzz by the lists
// below, unit by default. A new spec that boots Nest, PGlite or a server process goes into APP_SPECS.

/**
 * Spec files that boot Nest (ops/test-app.ts, NestFactory) and/or PGlite, start the studio as a process, or
 * run an in-process aedes broker on a socket. Found by instrumenting Test.createTestingModule, NestFactory,
 * PGlite, child_process and net.Server.listen over the whole default suite (docs/testing.md).
 */
export const APP_SPECS = [
  // Nest and/or PGlite
  'apps/studio-server/src/auth/auth.spec.ts',
  'apps/studio-server/src/commands/one-definition.spec.ts',
  'apps/studio-server/src/cluster/owner-forward.spec.ts',
  'apps/studio-server/src/auth/sessions.spec.ts',
  'apps/studio-server/src/auth/totp.spec.ts',
  'apps/studio-server/src/auth/socket-race.spec.ts',
  'apps/studio-server/src/auth/trust.pglite.spec.ts',
  'apps/studio-server/src/alerts/alerts.pglite.spec.ts',
  'apps/studio-server/src/integrity/player-flags.spec.ts',
  'apps/studio-server/src/integrity/player-flags.pglite.spec.ts',
  'apps/studio-server/src/dealer/dealer.controller.spec.ts',
  'apps/studio-server/src/history/history.spec.ts',
  'apps/studio-server/src/limits/limits.spec.ts',
  'apps/studio-server/src/mqtt/mqtt.spec.ts',
  'apps/studio-server/src/ops/logging.spec.ts',
  'apps/studio-server/src/openapi/openapi.spec.ts',
  'apps/studio-server/src/ops/ops.spec.ts',
  'apps/studio-server/src/ops/stop.spec.ts',
  'apps/studio-server/src/ops/web-apps.spec.ts',
  'apps/studio-server/src/persistence/persistence.module.spec.ts',
  'apps/studio-server/src/persistence/typeorm.pglite.spec.ts',
  'apps/studio-server/src/persistence/pglite-template.spec.ts',
  'apps/studio-server/src/pit/pit.spec.ts',
  'apps/studio-server/src/chat/chat.spec.ts',
  'apps/studio-server/src/chat/chat-seamless.spec.ts',
  'apps/studio-server/src/chat/chat.repository.pglite.spec.ts',
  'apps/studio-server/src/chat/tips-shifts.spec.ts',
  'apps/studio-server/src/tournament/tournament.spec.ts',
  'apps/studio-server/src/tournament/tournament-seamless.spec.ts',
  'apps/studio-server/src/tournament/tournament.pglite.spec.ts',
  'apps/studio-server/src/tournament/tournament-owner.spec.ts',
  'apps/studio-server/src/tournament/tournament-play.spec.ts',
  'apps/studio-server/src/tournament/tournament-push.spec.ts',
  'apps/studio-server/src/tournament/tournament-host.spec.ts',
  'apps/studio-server/src/pit/two-person.spec.ts',
  'apps/studio-server/src/poker/poker-table.repository.spec.ts',
  'apps/studio-server/src/poker/poker.devices.spec.ts',
  'apps/studio-server/src/poker/poker.embedded.spec.ts',
  'apps/studio-server/src/poker-integrity/shared-connections.spec.ts',
  'apps/studio-server/src/presence/presence.spec.ts',
  'apps/studio-server/src/ratelimit/rate-limit.spec.ts',
  'apps/studio-server/src/realtime/embedded.spec.ts',
  'apps/studio-server/src/shared/host/sliced-adapter.spec.ts',
  'apps/studio-server/src/realtime/lucky-dice.embedded.spec.ts',
  'apps/studio-server/src/realtime/ray-poker.embedded.spec.ts',
  'apps/studio-server/src/realtime/realtime.gateway.spec.ts',
  'apps/studio-server/src/realtime/msgpack-wire.spec.ts',
  'apps/studio-server/src/realtime/redaction.spec.ts',
  'apps/studio-server/src/rounds/bet-behind.spec.ts',
  'apps/studio-server/src/rounds/authorization.spec.ts',
  'apps/studio-server/src/settlement/settlement.spec.ts',
  'apps/studio-server/src/wallet/seamless/seamless-bet-path.spec.ts',
  'apps/studio-server/src/wallet/seamless/seamless-demo.spec.ts',
  'apps/studio-server/src/wallet/seamless/seamless-ops.spec.ts',
  'apps/studio-server/src/wallet/seamless/operator-launch.spec.ts',
  'apps/studio-server/src/streams/streams.spec.ts',
  'apps/studio-server/src/camera/camera.spec.ts',
  'apps/studio-server/src/streams/real-encoder.spec.ts',
  'apps/studio-server/src/wallet/seamless/operator-rsa.spec.ts',
  'apps/studio-server/src/wallet/wallet.spec.ts',
  'test/client-sdk/studio.spec.ts',
  // `felt studio` as a process (Nest + PGlite + aedes inside)
  'apps/cli/src/studio/studio-ray.spec.ts',
  'apps/cli/src/studio/studio-stop.spec.ts',
  // an in-process aedes broker on a TCP socket
  'apps/edge-agent/src/device-link.spec.ts',
  'apps/studio-server/src/mqtt/ingest-links.spec.ts',
  'hardware-sim/src/money-wheel.sim.spec.ts',
  'hardware-sim/src/shaker.sim.spec.ts',
  // issue 22: the whole server booted (probes, hardening, metrics, login throttle, device authority, every read as every audience)
  'apps/studio-server/src/auth/login-throttle.spec.ts',
  'apps/studio-server/src/ingest/device-authority.spec.ts',
  'apps/studio-server/src/ops/http-hardening.spec.ts',
  'apps/studio-server/src/ops/metrics-feed.spec.ts',
  'apps/studio-server/src/ops/probes.spec.ts',
  'apps/studio-server/src/rounds/read-views.spec.ts',
];

/**
 * App specs that keep a module graph of their own per file (the `app-isolated` project): the pino logging spec
 * reads what its own module instance wrote, and the `felt studio` process specs spend their time in the child
 * (nothing to share) while a long wait beside other files' boots made one miss its deadline. Every other app
 * spec shares one module graph per worker (Nest, TypeORM, PGlite imported once): the tier's CPU went from
 * 133 s to 77 s (user time, 2 cores, 2026-11-28) — CPU the integration tier and lint use beside it in CI.
 */
export const APP_ISOLATED_SPECS = ['apps/studio-server/src/ops/logging.spec.ts', 'apps/cli/src/studio/studio-ray.spec.ts', 'apps/cli/src/studio/studio-stop.spec.ts'];

/**
 * Unit specs that replace modules with `vi.mock` keep a module graph of their own (the `unit-isolated` project): in the
 * shared graph a module another file imported first stays bound to the real one, so the mock does not apply — a
 * clean-clone CI run (2026-11-28) had the result overlay spec read no frames that way, by the order files reached
 * the worker. A spec that calls `vi.mock(` outside these lists fails the config (below).
 */
export const UNIT_ISOLATED_SPECS = ['apps/player-client/src/table/result-overlay.spec.tsx'];

/** The fuzzers (`FUZZ_RUNS`, libs/protocol/test/fuzz.ts) and the files that are all properties. */
export const FUZZ_SPECS = [
  'libs/protocol/src/devices/decode.spec.ts',
  'libs/protocol/src/devices/line-framer.spec.ts',
  'libs/protocol/src/devices/shoe.codec.spec.ts',
  'libs/protocol/src/devices/ss2.codec.spec.ts',
  'libs/protocol/src/devices/timer.spec.ts',
  'libs/protocol/src/devices/wheel.tracker.spec.ts',
  'libs/protocol/src/mqtt/message.spec.ts',
  'apps/cli/src/fuzz.spec.ts',
  '**/*.property.spec.ts',
  '**/*.properties.spec.ts',
  '**/properties.spec.ts',
];

// A moved or renamed app spec would silently fall into the unit tier (no isolation): fail loudly instead.
for (const f of [...APP_SPECS, ...APP_ISOLATED_SPECS, ...UNIT_ISOLATED_SPECS, ...FUZZ_SPECS]) {
  if (!f.includes('*') && !existsSync(new URL(f, import.meta.url))) throw new Error(`vitest.config.ts lists ${f}, which does not exist: update APP_SPECS/FUZZ_SPECS`);
}

const ALL_SPECS = ['{libs,apps,hardware-sim,test}/**/*.spec.{ts,tsx}'];

// Module mocks only where a file has its own module graph (UNIT_ISOLATED_SPECS, APP_ISOLATED_SPECS).
for (const f of globSync('{libs,apps,hardware-sim,test}/**/*.spec.{ts,tsx}', { cwd: fileURLToPath(new URL('.', import.meta.url)), exclude: (p) => p.includes('node_modules') || p.includes('dist') })) {
  if (![...UNIT_ISOLATED_SPECS, ...APP_ISOLATED_SPECS].includes(f) && /\bvi\.mock\(/.test(readFileSync(new URL(f, import.meta.url), 'utf8'))) {
    throw new Error(`${f} calls vi.mock: list it in UNIT_ISOLATED_SPECS (vitest.config.ts), where a file has its own module graph`);
  }
}
const NOT_DEFAULT = ['**/node_modules/**', '**/dist/**', '**/*.int.spec.ts', 'test/e2e/**'];

/** The soak (`npm run test:soak`) runs the fuzz tier with FUZZ_RUNS=100000: minutes per fuzzer. */
const soak = Number(process.env['FUZZ_RUNS'] ?? 0) > 10_000;

export default defineConfig({
  plugins,
  resolve: { alias },
  test: {
    // One fast-check seed for every property (FUZZ_SEED overrides; the soak picks a fresh one).
    setupFiles: ['./test/support/fast-check-seed.ts'],
    // Generous limits: the embedded-PGlite app boots and process tests take seconds on a loaded 2-core
    // machine. Timing is never asserted (benchmarks measure it).
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Every core (vitest's default leaves one free: a single worker on a 2-core machine, where the
    // default suite is CPU-bound and the integration tier beside it mostly waits — docs/testing.md).
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        // No per-file module isolation: pure tests share one module graph per worker (libs, swc output,
        // React), which took the tier from 578 s to 121 s on the loaded CI machine. Each file still
        // gets its own setup file run. The app tier shares too, but for APP_ISOLATED_SPECS.
        test: { name: 'unit', include: ALL_SPECS, exclude: [...NOT_DEFAULT, ...APP_SPECS, ...FUZZ_SPECS, ...UNIT_ISOLATED_SPECS], isolate: false },
      },
      {
        extends: true,
        test: { name: 'unit-isolated', include: UNIT_ISOLATED_SPECS, exclude: NOT_DEFAULT },
      },
      {
        extends: true,
        test: { name: 'app', include: APP_SPECS.filter((f) => !APP_ISOLATED_SPECS.includes(f)), exclude: NOT_DEFAULT, isolate: false },
      },
      {
        extends: true,
        test: { name: 'app-isolated', include: APP_ISOLATED_SPECS, exclude: NOT_DEFAULT },
      },
      {
        extends: true,
        // A soak fuzzer that took 69 s on a loaded machine failed at 60 s: five minutes per test there.
        test: { name: 'fuzz', include: FUZZ_SPECS, exclude: NOT_DEFAULT, isolate: false, testTimeout: soak ? 300_000 : 60_000 },
      },
    ],
  },
});
