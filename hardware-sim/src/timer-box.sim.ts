import type { Scheduler, TimerHandle } from './clock.js';
import { NmeaDevice, type HostFrame } from './nmea-device.js';

/** Wire names of the dealer buttons (devices.md §4) → canonical `button.pressed` names. */
export const TIMER_BOX_BUTTONS = { START: 'start', NMB: 'no_more_bets', VOID: 'void_request', PIT: 'call_pit_boss' } as const;
export type TimerBoxButton = keyof typeof TIMER_BOX_BUTTONS;
export const LAMPS = ['GREEN', 'AMBER', 'RED'] as const;
export type Lamp = (typeof LAMPS)[number];

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
  press(button: TimerBoxButton): number | null {
    const seq = this.sendFrame('BTN', button);
    if (this.bounce && seq !== null) {
      this.bounce = false;
      this.timer(() => this.sendFrame('BTN', button), this.bounceGapMs); // contact bounce: the same press twice
    }
    return seq;
  }

  /** The next press bounces: two `$BTN` frames (two seqs) for one press. */
  bounceNextPress(): void {
    this.bounce = true;
  }

  protected onHostFrame(frame: HostFrame): void {
    const at = this.sched.now();
    switch (frame.type) {
      case 'TMR': {
        const s = Number(frame.fields[0]);
        if (frame.fields.length !== 1 || !Number.isInteger(s) || s < 0 || s > 999) {
          this.stats.hostErrors += 1;
          return;
        }
        this.shown.push({ type: 'timer', at, seconds: s });
        this.startCountdown(s);
        return;
      }
      case 'LAMP': {
        const lamp = frame.fields[0];
        if (frame.fields.length !== 1 || !(LAMPS as readonly string[]).includes(lamp ?? '')) {
          this.stats.hostErrors += 1;
          return;
        }
        this.lampNow = lamp as Lamp;
        this.shown.push({ type: 'lamp', at, lamp: lamp as Lamp });
        return;
      }
      default:
        this.stats.hostErrors += 1;
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
