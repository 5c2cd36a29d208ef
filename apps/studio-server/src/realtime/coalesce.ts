/**
 * Trailing-edge coalescing per key: many `push`es within `delayMs` run `fn` once, with the latest
 * value. The staff views of a table (dealer, pit boss) hold every bet: rebuilding and sending them on
 * every bet commit costs O(bets) per bet, so bet-only commits refresh them at most once per window.
 */
export class Coalescer<T> {
  private readonly pending = new Map<string, { value: T; timer: ReturnType<typeof setTimeout> }>();
  constructor(
    private readonly delayMs: number | ((key: string) => number),
    private readonly fn: (key: string, value: T) => void,
  ) {}

  push(key: string, value: T): void {
    const p = this.pending.get(key);
    if (p) {
      p.value = value;
      return;
    }
    const timer = setTimeout(() => {
      const cur = this.pending.get(key);
      this.pending.delete(key);
      if (cur) this.fn(key, cur.value);
    }, typeof this.delayMs === 'number' ? this.delayMs : this.delayMs(key));
    timer.unref?.();
    this.pending.set(key, { value, timer });
  }

  /** Run the pending call now (a frame that must follow it is about to go out). */
  flush(key: string): void {
    const p = this.pending.get(key);
    if (!p) return;
    clearTimeout(p.timer);
    this.pending.delete(key);
    this.fn(key, p.value);
  }

  /** A full frame went out meanwhile: the pending refresh is superseded. */
  drop(key: string): void {
    const p = this.pending.get(key);
    if (p) clearTimeout(p.timer);
    this.pending.delete(key);
  }

  dispose(): void {
    for (const p of this.pending.values()) clearTimeout(p.timer);
    this.pending.clear();
  }
}
