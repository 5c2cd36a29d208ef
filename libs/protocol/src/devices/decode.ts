/**
 * Device decoders: framer + codec + tracker for one serial device, and `decodeCapture` for the `felt decode`
 * tool. Pure: bytes and time in, canonical events out.
 */
import { assertNever } from '../common/result.js';
import type { DeviceEventBody } from '../mqtt/events.schema.js';
import { LineFramer, type FramerOutput } from './line-framer.js';
import { parseShoeLine } from './shoe.codec.js';
import { shoeTracker, type ShoeTrackerState } from './shoe.tracker.js';
import { parseSs2Line, type Ss2Command } from './ss2.codec.js';
import { parseTimerLine } from './timer.codec.js';
import { timerTracker, type TimerTrackerState } from './timer.tracker.js';
import { wheelTracker, type WheelTrackerConfig, type WheelTrackerState } from './wheel.tracker.js';

export const SERIAL_DEVICE_KINDS = ['ss2', 'shoe', 'timer'] as const;
export type SerialDeviceKind = (typeof SERIAL_DEVICE_KINDS)[number];

/** A canonical event body with the edge time it was produced at and the input line it came from (1-based). */
export type DecodedEvent = DeviceEventBody & { readonly at: number; readonly line: number };

export interface DeviceDecoderOptions {
  readonly maxLineLength?: number;
  readonly wheel?: Partial<WheelTrackerConfig>;
}

type TrackerSlot =
  | { readonly kind: 'ss2'; state: WheelTrackerState }
  | { readonly kind: 'shoe'; state: ShoeTrackerState }
  | { readonly kind: 'timer'; state: TimerTrackerState };

function initSlot(kind: SerialDeviceKind, opts: DeviceDecoderOptions): TrackerSlot {
  switch (kind) {
    case 'ss2':
      return { kind, state: wheelTracker.init(opts.wheel) };
    case 'shoe':
      return { kind, state: shoeTracker.init() };
    case 'timer':
      return { kind, state: timerTracker.init() };
  }
  return assertNever(kind, 'device kind');
}

/**
 * One device's receive pipeline (W-5: read → parse → events). Feed it raw serial bytes with the time they were
 * read; it returns canonical events in order. `tick(at)` lets wheel timeouts (W-4, W-2 window) fire in silence;
 * `sent(cmd)` tells the wheel tracker what the host wrote (`*I 4`, `*P 0`, `*F`).
 */
export class DeviceDecoder {
  readonly kind: SerialDeviceKind;
  private readonly framer: LineFramer;
  private slot: TrackerSlot;
  private lineNo = 0;

  constructor(kind: SerialDeviceKind, opts: DeviceDecoderOptions = {}) {
    this.kind = kind;
    this.framer = new LineFramer(opts.maxLineLength === undefined ? {} : { maxLineLength: opts.maxLineLength });
    this.slot = initSlot(kind, opts);
  }

  /** Tracker state (read-only snapshot; includes the fault counters). */
  get state(): Readonly<TrackerSlot> {
    return this.slot;
  }

  feed(bytes: Uint8Array | string, at: number): DecodedEvent[] {
    const out: DecodedEvent[] = [];
    for (const o of this.framer.feed(bytes)) this.line(o, at, out);
    return out;
  }

  /** Process one already framed line (e.g. a capture line with its own timestamp). */
  line(o: FramerOutput, at: number, out: DecodedEvent[] = []): DecodedEvent[] {
    this.lineNo++;
    const line = this.lineNo;
    const push = (emits: DeviceEventBody[]): void => {
      for (const e of emits) out.push({ ...e, at, line });
    };
    const slot = this.slot;
    switch (slot.kind) {
      case 'ss2': {
        const r = wheelTracker.step(slot.state, o.type === 'line' ? parseSs2Line(o.text) : o, at);
        slot.state = r.state;
        push(r.emits);
        break;
      }
      case 'shoe': {
        const r = shoeTracker.step(slot.state, o.type === 'line' ? parseShoeLine(o.text) : o, at);
        slot.state = r.state;
        push(r.emits);
        break;
      }
      case 'timer': {
        const r = timerTracker.step(slot.state, o.type === 'line' ? parseTimerLine(o.text) : o, at);
        slot.state = r.state;
        push(r.emits);
        break;
      }
    }
    return out;
  }

