import { PMap } from '../common/pmap.js';
import { ok, violation, type Result } from '../common/result.js';
import { betsOfPlayer, bookTotals, type BookTotals } from '../kernel/book.js';
import { createKernel, defineGame, duplicate, events, refuse, vio, type RefereeState } from '../kernel/define.js';
import { roundViewBase, type AcceptedBet, type Audience, type CommonCommand, type CommonEvent, type NextAction, type PlayCommand, type PlayEvent, type RoundLimits, type SettlementLine, type RoundViewBase } from '../kernel/kernel.js';
import { checkAnnouncedStake, settleSpot, winningPockets } from './payout.js';
import { rouletteProfiles, type RouletteProfile } from './profiles.js';
import { parseSpot } from './spots.js';
import { colourOf, isPocket, POCKET_COUNT, POCKETS, WHEEL_ORDER, type Colour } from './wheel.js';

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
  | PlayCommand
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
  | PlayEvent
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

/** RES-1 coverage of one player, kept per bet: how many live bets cover each pocket, and how many pockets are covered. */
export interface Coverage {
  readonly counts: readonly number[];
  readonly covered: number;
}

export interface RouletteState extends RefereeState {
  readonly game: 'roulette';
  /** playerId → RES-1 coverage (O(37) per bet, never a re-parse of the player's spots). */
  readonly coverage: PMap<Coverage>;
  /** Spin number of the ball last launched (device counter), null before the first launch. */
  readonly spin: number | null;
  /** True between a launch and its result / no spin. */
  readonly ballInMotion: boolean;
  /** Every no spin of this round, in order (ROU-4). */
  readonly noSpins: readonly NoSpinRecord[];
  readonly result: (SpinResult & { readonly at: number }) | null;
  readonly fault: string | null;
}

export interface RouletteView extends RoundViewBase {
  readonly audience: Audience['role'];
  readonly limits: RoundLimits | null;
  readonly ballInMotion: boolean;
  /** Spin number of the ball last launched (a hand-entered result names it, W-2); null before the first launch. */
  readonly spin: number | null;
  readonly noSpinCount: number;
  readonly result: { readonly number: number; readonly colour: Colour } | null;
  readonly voidReason: string | null;
  readonly fault: string | null;
  /** Player: own bets only. Dealer / pit boss: every bet. */
  readonly bets: readonly AcceptedBet[];
  /** Player: pockets covered by own bets (RES-1), of `maxCoveredPockets`. */
  readonly coverage?: { readonly pockets: number; readonly max: number };
  /** Dealer / pit boss only: table totals from the bet book. */
  readonly totals?: BookTotals;
}



/** A profile the kernel can run, or why not. */
export function checkProfile(profile: RouletteProfile | undefined, profileId: string): Result<RouletteProfile> {
  if (!profile) return violation('UNKNOWN_PROFILE', 'D-2', `No roulette profile "${profileId}".`, { profileId });
  if (profile.zero.enPrison) return violation('PROFILE_UNSUPPORTED', 'ROU-2', `Profile ${profile.id}: en prison is not supported (the stake would carry into the next round).`, { profileId });
  return ok(profile);
}

const isStr = (x: unknown): x is string => typeof x === 'string' && x.length > 0;
const NO_COVERAGE: Coverage = { counts: POCKETS.map(() => 0), covered: 0 };

function cover(c: Coverage | undefined, pockets: readonly number[], delta: 1 | -1): Coverage {
  const counts = (c ?? NO_COVERAGE).counts.slice();
  let covered = (c ?? NO_COVERAGE).covered;
  for (const n of pockets) {
    const before = counts[n] ?? 0;
    counts[n] = before + delta;
    if (before === 0 && delta === 1) covered++;
    if (before === 1 && delta === -1) covered--;
  }
  return { counts, covered };
}

/** How long the table may take to launch the ball after "no more bets", and the ball to rest, before the round is stalled (issue 9 §5). */
export const ROULETTE_STALL_MS = { spin: 30_000, result: 45_000 } as const;

