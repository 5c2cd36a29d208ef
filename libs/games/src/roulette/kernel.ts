import { isMinor, type Minor } from '../common/money.js';
import { ok, violation, type Result, type Violation } from '../common/result.js';
import {
  accepted,
  checkBetIdempotency,
  checkBettingOpen,
  checkCancel,
  checkStake,
  checkVoidable,
  emit,
  evolveCommon,
  refundAll,
  reject,
  initialBase,
} from '../kernel/common.js';
import type {
  AcceptedBet,
  Audience,
  CommonCommand,
  CommonEvent,
  Deadline,
  Decision,
  NextAction,
  RoundKernel,
  RoundLimits,
  RoundStateBase,
  Settlement,
  SettlementLine,
} from '../kernel/kernel.js';
import { checkAnnouncedStake, checkCoverage, coverageOf, settleSpot } from './payout.js';
import { rouletteProfiles, type RouletteProfile } from './profiles.js';
import { parseSpot, type Spot } from './spots.js';
import { colourOf, isPocket, type Colour } from './wheel.js';

/**
 * Roulette round kernel (ROU-1..ROU-8, RES-1, GEN-3..GEN-6).
 *
 * Phases: idle → betting → closed → play (ball spinning; after a no spin the round stays in `play`
 * waiting for the re-spin, bets standing) → resolved → settled; `void` from any unresolved phase.
 *
 * Wheel fault (ROU-6 / GEN-6): `RecordWheelFault` on an unresolved round emits `WheelFaultRecorded`
 * followed by `RoundVoided { by: 'wheel' }` in the same decision, so the server's ordinary void path
 * refunds every bet; the fault stays in state for the dealer/pit boss (`next()` says play is stopped).
 * A fault after the result is known only records the fault: the result stands and settles normally.
 */

export const DIRECTIONS = ['cw', 'ccw'] as const;
export type Direction = (typeof DIRECTIONS)[number];

/** Why a spin was void (ROU-4). */
export const NO_SPIN_REASONS = ['too-few-revolutions', 'same-direction-as-wheel', 'declared'] as const;
export type NoSpinReason = (typeof NO_SPIN_REASONS)[number];

export type RouletteCommand =
  | CommonCommand
  /** Device: the ball was launched (first sign play started). Closes betting if still open (reason 'device', ROU-3). */
  | { readonly type: 'RecordBallLaunched'; readonly at: number; readonly spin: number }
  /** Device: the ball rests in `number`; ROU-4 validity is checked here. */
  | {
      readonly type: 'RecordSpinResult';
      readonly at: number;
      readonly spin: number;
      readonly number: number;
      readonly revolutions: number;
      readonly ballDirection: Direction;
      readonly wheelDirection: Direction;
    }
  /** Dealer / pit boss: declare the spin in progress void (ROU-4, RAY §4.2). */
  | { readonly type: 'DeclareNoSpin'; readonly at: number; readonly reason: string; readonly by: string }
  /** Device / pit boss: a technical error; play stops and the round is cancelled (ROU-6, GEN-6). */
  | { readonly type: 'RecordWheelFault'; readonly at: number; readonly reason: string };

export interface SpinResult {
  readonly spin: number;
  readonly number: number;
  readonly revolutions: number;
  readonly ballDirection: Direction;
  readonly wheelDirection: Direction;
}

export type RouletteEvent =
  | CommonEvent
  | { readonly type: 'BallLaunched'; readonly at: number; readonly spin: number }
  | { readonly type: 'NoSpinDeclared'; readonly at: number; readonly spin: number | null; readonly reason: NoSpinReason; readonly detail: string; readonly by: string; readonly result: SpinResult | null }
  | ({ readonly type: 'SpinResultRecorded'; readonly at: number } & SpinResult)
  | { readonly type: 'WheelFaultRecorded'; readonly at: number; readonly reason: string };

export interface NoSpinRecord {
  readonly at: number;
  readonly spin: number | null;
  readonly reason: NoSpinReason;
  readonly detail: string;
  readonly by: string;
  /** The device result that was ruled a no spin, if the no spin came from one. */
  readonly result: SpinResult | null;
}

