/**
 * The studio every browser file shares (started once by ./studio.global.ts): `sharedStudio()` in a file's
 * `beforeAll`. Stopping it is the global teardown's job, so `stop()` here does nothing.
 */
import { inject } from 'vitest';
import type { StudioHandle } from './harness.js';

export function sharedStudio(): StudioHandle {
  const baseUrl = inject('studioUrl');
  if (!baseUrl) throw new Error('no shared studio: run the browser tests with vitest.e2e.config.ts (its globalSetup starts it)');
  return { baseUrl, logs: () => '(the shared studio: see the global setup’s output)', stop: async () => undefined };
}
