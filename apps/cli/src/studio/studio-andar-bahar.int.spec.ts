/**
 * Issue 19 §4, the proof: Andar Bahar runs live with no line in the server. The studio (built server on
 * embedded defaults, PGlite, embedded MQTT) creates the *Andar Bahar 1* table from DEMO_TABLES, the
 * simulated one-deck shoe is inserted freshly shuffled every round and read by the edge agent, the
 * robot dealer deals each card the kernel's `next` asks for (AB-2, AB-3), the demo players bet, and
 * rounds settle at the first card of the joker's rank (AB-4). Needs the build (`npx tsc -b tsconfig.build.json`).
 */
import { describe, expect, it } from 'vitest';
import { DEMO_TABLES } from './demo-tables.js';
import { demoStudio, settledRounds } from '../../../../test/support/demo-studio.js';

describe('felt studio: Andar Bahar 1 on the simulated one-deck shoe', () => {
  const demo = demoStudio('ab');

  it('rounds with bets are dealt from a fresh deck (joker, then Andar, Bahar, …) and settle at the first match', { timeout: 240_000 }, async () => {
    const table = DEMO_TABLES.find((t) => t.game === 'andar-bahar');
    expect(table?.name).toBe('Andar Bahar 1');
    const { pit, lines } = await demo.start({ seed: 19, tables: [table!] });
    const t = (await pit.listTables()).find((x) => x.name === 'Andar Bahar 1');
    expect(t?.game).toBe('andar-bahar');
    const good = await settledRounds(pit, t!.tableId, 2, 220_000, (events) => {
      const cards = events.filter((e) => e.type === 'CardRecorded').map((e) => e.payload as { card: string; to: string });
      if (!events.some((e) => e.type === 'BetAccepted') || cards.length < 2) return false;
      const [joker, ...dealt] = cards;
      expect(joker?.to).toBe('joker');
      expect(dealt.map((c) => c.to)).toEqual(dealt.map((_, i) => (i % 2 === 0 ? 'andar' : 'bahar')));
      expect(new Set(cards.map((c) => c.card)).size).toBe(cards.length);
      expect(dealt.filter((c) => c.card[0] === joker?.card[0]).map((c) => c.card)).toEqual([dealt.at(-1)?.card]);
      return true;
    });
    expect(good.size, lines.join('\n').slice(-2000)).toBe(2);
  });
});
