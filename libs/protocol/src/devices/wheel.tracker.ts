/**
 * Pure SS2 wheel tracker (devices.md §2, rules W-1…W-4): turns parsed SS2 frames into canonical device events.
 *
 *   let s = wheelTracker.init();
 *   ({ state: s, emits } = wheelTracker.step(s, parseSs2Line(line), at));   // each received frame
 *   ({ state: s, emits } = wheelTracker.tick(s, at));                        // periodically: timeouts fire without a line
 *   s = wheelTracker.sent(s, command, at);                                    // each host command written to the wheel
 *
 * Time is an input (`at`, epoch ms); the tracker keeps no clock and does no I/O. It never decides the game:
 * faults carry a recommended `action` for the server.
 */
import { excerpt } from '../common/result.js';
import type { Direction, DeviceEventBody, FaultAction, PayloadOf, WheelFaultCode, WheelFlag } from '../mqtt/events.schema.js';
import type { FramerOutput } from './line-framer.js';
import { SS2_FLAG, ss2FaultText, type Ss2Command, type Ss2Frame, type Ss2Status } from './ss2.codec.js';

export interface WheelTrackerConfig {
  /** W-4: flag 8 (launch failed, retrying) is ignored this long before it becomes a fault. */
  readonly launchFailGraceMs: number;
  /** W-4: state 4 + flag 1 (ball not detected) for more than this is a fault. */
  readonly noBallMs: number;
  /** W-2: how long after the first `*X;5` to wait for the next `*X;5` before emitting with fewer confirmations. */
  readonly confirmWindowMs: number;
}
export const DEFAULT_WHEEL_TRACKER_CONFIG: WheelTrackerConfig = { launchFailGraceMs: 3000, noBallMs: 5000, confirmWindowMs: 1500 };

type ResultTrack =
  | { readonly phase: 'pending'; readonly number: number; readonly firstAt: number; readonly confirmations: number }
  | { readonly phase: 'emitted'; readonly number: number; readonly mismatchReported: boolean }
  | { readonly phase: 'failed' }
  /** First `*X;5` of a game whose start we never saw (agent joined mid-result): no result is claimed. */
  | { readonly phase: 'unobserved' };

/** One game (spin) of the wheel: from state 1/2 to the winning number. */
export interface WheelGame {
  readonly spin: number;
  /** Highest SS2 state 1–5 seen in this game. */
  readonly maxState: number;
  /** W-2: a result is only claimed for a game seen before its winning number. */
  readonly observed: boolean;
  /** W-3 */
  readonly revolutions: number;
  readonly sensorSeen: boolean;
  readonly ballInPocket: boolean;
  /** Flag 2 seen in this game: the ball turned the same way as the wheel. */
  readonly missSpin: boolean;
  readonly missSpinReported: boolean;
  readonly wheelDirection: Direction;
  /** Bare number line received before the first `*X;5` of this game. */
  readonly bare: number | null;
  /** A void_round fault was raised in this game: it claims no result (W-4). */
  readonly voidedBy: WheelFaultCode | null;
  readonly result: ResultTrack | null;
}

export interface WheelTrackerCounters {
  readonly lines: number;
  readonly unparsable: number;
  readonly overlong: number;
  readonly results: number;
  readonly faults: number;
}

export interface WheelTrackerState {
  readonly config: WheelTrackerConfig;
  readonly last: Ss2Status | null;
  readonly game: WheelGame | null;
  readonly launchFailSince: number | null;
  readonly launchFailReported: boolean;
  readonly noBallSince: number | null;
  readonly noBallReported: boolean;
  readonly hardwareFaultReported: boolean;
  readonly powerOffExpected: boolean;
  /** `*I 4` sent: sensor events are streamed, so revolutions are known (possibly 0). */
  readonly sensorStream: boolean;
  /** `*F <n>` codes already reported since the last self-test request / game start (W-1 for faults). */
  readonly selfTestReported: readonly number[];
  readonly counters: WheelTrackerCounters;
}

