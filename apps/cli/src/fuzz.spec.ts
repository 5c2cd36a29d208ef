import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { felt } from '../../../test/support/cli.js';

/**
 * `felt settle` and `felt rtp` never print a stack trace, whatever the input (issue 8 §6): a bad
 * input is a coded message on stderr and exit code 2. Blackjack's `rtp` simulation is left out of
 * the argv fuzz only because it is slow (seconds per run), not because it may throw.
 */
const RUNS = Number(process.env.PROPERTY_RUNS ?? 100);
const GAMES = ['roulette', 'baccarat', 'blackjack', 'sicbo', 'dragon-tiger', 'football-studio'] as const;

const noStack = (text: string): void => {
  expect(text).not.toMatch(/\n\s+at .+\(.+:\d+:\d+\)/);
  expect(text).not.toMatch(/\n\s+at .+:\d+:\d+/);
};

const stake = fc.oneof(fc.integer(), fc.double(), fc.constantFrom(1e15, 2 ** 53, Number.MAX_SAFE_INTEGER, 1e300, -1, 0), fc.string(), fc.constant(null));
const spot = fc.oneof(fc.constantFrom('straight:5', 'red', 'small', 'total:4', 'triple:6', 'player', 'banker', 'tie', 'dragon', 'home', 'draw', 'seat:1', 'voisins'), fc.string());
const card = fc.oneof(fc.constantFrom('AS', 'KH', '2C', 'TD', '10D', 'AH'), fc.string());
const roundJson = fc.record(
  {
    number: fc.oneof(fc.integer({ min: -2, max: 40 }), fc.string()),
    dice: fc.oneof(fc.array(fc.integer({ min: 0, max: 7 }), { maxLength: 4 }), fc.string()),
    cards: fc.oneof(fc.array(card, { maxLength: 8 }), fc.string()),
    bets: fc.oneof(fc.array(fc.record({ betId: fc.oneof(fc.string(), fc.integer()), spot, stakeMinor: stake }, { requiredKeys: [] }), { maxLength: 6 }), fc.anything()),
    roundId: fc.anything(),
  },
  { requiredKeys: [] },
);

describe('felt settle / felt rtp never print a stack trace (fuzzed)', () => {
  it('settle: any JSON-ish stdin → exit 0 (settled) or 2 with a coded message', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...GAMES), fc.oneof(roundJson.map((x) => JSON.stringify(x)), fc.string(), fc.json()), async (game, stdin) => {
        const r = await felt(['settle', game], stdin);
        noStack(r.err);
        expect([0, 2]).toContain(r.code);
        if (r.code === 2) expect(r.err.length).toBeGreaterThan(0);
      }),
      { numRuns: RUNS },
    );
  });

  it('settle: a stake near 2^53 on a straight is STAKE_TOO_LARGE (D-1), not an overflow', async () => {
    const r = await felt(['settle', 'roulette'], JSON.stringify({ number: 5, bets: [{ spot: 'straight:5', stakeMinor: 1e15 }] }));
    expect(r.code).toBe(2);
    expect(r.err).toContain('STAKE_TOO_LARGE');
    expect(r.err).toContain('D-1');
    noStack(r.err);
  });

  it('rtp: any argv → exit 0 or 2 with a message, never a stack trace', async () => {
    const token = fc.oneof(fc.constantFrom('--profile', '--json', '--seed', '--rounds', '-p', '--help', 'roulette', 'sicbo', 'baccarat', 'dragon-tiger', 'football-studio', 'european', 'standard', '1', '-1', '1e9', ''), fc.string());
    await fc.assert(
      fc.asyncProperty(fc.array(token, { maxLength: 5 }), async (argv) => {
        const r = await felt(['rtp', ...argv]);
        noStack(r.err);
        expect([0, 2]).toContain(r.code);
      }),
      { numRuns: RUNS },
    );
  });
});