export interface RouletteState extends RoundStateBase {
  readonly game: 'roulette';
  /** Spin number of the ball last launched (device counter), null before the first launch. */
  readonly spin: number | null;
  /** True between a launch and its result / no spin. */
  readonly ballInMotion: boolean;
  /** Every no spin of this round, in order (ROU-4). */
  readonly noSpins: readonly NoSpinRecord[];
  readonly result: (SpinResult & { readonly at: number }) | null;
  readonly fault: string | null;
}

export interface RouletteView {
  readonly audience: Audience['role'];
  readonly roundId: string | null;
  readonly tableId: string | null;
  readonly profileId: string | null;
  readonly seq: number;
  readonly phase: RouletteState['phase'];
  readonly bettingClosesAt: number | null;
  readonly limits: RoundLimits | null;
  readonly ballInMotion: boolean;
  readonly noSpinCount: number;
  readonly result: { readonly number: number; readonly colour: Colour } | null;
  readonly voidReason: string | null;
  readonly fault: string | null;
  /** Player: own bets only. Dealer / pit boss: every bet. */
  readonly bets: readonly AcceptedBet[];
  /** Player: pockets covered by own bets (RES-1), of `maxCoveredPockets`. */
  readonly coverage?: { readonly pockets: number; readonly max: number };
  /** Dealer / pit boss only. */
  readonly totals?: { readonly stakeMinor: Minor; readonly bets: number; readonly players: number; readonly byKind: Readonly<Record<string, Minor>> };
}

const v = (code: string, ruleId: string | null, message: string, details?: Record<string, unknown>): Violation => violation(code, ruleId, message, details).violation;

function initial(): RouletteState {
  return {
    ...initialBase('roulette'),
    spin: null,
    ballInMotion: false,
    noSpins: [],
    result: null,
    fault: null,
  };
}

/** A profile the kernel can run, or why not. */
export function checkProfile(profile: RouletteProfile | undefined, profileId: string): Result<RouletteProfile> {
  if (!profile) return violation('UNKNOWN_PROFILE', 'D-2', `No roulette profile "${profileId}".`, { profileId });
  if (profile.zero.enPrison) return violation('PROFILE_UNSUPPORTED', 'ROU-2', `Profile ${profile.id}: en prison is not supported (the stake would carry into the next round).`, { profileId });
  return ok(profile);
}

const isStr = (x: unknown): x is string => typeof x === 'string' && x.length > 0;
const isDirection = (x: unknown): x is Direction => x === 'cw' || x === 'ccw';

/** ROU-4: why a device result is a no spin, or null for a valid spin. */
export function spinValidity(profile: RouletteProfile, r: Pick<SpinResult, 'revolutions' | 'ballDirection' | 'wheelDirection'>): { reason: NoSpinReason; detail: string } | null {
  if (r.revolutions < profile.minRevolutions) {
    return { reason: 'too-few-revolutions', detail: `The ball made ${r.revolutions} revolution(s); at least ${profile.minRevolutions} are required (ROU-4).` };
  }
  if (profile.requireOppositeDirections && r.ballDirection === r.wheelDirection) {
    return { reason: 'same-direction-as-wheel', detail: 'The ball turned the same way as the wheel (ROU-4).' };
  }
  return null;
}

const sameResult = (a: SpinResult | null, b: SpinResult): boolean =>
  a !== null && a.spin === b.spin && a.number === b.number && a.revolutions === b.revolutions && a.ballDirection === b.ballDirection && a.wheelDirection === b.wheelDirection;

/** Stage-specific rejections for device/dealer commands once betting is over. */
function notRunning(state: RouletteState, ruleId: string): Violation | null {
  switch (state.phase) {
    case 'idle':
      return v('ROUND_NOT_OPEN', ruleId, 'There is no open round.');
    case 'resolved':
    case 'settled':
      return v('ROUND_RESOLVED', ruleId, `The round already has its result${state.result ? ` (${state.result.number})` : ''}.`, { phase: state.phase });
    case 'void':
      return v('ROUND_VOID', ruleId, 'The round is void.');
    case 'betting':
    case 'closed':
    case 'play':
    case 'halted':
      return null;
  }
}

