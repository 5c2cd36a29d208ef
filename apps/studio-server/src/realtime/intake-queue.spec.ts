import { afterEach, describe, expect, it } from 'vitest';
import { IntakeQueue } from './intake-queue.js';

const busy = (ms: number): void => {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    /* a job's synchronous work */
  }
};

describe('IntakeQueue (issue 25 §1: the reads stamp, the work runs between them in slices)', () => {
  afterEach(() => {
    IntakeQueue.sliceMs = 4;
    IntakeQueue.now = () => performance.now();
  });

  it('runs every job once, in the order pushed, after the current turn (not inside the read)', async () => {
    const q = new IntakeQueue();
    const ran: number[] = [];
    for (let i = 0; i < 50; i++) q.push(() => ran.push(i));
    expect(ran).toEqual([]); // nothing runs where the message is read
    expect(q.depth).toBe(50);
    await new Promise((r) => setTimeout(r, 20));
    expect(ran).toEqual([...Array(50).keys()]);
    expect(q.depth).toBe(0);
    expect(q.stats.jobs).toBe(50);
  });

  it('yields to the loop between slices: a timer due meanwhile fires before the queue is through', async () => {
    IntakeQueue.sliceMs = 4;
    const q = new IntakeQueue();
    const order: string[] = [];
    // 40 jobs of 1 ms: one slice would be 40 ms of a loop that reads nothing
    for (let i = 0; i < 40; i++)
      q.push(() => {
        busy(1);
        order.push(`job${i}`);
      });
    setTimeout(() => order.push('timer'), 1);
    await new Promise((r) => setTimeout(r, 200));
    const t = order.indexOf('timer');
    expect(t).toBeGreaterThan(0);
    expect(t).toBeLessThan(order.length - 1); // the timer ran between jobs, not after the last one
    expect(q.stats.slices).toBeGreaterThanOrEqual(2); // the work did not run in one piece (its exact length: the next test)
  });

  it('a slice ends at the first job that reaches its budget: 40 jobs of 1 ms are 10 slices of 4 ms, the loop turning between them', async () => {
    // the queue's clock stepped by the jobs themselves: each job is exactly 1 ms whatever the machine's load (a wall
    // clock under load made a 1 ms busy-wait job 2–5 ms long and this bound a timing test — non-negotiable 6)
    let clock = 0;
    IntakeQueue.now = () => clock;
    const q = new IntakeQueue();
    const order: string[] = [];
    for (let i = 0; i < 40; i++)
      q.push(() => {
        clock += 1;
        order.push(`job${i}`);
      });
    // queued after the first slice: the check phase runs it before the second slice, which that slice queued for the next turn
    setImmediate(() => order.push('turn'));
    await new Promise((r) => setTimeout(r, 50));
    expect(order.indexOf('turn')).toBe(4); // after job0..job3: the first slice's 4 ms
    expect(q.stats.jobs).toBe(40);
    expect(q.stats.slices).toBe(10);
    expect(q.stats.longestSliceMs).toBe(4);
  });

  it("a job's microtasks run before the next job and count in its slice", async () => {
    const q = new IntakeQueue();
    const order: string[] = [];
    q.push(() => {
      order.push('a');
      void Promise.resolve().then(() => order.push('a.then'));
    });
    q.push(() => order.push('b'));
    await new Promise((r) => setTimeout(r, 10));
    expect(order).toEqual(['a', 'a.then', 'b']);
  });

  it('a job that throws is counted and does not stop the queue', async () => {
    const q = new IntakeQueue();
    const ran: string[] = [];
    q.push(() => {
      throw new Error('boom');
    });
    q.push(() => ran.push('after'));
    await new Promise((r) => setTimeout(r, 10));
    expect(ran).toEqual(['after']);
    expect(q.stats.failedJobs).toBe(1);
    // and it starts again after going idle
    q.push(() => ran.push('later'));
    await new Promise((r) => setTimeout(r, 10));
    expect(ran).toEqual(['after', 'later']);
  });
});
