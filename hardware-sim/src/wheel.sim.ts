import { createRng, type Rng } from '@felt-studio/games';
import { encodeSs2Frame, SS2_FLAG, SS2_MODE, SS2_TYPICAL_MODE, type Ss2Frame, type Ss2Status } from '@felt-studio/protocol';
import type { Scheduler, TimerHandle } from './clock.js';
import { LineSplitter, type ByteDuplex } from './duplex.js';

/** SS2 frames end with CR LF (the controller accepts CR and/or LF from the host). */
export const SS2_EOL = '\r\n';
/** SS2 status `state` numbers the emulator uses (7, ball not detected in track, is optional and not emitted). */
export type Ss2State = 1 | 2 | 3 | 4 | 5 | 6;

/** Device timings in real milliseconds (the scheduler applies the speed factor). */
export const WHEEL_TIMING = {
  statusPeriodMs: 500,
  replyLatencyMinMs: 30,
  replyLatencyMaxMs: 130,
  spinUpMs: 3000,
  resetSpinUpMs: 1000,
  launchMs: 300,
  launchRetryMs: 1000,
  /** First ball revolution period; each later one is 12 % slower. */
  firstRevolutionMs: 700,
  settleMs: 1500,
  resultHoldMs: 2000,
  selfTestMs: 1500,
  faultToPowerDownMs: 1000,
  tornChunkGapMs: 20,
} as const;

/** One-shot fault plan applied to the next ball launch (devices.md §6 wheel scenarios). */
export interface WheelFaultPlan {
  /** Flag 8 while the controller retries; `persist` keeps retrying until `*R` (W-4). */
  readonly launchFail?: { readonly recoverAfterMs: number } | 'persist';
  /** Ball turning the same way as the wheel: flag 2 from state 3 on (W-4). */
  readonly missSpin?: boolean;
  /** Total ball revolutions (e.g. 2 for a short spin, ROU-4 / W-3). */
  readonly revolutions?: number;
  /** The ball vanishes at no-more-bets: state 4 + flag 1 until `*R` (W-4). */
  readonly noBall?: boolean;
  /** Flag 4 in state 3, then the wheel powers itself down to state 6 (W-4). */
  readonly sensorFault?: { readonly code: number };
  /** Hold state 5 for this many status periods (500 ms each) instead of ~2 s. */
  readonly resultPeriods?: number;
}

export interface WheelSimOptions {
  readonly scheduler: Scheduler;
  readonly seed: number;
  /** Operating mode at power-on (`*o`). Default 1159 (user start, status stream, …). */
  readonly mode?: number;
  /** Start powered (state 1 → 2) or powered down (state 6). Default true. */
  readonly powered?: boolean;
  readonly firmware?: string;
  /**
   * A planted bias for the integrity demo (issue 23, `felt studio --plant-anomalies`): `pocket` comes up
   * `factor` × as often as on a fair wheel, the other pockets share the rest equally. Default: fair.
   */
  readonly bias?: { readonly pocket: number; readonly factor: number };
}

const PARAMS = {
  A: 60, // ball launch power %
  B: 15, // bet time in seconds (automatic start)
  C: 3, // games-per-hour delay in seconds
  D: 8, // min ball revolutions
  E: 14, // max ball revolutions
  R: 150, // rotor speed, rpm × 10
} as const;
type ParamKey = keyof typeof PARAMS;
const isParamKey = (k: string): k is ParamKey => Object.prototype.hasOwnProperty.call(PARAMS, k);

const answer = (command: string, text: 'OK' | 'NO' | 'BUSY'): Ss2Frame => {
  switch (text) {
    case 'OK':
      return { type: 'ok', command };
    case 'NO':
      return { type: 'no', command };
    case 'BUSY':
      return { type: 'busy', command };
  }
};

/** Where in the game the wheel is, beyond the SS2 state number. */
type Phase = 'off' | 'spin-up' | 'bets' | 'launching' | 'in-flight' | 'result';

interface OutItem {
  readonly data: string;
  readonly gapAfterMs: number;
}

