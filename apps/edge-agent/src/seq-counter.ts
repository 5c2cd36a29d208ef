import { closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { readCounter, writeCounter } from './offline-buffer.js';

/**
 * The per-device monotonic sequence number of canonical events (devices.md §1). Written through on
 * every increment (a fixed-width record rewritten in place) so it keeps rising across agent restarts —
 * the server treats a lower seq as a duplicate and a skipped one as a gap.
 */
export class SeqCounter {
  private readonly fd: number;
  private value: number;

  constructor(dir: string) {
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'seq');
    const raw = readCounter(file);
    this.value = raw !== null && raw >= 0 ? raw : 0;
    this.fd = openSync(file, existsSync(file) ? 'r+' : 'w+');
  }

  /** The next seq (1, 2, 3, …), recorded before it is returned. */
  next(): number {
    this.value += 1;
    writeCounter(this.fd, this.value);
    return this.value;
  }

  get current(): number {
    return this.value;
  }

  close(): void {
    closeSync(this.fd);
  }
}
