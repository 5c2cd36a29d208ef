import type { Violation } from '@felt-studio/games';

/** The bet path's one call (BettingService): why this player may not stake this now, or null. Synchronous: it never delays a bet past the close (GEN-3). */
export interface BetGate {
  refuse(playerId: string, stakeMinor: number, at: number): Violation | null;
}
export const BET_GATE = Symbol('BET_GATE');
