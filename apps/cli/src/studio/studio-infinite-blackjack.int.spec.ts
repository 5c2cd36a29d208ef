/**
 * Infinite blackjack live (IBJ-1..IBJ-12), with no line in the server: the studio (built server on embedded
 * defaults) creates *Infinite Blackjack 1* (`--infinite-blackjack`), the simulated 8-deck shoe is inserted freshly
 * shuffled every round and read by the edge agent, the robot dealer deals each card the kernel's `next` asks
 * for, the demo players bet and decide (the view's first option, or the timer: they stand), the server closes
 * each decision step on its deadline, and rounds settle. Needs the build (`npx tsc -b tsconfig.build.json`).
 */
import { describe, expect, it } from 'vitest';
import { demoTables, INFINITE_BLACKJACK_TABLE } from './demo-tables.js';
import { demoStudio, settledRounds } from '../../../../test/support/demo-studio.js';

describe('felt studio: Infinite Blackjack 1 on the simulated 8-deck shoe', () => {
  const demo = demoStudio('ibj');

  it('is opt-in: the default studio does not run it', () => {
    expect(demoTables().some((t) => t.game === 'infinite-blackjack')).toBe(false);
    expect(demoTables({ infiniteBlackjack: true }).at(-1)?.name).toBe('Infinite Blackjack 1');
  });

  it('rounds with bets are dealt in the IBJ order (common, up, common, draws and split lines, dealer) and settle', { timeout: 240_000 }, async () => {
    const { pit, lines } = await demo.start({ seed: 23, tables: [INFINITE_BLACKJACK_TABLE] });
    const t = (await pit.listTables()).find((x) => x.name === 'Infinite Blackjack 1');
    expect(t?.game).toBe('infinite-blackjack');
    const good = await settledRounds(pit, t!.tableId, 2, 220_000, (events) => {
      if (!events.some((e) => e.type === 'BetAccepted' && (e.payload as { bet?: { kind?: string } }).bet?.kind === 'main')) return false;
      const to = events.filter((e) => e.type === 'CardRecorded').map((e) => (e.payload as { to: { type: string } }).to.type);
      expect(to.slice(0, 3)).toEqual(['common', 'dealer', 'common']);
      const rest = to.slice(3);
      const firstDealer = rest.indexOf('dealer');
      expect(firstDealer).toBeGreaterThanOrEqual(0);
      expect(rest.slice(0, firstDealer).every((x) => x === 'draw' || x === 'split')).toBe(true); // the common draw, then the split lines (IBJ-5)
      expect(rest.slice(firstDealer).every((x) => x === 'dealer')).toBe(true);
      return true;
    });
    expect(good.size, lines.join('\n').slice(-2000)).toBe(2);
  });
});
