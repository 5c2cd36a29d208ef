/** How long one turn of the loop may run queued socket messages before it goes back to reading (ms). */
export const INTAKE_SLICE_MS = 4;

/**
 * The socket messages read but not yet run, in the order they were read (issue 25 §1, "fair at the close").
 *
 * A message's stamp is only as early as the loop reads it. Run where it is read, each bet's synchronous path
 * (validation, session and rate-limit checks, the command bus, the table's queue — and every microtask it
 * chains) ran inside the poll phase, one socket after another: at a 10 000-player closing burst a turn of the
 * loop read hundreds of sockets and ran each one's work before reading the next, so the last socket's bet was
 * stamped tens of ms after it arrived (loop delay p99 47–66 ms, 75–376 bets sent before the close refused as late
 * in three runs). Now the read only decodes and stamps; the work runs here, after the poll phase
 * (`setImmediate`), in slices of ≤ INTAKE_SLICE_MS — a job's microtasks run before the next job and count in
 * its slice — and the loop reads again between slices. One FIFO for every socket: a socket's messages keep
 * their order (a join before its bet, a bet before its cancel).
 */
export class IntakeQueue {
  /** The slice length (tests shorten it). */
  static sliceMs = INTAKE_SLICE_MS;
  /** The clock slices are measured on (tests step it by hand: a slice's length is then exact, not the machine's load). */
  static now: () => number = () => performance.now();
  private jobs: (() => void)[] = [];
  private head = 0;
  private running = false;
  private sliceStart = 0;
  /** Jobs run, slices, the longest slice (ms) and the deepest queue: tests and the bench. */
  readonly stats = { jobs: 0, slices: 0, longestSliceMs: 0, maxDepth: 0, failedJobs: 0 };

  push(job: () => void): void {
    this.jobs.push(job);
    const depth = this.jobs.length - this.head;
    if (depth > this.stats.maxDepth) this.stats.maxDepth = depth;
    if (this.running) return;
    this.running = true;
    setImmediate(this.slice);
  }

  /** Messages read and not run yet. */
  get depth(): number {
    return this.jobs.length - this.head;
  }

  private readonly slice = (): void => {
    this.sliceStart = IntakeQueue.now();
    this.stats.slices++;
    this.step();
  };

  private readonly step = (): void => {
    const elapsed = IntakeQueue.now() - this.sliceStart;
    if (this.head >= this.jobs.length) {
      this.jobs = [];
      this.head = 0;
      this.running = false;
      this.record(elapsed);
      return;
    }
    if (elapsed >= IntakeQueue.sliceMs) {
      this.record(elapsed);
      setImmediate(this.slice);
      return;
    }
    const job = this.jobs[this.head]!;
    this.jobs[this.head++] = noop; // the closure is released now, not when the queue empties
    this.stats.jobs++;
    try {
      job();
    } catch {
      this.stats.failedJobs++; // a job answers its own errors; one that throws anyway must not stop the queue
    }
    // the next job after the microtasks this one queued (its synchronous path up to its first real wait)
    queueMicrotask(this.step);
  };

  private record(ms: number): void {
    if (ms > this.stats.longestSliceMs) this.stats.longestSliceMs = ms;
  }
}

const noop = (): void => undefined;
