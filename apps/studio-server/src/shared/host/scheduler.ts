import type { Clock } from '../clock.js';

/**
 * Timers are a port too (STYLE.md habit 7): round deadlines are armed through it, so tests drive
 * time with `ManualScheduler` and an injected clock instead of sleeping.
 */
export interface Scheduler {
  /** Run `fn` at server-clock time `at` (at once when `at` is already past). Returns a cancel function. */
  at(at: number, fn: () => void): () => void;
}

export const SCHEDULER = Symbol('SCHEDULER');

/** Real timers against the injected clock. Long delays are chunked (setTimeout's 2^31 ms limit). */
export class TimerScheduler implements Scheduler {
  constructor(private readonly clock: Clock) {}
  at(at: number, fn: () => void): () => void {
    let handle: ReturnType<typeof setTimeout> | undefined;
    let cancelled = false;
    const arm = (): void => {
      if (cancelled) return;
      const delay = at - this.clock.now();
      if (delay <= 0) {
        handle = undefined;
        fn();
        return;
      }
      handle = setTimeout(arm, Math.min(delay, 2 ** 30));
      handle.unref?.();
    };
    // Always asynchronous, even when due: callers arm deadlines while holding the table lock.
    handle = setTimeout(arm, 0);
    handle.unref?.();
    return () => {
      cancelled = true;
      if (handle !== undefined) clearTimeout(handle);
    };
  }
}

/** Test scheduler: tasks run only when `runDue(now)` is called. */
export class ManualScheduler implements Scheduler {
  private tasks: { at: number; fn: () => void; id: number }[] = [];
  private nextId = 0;
  at(at: number, fn: () => void): () => void {
    const id = this.nextId++;
    this.tasks.push({ at, fn, id });
    return () => {
      this.tasks = this.tasks.filter((t) => t.id !== id);
    };
  }
  /** Runs (and removes) every task due at or before `now`, in time order. */
  runDue(now: number): number {
    const due = this.tasks.filter((t) => t.at <= now).sort((a, b) => a.at - b.at || a.id - b.id);
    this.tasks = this.tasks.filter((t) => t.at > now);
    for (const t of due) t.fn();
    return due.length;
  }
  pending(): readonly number[] {
    return this.tasks.map((t) => t.at).sort((a, b) => a - b);
  }
}
