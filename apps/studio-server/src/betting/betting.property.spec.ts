import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { BettingService } from './betting.service.js';
import { DEALER, makeHarness, PLAYER } from '../../../../test/support/studio-server/harness.js';
import { SYSTEM_ACTOR } from '../shared/command.types.js';

const RUNS = Number(process.env['PROPERTY_RUNS'] ?? 25);

type Op = { kind: 'bet'; player: number; spot: 'heads' | 'tails'; stake: number; id: number } | { kind: 'cancel'; player: number; id: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('bet' as const), player: fc.integer({ min: 1, max: 3 }), spot: fc.constantFrom('heads' as const, 'tails' as const), stake: fc.integer({ min: 50, max: 6_000 }), id: fc.integer({ min: 0, max: 30 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), player: fc.integer({ min: 1, max: 3 }), id: fc.integer({ min: 0, max: 30 }) }) },
);

describe('betting properties (money conserved under concurrency)', () => {
  it('any burst of concurrent bets and cancels: no negative balance, no limit exceeded, every bet settled once, ledger sums to zero', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 0, max: 30_000 }), { minLength: 3, maxLength: 3 }), fc.array(opArb, { minLength: 1, maxLength: 40 }), fc.constantFrom('heads' as const, 'tails' as const), async (balances, ops, side) => {
        const h = makeHarness();
        for (const [i, b] of balances.entries()) if (b > 0) await h.deposit(`player${i + 1}`, b);
        const tableId = await h.openCoinTable();
        const betting = new BettingService(h.rounds, h.clock, h.uow, h.metrics);
        await h.rounds.openRound(tableId, DEALER);
        // All at once: the table queue and group commit must keep every invariant.
        await Promise.all(
          ops.map((op) =>
            op.kind === 'bet'
              ? betting.place(tableId, PLAYER(op.player), { betId: `p${op.player}-${op.id}`, spot: op.spot, stakeMinor: op.stake })
              : betting.cancel(tableId, PLAYER(op.player), `p${op.player}-${op.id}`),
          ),
        );
        const round = await h.rounds.currentRound(tableId);
        for (let p = 1; p <= 3; p++) {
          const mine = Object.values(round?.state.bets ?? {}).filter((b) => b.playerId === `player${p}`);
          expect(mine.reduce((a, b) => a + b.stakeMinor, 0)).toBeLessThanOrEqual(20_000); // table max (GEN-2)
          expect(new Set(mine.map((b) => b.spot)).size).toBeLessThanOrEqual(1); // not both sides (RES-style)
          expect(await h.balance(`player${p}`)).toBeGreaterThanOrEqual(0);
          expect((await h.balance(`player${p}`)) + mine.reduce((a, b) => a + b.stakeMinor, 0)).toBe(balances[p - 1]);
        }
        await h.advance(10_000);
        await h.rounds.execute(tableId, { type: 'LaunchCoin', at: h.clock.now() }, SYSTEM_ACTOR);
        await h.rounds.execute(tableId, { type: 'RecordFlip', at: h.clock.now(), side }, SYSTEM_ACTOR);
        expect((await h.rounds.currentRound(tableId))?.state.phase).toBe('settled');
        expect(await h.invariants()).toEqual([]);
        h.rounds.onModuleDestroy();
      }),
      { numRuns: RUNS },
    );
  });
});