/**
 * SS2-compatible roulette wheel controller emulator (devices.md §2). Speaks the exact bytes of the
 * real controller on a ByteDuplex: states 6 → 1 → (2 → 3 → 4 → 5)*, 500 ms status stream, replies
 * 30–130 ms after each command, sensor stream, faults. Winning numbers and ball revolutions come
 * from a seeded RNG; command latencies from a second seeded stream.
 */
export class WheelSim {
  private readonly sched: Scheduler;
  private readonly rng: Rng;
  private readonly latencyRng: Rng;
  private readonly firmware: string;
  private readonly bias: { readonly pocket: number; readonly factor: number } | undefined;
  private io: ByteDuplex | null = null;
  private unsubscribe: (() => void) | null = null;

  private state: Ss2State = 6;
  private phase: Phase = 'off';
  private powered: boolean;
  private spin = 1;
  private win: number | null = null;
  private flags = 0;
  private mode: number;
  private direction: 0 | 1 = 0;
  private rotorRpm10 = 0;
  private ramp: { from: number; to: number; at: number; ms: number } | null = null;
  private sensorStream = false;
  private selfTestBusy = false;
  private selfTestFaults: number[] = [];
  private ram: Record<ParamKey, number> = { ...PARAMS };
  private flash: Record<ParamKey, number> = { ...PARAMS };

  private nextPlan: WheelFaultPlan | null = null;
  private gameTimers = new Set<TimerHandle>();
  private otherTimers = new Set<TimerHandle>();
  private streamTimer: TimerHandle | null = null;
  private lastReplyAt = 0;

  // link faults
  private tearRemaining = 0;
  private tearHeadLost = false;
  private silence: { lines: string[]; burst: number } | null = null;
  private outQueue: OutItem[] = [];
  private pumping = false;

  /** Counters a test or the CLI can read. */
  readonly stats = { linesSent: 0, commandsReceived: 0, gamesCompleted: 0 };

  constructor(opts: WheelSimOptions) {
    this.sched = opts.scheduler;
    this.rng = createRng(opts.seed);
    this.latencyRng = createRng((opts.seed ^ 0x5bd1e995) >>> 0);
    this.mode = opts.mode ?? SS2_TYPICAL_MODE;
    this.powered = opts.powered ?? true;
    this.firmware = opts.firmware ?? 'SS2SIM 3.12';
    this.bias = opts.bias;
  }

  /** The next spin's pocket, when drawn ahead by `peekNextPocket`. */
  private nextPocket: number | null = null;

  /**
   * The pocket the next spin will land in, drawn now (issue 23 §5, `felt studio --plant-anomalies`: a simulated
   * leak — a feed faster than the stream — for the demo's planted late bettor). The next spin lands there; a wheel
   * nobody peeks at draws at the spin, as before.
   */
  peekNextPocket(): number {
    this.nextPocket ??= this.drawPocket();
    return this.nextPocket;
  }

  /** The winning pocket: drawn ahead by a peek, else now. */
  private pickPocket(): number {
    const p = this.nextPocket ?? this.drawPocket();
    this.nextPocket = null;
    return p;
  }

  /** A fresh draw: uniform, or with the planted bias. */
  private drawPocket(): number {
    const b = this.bias;
    if (b === undefined) return this.rng.int(37);
    if (this.rng.next() < b.factor / 37) return b.pocket;
    const other = this.rng.int(36);
    return other >= b.pocket ? other + 1 : other;
  }

  // ---------------------------------------------------------------- lifecycle

  /** Attach to the link and power on (or sit in state 6 when built with `powered: false`). */
  start(io: ByteDuplex): void {
    if (this.io !== null) throw new Error('WheelSim already started');
    this.io = io;
    const splitter = new LineSplitter((line) => this.onCommand(line));
    this.unsubscribe = io.onData((d) => splitter.push(d));
    this.rotorRpm10 = 0;
    if (this.powered) this.enterSpinUp(WHEEL_TIMING.spinUpMs);
    this.restartStream();
  }

