/**
 * Browser tier global setup (vitest.e2e.config.ts): ONE studio for every browser file, started once
 * (`felt studio` on free ports, robots on, speed 4) and stopped after the last file. The files run side by
 * side against it, so nothing one file does may reach another:
 *  - each file bets on accounts of its own (`createAccounts`: `e2e-<file>-…`), never on player1..3;
 *  - a file that changes a table (manual cadence, voids, closing betting early) has a table of its own
 *    (E2E_TABLES below); the demo tables keep the demo set's games and names;
 *  - the demo tables run at a test pace (shorter betting windows and pauses): the tests only wait on
 *    those timers.
 * The files reach it through `sharedStudio()` (./shared-studio.ts).
 */
import type { TestProject } from 'vitest/node';
import { e2eTables } from './e2e-tables.js';
import { randomBytes } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '../support/studio-server/test-database.js';
import { launchBrowserServer, startStudio } from './harness.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared studio's base URL (http://127.0.0.1:<port>). */
    studioUrl: string;
    /** The tier's one Chromium (a browser server): the files connect to it (`sharedBrowser()`). */
    browserWsEndpoint: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const t0 = Date.now();
  // one Chromium for every file (each file opens contexts of its own in it), started while the studio boots
  const browser = launchBrowserServer();
  // FELT_E2E_DB=postgres: the studio on a throw-away database of DATABASE_URL's PostgreSQL instead of its embedded
  // PGlite. Not the default: the tier proves the studio a person starts with the README's command (embedded). Measured
  // on tables.e2e alone (2026-11-28, quiet machine): 248 s vs 266 s, the studio's CPU 54 s + PostgreSQL's 19 s vs 92 s —
  // Chromium's ~310 s of the run's ~440 s CPU is what the tier spends (docs/testing.md).
  const db: TestDatabase | null = process.env['FELT_E2E_DB'] === 'postgres' ? await createTestDatabase() : null;
  const dbEnv: Record<string, string> = db ? { DATABASE_URL: db.url, FELT_DEMO: '1', FELT_DEMO_ON_DATABASE: '1', JWT_SECRET: randomBytes(24).toString('hex') } : {};
  const studio = await startStudio({
    speed: 4,
    bots: true,
    // issue 21: the demo tables without video (the files' timings and CPU as before); video.e2e.ts gives its own table the studio camera
    video: false,
    tables: e2eTables(),
    // poker-table.e2e.ts: hands follow each other quickly and the poker robots act fast
    env: { FELT_POKER_NEXT_HAND_MS: '2500', FELT_POKER_ROBOT_MS: '400', ...dbEnv },
  });
  console.log(`[browser tier] one studio for every file at ${studio.baseUrl} (started in ${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  project.provide('studioUrl', studio.baseUrl);
  project.provide('browserWsEndpoint', (await browser).wsEndpoint());
  return async () => {
    await Promise.all([studio.stop(), browser.then((b) => b.close())]);
    await db?.drop();
  };
}
