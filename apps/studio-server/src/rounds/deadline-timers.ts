import type { Deadline } from '@felt-studio/games';
import { TableTimers } from '../shared/host/table-host.js';
import type { LoadedRound } from './round.model.js';
import type { Scheduler } from '../shared/host/scheduler.js';

/**
 * The kernel's deadlines of each table's current round, armed on the table host's timers (issue 19 §2:
 * one deadline scheduler for every kind of table). Arming is a diff against what is already armed; a
 * deadline already past fires at once. Deadlines are fields of the state, so a restart re-arms them from
 * the rebuilt round.
 */
export class DeadlineTimers {
  private readonly timers: TableTimers;

  constructor(
    scheduler: Scheduler,
    /** Issues a due deadline's command to its round. */
    private readonly fire: (round: LoadedRound, deadline: Deadline) => void,
  ) {
    this.timers = new TableTimers(scheduler);
  }

  /** Arm exactly the kernel's current deadlines for the round's table. */
  arm(round: LoadedRound): void {
    const wanted = round.kernel.deadlines(round.state).map((d) => ({ key: `${round.roundId}|${d.at}|${JSON.stringify(d.command)}`, at: d.at, d }));
    this.timers.arm(round.tableId, wanted, (w) => this.fire(round, w.d));
  }

  /** Cancel the table's timers (this instance no longer owns the table, issue 13); a later `arm` re-arms. */
  disarm(tableId: string): void {
    this.timers.disarm(tableId);
  }

  /** Cancel every timer for good (shutdown, or a simulated crash). */
  dispose(): void {
    this.timers.dispose();
  }
}
