/**
 * Issue 21 §2/§3: what a table's camera saw over time — the public view after each commit, at the commit's
 * studio time (`at` of its last event, the time the client's reveal gate waits for). A frame captured at T shows
 * the last entry with `at <= T`, so no frame shows a result before its `at` and every frame from `at` on does.
 * Pure.
 */
export interface TimelineEntry {
  readonly at: number;
  readonly view: Record<string, unknown> | null;
  /** When the current spin began (the ball launched, a wheel set spinning), null when at rest. */
  readonly spinSince: number | null;
}

/** How long entries older than the newest one before the window are kept. */
const KEEP_MS = 30_000;

export class CameraTimeline {
  private entries: TimelineEntry[] = [];

  /** Appends the view in force from `at` (entries arrive in commit order; an earlier `at` is clamped to keep order). */
  push(at: number, view: Record<string, unknown> | null): void {
    const last = this.entries[this.entries.length - 1];
    const t = last ? Math.max(at, last.at) : at;
    this.entries.push({ at: t, view, spinSince: spinSince(last, t, view) });
    const cut = t - KEEP_MS;
    while (this.entries.length > 1 && (this.entries[1]?.at ?? Infinity) <= cut) this.entries.shift();
  }

  /** The entry in force at `t` (null before the first one). */
  at(t: number): TimelineEntry | null {
    let found: TimelineEntry | null = null;
    for (const e of this.entries) {
      if (e.at > t) break;
      found = e;
    }
    return found;
  }
}

function spinSince(prev: TimelineEntry | undefined, at: number, view: Record<string, unknown> | null): number | null {
  const moving = view?.['ballInMotion'] === true || view?.['phase'] === 'spinning' || (view?.['phase'] === 'closed' && (view['result'] === null || view['result'] === undefined));
  if (!moving) return null;
  return prev?.spinSince ?? at;
}