  /** Stop every timer and detach (the link itself is closed by its owner). */
  stop(): void {
    this.cancelGame();
    for (const h of this.otherTimers) this.sched.clearTimer(h);
    this.otherTimers.clear();
    if (this.streamTimer) this.sched.clearTimer(this.streamTimer);
    this.streamTimer = null;
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.io = null;
    this.outQueue = [];
  }

  // ---------------------------------------------------------------- control interface

  /** The status the controller would report right now. */
  get status(): Ss2Status {
    return { type: 'status', state: this.state, spin: this.spin, win: this.win, flags: this.flags, speed: Math.min(999, this.currentRpm10()), direction: this.direction === 0 ? 'cw' : 'ccw' };
  }

  get operatingMode(): number {
    return this.mode;
  }

  /** Arm a fault for the next ball launch. */
  planNextSpin(plan: WheelFaultPlan): void {
    this.nextPlan = plan;
  }

  /** Results the next `*F` self-test reports (empty = `*F 0`). */
  setSelfTestFaults(codes: readonly number[]): void {
    this.selfTestFaults = [...codes];
  }

  /** Tear the next `n` status lines into chunks; the first one also loses its head (`00;0`). */
  tearNextLines(n: number): void {
    this.tearRemaining = n;
    this.tearHeadLost = true;
  }

  /** Go silent, hold everything back, then deliver it as one burst once `lines` lines are queued. */
  silenceThenBurst(lines = 200): void {
    this.silence = { lines: [], burst: lines };
  }

  // ---------------------------------------------------------------- game flow

  private gameTimer(fn: () => void, ms: number): void {
    const h = this.sched.setTimer(() => {
      this.gameTimers.delete(h);
      fn();
    }, ms);
    this.gameTimers.add(h);
  }

  private otherTimer(fn: () => void, ms: number): void {
    const h = this.sched.setTimer(() => {
      this.otherTimers.delete(h);
      fn();
    }, ms);
    this.otherTimers.add(h);
  }

  private cancelGame(): void {
    for (const h of this.gameTimers) this.sched.clearTimer(h);
    this.gameTimers.clear();
  }

  private currentRpm10(): number {
    if (this.ramp === null) return this.rotorRpm10;
    const p = Math.min(1, Math.max(0, (this.sched.now() - this.ramp.at) / this.ramp.ms));
    return Math.round(this.ramp.from + (this.ramp.to - this.ramp.from) * p);
  }

  private setRamp(to: number, ms: number): void {
    const from = this.currentRpm10();
    this.rotorRpm10 = to;
    this.ramp = { from, to, at: this.sched.now(), ms };
  }

  private enterSpinUp(ms: number): void {
    this.state = 1;
    this.phase = 'spin-up';
    const target = this.ram.R + this.rng.int(16);
    this.setRamp(target, ms);
    this.gameTimer(() => this.enterBets(), ms);
  }

  private enterBets(): void {
    this.state = 2;
    this.phase = 'bets';
    this.armAutoStart();
  }

  private armAutoStart(): void {
    if (this.phase !== 'bets' || (this.mode & SS2_MODE.USER_START) !== 0) return;
    this.gameTimer(() => this.launch(), this.ram.B * 1000);
  }

  private launch(): void {
    this.phase = 'launching';
    const plan = this.nextPlan ?? {};
    this.nextPlan = null;
    if (plan.launchFail !== undefined) {
      this.flags |= SS2_FLAG.LAUNCH_FAILED;
      if (plan.launchFail === 'persist') return; // keeps retrying until *R (W-4)
      this.gameTimer(() => {
        this.flags &= ~SS2_FLAG.LAUNCH_FAILED;
        this.ballAway(plan);
      }, plan.launchFail.recoverAfterMs);
      return;
    }
    this.gameTimer(() => this.ballAway(plan), WHEEL_TIMING.launchMs);
  }

