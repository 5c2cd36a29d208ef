/**
 * The byte seam between an emulator (device side) and whatever carries its bytes: a real serial
 * port, serialport's mock binding, or an in-memory pair.
 */
export interface ByteDuplex {
  /** Bytes from the device towards the host. */
  write(data: Uint8Array | string): void;
  /** Bytes from the host towards the device. Returns an unsubscribe function. */
  onData(listener: (data: Buffer) => void): () => void;
  close(): Promise<void>;
}

type Listener = (data: Buffer) => void;

class Endpoint implements ByteDuplex {
  peer: Endpoint | null = null;
  closed = false;
  private readonly listeners = new Set<Listener>();

  write(data: Uint8Array | string): void {
    if (this.closed) return;
    const buf = typeof data === 'string' ? Buffer.from(data, 'latin1') : Buffer.from(data);
    this.peer?.deliver(buf);
  }

  deliver(buf: Buffer): void {
    if (this.closed) return;
    for (const l of [...this.listeners]) l(buf);
  }

  onData(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listeners.clear();
  }
}

/**
 * An in-memory byte pipe. Writes are delivered synchronously and in order, so tests driven by a
 * `ManualScheduler` are fully deterministic. `device` goes to the emulator, `host` to the test/adapter.
 */
export function createDuplexPair(): { readonly device: ByteDuplex; readonly host: ByteDuplex } {
  const a = new Endpoint();
  const b = new Endpoint();
  a.peer = b;
  b.peer = a;
  return { device: a, host: b };
}

/** Splits a byte stream into lines on CR and/or LF; empty lines are dropped. */
export class LineSplitter {
  private buf = '';
  constructor(private readonly onLine: (line: string) => void) {}

  push(chunk: Buffer | string): void {
    this.buf += typeof chunk === 'string' ? chunk : chunk.toString('latin1');
    for (;;) {
      const i = this.buf.search(/[\r\n]/);
      if (i < 0) break;
      const line = this.buf.slice(0, i);
      this.buf = this.buf.slice(i + 1);
      if (line.length > 0) this.onLine(line);
    }
    // a host that never ends its line must not grow memory without bound
    if (this.buf.length > 4096) this.buf = this.buf.slice(-4096);
  }
}
