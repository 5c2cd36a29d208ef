/**
 * Issue 19 §4, the proof: Andar Bahar runs live with no line in the server. The studio (built server on
 * embedded defaults, PGlite, embedded MQTT) creates the *Andar Bahar 1* table from DEMO_TABLES, the
 * simulated one-deck shoe is inserted freshly shuffled every round and read by the edge agent, the
 * robot dealer deals each card the kernel's `next` asks for (AB-2, AB-3), the demo players bet, and
 * rounds settle at the first card of the joker's rank (AB-4). Needs the build (`npx tsc -b tsconfig.build.json`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FeltClient } from '@felt/client-sdk';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_TABLES } from './demo-tables.js';
import { Studio } from './studio.js';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

describe('felt studio: Andar Bahar 1 on the simulated one-deck shoe', () => {
  const dir = mkdtempSync(join(tmpdir(), 'felt-studio-ab-'));
  let studio: Studio | null = null;
  afterAll(async () => {
    await studio?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('rounds with bets are dealt from a fresh deck (joker, then Andar, Bahar, …) and settle at the first match', { timeout: 240_000 }, async () => {
    for (const k of ['DATABASE_URL', 'REDIS_URL', 'MQTT_URL', 'PORT', 'MQTT_EMBEDDED_PORT', 'FELT_DATA_DIR']) delete process.env[k];
    const table = DEMO_TABLES.find((t) => t.game === 'andar-bahar');
    expect(table?.name).toBe('Andar Bahar 1');
    const lines: string[] = [];
    studio = new Studio({ port: await freePort(), mqttPort: await freePort(), dataDir: dir, speed: 4, bots: true, serverUrl: null, mqttUrl: null, seed: 19, tables: [table!], log: (l) => lines.push(l) });
    await studio.start();
    const pit = new FeltClient({ baseUrl: studio.baseUrl });
    await pit.login('pitboss1', 'demo');
    const t = (await pit.listTables()).find((x) => x.name === 'Andar Bahar 1');
    expect(t?.game).toBe('andar-bahar');
    const good = new Set<string>();
    const end = Date.now() + 220_000;
    while (good.size < 2 && Date.now() < end) {
      for (const r of await pit.tableResults(t!.tableId, 20)) {
        if (r.phase !== 'settled' || good.has(r.roundId)) continue;
        const events = await pit.roundEvents(r.roundId);
        const cards = events.filter((e) => e.type === 'CardRecorded').map((e) => e.payload as { card: string; to: string });
        if (!events.some((e) => e.type === 'BetAccepted') || cards.length < 2) continue;
        const [joker, ...dealt] = cards;
        expect(joker?.to).toBe('joker');
        expect(dealt.map((c) => c.to)).toEqual(dealt.map((_, i) => (i % 2 === 0 ? 'andar' : 'bahar')));
        expect(new Set(cards.map((c) => c.card)).size).toBe(cards.length);
        expect(dealt.filter((c) => c.card[0] === joker?.card[0]).map((c) => c.card)).toEqual([dealt.at(-1)?.card]);
        good.add(r.roundId);
      }
      await sleep(2000);
    }
    expect(good.size, lines.join('\n').slice(-2000)).toBe(2);
  });
});