  private ballAway(plan: WheelFaultPlan): void {
    this.phase = 'in-flight';
    const min = Math.max(1, Math.min(this.ram.D, this.ram.E));
    const max = Math.max(this.ram.D, this.ram.E, min);
    const revolutions = plan.revolutions ?? min + this.rng.int(max - min + 1);
    const pocket = this.pickPocket();
    const periods: number[] = [];
    for (let k = 0; k < revolutions; k++) periods.push(Math.round(WHEEL_TIMING.firstRevolutionMs * (1 + 0.12 * k) + this.rng.int(40)));
    const noMoreBetsRev = Math.max(1, revolutions - 3);
    let t = 0;
    let noMoreBetsAt = 0;
    for (let k = 0; k < revolutions; k++) {
      const p = periods[k] ?? WHEEL_TIMING.firstRevolutionMs;
      const rev = k + 1;
      this.gameTimer(() => this.sensor(2), t + p / 3);
      this.gameTimer(() => this.sensor(3), t + (2 * p) / 3);
      t += p;
      this.gameTimer(() => this.sensor(1), t); // a pass of sensor 1 = one revolution (W-3)
      if (rev === 1) this.gameTimer(() => this.enterRim(plan), t);
      if (rev === noMoreBetsRev) noMoreBetsAt = t + (rev === 1 ? 250 : p / 2);
    }
    this.gameTimer(() => this.enterNoMoreBets(plan), noMoreBetsAt);
    const dropAt = Math.max(t + 200, noMoreBetsAt + 100);
    this.gameTimer(() => this.settle(pocket, plan), dropAt + WHEEL_TIMING.settleMs);
  }

  private sensor(n: number): void {
    if (this.sensorStream && (this.flags & SS2_FLAG.BALL_NOT_DETECTED) === 0) this.send({ type: 'sensor', sensor: n });
  }

  private enterRim(plan: WheelFaultPlan): void {
    this.state = 3;
    if (plan.missSpin === true) this.flags |= SS2_FLAG.MISS_SPIN;
    const fault = plan.sensorFault;
    if (fault !== undefined) {
      this.gameTimer(() => {
        this.flags |= SS2_FLAG.HARDWARE_FAULT;
        if ((this.mode & SS2_MODE.FAULTS_DURING_PLAY) !== 0) this.send({ type: 'fault', code: fault.code });
        this.gameTimer(() => this.powerDown(), WHEEL_TIMING.faultToPowerDownMs);
      }, 400);
    }
  }

  private enterNoMoreBets(plan: WheelFaultPlan): void {
    if (this.state !== 3) return;
    this.state = 4;
    if ((this.mode & SS2_MODE.RANDOM_SPEED_CHANGE) !== 0) this.setRamp(Math.max(100, this.rotorRpm10 + this.rng.int(21) - 10), 1000);
    if (plan.noBall === true) {
      // the ball is gone: state 4 with flag 1 until the host resets (W-4: void after 5 s)
      this.flags |= SS2_FLAG.BALL_NOT_DETECTED;
      this.cancelGame();
    }
  }

  private settle(pocket: number, plan: WheelFaultPlan): void {
    if (this.sensorStream) this.send({ type: 'pocket', pocket });
    if ((this.mode & SS2_MODE.SUPPRESS_BARE_NUMBER) === 0) this.send({ type: 'number', number: pocket });
    this.win = pocket;
    this.state = 5;
    this.phase = 'result';
    const hold = plan.resultPeriods !== undefined ? plan.resultPeriods * WHEEL_TIMING.statusPeriodMs : WHEEL_TIMING.resultHoldMs;
    this.gameTimer(() => this.leaveResult(), hold);
  }

  private leaveResult(): void {
    this.spin = (this.spin % 256) + 1; // 001–256, wraps; increments on 5 → 2
    this.flags = 0;
    this.stats.gamesCompleted += 1;
    if ((this.mode & SS2_MODE.REVERSE_EACH_GAME) !== 0) this.direction = this.direction === 0 ? 1 : 0;
    if ((this.mode & SS2_MODE.DELAY_AT_5_TO_1) !== 0) {
      this.state = 1;
      this.phase = 'spin-up';
      this.gameTimer(() => this.enterBets(), this.ram.C * 1000);
    } else this.enterBets();
  }

