import type { AcceptedBet } from '@felt-studio/games';

/** The parts every game's player view shares (the kernel's `view` for a player audience). */
export interface CommonView {
  readonly game?: string;
  readonly roundId: string | null;
  readonly seq: number;
  readonly phase: string;
  readonly bettingClosesAt: number | null;
  readonly bets: readonly AcceptedBet[] | Readonly<Record<string, AcceptedBet>>;
  readonly voidReason?: string | null;
}

export function asView(v: unknown): CommonView | null {
  return v !== null && typeof v === 'object' && 'phase' in v ? (v as CommonView) : null;
}

/** The player's own bets in the view (arrays and records alike). */
export function betsOf(v: CommonView | null): AcceptedBet[] {
  if (!v || !v.bets) return [];
  return Array.isArray(v.bets) ? [...(v.bets as readonly AcceptedBet[])] : Object.values(v.bets as Readonly<Record<string, AcceptedBet>>);
}

/** Stake per spot key. */
export function stakesBySpot(bets: readonly AcceptedBet[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const b of bets) m.set(b.spot, (m.get(b.spot) ?? 0) + b.stakeMinor);
  return m;
}

export const totalStake = (bets: readonly AcceptedBet[]): number => bets.reduce((s, b) => s + b.stakeMinor, 0);

/** Betting is open on the server and its deadline (server clock) has not passed. */
export const isBettingOpen = (v: CommonView | null): boolean => v?.phase === 'betting';
