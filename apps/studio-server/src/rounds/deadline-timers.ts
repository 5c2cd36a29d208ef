import type { Deadline } from '@felt/games';
import type { LoadedRound } from './round.model.js';
import type { Scheduler } from './scheduler.js';

/**
 * The kernel's deadlines of each table's current round, armed on the scheduler (one job). Arming is
 * a diff against what is already armed; a deadline already past fires at once. Deadlines are fields
 * of the state, so a restart re-arms them from the rebuilt round.
 */
export class DeadlineTimers {
  private readonly timers = new Map<string, Map<string, () => void>>();
  private disposed = false;

  constructor(
    private readonly scheduler: Scheduler,
    /** Issues a due deadline's command to its round. */
    private readonly fire: (round: LoadedRound, deadline: Deadline) => void,
  ) {}

  /** Arm exactly the kernel's current deadlines for the round's table. */
  arm(round: LoadedRound): void {
    if (this.disposed) return;
    const wanted = new Map<string, Deadline>(round.kernel.deadlines(round.state).map((d) => [`${round.roundId}|${d.at}|${JSON.stringify(d.command)}`, d]));
    const armed = this.timers.get(round.tableId) ?? new Map<string, () => void>();
    for (const [key, cancel] of armed) {
      if (!wanted.has(key)) {
        cancel();
        armed.delete(key);
      }
    }
    for (const [key, d] of wanted) {
      if (armed.has(key)) continue;
      armed.set(
        key,
        this.scheduler.at(d.at, () => {
          armed.delete(key);
          if (this.disposed) return;
          this.fire(round, d);
        }),
      );
    }
    this.timers.set(round.tableId, armed);
  }

  /** Cancel the table's timers (this instance no longer owns the table, issue 13); a later `arm` re-arms. */
  disarm(tableId: string): void {
    for (const cancel of this.timers.get(tableId)?.values() ?? []) cancel();
    this.timers.delete(tableId);
  }

  /** Cancel every timer for good (shutdown, or a simulated crash). */
  dispose(): void {
    this.disposed = true;
    for (const timers of this.timers.values()) for (const cancel of timers.values()) cancel();
    this.timers.clear();
  }
}
