import type { StoredRoundEvent } from '../shared/ports/persistence.port.js';

/** The round and bet events a bet-watching monitor folds (every game's kernel uses these names: define.ts COMMON_EVENTS). */
export const ROUND_BET_TYPES = ['RoundOpened', 'BetAccepted', 'BetCancelled', 'BettingClosed', 'RoundVoided'] as const;

export interface OpenBet {
  readonly playerId: string;
  readonly spot: string;
  readonly stakeMinor: number;
  readonly acceptedAt: number;
}

export interface OpenRound {
  readonly tableId: string;
  readonly roundId: string;
  readonly profileId: string | null;
  /** Accepted and not cancelled, by bet id (bets with a parent — a double, a split — are left out). */
  readonly bets: Map<string, OpenBet>;
  closedAt: number | null;
}

/** Rounds kept open at most (rounds never settled: a stalled log). */
const MAX_OPEN = 200;

/**
 * Issue 23 §5: the rounds of the tables a monitor watches, with their bets as accepted and cancelled and the
 * moment betting closed — shared by the late-bettor monitor (which settles them at the result) and the
 * shared-pattern monitor (which takes them at the close). A void round is dropped.
 */
export class OpenRounds {
  private readonly rounds = new Map<string, OpenRound>();

  /** Folds one of ROUND_BET_TYPES (others are ignored); returns the round when this event closed its betting. */
  fold(e: StoredRoundEvent): OpenRound | null {
    const p = (e.payload ?? {}) as Record<string, unknown>;
    switch (e.type) {
      case 'RoundOpened':
        this.rounds.set(e.roundId, { tableId: e.tableId, roundId: e.roundId, profileId: typeof p['profileId'] === 'string' ? p['profileId'] : null, bets: new Map(), closedAt: null });
        if (this.rounds.size > MAX_OPEN) this.rounds.delete(this.rounds.keys().next().value!);
        return null;
      case 'BetAccepted': {
        const r = this.rounds.get(e.roundId);
        const bet = p['bet'] as { betId?: unknown; playerId?: unknown; spot?: unknown; stakeMinor?: unknown; acceptedAt?: unknown; parentBetId?: unknown } | undefined;
        if (!r || !bet || bet.parentBetId !== undefined || typeof bet.betId !== 'string' || typeof bet.playerId !== 'string' || typeof bet.spot !== 'string') return null;
        r.bets.set(bet.betId, { playerId: bet.playerId, spot: bet.spot, stakeMinor: typeof bet.stakeMinor === 'number' ? bet.stakeMinor : 0, acceptedAt: typeof bet.acceptedAt === 'number' ? bet.acceptedAt : e.at });
        return null;
      }
      case 'BetCancelled':
        this.rounds.get(e.roundId)?.bets.delete(String(p['betId']));
        return null;
      case 'BettingClosed': {
        const r = this.rounds.get(e.roundId);
        if (!r || r.closedAt !== null) return null;
        r.closedAt = e.at;
        return r;
      }
      case 'RoundVoided':
        this.rounds.delete(e.roundId);
        return null;
      default:
        return null;
    }
  }

  /** The round, forgotten from now on. */
  take(roundId: string): OpenRound | undefined {
    const r = this.rounds.get(roundId);
    this.rounds.delete(roundId);
    return r;
  }
}
