import type { RoundLimits } from '@felt-studio/games';
import { storedEventsOf } from '../../test/stored-events';
import { kernelFor } from './kernels';
import { replay } from './replay.model';

/** Test fixture for the game features' specs: a round replayed as the round screen replays it. */

const limits: RoundLimits = { spots: {}, tableMinMinor: 100, tableMaxMinor: 100_000 };

/** A round opened at `at` 1 (betting closes at 100) with player p1's bet b1 of 500 on `spot`. */
export function openedWithBet(roundId: string, tableId: string, spot: string): unknown[] {
  return [
    { type: 'OpenRound', at: 1, roundId, tableId, profileId: 'standard', bettingClosesAt: 100, limits },
    { type: 'PlaceBet', at: 2, bet: { betId: 'b1', playerId: 'p1', spot, stakeMinor: 500 } },
  ];
}

/** The views of a round's replay, step by step, through the pit boss's kernel for `game`, from REAL decisions of `kernel` on `commands`. */
export function replayedViews(game: string, kernel: unknown, roundId: string, commands: readonly unknown[]): unknown[] {
  return replay(kernelFor(game) as never, roundId, storedEventsOf(kernel, commands) as never).map((s) => s.view);
}
