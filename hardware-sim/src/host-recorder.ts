import type { ByteDuplex } from './duplex.js';

/**
 * The host end of a link, for tests and tools: records every raw byte the device sent (with the
 * device time it arrived) and sends host lines.
 */
export class HostRecorder {
  private raw = '';
  readonly chunks: { readonly at: number; readonly data: string }[] = [];
  private readonly unsubscribe: () => void;

  constructor(
    private readonly host: ByteDuplex,
    private readonly now: () => number = () => 0,
  ) {
    this.unsubscribe = host.onData((d) => {
      const s = d.toString('latin1');
      this.raw += s;
      this.chunks.push({ at: this.now(), data: s });
    });
  }

  /** Every byte received so far, exactly as sent. */
  get bytes(): string {
    return this.raw;
  }

  /** Complete lines received so far (split on CR LF / CR / LF, empty lines dropped). */
  get lines(): string[] {
    const complete = this.raw.slice(0, Math.max(this.raw.lastIndexOf('\n'), this.raw.lastIndexOf('\r')) + 1);
    return complete.split(/\r\n|\r|\n/).filter((l) => l.length > 0);
  }

  /** Send one host line terminated with CR LF. */
  send(line: string, eol = '\r\n'): void {
    this.host.write(line + eol);
  }

  clear(): void {
    this.raw = '';
    this.chunks.length = 0;
  }

  detach(): void {
    this.unsubscribe();
  }
}
