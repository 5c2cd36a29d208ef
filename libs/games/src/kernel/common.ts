import { isMinor } from '../common/money.js';
import { violation, type Violation } from '../common/result.js';
import type { AcceptedBet, BetRequest, CommonCommand, CommonEvent, Decision, RoundLimits, RoundStateBase } from './kernel.js';

/**
 * Shared guards and folds for the common part of every round kernel, so that every game enforces
 * GEN-3/GEN-4 the same way. Games call these from their own decide/evolve.
 */

const v = (code: string, ruleId: string | null, message: string, details?: Record<string, unknown>): Violation =>
  violation(code, ruleId, message, details).violation;

/** GEN-3 / ROU-3: betting is open only in phase `betting` and strictly before the server deadline. */
export function checkBettingOpen(state: RoundStateBase, at: number): Violation | null {
  if (state.phase !== 'betting') return v('BETTING_CLOSED', 'GEN-3', 'Betting is closed for this round: no bet is accepted, raised or withdrawn.', { phase: state.phase });
  if (state.bettingClosesAt === null || at >= state.bettingClosesAt) return v('BETTING_CLOSED', 'GEN-3', 'The bet arrived after betting closed on the server clock.', { at, bettingClosesAt: state.bettingClosesAt });
  return null;
}

/** Idempotency: the same betId twice is one bet. Returns 'duplicate' for an identical replay. */
export function checkBetIdempotency(state: RoundStateBase, bet: BetRequest): Violation | 'duplicate' | null {
  const prior = state.bets[bet.betId];
  if (!prior) return null;
  if (prior.playerId === bet.playerId && prior.spot === bet.spot && prior.stakeMinor === bet.stakeMinor) return 'duplicate';
  return v('BET_ID_CONFLICT', null, `Bet id ${bet.betId} was already used for a different bet.`, { betId: bet.betId });
}

export function stakeOfPlayer(state: RoundStateBase, playerId: string): number {
  let sum = 0;
  for (const b of Object.values(state.bets)) if (b.playerId === playerId) sum += b.stakeMinor;
  return sum;
}

export function spotLimits(limits: RoundLimits, kind: string): { minMinor: number; maxMinor: number } {
  return limits.spots[kind] ?? { minMinor: limits.tableMinMinor, maxMinor: limits.tableMaxMinor };
}

/**
 * GEN-2 / GEN-4: amount is a positive integer, ≥ spot min, ≤ spot max (counting what the player
 * already has on the same spot), and the player's round total stays ≤ table max.
 */
export function checkStake(state: RoundStateBase, bet: BetRequest, kind: string): Violation | null {
  if (!isMinor(bet.stakeMinor) || bet.stakeMinor <= 0) return v('INVALID_AMOUNT', 'GEN-4', 'The stake must be a positive whole number of minor units.', { stakeMinor: bet.stakeMinor });
  const limits = state.limits;
  if (!limits) return v('ROUND_NOT_OPEN', 'GEN-3', 'No round is open.');
  const { minMinor, maxMinor } = spotLimits(limits, kind);
  let onSpot = 0;
  for (const b of Object.values(state.bets)) if (b.playerId === bet.playerId && b.spot === bet.spot) onSpot += b.stakeMinor;
  if (onSpot + bet.stakeMinor < minMinor) return v('BELOW_MIN', 'GEN-4', `The minimum on ${kind} is ${minMinor}.`, { minMinor, kind });
  if (onSpot + bet.stakeMinor > maxMinor) return v('ABOVE_MAX', 'GEN-4', `The maximum on ${kind} is ${maxMinor}.`, { maxMinor, kind, alreadyMinor: onSpot });
  const total = stakeOfPlayer(state, bet.playerId) + bet.stakeMinor;
  if (total > limits.tableMaxMinor) return v('TABLE_MAX', 'GEN-2', `Your total stake this round may not exceed ${limits.tableMaxMinor}.`, { tableMaxMinor: limits.tableMaxMinor });
  return null;
}

export function checkCancel(state: RoundStateBase, at: number, betId: string, playerId: string): Violation | null {
  const open = checkBettingOpen(state, at);
  if (open) return open;
  const b = state.bets[betId];
  if (!b) return v('BET_NOT_FOUND', null, `No bet ${betId} in this round.`);
  if (b.playerId !== playerId) return v('NOT_YOUR_BET', null, 'A player can only cancel their own bets.');
  return null;
}

