import { andarBahar } from '@felt-studio/games';
import { describe, expect, it } from 'vitest';
import { presetsOf } from '../../app/games';
import { kernelFor } from '../rounds/kernels';
import { openedWithBet, replayedViews } from '../rounds/replay.fixture';
import { andarBaharOutcome } from '.';

describe('Andar Bahar in the pit boss', () => {
  it("replays a round through the game's own kernel (the manifests) and reads its outcome: joker, the sides' cards, the winner (AB-2..AB-4)", () => {
    const k = andarBahar.andarBaharKernel;
    expect(kernelFor('andar-bahar')).toBe(k);
    const cmds = [
      ...openedWithBet('rnd_ab', 'tbl_ab', 'bahar'),
      { type: 'RecordCard', at: 101, card: '7H' },
      { type: 'RecordCard', at: 102, card: '2C' },
      { type: 'RecordCard', at: 103, card: 'KD' },
      { type: 'RecordCard', at: 104, card: '9S' },
      { type: 'RecordCard', at: 105, card: '7S' },
    ];
    const views = replayedViews('andar-bahar', k, 'rnd_ab', cmds);
    expect(andarBaharOutcome(views.at(-1))).toBe('joker 7H · andar 2C 9S · bahar KD 7S — bahar wins, 4 cards');
    expect(andarBaharOutcome(views[0])).toBeNull();
    expect(presetsOf('andar-bahar')).toEqual(['card', 'custom']);
  });
});
