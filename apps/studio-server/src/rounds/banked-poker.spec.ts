import { describe, expect, it } from 'vitest';
import * as games from '@felt-studio/games';
import type { AnyKernel } from '../kernels/kernel.registry.js';
import { SYSTEM_ACTOR } from '../shared/command.types.js';
import { DEALER, flush, makeHarness, PITBOSS, PLAYER } from '../../../../test/support/studio-server/harness.js';

/**
 * A Casino Hold'em round through the server's one write path (issue 10): bets debited, cards from the
 * shoe closing betting, a player's Call debited as a child bet, the decision deadline armed from the
 * kernel and folding the undecided hand, the dealer's hand revealed, settlement paid, ledger balanced.
 */
describe("Casino Hold'em through the rounds service (CHE-1..5)", () => {
  it('Call is debited, the timer folds the undecided hand, the round settles to the exact balances', async () => {
    const h = makeHarness([games.bankedPoker.casinoHoldemKernel as unknown as AnyKernel], { 'casino-holdem': ['standard'] });
    await h.deposit('player1', 10_000);
    await h.deposit('player2', 10_000);
    const t = await h.tables.create({ name: 'CHE', game: 'casino-holdem', profileId: 'standard', limits: { currency: 'EUR', tableMinMinor: 100, tableMaxMinor: 10_000, spots: {} }, betWindowS: 10, cadence: { auto: false, pauseS: 5 }, devices: [{ deviceId: 'shoe-1', kind: 'shoe' }] }, PITBOSS);
    if (!t.ok) throw new Error(t.violation.message);
    await h.tables.setStatus(t.value.tableId, 'open', 'test', PITBOSS);
    const tableId = t.value.tableId;
    await h.rounds.openRound(tableId, DEALER);
    const at = h.clock.now();
    expect((await h.rounds.execute(tableId, { type: 'PlaceBet', at, bet: { betId: 'a1', playerId: 'player1', spot: 'ante', stakeMinor: 1_000 } }, PLAYER(1))).ok).toBe(true);
    expect((await h.rounds.execute(tableId, { type: 'PlaceBet', at, bet: { betId: 'a2', playerId: 'player2', spot: 'ante', stakeMinor: 500 } }, PLAYER(2))).ok).toBe(true);
    for (const card of ['AS', 'KD', '4C', '4D', '9H', 'AC', '2S']) {
      const r = await h.rounds.execute(tableId, { type: 'RecordCard', at: h.clock.now(), card }, SYSTEM_ACTOR, { closesBetting: true });
      expect(r.ok ? r.ok : r.violation).toBe(true);
    }
    // a player's view hides the dealer's cards
    const view = (await h.rounds.viewOf(tableId, { role: 'player', playerId: 'player1' })) as unknown as { view: { dealer: unknown[]; decision: { options: string[] } } };
    expect(JSON.stringify(view)).not.toContain('4C');
    const call = await h.control.playerDecision(tableId, PLAYER(1), { type: 'PlayerAction', action: 'call' });
    expect(call.ok ? call.ok : call.violation).toBe(true);
    expect(await h.balance('player1')).toBe(7_000);
    // no card is due while the decision time runs; at the deadline player2 folds (CHE-5)
    await h.advance(21_000);
    for (const card of ['JD', '5H']) await h.rounds.execute(tableId, { type: 'RecordCard', at: h.clock.now(), card }, SYSTEM_ACTOR, { closesBetting: true });
    await flush();
    const cur = await h.rounds.currentRound(tableId);
    expect(cur?.state.phase).toBe('settled');
    // pair of aces beats the dealer's qualifying 4s: Ante 1:1 (2 000) and Call 1:1 (4 000)
    expect(await h.balance('player1')).toBe(13_000);
    expect(await h.balance('player2')).toBe(9_500);
    expect(await h.invariants()).toEqual([]);
  });
});
