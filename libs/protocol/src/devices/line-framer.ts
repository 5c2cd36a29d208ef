/**
 * Pure streaming line splitter for serial devices (devices.md §2 W-5, §3, §4).
 *
 * feed(bytes) → the complete lines in order. A line ends at CR, LF or CRLF (also when the CR and LF arrive in
 * different chunks); empty lines carry nothing and are skipped. Bytes are decoded 1:1 (latin-1), so any byte
 * string is representable and codecs see exactly what the device sent. A line longer than `maxLineLength` is
 * reported once as `overlong` (with its first bytes) and discarded up to its terminator — never buffered
 * forever. Torn lines are simply completed by the next chunk; a burst yields all its lines in order.
 */
export type FramerOutput =
  | { readonly type: 'line'; readonly text: string }
  | { readonly type: 'overlong'; readonly head: string; readonly limit: number };

export interface LineFramerOptions {
  /** Maximum bytes of one line before it is reported as overlong. Default 256 (longest real frame is ~40). */
  readonly maxLineLength?: number;
}

const CR = 0x0d;
const LF = 0x0a;
const CHUNK = 4096;

function latin1(bytes: Uint8Array, from: number, to: number): string {
  let s = '';
  for (let i = from; i < to; i += CHUNK) {
    s += String.fromCharCode.apply(null, bytes.subarray(i, Math.min(to, i + CHUNK)) as unknown as number[]);
  }
  return s;
}

export class LineFramer {
  readonly maxLineLength: number;
  private partial = '';
  private discarding = false;
  private lastWasCr = false;

  constructor(opts: LineFramerOptions = {}) {
    const max = opts.maxLineLength ?? 256;
    if (!Number.isInteger(max) || max < 1) throw new Error(`maxLineLength must be a positive integer, got ${max}`);
    this.maxLineLength = max;
  }

  /** Feed a chunk; returns the lines completed by it (possibly none). */
  feed(chunk: Uint8Array | string): FramerOutput[] {
    const bytes = typeof chunk === 'string' ? Uint8Array.from(chunk, (c) => c.charCodeAt(0) & 0xff) : chunk;
    const out: FramerOutput[] = [];
    let start = 0;
    for (let i = 0; i < bytes.length; i++) {
      const b = bytes[i] as number;
      if (b !== CR && b !== LF) continue;
      if (b === LF && this.lastWasCr && i === start && this.partial === '' && !this.discarding) {
        // the LF of a CRLF pair
        this.lastWasCr = false;
        start = i + 1;
        continue;
      }
      this.lastWasCr = b === CR;
      this.take(bytes, start, i, out);
      this.finishLine(out);
      start = i + 1;
    }
    if (start < bytes.length) {
      this.lastWasCr = false;
      this.take(bytes, start, bytes.length, out);
    }
    return out;
  }

  /** End of stream: the unterminated rest, if any, as a final line (a torn line for the codec to judge). */
  end(): FramerOutput[] {
    const out: FramerOutput[] = [];
    this.finishLine(out);
    this.lastWasCr = false;
    return out;
  }

  /** Bytes currently held for an unterminated line (always ≤ maxLineLength). */
  get pendingLength(): number {
    return this.partial.length;
  }

  private take(bytes: Uint8Array, from: number, to: number, out: FramerOutput[]): void {
    if (this.discarding || from >= to) return;
    const room = this.maxLineLength - this.partial.length;
    if (to - from > room) {
      const head = this.partial + latin1(bytes, from, from + Math.min(to - from, Math.max(0, 32 - this.partial.length)));
      out.push({ type: 'overlong', head: head.slice(0, 32), limit: this.maxLineLength });
      this.partial = '';
      this.discarding = true;
      return;
    }
    this.partial += latin1(bytes, from, to);
  }

  private finishLine(out: FramerOutput[]): void {
    if (this.discarding) {
      this.discarding = false;
      return;
    }
    if (this.partial.length > 0) out.push({ type: 'line', text: this.partial });
    this.partial = '';
  }
}
