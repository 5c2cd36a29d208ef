import { closeSync, existsSync, ftruncateSync, mkdirSync, openSync, readFileSync, renameSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A durable, ordered outbox for one device's canonical events. Every event is appended to a
 * journal on disk BEFORE it is offered to the broker; it leaves the outbox only when the broker
 * acknowledged it (MQTT QoS 1 PUBACK). After a crash or restart the unacknowledged tail is loaded
 * and replayed in the original order. Delivery is at-least-once: the server de-duplicates on
 * (deviceId, seq) (devices.md §1).
 *
 * Files (in `dir`): `journal.jsonl` (one entry a line, kept open for appends) and `acked` (the highest
 * acked index, a fixed-width record rewritten in place). The journal is truncated whenever everything
 * has been acknowledged, and rewritten with only the tail when a steady stream never fully drains.
 * The ack record may lag a crash by a few entries: those are replayed (at-least-once), never lost.
 */
export interface BufferedEntry {
  /** Position in the journal: 0-based, monotonic over the outbox's life. */
  readonly index: number;
  readonly topic: string;
  readonly payload: string;
}

export interface OfflineBufferOptions {
  readonly dir: string;
  /** Upper bound on unacknowledged entries kept; beyond it the oldest are dropped AND counted. */
  readonly maxEntries?: number;
}

/** Fixed-width decimal record, rewritten in place at offset 0 (one small write: no torn number). */
export function writeCounter(fd: number, value: number): void {
  writeSync(fd, `${String(value).padStart(20, ' ')}\n`, 0);
}

export function readCounter(path: string): number | null {
  if (!existsSync(path)) return null;
  const t = readFileSync(path, 'utf8').trim();
  if (!/^-?\d+$/.test(t)) return null;
  const n = Number(t);
  return Number.isSafeInteger(n) ? n : null;
}

export class OfflineBuffer {
  private readonly journal: string;
  private readonly ackFile: string;
  private journalFd: number;
  private readonly ackFd: number;
  private pending: BufferedEntry[] = [];
  private head = 0;
  private nextIndex = 0;
  private ackedThrough = -1;
  /** Entries acknowledged since the journal was last rewritten (bounds the journal on disk under a steady stream). */
  private ackedSinceCompact = 0;
  private readonly maxEntries: number;
  /** Entries dropped because the buffer was full (logged and counted, never silent). */
  dropped = 0;

  constructor(opts: OfflineBufferOptions) {
    mkdirSync(opts.dir, { recursive: true });
    this.journal = join(opts.dir, 'journal.jsonl');
    this.ackFile = join(opts.dir, 'acked');
    this.maxEntries = opts.maxEntries ?? 200_000;
    this.load();
    this.journalFd = openSync(this.journal, 'a');
    this.ackFd = openSync(this.ackFile, existsSync(this.ackFile) ? 'r+' : 'w+');
  }

  private load(): void {
    const acked = readCounter(this.ackFile);
    if (acked !== null) this.ackedThrough = acked;
    if (existsSync(this.journal)) {
      for (const line of readFileSync(this.journal, 'utf8').split('\n')) {
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
    }
    this.nextIndex = Math.max(this.nextIndex, this.ackedThrough + 1);
    // A torn tail must not stay in front of the next append: rewrite what is valid.
    this.head = 0;
    writeFileSync(this.journal, this.pending.map((e) => `${JSON.stringify(e)}\n`).join(''));
  }

  /** Append durably (write-through to the OS); synchronous so ordering is exactly the call order. */
  append(topic: string, payload: string): BufferedEntry {
    const entry: BufferedEntry = { index: this.nextIndex++, topic, payload };
    writeSync(this.journalFd, `${JSON.stringify(entry)}\n`);
    this.pending.push(entry);
    if (this.size > this.maxEntries) {
      const drop = this.size - this.maxEntries;
      const last = this.pending[this.head + drop - 1];
      this.head += drop;
      this.dropped += drop;
      if (last) this.persistAck(last.index);
      this.trimHead();
    }
    return entry;
  }

  /** Unacknowledged entries in order (oldest first). */
  unacked(): readonly BufferedEntry[] {
    if (this.head > 0) this.trimHead(true);
    return this.pending;
  }

  /** Up to `max` unacknowledged entries with an index above `after`, oldest first (O(max)). */
  after(after: number, max: number): BufferedEntry[] {
    const f = this.pending[this.head];
    if (f === undefined) return [];
    let pos = this.head + Math.max(0, after + 1 - f.index);
    const out: BufferedEntry[] = [];
    while (pos < this.pending.length && out.length < max) out.push(this.pending[pos++] as BufferedEntry);
    return out;
  }

  first(): BufferedEntry | undefined {
    return this.pending[this.head];
  }

  get size(): number {
    return this.pending.length - this.head;
  }

  /** Mark every entry up to and including `index` as delivered. */
  ack(index: number): void {
    if (index <= this.ackedThrough) return;
    let n = 0;
    while (this.head + n < this.pending.length && (this.pending[this.head + n] as BufferedEntry).index <= index) n++;
    this.head += n;
    this.ackedSinceCompact += n;
    this.persistAck(index);
    if (this.size === 0) this.compact();
    else if (this.ackedSinceCompact >= 5000 && this.size < this.ackedSinceCompact) this.rewrite();
    else this.trimHead();
  }

  /** Drop acknowledged entries from memory once they are a good share of the array (amortised O(1)). */
  private trimHead(force = false): void {
    if (this.head === 0) return;
    if (force || this.head >= 1024 || this.head * 2 >= this.pending.length) {
      this.pending = this.pending.slice(this.head);
      this.head = 0;
    }
  }

  private persistAck(index: number): void {
    this.ackedThrough = Math.max(this.ackedThrough, index);
    writeCounter(this.ackFd, this.ackedThrough);
  }

  private reopenJournal(content: string): void {
    closeSync(this.journalFd);
    const tmp = `${this.journal}.tmp`;
    writeFileSync(tmp, content);
    renameSync(tmp, this.journal);
    this.journalFd = openSync(this.journal, 'a');
    this.ackedSinceCompact = 0;
  }

  /** Rewrite the journal with only the unacknowledged tail (atomic rename). */
  private rewrite(): void {
    this.trimHead(true);
    this.reopenJournal(this.pending.map((e) => `${JSON.stringify(e)}\n`).join(''));
  }

  private compact(): void {
    // Everything delivered: an empty journal; indexes stay monotonic via the ack record.
    this.pending = [];
    this.head = 0;
    ftruncateSync(this.journalFd, 0);
    this.ackedSinceCompact = 0;
  }

  /** Release the file handles (the files stay). */
  close(): void {
    closeSync(this.journalFd);
    closeSync(this.ackFd);
  }
}
