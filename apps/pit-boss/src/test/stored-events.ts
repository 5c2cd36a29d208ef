/** A stored round event as `GET /rounds/{id}/events` gives it (what the replay reads). */
export interface StoredEventLike {
  readonly seq: number;
  readonly type: string;
  readonly at: number;
  readonly payload: unknown;
}

interface AnyKernel {
  initial(): unknown;
  decide(state: unknown, command: never): { ok: true; events: readonly { type: string; at: number }[] } | { ok: false; violation: { message: string } };
  evolve(state: unknown, event: never): unknown;
}

/** A round's stored events (seq from 1) from REAL decisions of the game's kernel on `commands`; a refused command throws. */
export function storedEventsOf(kernel: unknown, commands: readonly unknown[]): StoredEventLike[] {
  const k = kernel as AnyKernel;
  let state = k.initial();
  const events: StoredEventLike[] = [];
  for (const c of commands) {
    const d = k.decide(state, c as never);
    if (!d.ok) throw new Error(d.violation.message);
    for (const e of d.events) {
      state = k.evolve(state, e as never);
      events.push({ seq: events.length + 1, type: e.type, at: e.at, payload: e });
    }
  }
  return events;
}
