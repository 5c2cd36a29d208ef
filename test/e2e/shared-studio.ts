/**
 * The studio and the Chromium every browser file shares (started once by ./studio.global.ts): `sharedStudio()`
 * and `sharedBrowser()` in a file's `beforeAll`. Stopping them is the global teardown's job, so the studio's
 * `stop()` here does nothing and the browser's `close()` only closes this file's contexts and disconnects.
 */
import { inject } from 'vitest';
import type { Browser } from 'playwright-core';
import { connectBrowser, createAccounts, type StudioHandle } from './harness.js';

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

/**
 * A file's start on the shared studio (in its `beforeAll`): its own accounts created (a bare username is also
 * the account's name), then its connection to the shared Chromium.
 */
export async function joinSharedStudio(accounts: readonly (string | { readonly username: string; readonly name: string })[]): Promise<{ readonly studio: StudioHandle; readonly browser: Browser }> {
  const studio = sharedStudio();
  await createAccounts(studio, accounts.map((a) => (typeof a === 'string' ? { username: a, name: a } : a)));
  return { studio, browser: await sharedBrowser() };
}