  private powerDown(): void {
    this.cancelGame();
    this.powered = false;
    this.state = 6;
    this.phase = 'off';
    this.setRamp(0, 0);
  }

  private isIdle(): boolean {
    if (this.selfTestBusy) return false;
    return this.phase === 'off' || this.phase === 'spin-up' || this.phase === 'bets';
  }

  // ---------------------------------------------------------------- commands

  private onCommand(raw: string): void {
    const line = raw.trim();
    if (!line.startsWith('*') || line.length < 2) return; // not a frame: the controller ignores it
    this.stats.commandsReceived += 1;
    const c = line[1] ?? '';
    const arg = line.slice(2).trim();
    const reply = (text: 'OK' | 'NO' | 'BUSY'): void => this.reply(answer(c, text));
    switch (c) {
      case 'X':
        this.replyLater(() => this.status);
        return;
      case 'u':
        if (arg !== '1' && arg !== '3') return reply('NO');
        if (!this.powered || this.phase !== 'bets' || this.selfTestBusy || (this.mode & SS2_MODE.USER_START) === 0) return reply('BUSY');
        this.direction = arg === '1' ? 0 : 1;
        reply('OK');
        this.cancelGame();
        this.launch();
        return;
      case 'R':
        if (!this.powered || this.selfTestBusy) return reply('BUSY');
        reply('OK');
        this.cancelGame(); // void the current game: back to state 1, same spin number
        this.flags = 0;
        this.enterSpinUp(WHEEL_TIMING.resetSpinUpMs);
        return;
      case 'P':
        if (arg !== '0' && arg !== '1') return reply('NO');
        if (this.selfTestBusy) return reply('BUSY');
        if ((arg === '1') === this.powered) return reply('NO');
        reply('OK');
        if (arg === '1') {
          this.powered = true;
          this.flags = 0;
          this.ram = { ...this.flash }; // RAM parameters are lost on a power cycle
          this.enterSpinUp(WHEEL_TIMING.spinUpMs);
        } else this.powerDown();
        return;
      case 'o': {
        const sum = Number(arg);
        if (arg === '' || !Number.isInteger(sum) || sum < 0 || sum > 65535) return reply('NO');
        if (!this.isIdle()) return reply('BUSY');
        const wasUserStart = (this.mode & SS2_MODE.USER_START) !== 0;
        this.mode = sum;
        this.reply({ type: 'mode', sum });
        this.restartStream();
        const userStart = (sum & SS2_MODE.USER_START) !== 0;
        if (this.phase === 'bets' && wasUserStart !== userStart) {
          this.cancelGame();
          this.armAutoStart();
        }
        return;
      }
      case 'O':
        return this.reply({ type: 'mode', sum: this.mode }); // read back as the `*o <sum>` echo (W-6)
      case 'S':
      case 'V':
        return this.reply({ type: 'firmware', command: c, text: this.firmware });
      case 'I':
        if (arg === '4') this.sensorStream = true;
        else if (arg === '0') this.sensorStream = false;
        else return reply('NO');
        return reply('OK');
      case 'T':
      case 't':
        return this.onParam(line.slice(2));
      case 'F':
        if (!this.isIdle()) return reply('BUSY');
        this.selfTestBusy = true;
        this.otherTimer(() => {
          this.selfTestBusy = false;
          const codes = this.selfTestFaults.length > 0 ? this.selfTestFaults : [0];
          for (const code of codes) this.send({ type: 'fault', code });
        }, WHEEL_TIMING.selfTestMs);
        return;
      default:
        return reply('NO');
    }
  }

