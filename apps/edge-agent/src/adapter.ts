import type { DeviceCommand, DeviceEventBody } from '@felt-studio/protocol';
import { BoundedQueue } from './bounded-queue.js';
import type { CommandResult, DeviceState } from './device-link.js';
import { silentLogger, type Logger } from './logger.js';

/**
 * The I/O half of a device model (docs/architecture.md: the pure codec + tracker live in libs/protocol;
 * the adapter owns the port). Common to every serial adapter:
 *
 *   serial bytes ─▶ onData (decode, stamp `at`) ─▶ BoundedQueue ─▶ drain (setImmediate) ─▶ sink.emit
 *
 * The reader never waits on network or disk (W-5): decoding is pure and synchronous, publishing and
 * the outbox's disk append happen in the drain task. Faults the codec finds (unparsable, checksum, …)
 * are events like any other (`device.fault`), so nothing is dropped silently.
 */
export interface EventSink {
  emit(ev: DeviceEventBody, at: number): number;
  setStatus(state: DeviceState, info?: { firmware?: string | null; configHash?: string | null }): void;
}

/** The write side of the port, as the adapter sees it. */
export interface PortWriter {
  write(data: string): boolean;
  readonly isOpen: boolean;
}

export interface AdapterOptions {
  readonly sink: EventSink;
  readonly now?: () => number;
  readonly log?: Logger;
  /** Events held between reader and publisher before the oldest is dropped (counted + logged). Default 10 000. */
  readonly queueCapacity?: number;
  /** No byte from an open port for this long → status `offline` (box unplugged, powered off). 0 disables. */
  readonly silenceMs?: number;
  /** Events handed to the sink per drain turn before yielding to the reader again. */
  readonly drainBatch?: number;
}

export interface AdapterStats {
  bytesIn: number;
  events: number;
  emitted: number;
  queueDropped: number;
  queueHighWater: number;
  commands: number;
  commandErrors: number;
}

interface Queued {
  readonly ev: DeviceEventBody;
  readonly at: number;
}

export abstract class SerialAdapter {
  protected readonly sink: EventSink;
  protected readonly now: () => number;
  protected readonly log: Logger;
  protected port: PortWriter | null = null;
  private readonly queue: BoundedQueue<Queued>;
  private drainScheduled = false;
  private readonly drainBatch: number;
  private readonly silenceMs: number;
  private lastRx = 0;
  private silent = false;
  private portOpen = false;
  private watchdog: NodeJS.Timeout | null = null;
  /** A device-level fault the adapter holds (e.g. W-6 config drift) → status `fault` while the port is fine. */
  private faultReason: string | null = null;
  private lastStatus: DeviceState | null = null;
  protected stopped = false;
  private discard = false;
  readonly stats: AdapterStats = { bytesIn: 0, events: 0, emitted: 0, queueDropped: 0, queueHighWater: 0, commands: 0, commandErrors: 0 };

  constructor(opts: AdapterOptions) {
    this.sink = opts.sink;
    this.now = opts.now ?? Date.now;
    this.log = opts.log ?? silentLogger;
    this.queue = new BoundedQueue<Queued>(opts.queueCapacity ?? 10_000);
    this.drainBatch = opts.drainBatch ?? 256;
    this.silenceMs = opts.silenceMs ?? 0;
  }

  /** Decode a chunk read at `at` into canonical events (pure work only). */
  protected abstract decode(chunk: Buffer, at: number): DeviceEventBody[];
  /** Execute a command addressed to this device; resolve with the ack. */
  abstract handle(cmd: DeviceCommand): Promise<CommandResult>;

  /** Start timers (watchdog); the port is attached separately. */
  start(): void {
    this.stopped = false;
    this.discard = false;
    if (this.silenceMs > 0 && this.watchdog === null) {
      this.watchdog = setInterval(() => this.checkSilence(), Math.max(10, Math.floor(this.silenceMs / 4)));
      this.watchdog.unref();
    }
    this.publishStatus();
  }

