import { KeyedMutex } from './keyed-mutex.js';
import type { Scheduler } from './scheduler.js';
import type { HostDeadline, HostOwnership, TableProgram } from './table-program.js';

/**
 * Deadlines of every table on ONE scheduler (issue 19 §2): arming is a diff by key against what is
 * already armed (a key still wanted keeps its timer, a key no longer wanted is cancelled), a deadline
 * already past fires at once. Deadlines are fields of each table's state, so a restart or a takeover
 * re-arms them from the recovered state. The rounds (`DeadlineTimers`) and the table programs
 * (`TableHost.arm`) both arm through it.
 */
export class TableTimers {
  private readonly timers = new Map<string, Map<string, () => void>>();
  private disposed = false;

  constructor(private readonly scheduler: Scheduler) {}

  /** Arm exactly `wanted` for the table (by key); `fire` runs a due one. */
  arm<D extends HostDeadline>(tableId: string, wanted: readonly D[], fire: (d: D) => void): void {
    if (this.disposed) return;
    const want = new Map(wanted.map((d) => [d.key, d]));
    const armed = this.timers.get(tableId) ?? new Map<string, () => void>();
    for (const [key, cancel] of armed) {
      if (want.has(key)) continue;
      cancel();
      armed.delete(key);
    }
    for (const [key, d] of want) {
      if (armed.has(key)) continue;
      armed.set(
        key,
        this.scheduler.at(d.at, () => {
          armed.delete(key);
          if (!this.disposed) fire(d);
        }),
      );
    }
    if (armed.size > 0) this.timers.set(tableId, armed);
    else this.timers.delete(tableId);
  }

  /** Cancel the table's timers (this instance no longer runs it); a later `arm` re-arms. */
  disarm(tableId: string): void {
    for (const cancel of this.timers.get(tableId)?.values() ?? []) cancel();
    this.timers.delete(tableId);
  }

  /** Cancel every timer for good (shutdown, or a simulated crash). */
  dispose(): void {
    this.disposed = true;
    for (const t of this.timers.values()) for (const cancel of t.values()) cancel();
    this.timers.clear();
  }
}

/**
 * The one table host (issue 19 §2, docs/architecture.md "One table host"). One per application
 * (`TABLE_HOST`, provided by RoundsModule with the application's scheduler). Every kind of table runs
 * through it:
 *
 * - **one writer per table**: `writers.run(tableId, …)` — the rounds' write path and every program's
 *   commit queue on the same keyed mutex, so no two changes of a table ever interleave;
 * - **one deadline scheduler**: `arm(program, tableId)` arms the program's deadlines on `timers` (the
 *   rounds' `DeadlineTimers` arm their kernel deadlines on the same `TableTimers` logic);
 * - **one recovery**: `RecoveryService.recover` recovers the rounds and calls `recover(tableId?)` here for
 *   every program's tables — at boot (one instance) and when this instance wins a table's lease;
 * - **one lease space**: the cluster's ownership pass (`TableOwnershipService`) takes the lease of every
 *   rounds table AND every program table under the table's own id (no per-kind prefix), asks
 *   `recover` after winning one and `release` after losing one; a program's new table is claimed
 *   through `ownership` (bound by the cluster module; absent on one instance: every table runs here).
 */
export class TableHost {
  readonly writers = new KeyedMutex();
  readonly timers: TableTimers;
  private readonly programs = new Map<string, TableProgram>();
  private ownership: HostOwnership | null = null;

  constructor(scheduler: Scheduler) {
    this.timers = new TableTimers(scheduler);
  }

  register(program: TableProgram): void {
    const have = this.programs.get(program.kind);
    if (have && have !== program) throw new Error(`Table program ${program.kind} is registered twice.`);
    this.programs.set(program.kind, program);
  }

  list(): readonly TableProgram[] {
    return [...this.programs.values()];
  }

  /** Every program table in the store, with its program (the ownership pass takes their leases). */
  async programTables(): Promise<{ readonly program: TableProgram; readonly tableId: string }[]> {
    const out: { program: TableProgram; tableId: string }[] = [];
    for (const program of this.programs.values()) for (const tableId of await program.tables()) out.push({ program, tableId });
    return out;
  }

  /** The program a stored table belongs to; null: a rounds table (or none). */
  async programOf(tableId: string): Promise<TableProgram | null> {
    for (const p of this.programs.values()) if (await p.has(tableId)) return p;
    return null;
  }

  /** Recover every program table (boot on one instance), or one table (a takeover). */
  async recover(tableId?: string): Promise<string[]> {
    const done: string[] = [];
    for (const { program, tableId: t } of await this.programTables()) {
      if (tableId !== undefined && t !== tableId) continue;
      await program.recover(t);
      done.push(`${program.kind}:${t}`);
    }
    return done;
  }

  /** This instance no longer runs the table: its program forgets it and its timers stop. */
  async release(tableId: string): Promise<void> {
    this.timers.disarm(tableId);
    (await this.programOf(tableId))?.release(tableId);
  }

  /** Arm the program table's deadlines from its current state (after every change, at recovery). */
  arm(program: TableProgram, tableId: string): void {
    this.timers.arm(tableId, program.deadlines(tableId), (d) => {
      void program.fire(tableId, d);
    });
  }

  bindOwnership(o: HostOwnership): void {
    this.ownership = o;
  }

  /** Several instances run (leases decide who runs a table). */
  get clustered(): boolean {
    return this.ownership !== null;
  }

  /** A new program table: true when this instance runs it (always, on one instance). */
  claim(tableId: string): Promise<boolean> {
    return this.ownership ? this.ownership.claim(tableId) : Promise.resolve(true);
  }

  dispose(): void {
    this.timers.dispose();
  }

  onModuleDestroy(): void {
    this.dispose();
  }
}

export const TABLE_HOST = Symbol('TABLE_HOST');
