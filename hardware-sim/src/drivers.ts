import type { Scheduler, TimerHandle } from './clock.js';
import type { ShoeSim } from './shoe.sim.js';
import type { TimerBoxSim } from './timer-box.sim.js';

/** Hooks a scenario uses to act at a point of a scripted round. */
export interface ShoeRoundHooks {
  /** Called before card `cardIndex` (0-based) of round `round` is drawn. */
  beforeCard?(shoe: ShoeSim, round: number, cardIndex: number): void;
}

export const SHOE_DEALER_TIMING = { cardsPerRound: 4, cardGapMs: 1000, roundGapMs: 8000, reinsertAfterMs: 10_000 } as const;

/**
 * A scripted dealer for the shoe: rounds of 4 cards (punto banco's first four), 1 s apart, 8 s
 * between rounds; a removed shoe is put back after 10 s; a nearly empty shoe is replaced.
 */
export class ShoeDealer {
  private timer: TimerHandle | null = null;
  private round = 0;
  private card = 0;

  constructor(
    private readonly shoe: ShoeSim,
    private readonly sched: Scheduler,
    private readonly hooks: ShoeRoundHooks = {},
  ) {}

  get roundsDealt(): number {
    return this.round;
  }

  start(): void {
    this.schedule(SHOE_DEALER_TIMING.cardGapMs);
  }

  stop(): void {
    if (this.timer) this.sched.clearTimer(this.timer);
    this.timer = null;
  }

  private schedule(ms: number): void {
    this.timer = this.sched.setTimer(() => this.step(), ms);
  }

  private step(): void {
    if (!this.shoe.isInserted) {
      this.timer = this.sched.setTimer(() => {
        if (!this.shoe.isInserted) this.shoe.insert();
        this.schedule(SHOE_DEALER_TIMING.cardGapMs);
      }, SHOE_DEALER_TIMING.reinsertAfterMs);
      return;
    }
    this.hooks.beforeCard?.(this.shoe, this.round, this.card);
    if (!this.shoe.isInserted) {
      // the shoe was taken out mid-round: that round is over (the server voids it); deal on with a new shoe
      this.round += 1;
      this.card = 0;
      return this.step();
    }
    const deal = this.shoe.dealNext();
    this.card += 1;
    if (deal.type === 'empty' || this.card >= SHOE_DEALER_TIMING.cardsPerRound) {
      this.round += 1;
      this.card = 0;
      if (deal.type === 'empty' || this.shoe.cardsLeft < 2 * SHOE_DEALER_TIMING.cardsPerRound) {
        this.shoe.remove();
        this.shoe.insert();
      }
      this.schedule(SHOE_DEALER_TIMING.roundGapMs);
      return;
    }
    this.schedule(SHOE_DEALER_TIMING.cardGapMs);
  }
}

export interface TimerRoundHooks {
  beforePress?(box: TimerBoxSim, round: number, button: 'START' | 'NMB'): void;
}

export const TIMER_DEALER_TIMING = { startAtMs: 1000, betWindowMs: 15_000, roundMs: 30_000 } as const;

/** A scripted dealer at the button box: START, then NMB 15 s later, every 30 s. */
export class TimerDealer {
  private timers: TimerHandle[] = [];
  private round = 0;

  constructor(
    private readonly box: TimerBoxSim,
    private readonly sched: Scheduler,
    private readonly hooks: TimerRoundHooks = {},
  ) {}

  start(): void {
    this.arm(TIMER_DEALER_TIMING.startAtMs);
  }

  stop(): void {
    for (const t of this.timers) this.sched.clearTimer(t);
    this.timers = [];
  }

  private arm(at: number): void {
    this.timers = [
      this.sched.setTimer(() => this.press('START'), at),
      this.sched.setTimer(() => this.press('NMB'), at + TIMER_DEALER_TIMING.betWindowMs),
      this.sched.setTimer(() => {
        this.round += 1;
        this.arm(0);
      }, at + TIMER_DEALER_TIMING.roundMs - TIMER_DEALER_TIMING.startAtMs),
    ];
  }

  private press(button: 'START' | 'NMB'): void {
    this.hooks.beforePress?.(this.box, this.round, button);
    this.box.press(button);
  }
}