  /** Let time pass without input (wheel timeouts). No-op for shoe and timer box. */
  tick(at: number): DecodedEvent[] {
    if (this.slot.kind !== 'ss2') return [];
    const r = wheelTracker.tick(this.slot.state, at);
    this.slot.state = r.state;
    return r.emits.map((e) => ({ ...e, at, line: this.lineNo }));
  }

  /** Record a command written to the wheel (sensor stream on/off, expected power-down, self-test). */
  sent(cmd: Ss2Command, at: number): void {
    if (this.slot.kind === 'ss2') this.slot.state = wheelTracker.sent(this.slot.state, cmd, at);
  }

  /** End of stream: the unterminated rest is judged as a (torn) line; a pending wheel result is emitted. */
  end(at: number): DecodedEvent[] {
    const out: DecodedEvent[] = [];
    for (const o of this.framer.end()) this.line(o, at, out);
    if (this.slot.kind === 'ss2') {
      const r = wheelTracker.flush(this.slot.state, at);
      this.slot.state = r.state;
      for (const e of r.emits) out.push({ ...e, at, line: this.lineNo });
    }
    return out;
  }
}

export interface DecodeCaptureOptions {
  /** Time of the first line when the capture has no timestamps (epoch ms). Default 0. */
  readonly startAt?: number;
  /** Synthetic clock step per line when the capture has no timestamps. Default 100 ms. */
  readonly stepMs?: number;
  readonly maxLineLength?: number;
  readonly wheel?: Partial<WheelTrackerConfig>;
}

/** `[12.345] <line>` — seconds since the start of the capture, as written by common serial loggers. */
const TIMESTAMP_RE = /^\[\s*(\d{1,9}(?:\.\d{1,6})?)\]\s?/;

/**
 * Decode a raw serial capture into canonical events and faults (the core of `felt decode`).
 *
 * Timestamps: a line may start with `[<seconds>] ` (seconds since the capture started); then
 * `at = startAt + seconds × 1000`. Lines without one get a synthetic clock: the previous line's `at` + `stepMs`
 * (default 100 ms; the first line is at `startAt`, default 0). The clock never runs backwards. Wheel timeouts
 * (W-4 3 s / 5 s, W-2 confirmation window) are judged on these times. At the end the unterminated rest is
 * judged as a torn line and a pending wheel result is emitted with the confirmations it has.
 */
export function decodeCapture(kind: SerialDeviceKind, bytes: Uint8Array, opts: DecodeCaptureOptions = {}): DecodedEvent[] {
  const startAt = opts.startAt ?? 0;
  const stepMs = opts.stepMs ?? 100;
  const dec = new DeviceDecoder(kind, { ...(opts.maxLineLength === undefined ? {} : { maxLineLength: opts.maxLineLength }), ...(opts.wheel === undefined ? {} : { wheel: opts.wheel }) });
  const framer = new LineFramer(opts.maxLineLength === undefined ? {} : { maxLineLength: opts.maxLineLength });
  const out: DecodedEvent[] = [];
  let at: number | null = null;
  const handle = (o: FramerOutput): void => {
    let frame = o;
    let stamped: number | null = null;
    if (o.type === 'line') {
      const m = TIMESTAMP_RE.exec(o.text);
      if (m) {
        stamped = startAt + Math.round(Number(m[1]) * 1000);
        frame = { type: 'line', text: o.text.slice(m[0].length) };
      }
    }
    const next = at === null ? (stamped ?? startAt) : Math.max(at, stamped ?? at + stepMs);
    at = next;
    dec.line(frame, next, out);
  };
  for (const o of framer.feed(bytes)) handle(o);
  for (const o of framer.end()) handle(o);
  out.push(...dec.end(at ?? startAt));
  return out;
}
