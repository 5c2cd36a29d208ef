/**
 * The studio and the Chromium every browser file shares (started once by ./studio.global.ts): `sharedStudio()`
 * and `sharedBrowser()` in a file's `beforeAll`. Stopping them is the global teardown's job, so the studio's
 * `stop()` here does nothing and the browser's `close()` only closes this file's contexts and disconnects.
 */
import { inject } from 'vitest';
import type { Browser } from 'playwright-core';
import { connectBrowser, type StudioHandle } from './harness.js';

export function sharedStudio(): StudioHandle {
  const baseUrl = inject('studioUrl');
  if (!baseUrl) throw new Error('no shared studio: run the browser tests with vitest.e2e.config.ts (its globalSetup starts it)');
  return { baseUrl, logs: () => '(the shared studio: see the global setup’s output)', stop: async () => undefined };
}

/** This file's connection to the tier's one Chromium (its contexts are its own; `close()` in `afterAll`). */
export function sharedBrowser(): Promise<Browser> {
  const ws = inject('browserWsEndpoint');
  if (!ws) throw new Error('no shared browser: run the browser tests with vitest.e2e.config.ts (its globalSetup starts it)');
  return connectBrowser(ws);
}
