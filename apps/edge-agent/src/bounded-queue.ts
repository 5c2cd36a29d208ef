/**
 * W-5: the bounded in-memory queue between the serial reader and the publisher. The reader only
 * pushes (O(1), never waits on network or disk); a drain task hands items on in FIFO order in small
 * batches so the event loop stays responsive. When full, the OLDEST item is dropped and counted —
 * the count is logged and exposed in the adapter's stats (never silent).
 */
export class BoundedQueue<T> {
  private items: (T | undefined)[];
  private head = 0;
  private count = 0;
  /** Items dropped because the queue was full. */
  dropped = 0;
  /** Highest fill level seen (for the memory/latency reports). */
  highWater = 0;

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new Error(`queue capacity must be a positive integer, got ${capacity}`);
    this.items = new Array<T | undefined>(capacity);
  }

  get size(): number {
    return this.count;
  }

  /** Add at the tail; returns false when an old item had to be dropped to make room. */
  push(item: T): boolean {
    let ok = true;
    if (this.count === this.capacity) {
      this.items[this.head] = undefined;
      this.head = (this.head + 1) % this.capacity;
      this.count -= 1;
      this.dropped += 1;
      ok = false;
    }
    this.items[(this.head + this.count) % this.capacity] = item;
    this.count += 1;
    if (this.count > this.highWater) this.highWater = this.count;
    return ok;
  }

  shift(): T | undefined {
    if (this.count === 0) return undefined;
    const item = this.items[this.head];
    this.items[this.head] = undefined;
    this.head = (this.head + 1) % this.capacity;
    this.count -= 1;
    return item;
  }
}