export type WheelInput = Ss2Frame | Extract<FramerOutput, { type: 'overlong' }>;
export interface WheelStep {
  readonly state: WheelTrackerState;
  readonly emits: DeviceEventBody[];
}

const FLAG_NAMES: readonly [number, WheelFlag][] = [
  [SS2_FLAG.BALL_NOT_DETECTED, 'ball_not_detected'],
  [SS2_FLAG.MISS_SPIN, 'miss_spin'],
  [SS2_FLAG.HARDWARE_FAULT, 'hardware_fault'],
  [SS2_FLAG.LAUNCH_FAILED, 'launch_failed'],
];
export function wheelFlagNames(flags: number): WheelFlag[] {
  return FLAG_NAMES.filter(([bit]) => (flags & bit) !== 0).map(([, name]) => name);
}

const opposite = (d: Direction): Direction => (d === 'cw' ? 'ccw' : 'cw');

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** Working copy for one step; converted back to an immutable state at the end. */
class Draft {
  s: Mutable<WheelTrackerState>;
  c: Mutable<WheelTrackerCounters>;
  g: Mutable<WheelGame> | null;
  readonly emits: DeviceEventBody[] = [];
  constructor(state: WheelTrackerState) {
    this.s = { ...state };
    this.c = { ...state.counters };
    this.g = state.game === null ? null : { ...state.game };
  }
  done(): WheelStep {
    this.s.counters = this.c;
    this.s.game = this.g;
    return { state: this.s, emits: this.emits };
  }
  fault(code: WheelFaultCode, text: string, action: FaultAction, extra: { flag?: 1 | 2 | 4 | 8; selfTest?: number; maintenance?: boolean; ruleId?: string } = {}): void {
    this.c.faults++;
    const payload: Mutable<PayloadOf<'wheel.fault'>> = { code, text, action, maintenance: extra.maintenance ?? false, ruleId: extra.ruleId ?? 'W-4' };
    if (extra.flag !== undefined) payload.flag = extra.flag;
    if (extra.selfTest !== undefined) payload.selfTest = extra.selfTest;
    if (this.g !== null) {
      payload.spin = this.g.spin;
      // W-4: after a void_round fault (launch failed, no ball, hardware, power-down, *F) the wheel's data for this game
      // are not trusted: its result, if one still comes, is not claimed. A miss-spin (respin) keeps its result — it
      // carries ballDirection = wheelDirection and the server voids it (W-3) — so the outcome stays traceable.
      if (action === 'void_round' && this.g.voidedBy === null) {
        this.g.voidedBy = code;
        if (this.g.result?.phase === 'pending') this.g.result = { phase: 'failed' };
      }
    }
    this.emits.push({ type: 'wheel.fault', payload });
  }
  ballDirection(g: WheelGame): Direction {
    return g.missSpin ? g.wheelDirection : opposite(g.wheelDirection);
  }
  emitResult(g: Mutable<WheelGame>, number: number, confirmations: number): void {
    this.c.results++;
    this.emits.push({
      type: 'wheel.result',
      payload: {
        spin: g.spin,
        number,
        revolutions: g.sensorSeen || this.s.sensorStream ? g.revolutions : null,
        ballDirection: this.ballDirection(g),
        wheelDirection: g.wheelDirection,
        confirmations,
      },
    });
    g.result = { phase: 'emitted', number, mismatchReported: false };
  }
  /** W-2: a source disagrees with the result. */
  mismatch(g: Mutable<WheelGame>, what: string): void {
    this.fault('result_mismatch', `W-2: winning number sources disagree for spin ${g.spin}: ${what}`, 'pit_boss', { ruleId: 'W-2' });
  }
  /** Emit a pending result with what has been confirmed so far (window elapsed or the game moved on). */
  finalizePending(): void {
    const g = this.g;
    if (g !== null && g.result?.phase === 'pending') this.emitResult(g, g.result.number, g.result.confirmations);
  }
  timers(at: number, status: Ss2Status | null): void {
    const cfg = this.s.config;
    // W-4 flag 8: ignore for launchFailGraceMs, then a fault if it persists.
    if (status !== null && (status.flags & SS2_FLAG.LAUNCH_FAILED) !== 0) {
      if (this.s.launchFailSince === null) this.s.launchFailSince = at;
      else if (!this.s.launchFailReported && at - this.s.launchFailSince >= cfg.launchFailGraceMs) {
        this.s.launchFailReported = true;
        this.fault('launch_failed', `W-4: ball launch failing for ${at - this.s.launchFailSince} ms (flag 8 persisting beyond ${cfg.launchFailGraceMs} ms): void/stop`, 'void_round', { flag: 8 });
      }
    } else {
      this.s.launchFailSince = null;
      this.s.launchFailReported = false;
    }
    // W-4 state 4 + flag 1 for more than noBallMs.
    if (status !== null && status.state === 4 && (status.flags & SS2_FLAG.BALL_NOT_DETECTED) !== 0) {
      if (this.s.noBallSince === null) this.s.noBallSince = at;
      else if (!this.s.noBallReported && at - this.s.noBallSince > cfg.noBallMs) {
        this.s.noBallReported = true;
        this.fault('no_ball', `W-4: ball not detected in no-more-bets for ${at - this.s.noBallSince} ms (> ${cfg.noBallMs} ms): void`, 'void_round', { flag: 1 });
      }
    } else {
      this.s.noBallSince = null;
      this.s.noBallReported = false;
    }
    // W-2: next `*X;5` did not come within the window: emit with the confirmations we have.
    const g = this.g;
    if (g !== null && g.result?.phase === 'pending' && at - g.result.firstAt >= cfg.confirmWindowMs) this.finalizePending();
  }
}

