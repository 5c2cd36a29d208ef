import { SerialPort } from 'serialport';
import type { SerialPortStream } from '@serialport/stream';

/**
 * A serial port that keeps itself open: when the device path disappears (USB unplugged, pty closed)
 * it retries until the path comes back, then resumes. The reader only hands bytes on — it never
 * waits for network or disk work (W-5).
 */
export interface SerialLinkOptions {
  readonly path: string;
  readonly baudRate: number;
  readonly retryMs?: number;
  /** Injected for tests (e.g. serialport's `SerialPortMock`); default opens the real OS port. */
  readonly createPort?: (opts: PortOpenOptions) => SerialPortStream;
}

export interface PortOpenOptions {
  readonly path: string;
  readonly baudRate: number;
  readonly dataBits: 8;
  readonly stopBits: 1;
  readonly parity: 'none';
  readonly rtscts: false;
  readonly autoOpen: false;
}

export type SerialLinkEvent =
  | { type: 'open' }
  | { type: 'close'; reason: string }
  | { type: 'error'; message: string };

export class SerialLink {
  private port: SerialPortStream | null = null;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  readonly stats = { opens: 0, closes: 0, bytesIn: 0, bytesOut: 0 };

  constructor(
    private readonly opts: SerialLinkOptions,
    private readonly onData: (chunk: Buffer) => void,
    private readonly onEvent: (e: SerialLinkEvent) => void = () => undefined,
  ) {}

  start(): void {
    this.stopped = false;
    this.open();
  }

  get isOpen(): boolean {
    return this.port?.isOpen ?? false;
  }

  private open(): void {
    if (this.stopped) return;
    // W-5 link settings: 9600 8N1, no flow control (devices.md §2/§3).
    const base: PortOpenOptions = { path: this.opts.path, baudRate: this.opts.baudRate, dataBits: 8, stopBits: 1, parity: 'none', rtscts: false, autoOpen: false };
    const port = this.opts.createPort ? this.opts.createPort(base) : new SerialPort(base);
    this.port = port;
    port.on('data', (chunk: Buffer) => {
      this.stats.bytesIn += chunk.length;
      this.onData(chunk);
    });
    port.on('close', () => {
      this.stats.closes += 1;
      this.onEvent({ type: 'close', reason: 'port closed' });
      this.scheduleReopen();
    });
    port.on('error', (err: Error) => this.onEvent({ type: 'error', message: err.message }));
    port.open((err) => {
      if (err) {
        this.onEvent({ type: 'error', message: err.message });
        this.scheduleReopen();
        return;
      }
      this.stats.opens += 1;
      this.onEvent({ type: 'open' });
    });
  }

  private scheduleReopen(): void {
    if (this.stopped || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.open();
    }, this.opts.retryMs ?? 500);
  }

  /** Write one command line; returns false when the port is not open (caller reports it). */
  write(data: string): boolean {
    const p = this.port;
    if (!p || !p.isOpen) return false;
    this.stats.bytesOut += data.length;
    p.write(data);
    return true;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const p = this.port;
    this.port = null;
    if (p?.isOpen) await new Promise<void>((resolve) => p.close(() => resolve()));
  }
}