  /** `*T<X>` get · `*T<x> v` / `*t<x> v` set (RAM) · `*T f` store to flash. */
  private onParam(rest: string): void {
    const reply = (text: 'OK' | 'NO' | 'BUSY'): void => this.reply(answer('T', text));
    const m = /^\s*([A-Za-z])\s*(-?\d+)?\s*$/.exec(rest);
    if (!m) return reply('NO');
    const letter = m[1] ?? '';
    const value = m[2];
    if (letter === 'f' && value === undefined) {
      if (!this.isIdle()) return reply('BUSY');
      this.flash = { ...this.ram };
      return reply('OK');
    }
    const key = letter.toUpperCase();
    if (!isParamKey(key)) return reply('NO');
    if (value === undefined) {
      if (letter !== key) return reply('NO');
      return this.reply({ type: 'param', name: key, value: String(this.ram[key]) });
    }
    const v = Number(value);
    if (v < 0 || v > 999) return reply('NO');
    this.ram[key] = v;
    return reply('OK');
  }

  // ---------------------------------------------------------------- output

  private latency(): number {
    return WHEEL_TIMING.replyLatencyMinMs + this.latencyRng.int(WHEEL_TIMING.replyLatencyMaxMs - WHEEL_TIMING.replyLatencyMinMs + 1);
  }

  private reply(frame: Ss2Frame): void {
    this.replyLater(() => frame);
  }

  /** Replies leave 30–130 ms after the command, in command order (a status reply shows the state at sending). */
  private replyLater(render: () => Ss2Frame): void {
    const at = Math.max(this.sched.now() + this.latency(), this.lastReplyAt);
    this.lastReplyAt = at;
    this.otherTimer(() => this.send(render()), at - this.sched.now());
  }

  /** Encode with @felt-studio/protocol's SS2 encoder and put the line on the wire. */
  private send(frame: Ss2Frame): void {
    this.emit(encodeSs2Frame(frame));
  }

  private restartStream(): void {
    if (this.streamTimer) this.sched.clearTimer(this.streamTimer);
    this.streamTimer = null;
    if ((this.mode & SS2_MODE.STATUS_EVERY_500MS) === 0 || this.io === null) return;
    const tick = (): void => {
      this.streamTimer = this.sched.setTimer(tick, WHEEL_TIMING.statusPeriodMs);
      this.emitStatusLine();
    };
    this.streamTimer = this.sched.setTimer(tick, WHEEL_TIMING.statusPeriodMs);
  }

  private emitStatusLine(): void {
    const line = encodeSs2Frame(this.status);
    if (this.tearRemaining > 0 && this.silence === null) {
      this.tearRemaining -= 1;
      if (this.tearHeadLost) {
        this.tearHeadLost = false;
        this.enqueue([{ data: line.slice(-4) + SS2_EOL, gapAfterMs: 0 }]); // head lost on the wire: `00;0`
        return;
      }
      const data = line + SS2_EOL;
      const a = Math.floor(data.length / 3);
      const b = Math.floor((2 * data.length) / 3);
      this.enqueue([
        { data: data.slice(0, a), gapAfterMs: WHEEL_TIMING.tornChunkGapMs },
        { data: data.slice(a, b), gapAfterMs: WHEEL_TIMING.tornChunkGapMs },
        { data: data.slice(b), gapAfterMs: 0 },
      ]);
      return;
    }
    this.emit(line);
  }

  private emit(line: string): void {
    if (this.io === null) return;
    if (this.silence !== null) {
      this.silence.lines.push(line + SS2_EOL);
      if (this.silence.lines.length >= this.silence.burst) {
        const burst = this.silence.lines.join('');
        this.silence = null;
        this.enqueue([{ data: burst, gapAfterMs: 0 }]);
      }
      return;
    }
    this.enqueue([{ data: line + SS2_EOL, gapAfterMs: 0 }]);
  }

  private enqueue(items: readonly OutItem[]): void {
    this.outQueue.push(...items);
    this.pump();
  }

  /** Writes in order; a torn line's chunks keep everything behind them waiting. */
  private pump(): void {
    if (this.pumping) return;
    this.pumping = true;
    for (;;) {
      const item = this.outQueue.shift();
      if (item === undefined) break;
      this.io?.write(item.data);
      this.stats.linesSent += (item.data.match(/\n/g) ?? []).length;
      if (item.gapAfterMs > 0) {
        this.otherTimer(() => {
          this.pumping = false;
          this.pump();
        }, item.gapAfterMs);
        return;
      }
    }
    this.pumping = false;
  }
}