function newGame(st: Ss2Status): Mutable<WheelGame> {
  return {
    spin: st.spin,
    maxState: st.state <= 5 ? st.state : 0,
    observed: st.state >= 1 && st.state <= 4,
    revolutions: 0,
    sensorSeen: false,
    ballInPocket: false,
    missSpin: false,
    missSpinReported: false,
    wheelDirection: st.direction,
    bare: null,
    voidedBy: null,
    result: null,
  };
}

function statusKey(s: Ss2Status): string {
  return `${s.state};${s.spin};${s.win ?? ''};${s.flags};${s.direction}`;
}

function onStatus(d: Draft, st: Ss2Status, at: number): void {
  const prev = d.s.last;
  // New game: first status, spin number changed (5 → 2), or back to 1/2 after the ball was launched (`*R`, re-spin).
  const g0 = d.g;
  if (g0 === null || g0.spin !== st.spin || ((st.state === 1 || st.state === 2) && g0.maxState >= 3)) {
    d.finalizePending();
    d.g = newGame(st);
    d.s.selfTestReported = [];
  }
  const g = d.g as Mutable<WheelGame>;
  if (st.state <= 5 && st.state > g.maxState) g.maxState = st.state;
  if (st.state >= 1 && st.state <= 4) g.observed = true;
  if (st.state !== 5) g.wheelDirection = st.direction;

  // W-1: edge-triggered — one wheel.state per change, nothing for a repeated line.
  if (prev === null || statusKey(prev) !== statusKey(st)) {
    d.emits.push({
      type: 'wheel.state',
      payload: { state: st.state, spin: st.spin, lastResult: st.win !== null && st.win <= 36 ? st.win : null, flags: wheelFlagNames(st.flags), rpm: st.speed / 10, direction: st.direction },
    });
  }

  d.timers(at, st);

  // W-4 miss-spin: flag 2 while the ball is in play.
  if ((st.flags & SS2_FLAG.MISS_SPIN) !== 0) {
    g.missSpin = true;
    if ((st.state === 3 || st.state === 4) && !g.missSpinReported) {
      g.missSpinReported = true;
      d.fault('miss_spin', `W-4: miss-spin in spin ${st.spin} (ball turning the same way as the wheel): lock bets, send *R, void the spin and re-spin`, 'respin', { flag: 2 });
    }
  }
  // W-4 flag 4: sensor/motor/encoder fault → maintenance.
  if ((st.flags & SS2_FLAG.HARDWARE_FAULT) !== 0) {
    if (!d.s.hardwareFaultReported) {
      d.s.hardwareFaultReported = true;
      d.fault('hardware_fault', 'W-4: wheel reports a sensor/motor/encoder fault (flag 4): void the round, maintenance required', 'void_round', { flag: 4, maintenance: true });
    }
  } else d.s.hardwareFaultReported = false;
  // W-4 unexpected state 6: the wheel powered down while in play and nobody asked for it.
  if (st.state === 6) {
    if (prev !== null && prev.state !== 6 && !d.s.powerOffExpected) {
      d.fault('powered_down', `W-4: wheel powered itself down (state 6) from state ${prev.state}: void the round, maintenance required`, 'void_round', { maintenance: true });
    }
    d.s.powerOffExpected = false;
  }

  // W-2: the result.
  if (st.state === 5) onWinningStatus(d, g, st, at);
  d.s.last = st;
}

