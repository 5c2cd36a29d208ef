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

/** What the sliced adapters add: tests, the bench and the gateway use it. */
export interface SlicedFanout {
  defer(run: () => void): void;
  urgent(run: () => void): void;
  readonly stats: { slices: number; longestSliceMs: number; queuedBroadcasts: number; failedJobs: number };
  readonly pending: number;
}

/** The gateway's question: does this adapter write in slices (then acks and per-player frames take their turn there)? */
export function isSliced(adapter: unknown): adapter is SlicedFanout {
  return typeof adapter === 'object' && adapter !== null && (adapter as { [SLICED]?: true })[SLICED] === true;
}
const SLICED = Symbol('felt.slicedAdapter');

/** The slice length, shared by every sliced adapter (tests shorten it; the bench's A/B sets it to Infinity). */
const settings = { sliceMs: FANOUT_SLICE_MS };

/** socket.io-adapter's internals the slicing hooks into (socket.io-adapter 2.5: `broadcast` = `_encode` once, then `apply`). */
interface Internals {
  _encode(packet: unknown, opts: PacketOpts): unknown;
  apply(opts: BroadcastOptions, fn: (s: Target) => void): void;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a mixin's base: any adapter class (in-memory, Redis)
type AdapterClass = new (...args: any[]) => Adapter;

/** A sliced adapter class: the base's constructor and instance, plus the slicing; `sliceMs` is shared by all. */
export interface SlicedClass<B extends AdapterClass> {
  new (...args: ConstructorParameters<B>): InstanceType<B> & SlicedFanout;
  sliceMs: number;
}

/**
 * Chunked broadcasts (issue 25 §1–2) for any socket.io adapter class. socket.io already encodes a room broadcast
 * once, but then writes it to every socket in one go — ~15 µs per socket (the engine's packet, `ws.send`, a
 * `writev`), so a `table.update` to 5 000 joined players stopped the loop for 65–80 ms, and bets arriving meanwhile
 * were read (and stamped) late. Here a broadcast is still encoded once, and its writes go out in slices of
 * ≤ `sliceMs`, each followed by a turn of the loop (`setImmediate`: incoming messages are read between slices).
 * Broadcasts are written in the order they were emitted (one FIFO), so every socket still receives frames in emit
 * order; a broadcast emitted while others are queued waits behind them.
 *
 * How it hooks in: the adapter's own `broadcast` — the in-memory one, and the Redis adapter's, which publishes to
 * the other instances first and then calls it, as it does for a broadcast another instance published — encodes the
 * packet (`_encode`) and then walks the room (`apply`) with a callback that writes it. The encoding of a packet
 * without an ack id arms the next `apply`, which collects the sockets and queues the writes instead. A broadcast
 * with acks (`broadcastWithAck`: its packet has an id; it counts its sockets when `apply` returns) and every other
 * walk (`fetchSockets`, `addSockets`, …) stay synchronous.
 */
export function sliced<B extends AdapterClass>(Base: B): SlicedClass<B> {
  const base = Base.prototype as unknown as Internals;
  class Sliced extends Base implements SlicedFanout {
    static get sliceMs(): number {
      return settings.sliceMs;
    }
    static set sliceMs(ms: number) {
      settings.sliceMs = ms;
    }
    readonly [SLICED] = true as const;
    readonly queue: Job[] = [];
    scheduled = false;
    /** Slices written and the longest one (ms): tests and the bench. */
    readonly stats = { slices: 0, longestSliceMs: 0, queuedBroadcasts: 0, failedJobs: 0 };
    /** Inside a deferred job: its broadcasts are written now (the job holds their place in the order). */
    direct = false;
    /** The broadcast whose encoding was just made: the next `apply` queues its writes. */
    armed: { packet: unknown; encoded: unknown; opts: PacketOpts } | null = null;
    readonly acks: (() => void)[] = [];
    /** Time this turn of the loop already spent in slices (ms); reset when the next turn's slice runs. */
    spent = 0;
    resetting = false;

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

    /** Broadcasts still being written (tests). */
    get pending(): number {
      return this.queue.length;
    }

    override close(): ReturnType<Adapter['close']> {
      this.queue.length = 0;
      this.acks.length = 0;
      this.armed = null;
      return super.close();
    }

    /** The `apply` of an armed broadcast: the sockets now, the writes in their turn. */
    queueBroadcast(b: { packet: unknown; encoded: unknown; opts: PacketOpts }, opts: BroadcastOptions): void {
      const targets: Target[] = [];
      base.apply.call(this, opts, (s) => targets.push(s));
      if (targets.length === 0) return;
      const job: Job = { packet: b.packet, encoded: b.encoded, opts: b.opts, targets, next: 0 };
      if (this.direct || (this.queue.length === 0 && targets.length <= FANOUT_DIRECT)) {
        this.write(job, targets.length);
        return;
      }
      this.queue.push(job);
      this.stats.queuedBroadcasts++;
      this.kick(); // what this turn's budget allows now, the rest after reads
    }

    /** Write now what this turn's budget allows; the rest after the loop has read (setImmediate). */
    kick(): void {
      if (this.scheduled) return;
      if (this.spent < settings.sliceMs) this.slice(false);
      else this.schedule();
    }

    schedule(): void {
      if (this.scheduled) return;
      this.scheduled = true;
      setImmediate(() => {
        this.scheduled = false;
        this.spent = 0;
        this.slice(true);
      });
    }

    write(job: Job, upTo: number): void {
      const end = Math.min(job.targets.length, upTo);
      for (; job.next < end; job.next++) {
        const s = job.targets[job.next];
        if (!s) continue;
        s.notifyOutgoingListeners?.(job.packet);
        s.client.writeToEngine(job.encoded, job.opts);
      }
    }

    /** A deferred frame or an ack: its own broadcasts are written at once, in its place. */
    runDirect(run: () => void): void {
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
    slice(fresh: boolean): void {
      const start = performance.now();
      const budget = fresh ? settings.sliceMs : settings.sliceMs - this.spent;
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
  // The two hooks replace members socket.io-adapter declares private (its d.ts), hence on the prototype.
  Object.assign(Sliced.prototype, {
    _encode(this: Sliced, packet: { id?: number }, opts: PacketOpts): unknown {
      const encoded = base._encode.call(this, packet, opts);
      // a packet with an id is a broadcast with acks: it counts its sockets as `apply` returns — never queued
      this.armed = packet.id === undefined ? { packet, encoded, opts } : null;
      return encoded;
    },
    apply(this: Sliced, opts: BroadcastOptions, fn: (s: Target) => void): void {
      const b = this.armed;
      this.armed = null;
      if (b === null) return base.apply.call(this, opts, fn);
      this.queueBroadcast(b, opts);
    },
  } satisfies Internals & ThisType<Sliced>);
  return Sliced as unknown as SlicedClass<B>;
}

/** socket.io's in-memory adapter, sliced: one instance. */
export class ChunkedAdapter extends sliced(Adapter) {}
