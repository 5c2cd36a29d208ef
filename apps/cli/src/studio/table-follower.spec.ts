import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TableFollower } from './table-follower.js';

/** A follower whose reads take `readMs` each; records when each read of a table started and the most in flight at once. */
function rig(readMs = 50, opts: { fallbackMs?: number; fail?: (n: number) => boolean; retryMs?: number } = {}) {
  const reads: { tableId: string; at: number }[] = [];
  const errors: unknown[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const follower = new TableFollower({
    settleMs: 20,
    fallbackMs: () => opts.fallbackMs ?? 3_000,
    onError: (_t, e) => {
      errors.push(e);
      return opts.retryMs;
    },
    step: async (tableId) => {
      reads.push({ tableId, at: Date.now() });
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise((r) => setTimeout(r, readMs));
      inFlight--;
      if (opts.fail?.(reads.length)) throw new Error(`read ${reads.length} failed`);
    },
  });
  const of = (tableId: string): number[] => reads.filter((r) => r.tableId === tableId).map((r) => r.at - start);
  const start = Date.now();
  return { follower, reads, of, errors, maxInFlight: () => maxInFlight };
}

describe('a robot follows a table: on a change it reads the table once (felt studio)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads a table at once when it starts following it', async () => {
    const r = rig();
    r.follower.follow('tbl_a');
    await vi.advanceTimersByTimeAsync(1);
    expect(r.of('tbl_a')).toEqual([0]);
    r.follower.stop();
  });

  it('a burst of frames makes one read after it, not one per frame', async () => {
    const r = rig();
    r.follower.follow('tbl_a');
    await vi.advanceTimersByTimeAsync(500);
    for (let i = 0; i < 6; i++) {
      r.follower.changed('tbl_a');
      await vi.advanceTimersByTimeAsync(2);
    }
    await vi.advanceTimersByTimeAsync(500);
    expect(r.of('tbl_a')).toEqual([0, 520]);
    r.follower.stop();
  });

  it('frames during a read make exactly one more read after it; never two reads of a table at a time', async () => {
    const r = rig(200);
    r.follower.follow('tbl_a');
    await vi.advanceTimersByTimeAsync(50);
    for (let i = 0; i < 10; i++) {
      r.follower.changed('tbl_a');
      await vi.advanceTimersByTimeAsync(10);
    }
    await vi.advanceTimersByTimeAsync(1_000);
    expect(r.of('tbl_a')).toEqual([0, 220]);
    expect(r.maxInFlight()).toBe(1);
    r.follower.stop();
  });

  it('with no frames it still reads every table at the fallback interval (a missed frame never leaves a round waiting)', async () => {
    const r = rig(50, { fallbackMs: 3_000 });
    r.follower.follow('tbl_a');
    r.follower.follow('tbl_b');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(r.of('tbl_a')).toEqual([0, 3_050, 6_100, 9_150]);
    expect(r.of('tbl_b')).toEqual([0, 3_050, 6_100, 9_150]);
    // a frame moves the next fallback on: the table was just read
    r.follower.changed('tbl_a');
    await vi.advanceTimersByTimeAsync(3_000);
    expect(r.of('tbl_a').slice(4)).toEqual([10_020]);
    r.follower.stop();
  });

  it('tables are followed independently: a frame of one reads only that one', async () => {
    const r = rig();
    r.follower.follow('tbl_a');
    r.follower.follow('tbl_b');
    await vi.advanceTimersByTimeAsync(500);
    r.follower.changed('tbl_b');
    r.follower.changed('tbl_unknown');
    await vi.advanceTimersByTimeAsync(500);
    expect(r.of('tbl_a')).toEqual([0]);
    expect(r.of('tbl_b')).toEqual([0, 520]);
    r.follower.changedAll();
    await vi.advanceTimersByTimeAsync(100);
    expect(r.reads.length).toBe(5);
    r.follower.stop();
  });

  it('a read that throws is reported and the table is still followed', async () => {
    const r = rig(10, { fallbackMs: 1_000, fail: (n) => n === 1 });
    r.follower.follow('tbl_a');
    await vi.advanceTimersByTimeAsync(1_500);
    expect(r.errors.map((e) => (e as Error).message)).toEqual(['read 1 failed']);
    expect(r.of('tbl_a')).toEqual([0, 1_010]);
    r.follower.stop();
  });

  it('a read refused with a wait (too many requests) is tried again after the wait, not at the fallback', async () => {
    const r = rig(10, { fallbackMs: 3_000, fail: (n) => n === 1, retryMs: 400 });
    r.follower.follow('tbl_a');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(r.of('tbl_a')).toEqual([0, 410]);
    r.follower.stop();
  });

  it('stopped: no more reads', async () => {
    const r = rig();
    r.follower.follow('tbl_a');
    await vi.advanceTimersByTimeAsync(100);
    r.follower.stop();
    r.follower.changed('tbl_a');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(r.reads.length).toBe(1);
  });
});