function onWinningStatus(d: Draft, g: Mutable<WheelGame>, st: Ss2Status, at: number): void {
  g.ballInPocket = true;
  const r = g.result;
  if (r === null) {
    if (g.voidedBy !== null) {
      g.result = { phase: 'failed' };
      return;
    }
    if (!g.observed) {
      g.result = { phase: 'unobserved' };
      return;
    }
    if (st.win === null || st.win > 36) {
      g.result = { phase: 'failed' };
      d.fault('result_out_of_range', `W-2: winning number ${st.win === null ? '(blank)' : st.win} for spin ${st.spin} is not 0–36`, 'pit_boss', { ruleId: 'W-2' });
      return;
    }
    if (g.bare !== null && g.bare !== st.win) {
      g.result = { phase: 'failed' };
      d.mismatch(g, `bare line ${g.bare}, status ${st.win}`);
      return;
    }
    g.result = { phase: 'pending', number: st.win, firstAt: at, confirmations: g.bare === null ? 1 : 2 };
    return;
  }
  switch (r.phase) {
    case 'pending':
      if (st.win === r.number) d.emitResult(g, r.number, r.confirmations + 1);
      else {
        g.result = { phase: 'failed' };
        d.mismatch(g, `first *X;5 ${r.number}, next *X;5 ${st.win ?? '(blank)'}`);
      }
      return;
    case 'emitted':
      if (st.win !== r.number && !r.mismatchReported) {
        g.result = { ...r, mismatchReported: true };
        d.mismatch(g, `result ${r.number} already reported, later *X;5 shows ${st.win ?? '(blank)'}`);
      }
      return;
    case 'failed':
    case 'unobserved':
      return;
  }
}

function onBareNumber(d: Draft, n: number): void {
  const g = d.g;
  if (g === null) return;
  const r = g.result;
  if (r === null) {
    if (g.bare === null) g.bare = n;
    return;
  }
  switch (r.phase) {
    case 'pending':
      if (n === r.number) g.result = { ...r, confirmations: r.confirmations + 1 };
      else {
        g.result = { phase: 'failed' };
        d.mismatch(g, `status ${r.number}, bare line ${n}`);
      }
      return;
    case 'emitted':
      if (n !== r.number && !r.mismatchReported) {
        g.result = { ...r, mismatchReported: true };
        d.mismatch(g, `result ${r.number} already reported, bare line shows ${n}`);
      }
      return;
    case 'failed':
    case 'unobserved':
      return;
  }
}