  /** Stop timers; by default hand on what is still queued (graceful stop). */
  stop(opts: { flush?: boolean } = {}): void {
    this.stopped = true;
    if (this.watchdog) clearInterval(this.watchdog);
    this.watchdog = null;
    if (opts.flush ?? true) this.flush();
    else this.discard = true;
  }

  /** Serial port opened (first time or after it came back). */
  onOpen(port: PortWriter): void {
    this.port = port;
    this.portOpen = true;
    this.lastRx = this.now();
    this.silent = false;
    this.publishStatus();
    this.onConnected();
  }

  /** Serial port lost (unplugged, pty closed). The port reopens by itself; nothing is decided here. */
  onClose(reason: string): void {
    this.portOpen = false;
    this.log.log('warn', 'serial port closed', { reason });
    this.publishStatus();
    this.onDisconnected();
  }

  protected onConnected(): void {}
  protected onDisconnected(): void {}

  /** The reader: bytes in, events queued. Never awaits anything. */
  onData(chunk: Buffer): void {
    const at = this.now();
    this.stats.bytesIn += chunk.length;
    this.lastRx = at;
    if (this.silent) {
      this.silent = false;
      this.log.log('info', 'device talking again');
      this.publishStatus();
    }
    this.enqueue(this.decode(chunk, at), at);
  }

  /** Queue events produced outside the reader (timer ticks, command replies). */
  protected enqueue(evs: readonly DeviceEventBody[], at: number): void {
    for (const ev of evs) {
      this.stats.events += 1;
      if (!this.queue.push({ ev, at })) {
        this.stats.queueDropped = this.queue.dropped;
        // Never silent: counted, and logged at powers of two so a flood does not flood the log too.
        if ((this.queue.dropped & (this.queue.dropped - 1)) === 0) this.log.log('error', 'event queue full: oldest event dropped (W-5)', { dropped: this.queue.dropped, capacity: this.queue.capacity });
      }
    }
    this.stats.queueHighWater = this.queue.highWater;
    this.scheduleDrain();
  }

  private scheduleDrain(): void {
    if (this.drainScheduled || this.queue.size === 0) return;
    this.drainScheduled = true;
    setImmediate(() => {
      this.drainScheduled = false;
      this.drain(this.drainBatch);
      this.scheduleDrain();
    });
  }

  private drain(max: number): void {
    if (this.discard) return;
    for (let i = 0; i < max; i++) {
      const item = this.queue.shift();
      if (item === undefined) return;
      this.sink.emit(item.ev, item.at);
      this.stats.emitted += 1;
    }
  }

  /** Hand on everything queued now (graceful stop). */
  flush(): void {
    this.drain(Number.MAX_SAFE_INTEGER);
  }

  get queued(): number {
    return this.queue.size;
  }

  /** Hold (reason) or clear (null) a device fault shown in the retained status. */
  protected setFault(reason: string | null, info: { firmware?: string | null; configHash?: string | null } = {}): void {
    this.faultReason = reason;
    this.publishStatus(info, true);
  }

  protected publishStatus(info: { firmware?: string | null; configHash?: string | null } = {}, force = false): void {
    const state: DeviceState = !this.portOpen || this.silent ? 'offline' : this.faultReason !== null ? 'fault' : 'online';
    if (!force && state === this.lastStatus && info.firmware === undefined && info.configHash === undefined) return;
    this.lastStatus = state;
    this.sink.setStatus(state, info);
  }

  private checkSilence(): void {
    if (!this.portOpen || this.silent || this.stopped) return;
    const quietFor = this.now() - this.lastRx;
    if (quietFor > this.silenceMs) {
      this.silent = true;
      this.log.log('warn', 'device silent: reported offline', { quietForMs: quietFor });
      this.publishStatus();
    }
  }

  /** Write one line (with the device's line ending) or fail with a reason for the ack. */
  protected writeLine(line: string, eol = '\r\n'): CommandResult {
    const p = this.port;
    if (p === null || !p.isOpen) return { ok: false, error: 'serial port not open' };
    return p.write(line + eol) ? { ok: true } : { ok: false, error: 'serial write failed' };
  }
}
