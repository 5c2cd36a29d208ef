import { ok, violation, type Result, type Violation } from '@felt/games';
import { accepted, checkBetIdempotency, checkBettingOpen, checkCancel, checkStake, checkVoidable, emit, evolveCommon, refundAll, reject } from '@felt/games';
import type { AcceptedBet, Audience, CommonCommand, CommonEvent, Deadline, NextAction, RoundKernel, RoundStateBase, Settlement } from '@felt/games';
import type { AnyKernel } from '../kernel.registry.js';

/**
 * A tiny round kernel for the server's unit tests (the real games are tested in libs/games): a coin
 * flip with spots `heads`/`tails` paying 1:1, a RES-style restriction (not both sides), a device
 * "launch" sign, a result, a hidden `dealerSecret` (like a hole card) and a result timeout deadline.
 * Phases: idle → betting → closed → play (launched) → resolved → settled; void from any unresolved.
 */
export type CoinCommand =
  | CommonCommand
  | { readonly type: 'LaunchCoin'; readonly at: number }
  | { readonly type: 'RecordFlip'; readonly at: number; readonly side: 'heads' | 'tails' }
  | { readonly type: 'RecordSecret'; readonly at: number; readonly secret: string }
  | { readonly type: 'FlipTimeout'; readonly at: number };

export type CoinEvent =
  | CommonEvent
  | { readonly type: 'CoinLaunched'; readonly at: number; readonly resultDueAt: number }
  | { readonly type: 'FlipRecorded'; readonly at: number; readonly side: 'heads' | 'tails' }
  | { readonly type: 'SecretRecorded'; readonly at: number; readonly secret: string };

export interface CoinState extends RoundStateBase {
  readonly side: 'heads' | 'tails' | null;
  readonly resultDueAt: number | null;
  readonly secret: string | null;
}

export const COIN_RESULT_TIMEOUT_MS = 5_000;
const SPOTS = ['heads', 'tails'] as const;
const v = (code: string, ruleId: string | null, message: string): Violation => violation(code, ruleId, message).violation;

