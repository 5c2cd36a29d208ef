import { appendFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A durable, ordered outbox for one device's canonical events. Every event is appended to a
 * journal on disk BEFORE it is offered to the broker; it leaves the outbox only when the broker
 * acknowledged it (MQTT QoS 1 PUBACK). After a crash or restart the unacknowledged tail is loaded
 * and replayed in the original order. Delivery is at-least-once: the server de-duplicates on
 * (deviceId, seq) (devices.md §1).
 *
 * Files (in `dir`): `journal.jsonl` (one entry a line) and `acked` (the highest acked index).
 * The journal is compacted whenever everything has been acknowledged.
 */
export interface BufferedEntry {
  /** Position in the journal: 0-based, monotonic over the outbox's life until compaction. */
  readonly index: number;
  readonly topic: string;
  readonly payload: string;
}

export interface OfflineBufferOptions {
  readonly dir: string;
  /** Upper bound on unacknowledged entries kept; beyond it the oldest are dropped AND counted. */
  readonly maxEntries?: number;
}

export class OfflineBuffer {
  private readonly journal: string;
  private readonly ackFile: string;
  private pending: BufferedEntry[] = [];
  private nextIndex = 0;
  private ackedThrough = -1;
  private readonly maxEntries: number;
  /** Entries dropped because the buffer was full (reported as a device fault, never silent). */
  dropped = 0;

  constructor(opts: OfflineBufferOptions) {
    mkdirSync(opts.dir, { recursive: true });
    this.journal = join(opts.dir, 'journal.jsonl');
    this.ackFile = join(opts.dir, 'acked');
    this.maxEntries = opts.maxEntries ?? 200_000;
    this.load();
  }

  private load(): void {
    if (existsSync(this.ackFile)) {
      const n = Number(readFileSync(this.ackFile, 'utf8').trim());
      if (Number.isInteger(n)) this.ackedThrough = n;
    }
    if (!existsSync(this.journal)) {
      this.nextIndex = this.ackedThrough + 1;
      return;
    }
    const lines = readFileSync(this.journal, 'utf8').split('\n');
    for (const line of lines) {
      if (line === '') continue;
      let e: BufferedEntry;
      try {
        e = JSON.parse(line) as BufferedEntry;
      } catch {
        // A torn last line from a crash mid-append: everything before it is intact; stop here.
        break;
      }
      this.nextIndex = Math.max(this.nextIndex, e.index + 1);
      if (e.index > this.ackedThrough) this.pending.push(e);
    }
    this.nextIndex = Math.max(this.nextIndex, this.ackedThrough + 1);
  }

  /** Append durably; returns the entry. Synchronous so ordering is exactly the call order. */
  append(topic: string, payload: string): BufferedEntry {
    const entry: BufferedEntry = { index: this.nextIndex++, topic, payload };
    appendFileSync(this.journal, `${JSON.stringify(entry)}\n`);
    this.pending.push(entry);
    if (this.pending.length > this.maxEntries) {
      const drop = this.pending.length - this.maxEntries;
      const last = this.pending[drop - 1];
      this.pending = this.pending.slice(drop);
      this.dropped += drop;
      if (last) this.persistAck(last.index);
    }
    return entry;
  }

  /** Unacknowledged entries in order (oldest first). */
  unacked(): readonly BufferedEntry[] {
    return this.pending;
  }

  get size(): number {
    return this.pending.length;
  }

  /** Mark every entry up to and including `index` as delivered. Acks must come in order (MQTT preserves it). */
  ack(index: number): void {
    if (index <= this.ackedThrough) return;
    let n = 0;
    while (n < this.pending.length && (this.pending[n] as BufferedEntry).index <= index) n++;
    this.pending = this.pending.slice(n);
    this.persistAck(index);
    if (this.pending.length === 0) this.compact();
  }

  private persistAck(index: number): void {
    this.ackedThrough = Math.max(this.ackedThrough, index);
    const tmp = `${this.ackFile}.tmp`;
    writeFileSync(tmp, String(this.ackedThrough));
    renameSync(tmp, this.ackFile);
  }

  private compact(): void {
    // Everything delivered: start a fresh journal but keep indexes monotonic via the ack file.
    writeFileSync(this.journal, '');
  }
}
