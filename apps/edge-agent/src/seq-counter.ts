import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The per-device monotonic sequence number of canonical events (devices.md §1). Persisted on every
 * increment so it keeps rising across agent restarts — the server treats a lower seq as a duplicate.
 */
export class SeqCounter {
  private readonly file: string;
  private value: number;

  constructor(dir: string) {
    mkdirSync(dir, { recursive: true });
    this.file = join(dir, 'seq');
    const raw = existsSync(this.file) ? Number(readFileSync(this.file, 'utf8').trim()) : 0;
    this.value = Number.isSafeInteger(raw) && raw >= 0 ? raw : 0;
  }

  /** The next seq (1, 2, 3, …), durably recorded before it is returned. */
  next(): number {
    this.value += 1;
    const tmp = `${this.file}.tmp`;
    writeFileSync(tmp, String(this.value));
    renameSync(tmp, this.file);
    return this.value;
  }

  get current(): number {
    return this.value;
  }
}