export const coinKernel: RoundKernel<CoinState, CoinCommand, CoinEvent, unknown> = {
  game: 'sicbo',
  initial: () => ({ game: 'sicbo', roundId: null, tableId: null, profileId: null, seq: 0, phase: 'idle', bettingClosesAt: null, limits: null, bets: {}, voidReason: null, side: null, resultDueAt: null, secret: null }),
  decide(s, c) {
    switch (c.type) {
      case 'OpenRound':
        if (s.phase !== 'idle') return reject(v('ROUND_ALREADY_OPEN', null, 'open'));
        if (c.profileId !== 'coin') return reject(v('UNKNOWN_PROFILE', 'D-2', 'unknown profile'));
        return emit<CoinEvent>({ type: 'RoundOpened', at: c.at, roundId: c.roundId, tableId: c.tableId, profileId: c.profileId, bettingClosesAt: c.bettingClosesAt, limits: c.limits });
      case 'PlaceBet': {
        const closed = checkBettingOpen(s, c.at);
        if (closed) return reject(closed);
        const dup = checkBetIdempotency(s, c.bet);
        if (dup === 'duplicate') return emit<CoinEvent>();
        if (dup) return reject(dup);
        if (!(SPOTS as readonly string[]).includes(c.bet.spot)) return reject(v('UNKNOWN_SPOT', null, `No spot ${c.bet.spot}.`));
        const bad = checkStake(s, c.bet, c.bet.spot);
        if (bad) return reject(bad);
        const other = c.bet.spot === 'heads' ? 'tails' : 'heads';
        if (Object.values(s.bets).some((b) => b.playerId === c.bet.playerId && b.spot === other)) return reject(v('OPPOSITE_SIDES', 'RES-2', 'Not both heads and tails in one round.'));
        return emit<CoinEvent>(accepted(c.at, c.bet, c.bet.spot));
      }
      case 'CancelBet': {
        const bad = checkCancel(s, c.at, c.betId, c.playerId);
        if (bad) return reject(bad);
        return emit<CoinEvent>({ type: 'BetCancelled', at: c.at, betId: c.betId, playerId: c.playerId, stakeMinor: s.bets[c.betId]?.stakeMinor ?? 0 });
      }
      case 'CloseBetting':
        if (s.phase !== 'betting') return reject(v('BETTING_NOT_OPEN', 'GEN-3', 'Betting is not open.'));
        return emit<CoinEvent>({ type: 'BettingClosed', at: c.at, reason: c.reason });
      case 'LaunchCoin':
        if (s.phase !== 'closed') return reject(v('NOT_CLOSED', 'GEN-3', '"No more bets" comes before the launch.'));
        return emit<CoinEvent>({ type: 'CoinLaunched', at: c.at, resultDueAt: c.at + COIN_RESULT_TIMEOUT_MS });
      case 'RecordSecret':
        if (s.phase !== 'closed' && s.phase !== 'play') return reject(v('NOT_IN_PLAY', null, 'no'));
        return emit<CoinEvent>({ type: 'SecretRecorded', at: c.at, secret: c.secret });
      case 'RecordFlip':
        if (s.phase !== 'play') return reject(v('NOT_IN_PLAY', 'GEN-5', 'The coin was not launched.'));
        return emit<CoinEvent>({ type: 'FlipRecorded', at: c.at, side: c.side });
      case 'FlipTimeout':
        if (s.phase !== 'play' || s.resultDueAt === null || c.at < s.resultDueAt) return reject(v('NOT_DUE', null, 'not due'));
        return emit<CoinEvent>({ type: 'RoundVoided', at: c.at, reason: 'no result in time', by: 'system' });
      case 'VoidRound': {
        const bad = checkVoidable(s);
        if (bad) return reject(bad);
        return emit<CoinEvent>({ type: 'RoundVoided', at: c.at, reason: c.reason, by: c.by });
      }
      case 'MarkSettled':
        if (s.phase !== 'resolved') return reject(v('ROUND_NOT_RESOLVED', 'GEN-5', 'not resolved'));
        return emit<CoinEvent>({ type: 'RoundSettled', at: c.at });
    }
  },
  evolve(s, e) {
    switch (e.type) {
      case 'CoinLaunched':
        return { ...s, seq: s.seq + 1, phase: 'play', resultDueAt: e.resultDueAt };
      case 'FlipRecorded':
        return { ...s, seq: s.seq + 1, phase: 'resolved', side: e.side, resultDueAt: null };
      case 'SecretRecorded':
        return { ...s, seq: s.seq + 1, secret: e.secret };
      case 'RoundOpened':
      case 'BetAccepted':
      case 'BetCancelled':
      case 'BettingClosed':
      case 'RoundVoided':
      case 'RoundSettled':
        return evolveCommon(s, e);
    }
  },
  view(s, a: Audience) {
    const bets: AcceptedBet[] = Object.values(s.bets).filter((b) => a.role !== 'player' || b.playerId === a.playerId);
    return { roundId: s.roundId, seq: s.seq, phase: s.phase, bettingClosesAt: s.bettingClosesAt, side: s.side, bets, secret: a.role === 'player' && s.phase !== 'resolved' && s.phase !== 'settled' ? null : s.secret };
  },
  settle(s): Result<Settlement> {
    const roundId = s.roundId ?? '';
    if (s.phase === 'void') {
      const lines = refundAll(s);
      return ok({ roundId, voided: true, lines, houseResultMinor: 0 });
    }
    if ((s.phase !== 'resolved' && s.phase !== 'settled') || s.side === null) return violation('ROUND_NOT_RESOLVED', 'GEN-5', 'no result');
    const lines = Object.values(s.bets).map((b) => {
      const win = b.spot === s.side;
      return { betId: b.betId, playerId: b.playerId, stakeMinor: b.stakeMinor, returnMinor: win ? b.stakeMinor * 2 : 0, outcome: win ? ('win' as const) : ('lose' as const), rules: ['COIN-1'] };
    });
    return ok({ roundId, voided: false, lines, houseResultMinor: lines.reduce((a, l) => a + l.stakeMinor - l.returnMinor, 0) });
  },
  next(s): readonly NextAction[] {
    if (s.phase === 'closed') return [{ kind: 'launch', message: 'Launch the coin.' }];
    if (s.phase === 'play') return [{ kind: 'result', message: 'Wait for the flip.' }];
    return [];
  },
  deadlines(s): readonly Deadline[] {
    if (s.phase === 'betting' && s.bettingClosesAt !== null) return [{ at: s.bettingClosesAt, command: { type: 'CloseBetting', at: s.bettingClosesAt, reason: 'deadline' } }];
    if (s.phase === 'play' && s.resultDueAt !== null) return [{ at: s.resultDueAt, command: { type: 'FlipTimeout', at: s.resultDueAt } }];
    return [];
  },
};

export const coinAsAny = coinKernel as unknown as AnyKernel;
