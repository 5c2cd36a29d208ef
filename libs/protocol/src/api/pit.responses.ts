/** Pit-boss read side of the studio server (the one definition: the server and the SDK import these) (`GET /rounds/day`, `/rounds/search`, `/rounds/:id/detail`). */
import type { StoredRoundEvent } from './responses.js';

/** Money of a round: bets still open count as staked; hold (stake − return) from settled bets only. */
export interface RoundMoney {
  readonly bets: number;
  readonly players: number;
  readonly stakedMinor: number;
  readonly holdMinor: number;
}

export interface RoundListItem extends RoundMoney {
  readonly roundId: string;
  readonly tableId: string;
  readonly game: string;
  readonly phase: string;
  readonly seq: number;
  readonly openedAt: number;
  readonly updatedAt: number;
}

export interface DayBucket {
  readonly at: number;
  readonly rounds: number;
  readonly stakedMinor: number;
  readonly holdMinor: number;
}

/** One table's day in the table's currency. */
export interface TableDay {
  readonly tableId: string;
  readonly currency: string;
  readonly rounds: number;
  readonly voided: number;
  readonly stakedMinor: number;
  readonly holdMinor: number;
  readonly buckets: readonly DayBucket[];
}

export type BetStatus = 'accepted' | 'cancelled' | 'settled' | 'refunded';

export interface BetRecord {
  readonly betId: string;
  readonly roundId: string;
  readonly tableId: string;
  readonly playerId: string;
  readonly spot: string;
  readonly kind: string;
  readonly stakeMinor: number;
  readonly currency: string;
  readonly status: BetStatus;
  readonly returnMinor: number | null;
  readonly placedAt: number;
  readonly settledAt: number | null;
}

export interface RoundDetail {
  readonly round: RoundListItem;
  readonly bets: readonly BetRecord[];
  readonly events: readonly StoredRoundEvent[];
}

export interface RoundSearchQuery {
  readonly roundId?: string;
  readonly tableId?: string;
  readonly playerId?: string;
  readonly from?: number;
  readonly to?: number;
  readonly limit?: number;
}
