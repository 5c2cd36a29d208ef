import { infiniteBlackjack, type RoundLimits } from '@felt-studio/games';
import { describe, expect, it } from 'vitest';
import { presetsOf } from '../../app/games';
import { kernelFor } from '../rounds/kernels';
import { replay } from '../rounds/replay.model';
import { storedEventsOf } from '../../test/stored-events';
import { infiniteBlackjackOutcome } from '.';

const limits: RoundLimits = { spots: {}, tableMinMinor: 100, tableMaxMinor: 100_000 };

describe('Infinite blackjack in the pit boss', () => {
  it("replays a round through the game's own kernel and reads its outcome: the common hand, the draws, the dealer (IBJ-1..IBJ-6)", () => {
    const k = infiniteBlackjack.infiniteBlackjackKernel;
    expect(kernelFor('infinite-blackjack')).toBe(k);
    const cmds = [
      { type: 'OpenRound', at: 1, roundId: 'rnd_ibj', tableId: 'tbl_ibj', profileId: 'standard', bettingClosesAt: 100, limits },
      { type: 'PlaceBet', at: 2, bet: { betId: 'b1', playerId: 'p1', spot: 'main', stakeMinor: 500 } },
      { type: 'RecordCard', at: 101, card: '5S' },
      { type: 'RecordCard', at: 102, card: '9H' },
      { type: 'RecordCard', at: 103, card: '4D' },
      { type: 'PlayerAction', at: 104, playerId: 'p1', action: 'hit' },
      { type: 'RecordCard', at: 105, card: '2C' },
      { type: 'PlayerAction', at: 106, playerId: 'p1', action: 'stand' },
      { type: 'RecordCard', at: 107, card: '8S' },
    ];
    const events = storedEventsOf(k, cmds);
    const steps = replay(kernelFor('infinite-blackjack') as never, 'rnd_ibj', events as never);
    expect(infiniteBlackjackOutcome(steps.at(-1)?.view)).toBe('common 5S 4D + 2C · dealer 9H 8S (17) · 1 hand');
    expect(infiniteBlackjackOutcome(steps[0]?.view)).toBeNull();
    expect(presetsOf('infinite-blackjack')).toEqual(['card', 'custom']);
  });
});
