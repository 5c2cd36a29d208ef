import { Adapter, type BroadcastOptions } from 'socket.io-adapter';

/** What a broadcast writes to one socket (socket.io's Client, internal API of socket.io 4). */
interface Target {
  readonly client: { writeToEngine(encoded: unknown, opts: PacketOpts): void };
  notifyOutgoingListeners?(packet: unknown): void;
}
interface PacketOpts {
  readonly preEncoded: true;
  readonly volatile?: boolean;
  readonly compress?: boolean;
}
interface Job {
  /** A frame to build when its turn comes (`defer`): its broadcasts are written at once, in its place. */
  readonly run?: () => void;
  readonly packet: unknown;
  readonly encoded: unknown;
  readonly opts: PacketOpts;
  readonly targets: Target[];
  next: number;
}

/** How long one turn of the loop may write broadcast frames before it yields to reading (ms). */
export const FANOUT_SLICE_MS = 4;
/** A broadcast to at most this many sockets is written at once (when nothing is queued before it). */
export const FANOUT_DIRECT = 64;

/**
 * socket.io's in-memory adapter with chunked broadcasts (issue 25 §1–2). socket.io already encodes a
 * room broadcast once, but then writes it to every socket in one go — ~15 µs per socket (the engine's
 * packet, `ws.send`, a `writev`), so a `table.update` to 5 000 joined players stopped the loop for
 * 65–80 ms, and bets arriving meanwhile were read (and stamped) late. Here a broadcast is still encoded
 * once, and its writes go out in slices of ≤ FANOUT_SLICE_MS, each followed by a turn of the loop
 * (`setImmediate`: incoming messages are read between slices). Broadcasts are written in the order they
 * were emitted (one FIFO), so every socket still receives frames in emit order; a broadcast emitted while
 * others are queued waits behind them. Used when there is one instance (with several, the cluster's
 * Redis adapter broadcasts).
 */
export class ChunkedAdapter extends Adapter {
  /** The slice length (tests shorten it). */
  static sliceMs = FANOUT_SLICE_MS;
  private readonly queue: Job[] = [];
  private scheduled = false;
  /** Slices written and the longest one (ms): tests and the bench. */
  readonly stats = { slices: 0, longestSliceMs: 0, queuedBroadcasts: 0, failedJobs: 0 };

  /** Inside a deferred job: its broadcasts are written now (the job holds their place in the order). */
  private direct = false;

  /**
   * Build and send frames later, in order with the broadcasts around it: a per-player frame (a view
   * and its encoding for each bettor, ~0.2 ms each) for thousands of players is cut into slices too.
   */
  defer(run: () => void): void {
    if (this.direct) return run();
    this.queue.push({ run, packet: null, encoded: null, opts: { preEncoded: true }, targets: [], next: 0 });
    this.kick();
  }

  /**
   * A small write that needs no place in the frames' order (a command's ack): written in this turn's
   * budget if any is left, else first thing in the next slice — before the queued broadcasts.
   */
  urgent(run: () => void): void {
    if (this.direct) return run();
    this.acks.push(run);
    this.kick();
  }
  private readonly acks: (() => void)[] = [];

  /** Time this turn of the loop already spent in slices (ms); reset when the next turn's slice runs. */
  private spent = 0;
  private resetting = false;

  /** Write now what this turn's budget allows; the rest after the loop has read (setImmediate). */
  private kick(): void {
    if (this.scheduled) return;
    if (this.spent < ChunkedAdapter.sliceMs) this.slice(false);
    else this.schedule();
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.spent = 0;
      this.slice(true);
    });
  }

  override broadcast(packet: Parameters<Adapter['broadcast']>[0], opts: BroadcastOptions): void {
    const flags = opts.flags ?? {};
    const packetOpts: PacketOpts = { preEncoded: true, ...(flags.volatile !== undefined ? { volatile: flags.volatile } : {}), ...(flags.compress !== undefined ? { compress: flags.compress } : {}) };
    (packet as { nsp: string }).nsp = this.nsp.name;
    const targets: Target[] = [];
    (this as unknown as { apply(o: BroadcastOptions, fn: (s: Target) => void): void }).apply(opts, (s) => targets.push(s));
    if (targets.length === 0) return;
    const encoded = (this as unknown as { _encode(p: unknown, o: PacketOpts): unknown })._encode(packet, packetOpts);
    const job: Job = { packet, encoded, opts: packetOpts, targets, next: 0 };
    if (this.direct || (this.queue.length === 0 && targets.length <= FANOUT_DIRECT)) {
      this.write(job, targets.length);
      return;
    }
    this.queue.push(job);
    this.stats.queuedBroadcasts++;
    this.kick(); // what this turn's budget allows now, the rest after reads
  }

  /** Broadcasts still being written (tests). */
  get pending(): number {
    return this.queue.length;
  }

  override close(): ReturnType<Adapter['close']> {
    this.queue.length = 0;
    this.acks.length = 0;
    return super.close();
  }

  private write(job: Job, upTo: number): void {
    const end = Math.min(job.targets.length, upTo);
    for (; job.next < end; job.next++) {
      const s = job.targets[job.next];
      if (!s) continue;
      s.notifyOutgoingListeners?.(job.packet);
      s.client.writeToEngine(job.encoded, job.opts);
    }
  }

  /** A deferred frame or an ack: its own broadcasts are written at once, in its place. */
  private runDirect(run: () => void): void {
    this.direct = true;
    try {
      run();
    } catch {
      this.stats.failedJobs++; // that frame is not sent: its players see a gap in `prev` and resync
    } finally {
      this.direct = false;
    }
  }

  /** Writes queued work for what is left of this turn's budget (a fresh turn: the whole slice). */
  private slice(fresh: boolean): void {
    const start = performance.now();
    const budget = fresh ? ChunkedAdapter.sliceMs : ChunkedAdapter.sliceMs - this.spent;
    let now = start;
    while ((this.acks.length > 0 || this.queue.length > 0) && now - start < budget) {
      const ack = this.acks.shift();
      const job = ack === undefined ? this.queue[0] : undefined;
      if (ack !== undefined) this.runDirect(ack);
      else if (job === undefined) break;
      else if (job.run) {
        this.queue.shift();
        this.runDirect(job.run);
      } else {
        this.write(job, job.next + 32);
        if (job.next >= job.targets.length) this.queue.shift();
      }
      now = performance.now();
    }
    this.spent += now - start;
    this.stats.slices++;
    this.stats.longestSliceMs = Math.max(this.stats.longestSliceMs, now - start);
    if (this.queue.length > 0 || this.acks.length > 0) this.schedule();
    else if (!this.resetting) {
      // the budget is per turn of the loop: give it back on the next one
      this.resetting = true;
      setImmediate(() => {
        this.resetting = false;
        if (!this.scheduled) this.spent = 0;
      });
    }
  }

}