export function createRouletteKernel(profiles: Readonly<Record<string, RouletteProfile>> = rouletteProfiles): RoundKernel<RouletteState, RouletteCommand, RouletteEvent, RouletteView> & {
  /** The profile of an opened round. */
  profileOf(state: RouletteState): RouletteProfile | null;
} {
  const profileOf = (state: RouletteState): RouletteProfile | null => (state.profileId === null ? null : (profiles[state.profileId] ?? null));

  /** Spots of a player's current bets (stored canonical, so they always parse). */
  const spotsOfPlayer = (state: RouletteState, profile: RouletteProfile, playerId: string): Spot[] => {
    const out: Spot[] = [];
    for (const b of Object.values(state.bets)) {
      if (b.playerId !== playerId) continue;
      const s = parseSpot(b.spot, profile);
      if (s.ok) out.push(s.value);
    }
    return out;
  };

  function placeBet(state: RouletteState, cmd: Extract<RouletteCommand, { type: 'PlaceBet' }>): Decision<RouletteEvent> {
    const profile = profileOf(state);
    if (!profile) return reject(checkBettingOpen(state, cmd.at) ?? v('ROUND_NOT_OPEN', 'GEN-3', 'No round is open.'));
    const bet = cmd.bet;
    if (!isStr(bet.betId) || !isStr(bet.playerId)) return reject(v('INVALID_BET', 'GEN-4', 'A bet needs a betId and a playerId.'));
    const parsed = parseSpot(bet.spot, profile);
    if (!parsed.ok) return reject(parsed.violation);
    const spot = parsed.value;
    const request = { betId: bet.betId, playerId: bet.playerId, spot: spot.key, stakeMinor: bet.stakeMinor };
    // At-least-once delivery: the same bet again is the same bet, even after betting closed.
    const dup = checkBetIdempotency(state, request);
    if (dup === 'duplicate') return emit();
    if (dup) return reject(dup);
    if (state.phase === 'play') return reject(v('BETTING_CLOSED', 'ROU-3', 'The ball is in motion: no more bets (ROU-3).', { phase: state.phase }));
    const open = checkBettingOpen(state, cmd.at);
    if (open) return reject(open);
    const stake = checkStake(state, request, spot.kind);
    if (stake) return reject(stake);
    const units = checkAnnouncedStake(spot, request.stakeMinor);
    if (units) return reject(units);
    const coverage = checkCoverage(profile, spotsOfPlayer(state, profile, request.playerId), spot);
    if (coverage) return reject(coverage);
    return emit(accepted(cmd.at, request, spot.kind));
  }

  function recordResult(state: RouletteState, cmd: Extract<RouletteCommand, { type: 'RecordSpinResult' }>): Decision<RouletteEvent> {
    const stop = notRunning(state, 'ROU-5');
    if (stop) return reject(stop.code === 'ROUND_RESOLVED' ? { ...stop, code: 'RESULT_ALREADY_RECORDED' } : stop);
    const profile = profileOf(state);
    if (!profile) return reject(v('ROUND_NOT_OPEN', 'ROU-5', 'There is no open round.'));
    if (!isPocket(cmd.number)) return reject(v('INVALID_NUMBER', 'ROU-1', `${String(cmd.number)} is not a roulette number (0–36).`, { number: cmd.number }));
    if (!Number.isInteger(cmd.spin)) return reject(v('INVALID_RESULT', 'W-2', 'A result carries the integer spin number it belongs to.', { spin: cmd.spin }));
    if (!Number.isInteger(cmd.revolutions) || cmd.revolutions < 0) return reject(v('INVALID_RESULT', 'ROU-4', 'Revolutions must be a whole number ≥ 0.', { revolutions: cmd.revolutions }));
    if (!isDirection(cmd.ballDirection) || !isDirection(cmd.wheelDirection)) return reject(v('INVALID_RESULT', 'ROU-4', 'Directions are "cw" or "ccw".'));
    if (state.ballInMotion && state.spin !== null && cmd.spin !== state.spin) {
      return reject(v('SPIN_MISMATCH', 'W-2', `Result for spin ${cmd.spin} but spin ${state.spin} is in progress.`, { spin: cmd.spin, expected: state.spin }));
    }
    const result: SpinResult = { spin: cmd.spin, number: cmd.number, revolutions: cmd.revolutions, ballDirection: cmd.ballDirection, wheelDirection: cmd.wheelDirection };
    // A redelivered copy of the result that was already ruled a no spin changes nothing.
    if (!state.ballInMotion && sameResult(state.noSpins.at(-1)?.result ?? null, result)) return emit();
    // ROU-3: a result while betting is open first closes betting.
    const close: RouletteEvent[] = state.phase === 'betting' ? [{ type: 'BettingClosed', at: cmd.at, reason: 'device' }] : [];
    const invalid = spinValidity(profile, result);
    if (invalid) return emit(...close, { type: 'NoSpinDeclared', at: cmd.at, spin: cmd.spin, reason: invalid.reason, detail: invalid.detail, by: 'device', result });
    return emit(...close, { type: 'SpinResultRecorded', at: cmd.at, ...result });
  }

  function decide(state: RouletteState, cmd: RouletteCommand): Decision<RouletteEvent> {
    switch (cmd.type) {
      case 'OpenRound': {
        if (state.phase !== 'idle') return reject(v('ROUND_ALREADY_OPEN', 'GEN-3', `Round ${state.roundId} is already open.`));
        const profile = checkProfile(profiles[cmd.profileId], cmd.profileId);
        if (!profile.ok) return reject(profile.violation);
        if (!isStr(cmd.roundId) || !isStr(cmd.tableId)) return reject(v('INVALID_ROUND', 'GEN-1', 'A round needs a roundId and a tableId.'));
        if (!isMinor(cmd.bettingClosesAt) || cmd.bettingClosesAt <= cmd.at) return reject(v('INVALID_DEADLINE', 'GEN-3', 'Betting must close after the round opens.', { at: cmd.at, bettingClosesAt: cmd.bettingClosesAt }));
        const { tableMinMinor, tableMaxMinor } = cmd.limits;
        if (!isMinor(tableMinMinor) || !isMinor(tableMaxMinor) || tableMinMinor <= 0 || tableMaxMinor < tableMinMinor) {
          return reject(v('INVALID_LIMITS', 'GEN-2', 'Table limits must be positive whole minor units with min ≤ max.'));
        }
        return emit({ type: 'RoundOpened', at: cmd.at, roundId: cmd.roundId, tableId: cmd.tableId, profileId: cmd.profileId, bettingClosesAt: cmd.bettingClosesAt, limits: cmd.limits });
      }
      case 'PlaceBet':
        return placeBet(state, cmd);
      case 'CancelBet': {
        if (state.phase === 'play') return reject(v('BETTING_CLOSED', 'ROU-3', 'The ball is in motion: bets can no longer be withdrawn (ROU-3).'));
        const bad = checkCancel(state, cmd.at, cmd.betId, cmd.playerId);
        if (bad) return reject(bad);
        const b = state.bets[cmd.betId] as AcceptedBet;
        return emit({ type: 'BetCancelled', at: cmd.at, betId: b.betId, playerId: b.playerId, stakeMinor: b.stakeMinor });
      }
      case 'CloseBetting': {
        if (state.phase === 'idle') return reject(v('ROUND_NOT_OPEN', 'GEN-3', 'There is no open round.'));
        if (state.phase !== 'betting') return emit(); // already closed (device or dealer was first): nothing to do
        if (cmd.reason === 'deadline' && state.bettingClosesAt !== null && cmd.at < state.bettingClosesAt) {
          return reject(v('DEADLINE_NOT_REACHED', 'GEN-3', 'The betting deadline has not passed yet.', { at: cmd.at, bettingClosesAt: state.bettingClosesAt }));
        }
        return emit({ type: 'BettingClosed', at: cmd.at, reason: cmd.reason });
      }
      case 'RecordBallLaunched': {
        const stop = notRunning(state, 'ROU-3');
        if (stop) return reject(stop);
        if (!Number.isInteger(cmd.spin)) return reject(v('INVALID_SPIN', 'W-2', 'A launch carries the integer spin number.', { spin: cmd.spin }));
        if (state.ballInMotion) {
          if (cmd.spin === state.spin) return emit(); // redelivered launch signal
          return reject(v('SPIN_IN_PROGRESS', 'W-2', `Spin ${state.spin} is still in progress.`, { spin: cmd.spin, inProgress: state.spin }));
        }
        const close: RouletteEvent[] = state.phase === 'betting' ? [{ type: 'BettingClosed', at: cmd.at, reason: 'device' }] : [];
        return emit(...close, { type: 'BallLaunched', at: cmd.at, spin: cmd.spin });
      }
      case 'RecordSpinResult':
        return recordResult(state, cmd);
      case 'DeclareNoSpin': {
        const stop = notRunning(state, 'ROU-4');
        if (stop) return reject(stop);
        if (!state.ballInMotion) return reject(v('NO_SPIN_IN_PROGRESS', 'ROU-4', 'A no spin can only be declared while a spin is in progress.', { phase: state.phase }));
        if (!isStr(cmd.by)) return reject(v('INVALID_COMMAND', 'ROU-4', 'A no spin names who declared it.'));
        return emit({ type: 'NoSpinDeclared', at: cmd.at, spin: state.spin, reason: 'declared', detail: cmd.reason, by: cmd.by, result: null });
      }
      case 'RecordWheelFault': {
        if (state.phase === 'idle') return reject(v('ROUND_NOT_OPEN', 'ROU-6', 'There is no open round to stop; keep the table closed until the fault is fixed.'));
        if (state.phase === 'void') return reject(v('ROUND_VOID', 'ROU-6', 'The round is already void.'));
        const fault: RouletteEvent = { type: 'WheelFaultRecorded', at: cmd.at, reason: cmd.reason };
        if (state.phase === 'resolved' || state.phase === 'settled') return emit(fault);
        return emit<RouletteEvent>(fault, { type: 'RoundVoided', at: cmd.at, reason: `wheel fault: ${cmd.reason} (ROU-6)`, by: 'wheel' });
      }
      case 'VoidRound': {
        const bad = checkVoidable(state);
        if (bad) return reject(bad);
        return emit({ type: 'RoundVoided', at: cmd.at, reason: cmd.reason, by: cmd.by });
      }
      case 'MarkSettled': {
        if (state.phase === 'settled') return emit();
        if (state.phase !== 'resolved' && state.phase !== 'void') return reject(v('ROUND_NOT_RESOLVED', 'GEN-5', 'Only a resolved or void round can be settled.', { phase: state.phase }));
        return emit({ type: 'RoundSettled', at: cmd.at });
      }
    }
  }

  function evolve(state: RouletteState, e: RouletteEvent): RouletteState {
    const seq = state.seq + 1;
    switch (e.type) {
      case 'RoundOpened':
      case 'BetAccepted':
      case 'BetCancelled':
      case 'BettingClosed':
      case 'RoundVoided':
      case 'RoundSettled':
        return { ...evolveCommon(state, e), ballInMotion: e.type === 'RoundVoided' ? false : state.ballInMotion };
      case 'BallLaunched':
        return { ...state, seq, phase: 'play', spin: e.spin, ballInMotion: true };
      case 'NoSpinDeclared':
        return { ...state, seq, phase: 'play', ballInMotion: false, noSpins: [...state.noSpins, { at: e.at, spin: e.spin, reason: e.reason, detail: e.detail, by: e.by, result: e.result }] };
      case 'SpinResultRecorded':
        return {
          ...state,
          seq,
          phase: 'resolved',
          ballInMotion: false,
          spin: e.spin,
          result: { at: e.at, spin: e.spin, number: e.number, revolutions: e.revolutions, ballDirection: e.ballDirection, wheelDirection: e.wheelDirection },
        };
      case 'WheelFaultRecorded':
        return { ...state, seq, fault: e.reason };
    }
  }

  function view(state: RouletteState, audience: Audience): RouletteView {
    const all = Object.values(state.bets);
    const base = {
      audience: audience.role,
      roundId: state.roundId,
      tableId: state.tableId,
      profileId: state.profileId,
      seq: state.seq,
      phase: state.phase,
      bettingClosesAt: state.bettingClosesAt,
      limits: state.limits,
      ballInMotion: state.ballInMotion,
      noSpinCount: state.noSpins.length,
      result: state.result ? { number: state.result.number, colour: colourOf(state.result.number) } : null,
      voidReason: state.voidReason,
      fault: state.fault,
    };
    switch (audience.role) {
      case 'player': {
        const own = all.filter((b) => b.playerId === audience.playerId);
        const profile = profileOf(state);
        const coverage = profile ? { pockets: coverageOf(profile, spotsOfPlayer(state, profile, audience.playerId)).size, max: profile.maxCoveredPockets } : undefined;
        return coverage ? { ...base, bets: own, coverage } : { ...base, bets: own };
      }
      case 'dealer':
      case 'pitboss': {
        const byKind: Record<string, Minor> = {};
        for (const b of all) byKind[b.kind] = (byKind[b.kind] ?? 0) + b.stakeMinor;
        const totals = { stakeMinor: all.reduce((s, b) => s + b.stakeMinor, 0), bets: all.length, players: new Set(all.map((b) => b.playerId)).size, byKind };
        return { ...base, bets: all, totals };
      }
    }
  }

  function settle(state: RouletteState): Result<Settlement> {
    const roundId = state.roundId ?? '';
    const house = (lines: readonly SettlementLine[]): Minor => lines.reduce((s, l) => s + l.stakeMinor - l.returnMinor, 0);
    if (state.voidReason !== null) {
      const lines = refundAll(state);
      return ok({ roundId, voided: true, lines, houseResultMinor: house(lines) });
    }
    const profile = profileOf(state);
    if (!state.result || !profile || (state.phase !== 'resolved' && state.phase !== 'settled')) {
      return violation('ROUND_NOT_RESOLVED', 'GEN-5', 'The round has no result yet.', { phase: state.phase });
    }
    const number = state.result.number;
    const lines: SettlementLine[] = [];
    for (const b of Object.values(state.bets)) {
      const spot = parseSpot(b.spot, profile);
      if (!spot.ok) return violation('CORRUPT_BET', 'ROU-2', `Accepted bet ${b.betId} has an unreadable spot ${b.spot}.`, { betId: b.betId });
      const r = settleSpot(profile, spot.value, b.stakeMinor, number);
      lines.push({ betId: b.betId, playerId: b.playerId, stakeMinor: b.stakeMinor, returnMinor: r.returnMinor, outcome: r.outcome, rules: r.rules });
    }
    return ok({ roundId, voided: false, lines, houseResultMinor: house(lines) });
  }

  function next(state: RouletteState): readonly NextAction[] {
    switch (state.phase) {
      case 'idle':
      case 'settled':
      case 'halted':
        return [];
      case 'betting':
        return [{ kind: 'await-bets', message: 'Betting is open: announce "No more bets" before launching the ball.', ruleId: 'GEN-3' }];
      case 'closed':
        return [{ kind: 'spin', message: 'Spin the ball', ruleId: 'ROU-4' }];
      case 'play': {
        if (state.ballInMotion) return [{ kind: 'await-result', message: 'Ball in motion: wait for the winning number.', ruleId: 'ROU-5' }];
        const last = state.noSpins.at(-1);
        return [{ kind: 'respin', message: `Re-spin: no spin (ROU-4)${last ? ` — ${last.detail}` : ''}`, ruleId: 'ROU-4' }];
      }
      case 'resolved':
        return [{ kind: 'settle', message: `Number ${state.result?.number ?? '?'}: collect losing bets and pay winners.`, ruleId: 'ROU-5' }];
      case 'void':
        return state.fault !== null ? [{ kind: 'wheel-fault', message: `Play stopped: ${state.fault}. No betting or spinning until the fault is fixed (ROU-6).`, ruleId: 'ROU-6' }] : [];
    }
  }

  function deadlines(state: RouletteState): readonly Deadline[] {
    if (state.phase !== 'betting' || state.bettingClosesAt === null) return [];
    return [{ at: state.bettingClosesAt, command: { type: 'CloseBetting', at: state.bettingClosesAt, reason: 'deadline' } }];
  }

  return { game: 'roulette', initial, decide, evolve, view, settle, next, deadlines, profileOf };
}

/** The roulette kernel over the built-in profiles (`rouletteProfiles`). */
export const rouletteKernel = createRouletteKernel();
