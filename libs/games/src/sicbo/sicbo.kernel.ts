import { applyRatio } from '../common/money.js';
import { ok, violation, type Result, type Violation } from '../common/result.js';
import { accepted, checkBetIdempotency, checkBettingOpen, checkStake, decideCommonLifecycle, emit, evolveCommon, initialBase, refundAll, reject } from '../kernel/common.js';
import type { AcceptedBet, Audience, CommonCommand, CommonEvent, Deadline, Decision, NextAction, RoundKernel, RoundStateBase, Settlement, SettlementLine } from '../kernel/kernel.js';
import { checkRestriction, kindOf, parseDice, parseSpot, resolveSpot, sicboProfiles, type Dice, type SicboProfile } from './sicbo.rules.js';

/**
 * Sic Bo round kernel: idle → betting → closed → (RecordDiceResult) resolved → (MarkSettled) settled;
 * `void` from any unresolved phase (GEN-6) and automatically after more than `maxReshakes` dice
 * faults (SB-4, devices.md §5).
 */

export type SicboCommand =
  | CommonCommand
  /** The reader's `dice.result` (devices.md §5). Values outside 1–6 are rejected (SB-4): send a fault instead. */
  | { readonly type: 'RecordDiceResult'; readonly at: number; readonly dice: readonly number[] }
  /** `dice.fault` (no_shake, unreadable, motion_error, leaning/stacked die): reshake, or void past the limit (SB-4). */
  | { readonly type: 'RecordDiceFault'; readonly at: number; readonly code: string };

export type SicboEvent =
  | CommonEvent
  | { readonly type: 'DiceRecorded'; readonly at: number; readonly dice: Dice }
  | { readonly type: 'DiceFaultRecorded'; readonly at: number; readonly code: string; readonly faults: number };

export interface SicboState extends RoundStateBase {
  readonly game: 'sicbo';
  readonly dice: Dice | null;
  /** Dice faults so far this round (SB-4). */
  readonly faults: number;
}

export interface SicboView {
  readonly game: 'sicbo';
  readonly roundId: string | null;
  readonly tableId: string | null;
  readonly profileId: string | null;
  readonly seq: number;
  readonly phase: SicboState['phase'];
  readonly bettingClosesAt: number | null;
  readonly dice: Dice | null;
  readonly faults: number;
  readonly voidReason: string | null;
  /** A player sees only their own bets; dealer and pit boss see all. */
  readonly bets: readonly AcceptedBet[];
}

const v = (code: string, ruleId: string | null, message: string, details?: Record<string, unknown>): Violation => violation(code, ruleId, message, details).violation;

/** Settle bets against dice (shared by the kernel and `settleOffline`). */
export function settleBets(bets: readonly AcceptedBet[], dice: Dice, profile: SicboProfile): SettlementLine[] {
  return bets.map((b) => {
    const spot = parseSpot(b.spot);
    // Accepted bets always have a valid spot (checked by decide / settleOffline).
    if (!spot.ok) throw new Error(`bet ${b.betId} has invalid spot ${b.spot}`);
    const r = resolveSpot(spot.value, dice, profile);
    return { betId: b.betId, playerId: b.playerId, stakeMinor: b.stakeMinor, returnMinor: applyRatio(b.stakeMinor, r.multiple, profile.payoutRounding), outcome: r.outcome, rules: r.rules };
  });
}

export function settlementOf(roundId: string, voided: boolean, lines: readonly SettlementLine[]): Settlement {
  let house = 0;
  for (const l of lines) house += l.stakeMinor - l.returnMinor;
  return { roundId, voided, lines, houseResultMinor: house };
}

