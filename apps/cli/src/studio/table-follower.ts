/** The timers a follower uses (injectable: a spec runs it on fake time). */
export interface FollowerTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  now(): number;
}

export interface TableFollowerOptions {
  /** Reads the table's current round once and acts on it (deals, bets, decides). */
  readonly step: (tableId: string) => Promise<void>;
  /** How long after a change the read waits, so that the frames of one burst (a commit's events) make one read. */
  readonly settleMs: number;
  /**
   * The fallback: a table not read for this long is read anyway, changes or not — a missed frame or a
   * reconnect never leaves a round waiting on a robot. Called per wait (a robot may jitter it).
   */
  readonly fallbackMs: () => number;
  /**
   * A step that threw: the follower goes on — the next change or the fallback reads again, or, when this
   * answers a number, a read that many ms later (the server asked to try again then).
   */
  readonly onError: (tableId: string, e: unknown) => number | undefined;
  readonly timers?: FollowerTimers;
}

interface Followed {
  /** A read is running: a change meanwhile is remembered, not read at once. */
  reading: boolean;
  /** A change came while reading: one more read after it. */
  changed: boolean;
  /** The one pending wake-up: a settle (a change) or the fallback. */
  timer: unknown;
  /** When the pending wake-up is due (to keep the earlier one). */
  dueAt: number;
}

/**
 * Follows tables for a robot (the robot dealer, a demo player): on a change — a socket frame of the table —
 * it reads the table once, coalesced (the frames of a burst: one read after them; never two reads of one
 * table at a time: a change during a read makes exactly one more read after it); and it reads each table
 * at least every `fallbackMs`, so nothing depends on every frame arriving. What a read does is the robot's
 * `step`.
 */
export class TableFollower {
  private readonly tables = new Map<string, Followed>();
  private readonly timers: FollowerTimers;
  private stopped = false;

  constructor(private readonly opts: TableFollowerOptions) {
    this.timers = opts.timers ?? { setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>), now: () => Date.now() };
  }

  /** Starts following a table: it is read at once. */
  follow(tableId: string): void {
    if (this.stopped || this.tables.has(tableId)) return;
    const f: Followed = { reading: false, changed: false, timer: null, dueAt: Infinity };
    this.tables.set(tableId, f);
    this.wake(tableId, f, 0);
  }

  /** The table changed (a frame, a resync): read it once the burst has settled. Unknown tables are ignored. */
  changed(tableId: string): void {
    const f = this.tables.get(tableId);
    if (f === undefined || this.stopped) return;
    if (f.reading) f.changed = true;
    else this.wake(tableId, f, this.opts.settleMs);
  }

  /** Every followed table changed (a reconnect: frames may have been missed). */
  changedAll(): void {
    for (const tableId of this.tables.keys()) this.changed(tableId);
  }

  stop(): void {
    this.stopped = true;
    for (const f of this.tables.values()) if (f.timer !== null) this.timers.clearTimeout(f.timer);
    this.tables.clear();
  }

  /** Arms the table's one wake-up `ms` from now, unless one is due sooner. */
  private wake(tableId: string, f: Followed, ms: number): void {
    const at = this.timers.now() + ms;
    if (f.timer !== null) {
      if (f.dueAt <= at) return;
      this.timers.clearTimeout(f.timer);
    }
    f.dueAt = at;
    f.timer = this.timers.setTimeout(() => {
      f.timer = null;
      f.dueAt = Infinity;
      void this.read(tableId, f);
    }, ms);
  }

  private async read(tableId: string, f: Followed): Promise<void> {
    f.reading = true;
    f.changed = false;
    let retryMs: number | undefined;
    try {
      await this.opts.step(tableId);
    } catch (e) {
      retryMs = this.opts.onError(tableId, e);
    } finally {
      f.reading = false;
    }
    if (this.stopped) return;
    this.wake(tableId, f, Math.min(retryMs ?? Infinity, f.changed ? this.opts.settleMs : this.opts.fallbackMs()));
  }
}
