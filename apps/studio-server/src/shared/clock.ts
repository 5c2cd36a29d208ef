/**
 * Time and ids are inputs (STYLE.md habit 3): every service reads the clock and mints ids through
 * these injected providers, and tests replace them with `FixedClock` / `SequentialIds`.
 */
import { randomBytes } from 'node:crypto';

export interface Clock {
  /** Server clock, epoch milliseconds. */
  now(): number;
}

export interface Ids {
  /** A sortable prefixed id, e.g. `next('rnd')` → `rnd_0192f3a1c2d4e8a9b1c2d3e4`. */
  next(prefix: string): string;
}

export const CLOCK = Symbol('CLOCK');
export const IDS = Symbol('IDS');

export const systemClock: Clock = { now: () => Date.now() };

/** Test clock: starts at `start`, moves only when told. */
export class FixedClock implements Clock {
  constructor(private t = Date.UTC(2026, 0, 1, 12, 0, 0)) {}
  now(): number {
    return this.t;
  }
  set(t: number): void {
    this.t = t;
  }
  advance(ms: number): number {
    this.t += ms;
    return this.t;
  }
}

const pad = (s: string, n: number): string => s.padStart(n, '0');

/**
 * Time-sortable ids: 12 hex chars of epoch ms, 6 hex chars of a per-process counter (ordering within
 * the same millisecond), 6 hex chars of randomness (no collision across processes).
 */
export class SortableIds implements Ids {
  private lastMs = -1;
  private counter = 0;
  constructor(private readonly clock: Clock = systemClock) {}
  next(prefix: string): string {
    const ms = this.clock.now();
    if (ms === this.lastMs) this.counter += 1;
    else {
      this.lastMs = ms;
      this.counter = 0;
    }
    return `${prefix}_${pad(ms.toString(16), 12)}${pad((this.counter & 0xffffff).toString(16), 6)}${randomBytes(3).toString('hex')}`;
  }
}

/** Test ids: `rnd_000001`, `rnd_000002`, … (one counter per prefix). */
export class SequentialIds implements Ids {
  private readonly counters = new Map<string, number>();
  next(prefix: string): string {
    const n = (this.counters.get(prefix) ?? 0) + 1;
    this.counters.set(prefix, n);
    return `${prefix}_${pad(String(n), 6)}`;
  }
}
