import { andarBahar, type RoundLimits } from '@felt-studio/games';
import { describe, expect, it } from 'vitest';
import { presetsOf } from '../../app/games';
import { kernelFor } from '../rounds/kernels';
import { replay } from '../rounds/replay.model';
import { storedEventsOf } from '../../test/stored-events';
import { andarBaharOutcome } from '.';

const limits: RoundLimits = { spots: {}, tableMinMinor: 100, tableMaxMinor: 100_000 };

describe('Andar Bahar in the pit boss', () => {
  it("replays a round through the game's own kernel (the manifests) and reads its outcome: joker, the sides' cards, the winner (AB-2..AB-4)", () => {
    const k = andarBahar.andarBaharKernel;
    expect(kernelFor('andar-bahar')).toBe(k);
    const cmds = [
      { type: 'OpenRound', at: 1, roundId: 'rnd_ab', tableId: 'tbl_ab', profileId: 'standard', bettingClosesAt: 100, limits },
      { type: 'PlaceBet', at: 2, bet: { betId: 'b1', playerId: 'p1', spot: 'bahar', stakeMinor: 500 } },
      { type: 'RecordCard', at: 101, card: '7H' },
      { type: 'RecordCard', at: 102, card: '2C' },
      { type: 'RecordCard', at: 103, card: 'KD' },
      { type: 'RecordCard', at: 104, card: '9S' },
      { type: 'RecordCard', at: 105, card: '7S' },
    ];
    const events = storedEventsOf(k, cmds);
    const steps = replay(kernelFor('andar-bahar') as never, 'rnd_ab', events as never);
    expect(andarBaharOutcome(steps.at(-1)?.view)).toBe('joker 7H · andar 2C 9S · bahar KD 7S — bahar wins, 4 cards');
    expect(andarBaharOutcome(steps[0]?.view)).toBeNull();
    expect(presetsOf('andar-bahar')).toEqual(['card', 'custom']);
  });
});