/** The highest return of one stake unit (stake included): a straight up. */
export const rouletteMaxReturn = (p: RouletteProfile): number => Math.max(...Object.values(p.payouts)) + 1;
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


const positions = (p: RouletteProfile, key: string): number[] => {
  const s = parseSpot(key, p);
  return s.ok ? winningPockets(p, s.value) : [];
};

export function defineRoulette(profiles: Readonly<Record<string, RouletteProfile>> = rouletteProfiles) {
  const profileOf = (s: RouletteState): RouletteProfile | null => (s.profileId === null ? null : (profiles[s.profileId] ?? null));

  function recordResult(state: RouletteState, cmd: Extract<RouletteCommand, { type: 'RecordSpinResult' }>) {
    const profile = profileOf(state);
    if (!profile) return refuse(vio('ROUND_NOT_OPEN', 'ROU-5', 'There is no open round.'));
    if (!isPocket(cmd.number)) return refuse(vio('INVALID_NUMBER', 'ROU-1', `${String(cmd.number)} is not a roulette number (0–36).`, { number: cmd.number }));
    if (!Number.isInteger(cmd.spin)) return refuse(vio('INVALID_RESULT', 'W-2', 'A result carries the integer spin number it belongs to.', { spin: cmd.spin }));
    if (!Number.isInteger(cmd.revolutions) || cmd.revolutions < 0) return refuse(vio('INVALID_RESULT', 'ROU-4', 'Revolutions must be a whole number ≥ 0.', { revolutions: cmd.revolutions }));
    if (!isDirection(cmd.ballDirection) || !isDirection(cmd.wheelDirection)) return refuse(vio('INVALID_RESULT', 'ROU-4', 'Directions are "cw" or "ccw".'));
    if (state.ballInMotion && state.spin !== null && cmd.spin !== state.spin) {
      return refuse(vio('SPIN_MISMATCH', 'W-2', `Result for spin ${cmd.spin} but spin ${state.spin} is in progress.`, { spin: cmd.spin, expected: state.spin }));
    }
    const result: SpinResult = { spin: cmd.spin, number: cmd.number, revolutions: cmd.revolutions, ballDirection: cmd.ballDirection, wheelDirection: cmd.wheelDirection };
    // A redelivered copy of the result that was already ruled a no spin changes nothing.
    if (!state.ballInMotion && sameResult(state.noSpins.at(-1)?.result ?? null, result)) return duplicate<RouletteEvent>();
    // issue 9 §2: a result with no spin in progress (no ball launch before it) is a fault for the pit boss, not an outcome (ROU-4, W-2)
    if (!state.ballInMotion) {
      return refuse(vio('DEVICE_RESULT_OUT_OF_PHASE', 'ROU-4', `Result ${cmd.number} for spin ${cmd.spin} arrived with no spin in progress (no ball launch): it is not taken as an outcome; the pit boss checks the wheel.`, { spin: cmd.spin, number: cmd.number }));
    }
    const invalid = spinValidity(profile, result);
    if (invalid) return events<RouletteEvent>({ type: 'NoSpinDeclared', at: cmd.at, spin: cmd.spin, reason: invalid.reason, detail: invalid.detail, by: 'device', result });
    return events<RouletteEvent>({ type: 'SpinResultRecorded', at: cmd.at, ...result });
  }

  return defineGame<RouletteState, RouletteCommand, RouletteEvent, RouletteView, RouletteProfile>({
    id: 'roulette',
    name: 'Roulette',
    profiles,
    defaultProfile: 'european',
    checkProfile: (p) => {
      const r = checkProfile(p, p.id);
      return r.ok ? null : r.violation;
    },
    maxReturnMultiple: rouletteMaxReturn,
    initial: () => ({ game: 'roulette', spin: null, ballInMotion: false, noSpins: [], result: null, fault: null, coverage: PMap.empty<Coverage>() }),
    bets: {
      spot(_s, p, key) {
        const spot = parseSpot(key, p);
        return spot.ok ? ok({ key: spot.value.key, kind: spot.value.kind }) : spot;
      },
      restrict(s, p, bet) {
        const parsed = parseSpot(bet.spot, p);
        if (!parsed.ok) return parsed.violation;
        const units = checkAnnouncedStake(parsed.value, bet.stakeMinor);
        if (units) return units;
        // RES-1: coverage from the per-player index (O(37)), never a re-parse of the player's bets
        const before = s.coverage.get(bet.playerId) ?? NO_COVERAGE;
        let after = before.covered;
        for (const n of winningPockets(p, parsed.value)) if ((before.counts[n] ?? 0) === 0) after++;
        if (after > p.maxCoveredPockets) {
          return violation('COVERAGE_LIMIT', 'RES-1', `Your bets this round would cover ${after} of ${POCKETS.length} numbers; at most ${p.maxCoveredPockets} (92 %) are allowed (RES-1).`, {
            coveredBefore: before.covered,
            coveredAfter: after,
            maxCoveredPockets: p.maxCoveredPockets,
            pockets: POCKETS.length,
          }).violation;
        }
        return null;
      },
      onAccepted: (s, bet, p) => ({ ...s, coverage: s.coverage.set(bet.playerId, cover(s.coverage.get(bet.playerId), positions(p, bet.spot), 1)) }),
      onCancelled: (s, bet, p) => ({ ...s, coverage: s.coverage.set(bet.playerId, cover(s.coverage.get(bet.playerId), positions(p, bet.spot), -1)) }),
    },
    afterCommon: (s, e) => (e.type === 'RoundVoided' ? { ...s, ballInMotion: false } : s),
    moves: {
      RecordBallLaunched: {
        phases: ['closed', 'play'],
        closesBetting: true,
        decide(s, c) {
          if (!Number.isInteger(c.spin)) return refuse(vio('INVALID_SPIN', 'W-2', 'A launch carries the integer spin number.', { spin: c.spin }));
          if (s.ballInMotion) {
            if (c.spin === s.spin) return duplicate<RouletteEvent>(); // redelivered launch signal
            return refuse(vio('SPIN_IN_PROGRESS', 'W-2', `Spin ${s.spin} is still in progress.`, { spin: c.spin, inProgress: s.spin }));
          }
          return events<RouletteEvent>({ type: 'BallLaunched', at: c.at, spin: c.spin });
        },
      },
      // a result during betting is a fault (ROU-3: the ball is launched only after "no more bets"), never a close-and-resolve
      RecordSpinResult: { phases: ['closed', 'play'], result: { ruleId: 'ROU-3' }, decide: recordResult },
      DeclareNoSpin: {
        phases: ['betting', 'closed', 'play'],
        decide(s, c) {
          if (!s.ballInMotion) return refuse(vio('NO_SPIN_IN_PROGRESS', 'ROU-4', 'A no spin can only be declared while a spin is in progress.', { phase: s.phase }));
          if (!isStr(c.by)) return refuse(vio('INVALID_COMMAND', 'ROU-4', 'A no spin names who declared it.'));
          return events<RouletteEvent>({ type: 'NoSpinDeclared', at: c.at, spin: s.spin, reason: 'declared', detail: typeof c.reason === 'string' ? c.reason : 'declared', by: c.by, result: null });
        },
      },
      RecordWheelFault: {
        phases: ['betting', 'closed', 'play', 'halted', 'resolved', 'settled'],
        decide(s, c) {
          const reason = typeof c.reason === 'string' ? c.reason : 'wheel fault';
          const fault: RouletteEvent = { type: 'WheelFaultRecorded', at: c.at, reason };
          if (s.phase === 'resolved' || s.phase === 'settled') return events(fault);
          return events<RouletteEvent>(fault, { type: 'RoundVoided', at: c.at, reason: `wheel fault: ${reason} (ROU-6)`, by: 'wheel' });
        },
      },
    },
    evolve(state, e) {
      const seq = state.seq + 1;
      switch (e.type) {
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
    },
    view(state, audience): RouletteView {
      const base = {
        audience: audience.role,
        ...roundViewBase(state),
        limits: state.limits,
        ballInMotion: state.ballInMotion,
        spin: state.spin,
        noSpinCount: state.noSpins.length,
        result: state.result ? { number: state.result.number, colour: colourOf(state.result.number) } : null,
        voidReason: state.voidReason,
        fault: state.fault,
      };
      switch (audience.role) {
        case 'player': {
          const own = betsOfPlayer(state.book, audience.playerId);
          const profile = profileOf(state);
          return profile ? { ...base, bets: own, coverage: { pockets: state.coverage.get(audience.playerId)?.covered ?? 0, max: profile.maxCoveredPockets } } : { ...base, bets: own };
        }
        case 'dealer':
        case 'pitboss':
          return { ...base, bets: [], totals: bookTotals(state.book) };
      }
    },
    redact: (e) => e,
    // issue 9 §5: every playing step has a deadline; past it the round is stalled for the pit boss (ROU-6: play stops)
    stall: (s) => (s.phase === 'closed' ? { step: 'spin', afterMs: ROULETTE_STALL_MS.spin, ruleId: 'ROU-6' } : s.ballInMotion ? { step: 'result', afterMs: ROULETTE_STALL_MS.result, ruleId: 'ROU-6' } : { step: 'respin', afterMs: ROULETTE_STALL_MS.spin, ruleId: 'ROU-6' }),
    settle(state, profile): Result<readonly SettlementLine[]> {
      if (!state.result) return violation('ROUND_NOT_RESOLVED', 'GEN-5', 'The round has no result yet.', { phase: state.phase });
      const number = state.result.number;
      const lines: SettlementLine[] = [];
      for (const b of state.book.byId.values()) {
        const spot = parseSpot(b.spot, profile);
        if (!spot.ok) return violation('CORRUPT_BET', 'ROU-2', `Accepted bet ${b.betId} has an unreadable spot ${b.spot}.`, { betId: b.betId });
        const r = settleSpot(profile, spot.value, b.stakeMinor, number);
        lines.push({ betId: b.betId, playerId: b.playerId, stakeMinor: b.stakeMinor, returnMinor: r.returnMinor, outcome: r.outcome, rules: r.rules });
      }
      return ok(lines);
    },
    next(state): readonly NextAction[] {
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
    },
    // issue 23: the wheel-bias and late-bettor monitors (the winning pocket of SpinResultRecorded; a spot's pockets, a racetrack bet by the union of its chips)
    integrity: {
      wheel: {
        resultEvent: 'SpinResultRecorded',
        pockets: POCKET_COUNT,
        order: WHEEL_ORDER,
        coverage(spot, profileId) {
          const profile = rouletteProfiles[profileId ?? 'european'] ?? rouletteProfiles['european'];
          const parsed = profile === undefined ? null : parseSpot(spot, profile);
          if (parsed === null || !parsed.ok) return null;
          const x = parsed.value;
          return new Set(x.type === 'simple' ? x.numbers : x.chips.flatMap((c) => c.numbers));
        },
      },
    },
    devices: {
      reporters: { wheel: ['wheel'] },
      map(ev, ctx, at) {
        const p = ev.payload;
        switch (ev.type) {
          case 'wheel.state':
            // SS2 state 3: the ball is in the rim — the ball was launched (ROU-3 closes betting).
            if (p.state === 3) return { kind: 'command', command: { type: 'RecordBallLaunched', at, spin: p.spin }, closesBetting: true };
            if (p.state === 6) return { kind: 'alert', severity: 'info', code: 'WHEEL_POWERED_DOWN', message: `Wheel ${ev.deviceId} reports table closed / powered down.`, fault: false };
            return { kind: 'track' };
          case 'wheel.ball':
            return { kind: 'track' };
          case 'wheel.result': {
            const hint = ctx.hints['ballRevolutions'] as { spin: unknown; revolutions: unknown } | undefined;
            const revs = p.revolutions ?? (hint && hint.spin === p.spin ? hint.revolutions : null);
            if (revs === null || revs === undefined) {
              return { kind: 'alert', severity: 'warning', code: 'SPIN_REVOLUTIONS_UNKNOWN', message: `Spin ${String(p.spin)} result ${String(p.number)} arrived without a ball revolution count (ROU-4 needs 3); enter it as a correction after checking the camera.`, fault: true };
            }
            return { kind: 'command', command: { type: 'RecordSpinResult', at, spin: p.spin, number: p.number, revolutions: revs, ballDirection: p.ballDirection, wheelDirection: p.wheelDirection }, closesBetting: false };
          }
          case 'wheel.fault': {
            const text = `${String(p.code)}: ${String(p.text)}`;
            switch (p.action) {
              case 'void_round':
                return { kind: 'command', command: { type: 'RecordWheelFault', at, reason: text }, closesBetting: false };
              case 'respin':
                return { kind: 'command', command: { type: 'DeclareNoSpin', at, reason: text, by: ev.deviceId }, closesBetting: false };
              case 'pit_boss':
                return { kind: 'alert', severity: 'critical', code: `WHEEL_${String(p.code).toUpperCase()}`, message: `Wheel ${ev.deviceId}: ${String(p.text)}${p.maintenance ? ' (maintenance needed)' : ''}`, fault: true };
              default:
                return { kind: 'alert', severity: 'info', code: `WHEEL_${String(p.code).toUpperCase()}`, message: `Wheel ${ev.deviceId}: ${String(p.text)}`, fault: true };
            }
          }
          default:
            return null;
        }
      },
      hint(ev) {
        if (ev.type === 'wheel.ball' && typeof ev.payload.revolutions === 'number') return { ballRevolutions: { spin: ev.payload.spin, revolutions: ev.payload.revolutions } };
        if (ev.type === 'wheel.result' && (ev.payload.wheelDirection === 'cw' || ev.payload.wheelDirection === 'ccw')) return { wheelDirection: ev.payload.wheelDirection };
        return null;
      },
      react(e, _s, ctx) {
        // User-start wheels wait for `*u`: launch against the wheel's rotation (ROU-4).
        const direction = ctx.hints['wheelDirection'] === 'ccw' ? 'cw' : 'ccw';
        if (e.type === 'BettingClosed') return [{ deviceKind: 'wheel', type: 'wheel.launch', payload: { direction } }];
        if (e.type === 'NoSpinDeclared') return [{ deviceKind: 'wheel', type: 'wheel.void-spin', payload: {} }, { deviceKind: 'wheel', type: 'wheel.launch', payload: { direction } }];
        return [];
      },
    },
    commands: [
      { type: 'DeclareNoSpin', roles: ['dealer', 'pitboss'], ruleId: 'ROU-4', description: 'Declare the spin in progress void (no spin); bets stand for the re-spin.' },
      { type: 'RecordWheelFault', roles: ['pitboss'], ruleId: 'ROU-6', description: 'A technical error: play stops and the round is cancelled.' },
    ],
    example: { spots: ['red', 'straight:5'], resolve: [{ type: 'RecordBallLaunched', spin: 1 }, { type: 'RecordSpinResult', spin: 1, number: 5, revolutions: 5, ballDirection: 'cw', wheelDirection: 'ccw' }] },
    preOpen: { ruleId: 'ROU-7', checks: ['table', 'wheel-level', 'free-running', 'ball'], description: 'The pit boss checks the table, the wheel level, free running and the ball before the table opens.' },
  });
}

export const rouletteDefinition = defineRoulette();

export function createRouletteKernel(profiles: Readonly<Record<string, RouletteProfile>> = rouletteProfiles) {
  return createKernel(defineRoulette(profiles));
}

/** The roulette kernel over the built-in profiles (`rouletteProfiles`). */
export const rouletteKernel = createKernel(rouletteDefinition);
