/**
 * The robots follow a table's frames instead of polling it: the robot dealer and the demo players read a
 * table's round (`currentRound`) when a frame says it changed — one read per change, coalesced — and otherwise
 * only at the 3–5 s fallback. Before, the robot dealer read every dealt table every 150–900 ms and each demo
 * player every table every 1–2.5 s, changed or not: ~60 reads a second at the browser tier's studio, idle.
 * The studio (built server on embedded defaults, PGlite) runs Baccarat 1 at speed 4 with the dealer and the
 * three demo players; rounds are still dealt and bet on. Needs the build (`npx tsc -b tsconfig.build.json`);
 * no timing assertion, only a generous deadline.
 */
import { FeltClient, type RoundView } from '@felt-studio/client-sdk';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { DEMO_TABLES } from './demo-tables.js';
import { demoStudio, settledRounds } from '../../../../test/support/demo-studio.js';

interface Read {
  readonly client: FeltClient;
  readonly tableId: string;
  readonly roundId: string | null;
  readonly at: number;
}

describe('felt studio: the robots read a table when it changes, not on a timer', () => {
  const demo = demoStudio('follow');
  const reads: Read[] = [];
  const original = FeltClient.prototype.currentRound;
  vi.spyOn(FeltClient.prototype, 'currentRound').mockImplementation(async function (this: FeltClient, tableId: string): Promise<RoundView> {
    const r = await original.call(this, tableId);
    reads.push({ client: this, tableId, roundId: r.roundId, at: Date.now() });
    return r;
  });
  afterAll(() => {
    vi.restoreAllMocks();
  });

  it('each robot reads a round at most once per event of it, plus the fallback; the rounds are dealt and bet on as before', { timeout: 240_000 }, async () => {
    const table = DEMO_TABLES.find((t) => t.name === 'Baccarat 1')!;
    const { pit, lines } = await demo.start({ seed: 41, tables: [table] });
    const t = (await pit.listTables()).find((x) => x.name === 'Baccarat 1')!;
    const counted = new Map<string, number>();
    const good = await settledRounds(pit, t.tableId, 2, 200_000, (events) => {
      const cards = events.filter((e) => e.type === 'CardRecorded').length;
      if (!events.some((e) => e.type === 'BetAccepted') || cards < 4) return false;
      counted.set(events[0]!.roundId, events.length);
      return true;
    });
    expect(good.size, lines.join('\n').slice(-2000)).toBe(2);
    const clients = new Set(reads.map((r) => r.client));
    expect(clients.size, 'the robot dealer and three demo players read the table').toBe(4);
    for (const [roundId, events] of counted) {
      for (const client of clients) {
        const mine = reads.filter((r) => r.client === client && r.roundId === roundId);
        const span = (mine.at(-1)?.at ?? 0) - (mine[0]?.at ?? 0);
        // one read per frame (a frame per event at most), the fallback's reads (≥ 3 s apart), the first read and the join's resync
        const bound = events + Math.floor(span / 3_000) + 2;
        expect(mine.length, `${roundId}: a robot read it ${mine.length} times over ${span} ms (${events} events)`).toBeLessThanOrEqual(bound);
      }
    }
  });
});
