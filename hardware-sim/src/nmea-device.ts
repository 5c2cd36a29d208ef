import { encodeNmea, nmeaChecksum } from '@felt/protocol';
import type { Scheduler, TimerHandle } from './clock.js';
import { LineSplitter, type ByteDuplex } from './duplex.js';

export const NMEA_EOL = '\r\n';
/** Device seq counters are 0–65535 and wrap (devices.md §3). */
export const SEQ_MODULO = 65536;
export const HEARTBEAT_MS = 5000;

/** A host frame the device received: checksum verified, fields split. */
export interface HostFrame {
  readonly type: string;
  readonly fields: readonly string[];
}

export type HostFrameResult = { readonly ok: true; readonly frame: HostFrame } | { readonly ok: false; readonly reason: 'not_a_frame' | 'checksum' };

/** Parse `$TYPE,f1,f2*hh` (checksum = XOR of the bytes between `$` and `*`). */
export function parseHostFrame(line: string): HostFrameResult {
  const m = /^\$([^*]*)\*([0-9A-Fa-f]{2})$/.exec(line.trim());
  if (!m) return { ok: false, reason: 'not_a_frame' };
  const body = m[1] ?? '';
  if (nmeaChecksum(body) !== (m[2] ?? '').toUpperCase()) return { ok: false, reason: 'checksum' };
  const [type = '', ...fields] = body.split(',');
  return { ok: true, frame: { type, fields } };
}

/** A one-shot corruption of the next outgoing frame. */
export type FrameFault = 'duplicate' | 'bad-checksum';

/**
 * Shared plumbing of the `$…*hh` serial devices (shoe §3, timer box §4): the seq counter, frame
 * writing with one-shot faults, the 5 s heartbeat, host line parsing, and going offline.
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
  readonly stats = { framesSent: 0, hostFrames: 0, hostErrors: 0 };

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
  protected abstract onHostFrame(frame: HostFrame): void;

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

  /** Send `$TYPE,<seq>,fields…*hh\r\n`; returns the seq used (or null when offline). */
  protected sendFrame(type: string, ...fields: (string | number)[]): number | null {
    if (this.io === null || this.offline) return null;
    const seq = this.seq;
    this.seq = (this.seq + 1) % SEQ_MODULO;
    let frame = encodeNmea([type, seq, ...fields]);
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

  protected heartbeat(): void {
    this.sendFrame('HB');
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
    const r = parseHostFrame(line);
    if (!r.ok) {
      this.stats.hostErrors += 1;
      return;
    }
    this.stats.hostFrames += 1;
    this.onHostFrame(r.frame);
  }
}
