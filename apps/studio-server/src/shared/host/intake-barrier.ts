import type { Clock } from '../clock.js';

/** A bet (or cancel) as the transport read it: stamped on the server clock at arrival, tracked until it is decided. */
export interface Arrival {
  /** The server clock when the socket or HTTP layer read the message (GEN-3: the bet's time). */
  readonly at: number;
  /** The command was decided (accepted or refused, on any path): the close barrier stops waiting for it. */
  done(): void;
}

/** What one close barrier did (metric `felt_close_drain_seconds`, alert `CLOSE_DRAIN_OVERRUN`). */
export interface DrainReport {
  readonly tableId: string;
  readonly closeAt: number;
  /** Bets that arrived before the close and were still being decided when it came. */
  readonly waitedFor: number;
  /** Wall time the close waited for them (ms). */
  readonly drainedMs: number;
  /** The bound ran out with some of them still undecided (they are then refused as late: BETTING_CLOSED). */
  readonly overran: boolean;
}

interface Entry {
  readonly at: number;
  /** Close barriers waiting for this entry. */
  waiters: Waiter[] | null;
}
interface Waiter {
  left: number;
  resolve: () => void;
}

const NO_TABLE = '';

/**
 * The close as a barrier (issue 25 §1, GEN-3). A bet is stamped on the server clock when its transport
 * reads it (`arrive`), before any await or queue (authentication, rate limits, the table's writer), and
 * it is decided on that stamp. "No more bets" (the kernel's deadline, a dealer's or a device's close)
 * first waits — bounded by `boundMs` — for every bet of the table that arrived before the close instant
 * and is still being decided, so a bet sent in time is decided on its merits even when its turn in the
 * table's queue comes after the close; while a close is pending, a bet stamped at or after its instant is
 * refused (`closingAt`), so nothing that arrived after the close is accepted. One per process: it sees the
 * bets that this process's transports read (a bet forwarded from another instance is stamped by its owner).
 */
export class IntakeBarrier {
  private readonly inflight = new Map<string, Set<Entry>>();
  /** Per table: the earliest close instant being drained or decided, and how many closes hold it. */
  private readonly closing = new Map<string, { at: number; holders: number }>();

  constructor(
    private readonly clock: Clock,
    readonly boundMs = 1000,
    private readonly report: (r: DrainReport) => void = () => undefined,
  ) {}

  /** A bet command read for `tableId` (undefined: not a table's bet, stamped but not tracked). */
  arrive(tableId: string | undefined): Arrival {
    return this.arriveAt(tableId, this.clock.now());
  }

  /**
   * A bet with a stamp already given (≤ now): a bet another instance read, forwarded to this owner with its
   * stamp (issue 25 §3, `ownerStamp`) — tracked like one read here, so a close waits for it if it is older.
   */
  arriveAt(tableId: string | undefined, at: number): Arrival {
    if (tableId === undefined || tableId === NO_TABLE) return { at, done: () => undefined };
    const e: Entry = { at, waiters: null };
    let set = this.inflight.get(tableId);
    if (!set) this.inflight.set(tableId, (set = new Set()));
    set.add(e);
    let finished = false;
    return {
      at,
      done: () => {
        if (finished) return;
        finished = true;
        const s = this.inflight.get(tableId);
        s?.delete(e);
        if (s?.size === 0) this.inflight.delete(tableId);
        for (const w of e.waiters ?? []) if (--w.left === 0) w.resolve();
      },
    };
  }

  /** Bets of the table still being decided (metrics, tests). */
  inflightOf(tableId: string): number {
    return this.inflight.get(tableId)?.size ?? 0;
  }

  /** The instant of a close in progress on the table: a bet stamped at or after it is late (GEN-3). */
  closingAt(tableId: string): number | undefined {
    return this.closing.get(tableId)?.at;
  }

  /**
   * A close of the table at `closeAt`: marks it (later bets are late), then waits until every bet that
   * arrived before `closeAt` is decided, or `boundMs`. Call `release` once the close itself was decided.
   */
  async drain(tableId: string, closeAt: number): Promise<{ report: DrainReport; release: () => void }> {
    const c = this.closing.get(tableId);
    if (c) {
      c.at = Math.min(c.at, closeAt);
      c.holders++;
    } else this.closing.set(tableId, { at: closeAt, holders: 1 });
    let released = false;
    const release = (): void => {
      if (released) return;
      released = true;
      const cur = this.closing.get(tableId);
      if (cur && --cur.holders <= 0) this.closing.delete(tableId);
    };
    const before = [...(this.inflight.get(tableId) ?? [])].filter((e) => e.at < closeAt);
    const started = performance.now();
    let overran = false;
    if (before.length > 0) {
      await new Promise<void>((resolve) => {
        const w: Waiter = { left: before.length, resolve: () => undefined };
        const timer = setTimeout(() => {
          overran = true;
          w.resolve();
        }, this.boundMs);
        w.resolve = () => {
          clearTimeout(timer);
          w.resolve = () => undefined;
          for (const e of before) if (e.waiters) e.waiters = e.waiters.filter((x) => x !== w);
          resolve();
        };
        for (const e of before) (e.waiters ??= []).push(w);
      });
    }
    const report: DrainReport = { tableId, closeAt, waitedFor: before.length, drainedMs: performance.now() - started, overran };
    this.report(report);
    return { report, release };
  }
}

export const INTAKE_BARRIER = Symbol('INTAKE_BARRIER');