/** The common fold. Games call it for CommonEvent types and handle their own events themselves. */
export function evolveCommon<S extends RoundStateBase>(state: S, event: CommonEvent): S {
  const seq = state.seq + 1;
  switch (event.type) {
    case 'RoundOpened':
      return { ...state, seq, roundId: event.roundId, tableId: event.tableId, profileId: event.profileId, bettingClosesAt: event.bettingClosesAt, limits: event.limits, phase: 'betting' };
    case 'BetAccepted':
      return { ...state, seq, bets: { ...state.bets, [event.bet.betId]: event.bet } };
    case 'BetCancelled': {
      const bets = { ...state.bets };
      delete bets[event.betId];
      return { ...state, seq, bets };
    }
    case 'BettingClosed':
      return { ...state, seq, phase: 'closed' };
    case 'RoundVoided':
      return { ...state, seq, phase: 'void', voidReason: event.reason };
    case 'RoundSettled':
      return { ...state, seq, phase: 'settled' };
  }
}

export const accepted = (at: number, bet: BetRequest, kind: string, parentBetId?: string): CommonEvent => ({
  type: 'BetAccepted',
  at,
  bet: parentBetId === undefined ? { ...bet, acceptedAt: at, kind } : { ...bet, acceptedAt: at, kind, parentBetId },
});

export const reject = (violationValue: Violation): Decision<never> => ({ ok: false, violation: violationValue });
export const emit = <E>(...events: E[]): Decision<E> => ({ ok: true, events });

/** Void is reachable from any unresolved state (GEN-6). */
export function checkVoidable(state: RoundStateBase): Violation | null {
  if (state.phase === 'idle') return v('ROUND_NOT_OPEN', 'GEN-6', 'There is no round to void.');
  if (state.phase === 'resolved' || state.phase === 'settled') return v('ROUND_RESOLVED', 'GEN-6', 'A resolved round cannot be voided; use a result correction.');
  if (state.phase === 'void') return v('ROUND_VOID', 'GEN-6', 'The round is already void.');
  return null;
}

/** A void settles every bet as a refund (GEN-6). */
export function refundAll(state: RoundStateBase): { betId: string; playerId: string; stakeMinor: number; returnMinor: number; outcome: 'refund'; rules: string[] }[] {
  return Object.values(state.bets).map((b: AcceptedBet) => ({ betId: b.betId, playerId: b.playerId, stakeMinor: b.stakeMinor, returnMinor: b.stakeMinor, outcome: 'refund' as const, rules: ['GEN-6'] }));
}

/** The common fields of every kernel's `initial()` state: no round yet. */
export function initialBase<G extends RoundStateBase['game']>(game: G) {
  return { game, roundId: null, tableId: null, profileId: null, seq: 0, phase: 'idle' as const, bettingClosesAt: null, limits: null, bets: {}, voidReason: null };
}

/**
 * The common lifecycle commands, decided the same way at every table: cancel while open (GEN-3),
 * close betting, void from any unresolved phase (GEN-6), mark a resolved round settled (GEN-5).
 */
export function decideCommonLifecycle(
  state: RoundStateBase,
  c: Extract<CommonCommand, { type: 'CancelBet' | 'CloseBetting' | 'VoidRound' | 'MarkSettled' }>,
): Decision<CommonEvent> {
  switch (c.type) {
    case 'CancelBet': {
      const bad = checkCancel(state, c.at, c.betId, c.playerId);
      if (bad) return reject(bad);
      const b = state.bets[c.betId];
      return emit<CommonEvent>({ type: 'BetCancelled', at: c.at, betId: c.betId, playerId: c.playerId, stakeMinor: b ? b.stakeMinor : 0 });
    }
    case 'CloseBetting':
      if (state.phase !== 'betting') return reject(v('BETTING_NOT_OPEN', 'GEN-3', 'Betting is not open.', { phase: state.phase }));
      return emit<CommonEvent>({ type: 'BettingClosed', at: c.at, reason: c.reason });
    case 'VoidRound': {
      const bad = checkVoidable(state);
      if (bad) return reject(bad);
      return emit<CommonEvent>({ type: 'RoundVoided', at: c.at, reason: c.reason, by: c.by });
    }
    case 'MarkSettled':
      if (state.phase !== 'resolved') return reject(v('ROUND_NOT_RESOLVED', 'GEN-5', 'Only a resolved round can be marked settled.', { phase: state.phase }));
      return emit<CommonEvent>({ type: 'RoundSettled', at: c.at });
  }
}
