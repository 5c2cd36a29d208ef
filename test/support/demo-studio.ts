/**
 * The studio specs' demo studio: the built server on embedded defaults (PGlite, embedded MQTT — no external
 * service, as on a user's machine), a data directory of its own, the robot dealer and demo players at speed 4, a
 * pit boss signed in; stopped and removed after the file. Needs the build (`npx tsc -b tsconfig.build.json`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FeltClient, type StoredRoundEvent } from '@felt-studio/client-sdk';
import { afterAll } from 'vitest';
import { freePort } from './processes.js';
import { Studio, type StudioOptions } from '../../apps/cli/src/studio/studio.js';

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

export interface DemoStudio {
  readonly studio: Studio;
  /** A pit boss's client (pitboss1). */
  readonly pit: FeltClient;
  /** The studio's log so far (a failing expectation prints its tail). */
  readonly lines: string[];
}

/** Registers the cleanup (call at describe level); `start` boots the studio with `options` over the embedded defaults. */
export function demoStudio(prefix: string): { start(options: Pick<StudioOptions, 'tables' | 'seed'> & Partial<StudioOptions>): Promise<DemoStudio> } {
  const dir = mkdtempSync(join(tmpdir(), `felt-studio-${prefix}-`));
  let studio: Studio | null = null;
  afterAll(async () => {
    await studio?.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  return {
    async start(options) {
      for (const k of ['DATABASE_URL', 'REDIS_URL', 'MQTT_URL', 'PORT', 'MQTT_EMBEDDED_PORT', 'FELT_DATA_DIR']) delete process.env[k];
      const lines: string[] = [];
      studio = new Studio({ port: await freePort(), mqttPort: await freePort(), dataDir: dir, speed: 4, bots: true, serverUrl: null, mqttUrl: null, log: (l) => lines.push(l), ...options });
      await studio.start().catch((e: unknown) => {
        throw new Error(`${(e as Error).message}; the studio's log: ${lines.join('\n').slice(-3000)}`, { cause: e });
      });
      const pit = new FeltClient({ baseUrl: studio.baseUrl });
      await pit.login('pitboss1', 'demo');
      return { studio, pit, lines };
    },
  };
}

/**
 * Polls a table's settled rounds until `count` of them pass `check` (their events; false: not one to count, e.g.
 * no bet in it; an expectation inside fails the test) or `ms` pass. The rounds counted.
 */
export async function settledRounds(pit: FeltClient, tableId: string, count: number, ms: number, check: (events: readonly StoredRoundEvent[]) => boolean): Promise<Set<string>> {
  const good = new Set<string>();
  const end = Date.now() + ms;
  while (good.size < count && Date.now() < end) {
    for (const r of await pit.tableResults(tableId, 20)) {
      if (r.phase !== 'settled' || good.has(r.roundId)) continue;
      if (check(await pit.roundEvents(r.roundId))) good.add(r.roundId);
    }
    await sleep(2000);
  }
  return good;
}
