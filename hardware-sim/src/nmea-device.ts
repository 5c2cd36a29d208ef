import { nextSeq } from '@felt-studio/protocol';
import type { Scheduler, TimerHandle } from './clock.js';
import { LineSplitter, type ByteDuplex } from './duplex.js';

export const NMEA_EOL = '\r\n';
export const HEARTBEAT_MS = 5000;

/** A one-shot corruption of the next outgoing frame. */
export type FrameFault = 'duplicate' | 'bad-checksum';

/**
 * Shared plumbing of the `$…*hh` serial devices (shoe §3, timer box §4): the seq counter (0–65535,
 * wraps), frame writing with one-shot faults, the 5 s heartbeat, host line splitting, going offline.
 * Frames are encoded and host lines parsed with the @felt-studio/protocol codecs by the subclasses.
 */
export abstract class NmeaDevice {
  protected io: ByteDuplex | null = null;
  private unsubscribe: (() => void) | null = null;
  private hbTimer: TimerHandle | null = null;
  private readonly timers = new Set<TimerHandle>();
  private seq = 0;
  private pendingFault: FrameFault | null = null;
  private offlineUntil: number | null = null;
  private readonly startedAt: number;
  readonly stats = { framesSent: 0, hostLines: 0, hostErrors: 0 };

  constructor(protected readonly sched: Scheduler) {
    this.startedAt = sched.now();
  }

  start(io: ByteDuplex): void {
    if (this.io !== null) throw new Error(`${this.constructor.name} already started`);
    this.io = io;
    const splitter = new LineSplitter((line) => this.onLine(line));
    this.unsubscribe = io.onData((d) => splitter.push(d));
    this.armHeartbeat();
    this.onStart();
  }

  stop(): void {
    if (this.hbTimer) this.sched.clearTimer(this.hbTimer);
    this.hbTimer = null;
    for (const h of this.timers) this.sched.clearTimer(h);
    this.timers.clear();
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.io = null;
  }

  /** The seq the next frame will carry. */
  get nextSeq(): number {
    return this.seq;
  }

  /** Corrupt the next frame this device sends. */
  corruptNextFrame(fault: FrameFault): void {
    this.pendingFault = fault;
  }

  /** Say nothing and hear nothing for `ms` (box/shoe unplugged or powered off), then resume; optionally starting later. */
  goOffline(ms: number, startInMs = 0): void {
    if (startInMs > 0) {
      this.timer(() => this.goOffline(ms), startInMs);
      return;
    }
    this.offlineUntil = this.sched.now() + ms;
    this.timer(() => {
      this.offlineUntil = null;
    }, ms);
  }

  get offline(): boolean {
    return this.offlineUntil !== null;
  }

  protected onStart(): void {}
  /** One host line (CR/LF stripped); parse it with the device's codec. */
  protected abstract onHostLine(line: string): void;
  /** The device's `$HB,<seq>*hh` frame. */
  protected abstract heartbeatFrame(seq: number): string;

  protected timer(fn: () => void, ms: number): TimerHandle {
    const h = this.sched.setTimer(() => {
      this.timers.delete(h);
      fn();
    }, ms);
    this.timers.add(h);
    return h;
  }

  protected cancel(h: TimerHandle | null): void {
    if (h === null) return;
    this.sched.clearTimer(h);
    this.timers.delete(h);
  }

  /** Send the frame `encode(seq)` + CR LF with the next seq; returns the seq used (null when offline). */
  protected sendFrame(encode: (seq: number) => string): number | null {
    if (this.io === null || this.offline) return null;
    const seq = this.seq;
    this.seq = nextSeq(this.seq);
    let frame = encode(seq);
    const fault = this.pendingFault;
    this.pendingFault = null;
    if (fault === 'bad-checksum') {
      const good = frame.slice(-2);
      const bad = (parseInt(good, 16) ^ 0x5a).toString(16).toUpperCase().padStart(2, '0');
      frame = frame.slice(0, -2) + bad;
    }
    this.io.write(frame + NMEA_EOL);
    this.stats.framesSent += 1;
    if (fault === 'duplicate') {
      this.io.write(frame + NMEA_EOL); // the same physical frame twice (S-1)
      this.stats.framesSent += 1;
    }
    return seq;
  }

  /** A host line the device could not use (bad checksum, unknown frame, bad field): counted, never acted on. */
  protected hostError(): void {
    this.stats.hostErrors += 1;
  }

  protected heartbeat(): void {
    this.sendFrame((seq) => this.heartbeatFrame(seq));
  }

  get uptimeMs(): number {
    return this.sched.now() - this.startedAt;
  }

  private armHeartbeat(): void {
    this.hbTimer = this.sched.setTimer(() => {
      this.heartbeat();
      this.armHeartbeat();
    }, HEARTBEAT_MS);
  }

  private onLine(line: string): void {
    if (this.offline) return;
    this.stats.hostLines += 1;
    this.onHostLine(line);
  }
}