export function createSicboKernel(profiles: Readonly<Record<string, SicboProfile>> = sicboProfiles): RoundKernel<SicboState, SicboCommand, SicboEvent, SicboView> {
  const profileOf = (s: SicboState): SicboProfile | undefined => (s.profileId === null ? undefined : profiles[s.profileId]);

  const initial = (): SicboState => ({
    ...initialBase('sicbo'),
    dice: null,
    faults: 0,
  });

  function decide(state: SicboState, c: SicboCommand): Decision<SicboEvent> {
    switch (c.type) {
      case 'OpenRound': {
        if (state.phase !== 'idle') return reject(v('ROUND_ALREADY_OPEN', null, 'This round has already been opened.'));
        if (!profiles[c.profileId]) return reject(v('UNKNOWN_PROFILE', 'D-2', `Unknown Sic Bo profile "${c.profileId}".`, { profileId: c.profileId }));
        return emit<SicboEvent>({ type: 'RoundOpened', at: c.at, roundId: c.roundId, tableId: c.tableId, profileId: c.profileId, bettingClosesAt: c.bettingClosesAt, limits: c.limits });
      }
      case 'PlaceBet': {
        const closed = checkBettingOpen(state, c.at);
        if (closed) return reject(closed);
        const dup = checkBetIdempotency(state, c.bet);
        if (dup === 'duplicate') return emit<SicboEvent>();
        if (dup) return reject(dup);
        const spot = parseSpot(c.bet.spot);
        if (!spot.ok) return reject(spot.violation);
        const kind = kindOf(spot.value);
        const stake = checkStake(state, c.bet, kind);
        if (stake) return reject(stake);
        const held = Object.values(state.bets).filter((b) => b.playerId === c.bet.playerId).map((b) => b.spot);
        const res = checkRestriction(held, c.bet.spot);
        if (res) return reject(res);
        return emit<SicboEvent>(accepted(c.at, c.bet, kind));
      }
      case 'CancelBet':
      case 'CloseBetting':
      case 'VoidRound':
      case 'MarkSettled':
        return decideCommonLifecycle(state, c);
      case 'RecordDiceResult': {
        if (state.phase !== 'closed') return reject(v('NOT_EXPECTING_DICE', 'GEN-3', 'Dice are read only after "no more bets" and before the round is resolved.', { phase: state.phase }));
        const dice = parseDice(c.dice);
        if (!dice.ok) return reject(dice.violation);
        return emit<SicboEvent>({ type: 'DiceRecorded', at: c.at, dice: dice.value });
      }
      case 'RecordDiceFault': {
        if (state.phase !== 'closed') return reject(v('NOT_EXPECTING_DICE', 'SB-4', 'A dice fault only counts while the round waits for its dice.', { phase: state.phase }));
        const profile = profileOf(state);
        const faults = state.faults + 1;
        const fault: SicboEvent = { type: 'DiceFaultRecorded', at: c.at, code: c.code, faults };
        if (profile && faults > profile.maxReshakes) {
          return emit<SicboEvent>(fault, { type: 'RoundVoided', at: c.at, reason: `SB-4: ${faults} dice faults, more than the ${profile.maxReshakes} reshakes allowed`, by: 'system' });
        }
        return emit<SicboEvent>(fault);
      }
    }
  }

  function evolve(state: SicboState, e: SicboEvent): SicboState {
    switch (e.type) {
      case 'DiceRecorded':
        return { ...state, seq: state.seq + 1, dice: e.dice, phase: 'resolved' };
      case 'DiceFaultRecorded':
        return { ...state, seq: state.seq + 1, faults: e.faults };
      case 'RoundOpened':
      case 'BetAccepted':
      case 'BetCancelled':
      case 'BettingClosed':
      case 'RoundVoided':
      case 'RoundSettled':
        return evolveCommon(state, e);
    }
  }

  function view(state: SicboState, audience: Audience): SicboView {
    const all = Object.values(state.bets);
    const bets = audience.role === 'player' ? all.filter((b) => b.playerId === audience.playerId) : all;
    return {
      game: 'sicbo',
      roundId: state.roundId,
      tableId: state.tableId,
      profileId: state.profileId,
      seq: state.seq,
      phase: state.phase,
      bettingClosesAt: state.bettingClosesAt,
      dice: state.dice,
      faults: state.faults,
      voidReason: state.voidReason,
      bets,
    };
  }

  function settle(state: SicboState): Result<Settlement> {
    const roundId = state.roundId ?? '';
    if (state.phase === 'void') return ok(settlementOf(roundId, true, refundAll(state)));
    const profile = profileOf(state);
    if ((state.phase !== 'resolved' && state.phase !== 'settled') || state.dice === null || !profile) {
      return violation('ROUND_NOT_RESOLVED', 'GEN-5', 'The round has no dice result yet.', { phase: state.phase });
    }
    return ok(settlementOf(roundId, false, settleBets(Object.values(state.bets), state.dice, profile)));
  }

  function next(state: SicboState): readonly NextAction[] {
    switch (state.phase) {
      case 'betting':
        return [{ kind: 'close-betting', message: 'Announce "no more bets" when the timer ends.', ruleId: 'GEN-3' }];
      case 'closed':
        return [{ kind: 'shake', message: state.faults === 0 ? 'Shake the dice.' : `Reshake the dice (fault ${state.faults} of at most ${profileOf(state)?.maxReshakes ?? 0} reshakes).`, ruleId: 'SB-4' }];
      case 'resolved':
        return [{ kind: 'settle', message: 'Settle the round.', ruleId: 'GEN-5' }];
      case 'idle':
      case 'play':
      case 'halted':
      case 'settled':
      case 'void':
        return [];
    }
  }

  function deadlines(state: SicboState): readonly Deadline[] {
    if (state.phase !== 'betting' || state.bettingClosesAt === null) return [];
    return [{ at: state.bettingClosesAt, command: { type: 'CloseBetting', at: state.bettingClosesAt, reason: 'deadline' } }];
  }

  return { game: 'sicbo', initial, decide, evolve, view, settle, next, deadlines };
}

export const sicboKernel = createSicboKernel();
