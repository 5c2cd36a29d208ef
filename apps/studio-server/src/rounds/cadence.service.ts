import { Inject, Injectable, Logger, Optional, type OnApplicationBootstrap, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { Subscription } from 'rxjs';
import { CLOCK, type Clock } from '../shared/clock.js';
import type { Table } from '../tables/table.model.js';
import { TablesService } from '../tables/tables.service.js';
import type { KernelEvent } from '../kernels/kernel.registry.js';
import { ROUNDS_ALERTS, type AlertsPort } from '../shared/ports/rounds.ports.js';
import { RoundsService, type RoundFrame } from './rounds.service.js';
import { SYSTEM_ACTOR } from '../shared/command.types.js';
import { SCHEDULER, type Scheduler } from '../shared/host/scheduler.js';
import { TABLE_OWNER_GUARD, type TableOwnerGuard } from '../shared/ports/cluster.port.js';

const DONE = new Set(['resolved', 'settled', 'void']);

/**
 * Automatic cadence (one job): on an open table with `cadence.auto`, the next round opens `pauseS`
 * after the previous one ended. The deadline is derived from stored facts, never from a timer alone —
 * the end of the table's latest round is the time of the event that resolved or voided it — so a
 * restart re-arms it (a deadline that passed while the server was down fires at once) and tells the
 * pit boss (alert `CADENCE_RESUMED`), never leaving an auto table silently without its next round.
 */
@Injectable()
export class CadenceService implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy {
  private readonly log = new Logger('Cadence');
  private readonly timers = new Map<string, () => void>();
  private subs: Subscription[] = [];
  private disposed = false;

  constructor(
    private readonly rounds: RoundsService,
    private readonly tables: TablesService,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(SCHEDULER) private readonly scheduler: Scheduler,
    @Inject(ROUNDS_ALERTS) private readonly alerts: AlertsPort,
    /** Several instances (issue 13): only a table's owner runs its cadence; a new owner re-arms it. */
    @Optional() @Inject(TABLE_OWNER_GUARD) private readonly owner: TableOwnerGuard | null = null,
  ) {}

  private mine(tableId: string): boolean {
    return this.owner === null || this.owner.owns(tableId);
  }

  onModuleInit(): void {
    this.subs = [
      this.tables.changes$.subscribe(({ before, after }) => {
        if (after.status === 'open' && after.cadence.auto && (before?.status !== 'open' || !before.cadence.auto) && this.mine(after.tableId)) this.schedule(after.tableId, this.clock.now());
        if (after.status !== 'open' || !after.cadence.auto) this.cancel(after.tableId);
      }),
      this.rounds.frames$.subscribe((f) => this.onFrame(f)),
      ...(this.owner
        ? [
            this.owner.ownership$.subscribe(({ tableId, owned }) => {
              if (!owned) return this.cancel(tableId);
              void this.resumeTable(tableId).catch((e: unknown) => this.log.error(`cadence ${tableId}: ${(e as Error).message}`));
            }),
          ]
        : []),
    ];
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.resume();
  }

  onModuleDestroy(): void {
    this.disposed = true;
    for (const s of this.subs) s.unsubscribe();
    for (const cancel of this.timers.values()) cancel();
    this.timers.clear();
  }

  /** At boot: every open auto table whose latest round is over gets its next-round deadline back. */
  async resume(): Promise<{ tableId: string; at: number }[]> {
    const armed: { tableId: string; at: number }[] = [];
    for (const table of await this.tables.list()) {
      if (!this.mine(table.tableId)) continue; // several instances: re-armed when the lease is won (resumeTable)
      const at = await this.resumeOne(table, 'After a restart');
      if (at !== null) armed.push({ tableId: table.tableId, at });
    }
    return armed;
  }

  /** This instance took the table over (issue 13 point 5): its next-round deadline is armed here. */
  async resumeTable(tableId: string): Promise<number | null> {
    const t = await this.tables.get(tableId);
    return t.ok && this.mine(tableId) ? this.resumeOne(t.value, 'After a takeover by another instance') : null;
  }

  private async resumeOne(table: Table, why: string): Promise<number | null> {
    if (table.status !== 'open' || !table.cadence.auto) return null;
    const at = await this.nextRoundAt(table);
    if (at === null) return null;
    this.schedule(table.tableId, at);
    const inS = Math.max(0, Math.round((at - this.clock.now()) / 1000));
    await this.raise(table, `${why} the automatic cadence of ${table.name} resumed: the next round opens ${inS === 0 ? 'now' : `in ${inS} s`}.`);
    return at;
  }

  /** When the table's next round is due, from its latest round (null: a round is still in play). */
  private async nextRoundAt(table: Table): Promise<number | null> {
    const cur = await this.rounds.currentRound(table.tableId);
    if (!cur) return this.clock.now();
    if (!DONE.has(cur.state.phase)) return null;
    const events = await this.rounds.loadEvents(cur.roundId);
    let state = cur.kernel.initial();
    let endedAt: number | null = null;
    for (const e of events) {
      state = cur.kernel.evolve(state, e.payload as KernelEvent);
      if (endedAt === null && DONE.has(state.phase)) endedAt = e.at;
    }
    return (endedAt ?? this.clock.now()) + table.cadence.pauseS * 1000;
  }

  private onFrame(f: RoundFrame): void {
    if (f.previousPhase === f.state.phase || (f.state.phase !== 'resolved' && f.state.phase !== 'void')) return;
    const endedAt = f.events.at(-1)?.at ?? this.clock.now();
    void this.tables.get(f.tableId).then(
      (t) => {
        if (t.ok && t.value.status === 'open' && t.value.cadence.auto) this.schedule(f.tableId, endedAt + t.value.cadence.pauseS * 1000);
      },
      (e: unknown) => this.log.error(`cadence ${f.tableId}: ${(e as Error).message}`),
    );
  }

  private schedule(tableId: string, at: number): void {
    if (this.disposed) return;
    this.cancel(tableId);
    const cancel = this.scheduler.at(at, () => {
      this.timers.delete(tableId);
      if (this.disposed) return;
      this.rounds.openRound(tableId, SYSTEM_ACTOR).then(
        (r) => {
          if (!r.ok && r.violation.code !== 'ROUND_IN_PROGRESS' && r.violation.code !== 'TABLE_NOT_OPEN') this.log.warn(`auto open ${tableId}: ${r.violation.code} ${r.violation.message}`);
        },
        (e: unknown) => this.log.error(`auto open ${tableId} failed: ${(e as Error).stack ?? String(e)}`),
      );
    });
    this.timers.set(tableId, cancel);
  }

  private cancel(tableId: string): void {
    this.timers.get(tableId)?.();
    this.timers.delete(tableId);
  }

  private async raise(table: Table, message: string): Promise<void> {
    try {
      await this.alerts.raise({ tableId: table.tableId, severity: 'info', code: 'CADENCE_RESUMED', message });
    } catch (e) {
      this.log.error(`alert CADENCE_RESUMED: ${(e as Error).message}`);
    }
  }
}
