import { infiniteBlackjack } from '@felt-studio/games';
import { describe, expect, it } from 'vitest';
import { presetsOf } from '../../app/games';
import { kernelFor } from '../rounds/kernels';
import { openedWithBet, replayedViews } from '../rounds/replay.fixture';
import { infiniteBlackjackOutcome } from '.';

describe('Infinite blackjack in the pit boss', () => {
  it("replays a round through the game's own kernel and reads its outcome: the common hand, the draws, the dealer (IBJ-1..IBJ-6)", () => {
    const k = infiniteBlackjack.infiniteBlackjackKernel;
    expect(kernelFor('infinite-blackjack')).toBe(k);
    const cmds = [
      ...openedWithBet('rnd_ibj', 'tbl_ibj', 'main'),
      { type: 'RecordCard', at: 101, card: '5S' },
      { type: 'RecordCard', at: 102, card: '9H' },
      { type: 'RecordCard', at: 103, card: '4D' },
      { type: 'PlayerAction', at: 104, playerId: 'p1', action: 'hit' },
      { type: 'RecordCard', at: 105, card: '2C' },
      { type: 'PlayerAction', at: 106, playerId: 'p1', action: 'stand' },
      { type: 'RecordCard', at: 107, card: '8S' },
    ];
    const views = replayedViews('infinite-blackjack', k, 'rnd_ibj', cmds);
    expect(infiniteBlackjackOutcome(views.at(-1))).toBe('common 5S 4D + 2C · dealer 9H 8S (17) · 1 hand');
    expect(infiniteBlackjackOutcome(views[0])).toBeNull();
    expect(presetsOf('infinite-blackjack')).toEqual(['card', 'custom']);
  });
});
