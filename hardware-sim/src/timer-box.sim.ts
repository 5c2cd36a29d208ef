import { encodeTimerFrame, parseTimerLine, type BoxButton, type BoxLamp } from '@felt-studio/protocol';
import type { Scheduler, TimerHandle } from './clock.js';
import { NmeaDevice } from './nmea-device.js';

type Lamp = BoxLamp;

/** Something the box displayed, in order (what the camera would have seen). */
export type TimerBoxDisplayEvent =
  | { readonly type: 'timer'; readonly at: number; readonly seconds: number }
  | { readonly type: 'lamp'; readonly at: number; readonly lamp: Lamp };

export interface TimerBoxSimOptions {
  readonly scheduler: Scheduler;
  /** Gap between the two frames of a bounced press. Default 30 ms. */
  readonly bounceGapMs?: number;
}

/**
 * Bet timer / dealer button box emulator (devices.md §4): `$BTN,<seq>,<START|NMB|VOID|PIT>`,
 * `$HB` every 5 s; shows `$TMR,<s>` countdowns and `$LAMP,<colour>` from the host. It only displays:
 * the server's clock decides when betting closes.
 */
export class TimerBoxSim extends NmeaDevice {
  private bounce = false;
  private readonly bounceGapMs: number;
  private countdown: TimerHandle | null = null;
  private remaining = 0;
  private lampNow: Lamp | null = null;
  /** Everything the host asked the box to show, in order. */
  readonly shown: TimerBoxDisplayEvent[] = [];

  constructor(opts: TimerBoxSimOptions) {
    super(opts.scheduler);
    this.bounceGapMs = opts.bounceGapMs ?? 30;
  }

  /** The countdown digits facing the camera right now (0 = blank). */
  get display(): { readonly seconds: number; readonly lamp: Lamp | null } {
    return { seconds: this.remaining, lamp: this.lampNow };
  }

  /** The dealer presses a button. Returns the seq of the frame sent (null when offline). */
  press(button: BoxButton): number | null {
    const seq = this.sendFrame((n) => encodeTimerFrame({ type: 'btn', seq: n, button }));
    if (this.bounce && seq !== null) {
      this.bounce = false;
      this.timer(() => this.sendFrame((n) => encodeTimerFrame({ type: 'btn', seq: n, button })), this.bounceGapMs); // contact bounce: the same press twice
    }
    return seq;
  }

  /** The next press bounces: two `$BTN` frames (two seqs) for one press. */
  bounceNextPress(): void {
    this.bounce = true;
  }

  protected heartbeatFrame(seq: number): string {
    return encodeTimerFrame({ type: 'hb', seq });
  }

  /** Host → box: `$TMR,<s>` and `$LAMP,<colour>`; anything else (bad checksum, unknown, bad value) is counted. */
  protected onHostLine(line: string): void {
    const at = this.sched.now();
    const frame = parseTimerLine(line);
    switch (frame.type) {
      case 'tmr':
        this.shown.push({ type: 'timer', at, seconds: frame.seconds });
        this.startCountdown(frame.seconds);
        return;
      case 'lamp':
        this.lampNow = frame.lamp;
        this.shown.push({ type: 'lamp', at, lamp: frame.lamp });
        return;
      case 'btn':
      case 'hb':
      case 'invalid':
        this.hostError();
        return;
    }
  }

  private startCountdown(seconds: number): void {
    this.cancel(this.countdown);
    this.countdown = null;
    this.remaining = seconds;
    const tick = (): void => {
      this.remaining = Math.max(0, this.remaining - 1);
      this.countdown = this.remaining > 0 ? this.timer(tick, 1000) : null;
    };
    if (seconds > 0) this.countdown = this.timer(tick, 1000);
  }
}