function step(state: WheelTrackerState, input: WheelInput, at: number): WheelStep {
  const d = new Draft(state);
  d.c.lines++;
  switch (input.type) {
    case 'status':
      onStatus(d, input, at);
      break;
    case 'number':
      d.timers(at, d.s.last);
      onBareNumber(d, input.number);
      break;
    case 'sensor': {
      d.timers(at, d.s.last);
      const g = d.g;
      if (g === null) break;
      g.sensorSeen = true;
      // W-3: count each pass of sensor 1 after launch (state 2 on), until the ball drops.
      if (input.sensor === 1 && g.maxState >= 2 && !g.ballInPocket && g.result === null) {
        g.revolutions++;
        d.emits.push({ type: 'wheel.ball', payload: { spin: g.spin, revolutions: g.revolutions, direction: d.ballDirection(g) } });
      }
      break;
    }
    case 'pocket':
      d.timers(at, d.s.last);
      if (d.g !== null) {
        d.g.sensorSeen = true;
        d.g.ballInPocket = true;
      }
      break;
    case 'fault':
      d.timers(at, d.s.last);
      // W-4: `*F <n>` → maintenance fault with the decoded reason (once per code per game); `*F 0` = self-test OK.
      if (input.code !== 0 && !d.s.selfTestReported.includes(input.code)) {
        d.s.selfTestReported = [...d.s.selfTestReported, input.code];
        d.fault('self_test', `W-4: wheel fault *F ${input.code}: ${ss2FaultText(input.code)} — void the round, maintenance required`, 'void_round', { selfTest: input.code, maintenance: true });
      }
      break;
    case 'ok':
      d.timers(at, d.s.last);
      // `*R OK`: the current game is void (reset to state 1); its pending result, if any, is dropped.
      if (input.command === 'R') d.g = null;
      break;
    case 'no':
    case 'busy':
    case 'mode':
    case 'firmware':
    case 'param':
      d.timers(at, d.s.last);
      break;
    case 'unparsable':
      d.timers(at, d.s.last);
      d.c.unparsable++;
      d.emits.push({ type: 'device.fault', payload: { code: 'unparsable', count: d.c.unparsable, text: `W-5: unparsable wheel line (${input.reason})`, raw: excerpt(input.raw), ruleId: 'W-5' } });
      break;
    case 'overlong':
      d.timers(at, d.s.last);
      d.c.overlong++;
      d.emits.push({ type: 'device.fault', payload: { code: 'overlong_line', count: d.c.overlong, text: `W-5: wheel line longer than ${input.limit} bytes discarded`, raw: excerpt(input.head), ruleId: 'W-5' } });
      break;
  }
  return d.done();
}

function tick(state: WheelTrackerState, at: number): WheelStep {
  const d = new Draft(state);
  d.timers(at, d.s.last);
  return d.done();
}

/** End of input (e.g. the end of a capture): emit a pending result with the confirmations it has; no timers fire. */
function flush(state: WheelTrackerState, _at: number): WheelStep {
  const d = new Draft(state);
  d.finalizePending();
  return d.done();
}

function sent(state: WheelTrackerState, cmd: Ss2Command, _at: number): WheelTrackerState {
  switch (cmd.type) {
    case 'sensors':
      return { ...state, sensorStream: cmd.on };
    case 'power':
      return { ...state, powerOffExpected: !cmd.on };
    case 'self_test':
      return { ...state, selfTestReported: [] };
    case 'poll':
    case 'start':
    case 'reset':
    case 'set_mode':
    case 'get_mode':
    case 'firmware':
    case 'get_param':
    case 'set_param':
    case 'store_params':
    case 'unknown':
      return state;
  }
}

function init(config: Partial<WheelTrackerConfig> = {}): WheelTrackerState {
  return {
    config: { ...DEFAULT_WHEEL_TRACKER_CONFIG, ...config },
    last: null,
    game: null,
    launchFailSince: null,
    launchFailReported: false,
    noBallSince: null,
    noBallReported: false,
    hardwareFaultReported: false,
    powerOffExpected: false,
    sensorStream: false,
    selfTestReported: [],
    counters: { lines: 0, unparsable: 0, overlong: 0, results: 0, faults: 0 },
  };
}

export const wheelTracker = { init, step, tick, sent, flush } as const;
