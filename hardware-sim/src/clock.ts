/**
 * Time is an input (STYLE.md habit 3). Emulators speak in *device* milliseconds (how long the real
 * device takes); a scheduler maps them onto wall time (`realScheduler`, divided by a speed factor) or
 * onto virtual time that tests advance by hand (`ManualScheduler`).
 */
export interface TimerHandle {
  readonly id: number;
}

export interface Scheduler {
  /** Device time in ms since the scheduler started (scaled by speed for the real scheduler). */
  now(): number;
  /** Run `fn` after `deviceMs` of device time. */
  setTimer(fn: () => void, deviceMs: number): TimerHandle;
  clearTimer(handle: TimerHandle): void;
}

export interface RealSchedulerOptions {
  /** Time-scale factor: 100 runs the device 100× faster than real time. Default 1. */
  readonly speed?: number;
}

/** Wall-clock scheduler. With speed 100 a 500 ms status period becomes 5 ms. */
export function realScheduler(opts: RealSchedulerOptions = {}): Scheduler & { readonly speed: number; dispose(): void } {
  const speed = opts.speed ?? 1;
  if (!(speed > 0) || !Number.isFinite(speed)) throw new Error(`speed must be a positive number, got ${speed}`);
  const start = performance.now();
  const timers = new Map<number, NodeJS.Timeout>();
  let nextId = 1;
  return {
    speed,
    now: () => (performance.now() - start) * speed,
    setTimer(fn, deviceMs) {
      const id = nextId++;
      const t = setTimeout(() => {
        timers.delete(id);
        fn();
      }, Math.max(0, deviceMs / speed));
      timers.set(id, t);
      return { id };
    },
    clearTimer(h) {
      const t = timers.get(h.id);
      if (t !== undefined) clearTimeout(t);
      timers.delete(h.id);
    },
    dispose() {
      for (const t of timers.values()) clearTimeout(t);
      timers.clear();
    },
  };
}

interface ManualTimer {
  readonly id: number;
  readonly at: number;
  readonly fn: () => void;
}

/**
 * Virtual time for deterministic tests: nothing happens until `advance(ms)`; timers due at the same
 * instant run in the order they were set.
 */
export class ManualScheduler implements Scheduler {
  private t = 0;
  private nextId = 1;
  private readonly timers: ManualTimer[] = [];

  now(): number {
    return this.t;
  }

  setTimer(fn: () => void, deviceMs: number): TimerHandle {
    const timer = { id: this.nextId++, at: this.t + Math.max(0, deviceMs), fn };
    this.timers.push(timer);
    return { id: timer.id };
  }

  clearTimer(handle: TimerHandle): void {
    const i = this.timers.findIndex((x) => x.id === handle.id);
    if (i >= 0) this.timers.splice(i, 1);
  }

  /** Pending timer count (a stopped emulator leaves none). */
  get pending(): number {
    return this.timers.length;
  }

  /** Advance virtual time by `ms`, running every timer that falls due, in time then insertion order. */
  advance(ms: number): void {
    const end = this.t + ms;
    for (;;) {
      let best: ManualTimer | undefined;
      for (const x of this.timers) if (x.at <= end && (best === undefined || x.at < best.at || (x.at === best.at && x.id < best.id))) best = x;
      if (best === undefined) break;
      this.timers.splice(this.timers.indexOf(best), 1);
      this.t = Math.max(this.t, best.at);
      best.fn();
    }
    this.t = end;
  }
}
