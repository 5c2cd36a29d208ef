import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { integrity, roulette } from '@felt/games';
import type { ShoeIntegrity, WheelIntegrity } from '@felt/protocol';
import type { Subscription } from 'rxjs';
import { AlertsService } from '../alerts/alerts.service.js';
import { RoundsService } from '../rounds/rounds.service.js';
import { TablesService } from '../tables/tables.service.js';
import { UNIT_OF_WORK, type StoredRoundEvent, type UnitOfWork } from '../shared/ports/persistence.port.js';
import { POOLED_SESSIONS, SHOE_EVENT_TYPES, SHOE_GAMES, ShoeMonitor } from './shoe-monitor.js';

/** The wheel result event of the roulette kernel (ROU-4) — what the wheel-bias monitor folds. */
export const SPIN_RESULT = 'SpinResultRecorded';
const WINDOW = integrity.WHEEL_BIAS_DEFAULTS.window;
const EVERY = integrity.WHEEL_BIAS_DEFAULTS.evaluateEvery;

/** One wheel's monitor state: its last spins (oldest first), where it was last seen, the last report. */
interface WheelState {
  readonly wheelId: string;
  tableId: string;
  spins: number[];
  sinceEvaluation: number;
  alarmed: boolean;
  report: integrity.WheelBiasReport;
  lastAt: number;
}

export type { WheelIntegrity } from '@felt/protocol';

/**
 * Issue 23 §1: the wheel-bias monitor of every roulette wheel, fed by the event log.
 *
 * A wheel is known by the device that reports its results (the `dev:<deviceId>:<seq>` causation of
 * `SpinResultRecorded`), not by its table: wheels move between tables, and their history moves with them.
 * A result entered by hand (a manual outcome signed off by a second person) counts for the table's
 * `manual:<tableId>` pseudo-wheel. At boot the last `window` results of every roulette table are read
 * from the event log; afterwards every committed result is folded as it happens. Every `evaluateEvery`
 * spins (and at boot) the wheel is evaluated (`integrity.wheelBias`, libs/games); an evaluation that
 * alarms after one that did not raises WHEEL_BIAS_SUSPECTED (warning, subject = the wheel) with the
 * evidence in its message, and the report is served to the pit (GET /integrity/wheels).
 */
@Injectable()
export class IntegrityService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly log = new Logger('Integrity');
  private readonly wheels = new Map<string, WheelState>();
  private readonly shoes = new ShoeMonitor((shoe, fresh) => {
    if (fresh) void this.raiseShoe(shoe);
  });
  private sub: Subscription | null = null;

  constructor(
    @Inject(RoundsService) private readonly rounds: RoundsService,
    @Inject(TablesService) private readonly tables: TablesService,
    @Inject(AlertsService) private readonly alerts: AlertsService,
    @Inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.sub = this.rounds.frames$.subscribe((f) => {
      for (const e of f.events) {
        if (e.type === SPIN_RESULT) void this.fold(e).catch((err: unknown) => this.log.error({ msg: 'integrity: could not fold a spin', error: (err as Error).message }));
        else if (SHOE_GAMES.has(f.game) && (SHOE_EVENT_TYPES as readonly string[]).includes(e.type)) this.shoes.fold(e);
      }
    });
    try {
      for (const t of await this.tables.list()) {
        if (SHOE_GAMES.has(t.game)) {
          // the shoe's recent sessions: its events of the four kinds, merged back into log order
          const byType = await Promise.all(SHOE_EVENT_TYPES.map((type) => this.uow.run((tx) => tx.events.latestOfType(t.tableId, type, type === 'CardRecorded' ? (POOLED_SESSIONS + 1) * 420 : 4 * POOLED_SESSIONS))));
          const log = byType.flat().sort((a, b) => a.recordedAt - b.recordedAt || a.roundId.localeCompare(b.roundId) || a.seq - b.seq);
          for (const e of log) this.shoes.fold(e);
          continue;
        }
        if (t.game !== 'roulette') continue;
        // twice the window: room for a second wheel that stood at this table (each keeps its last `window`)
        const history = await this.uow.run((tx) => tx.events.latestOfType(t.tableId, SPIN_RESULT, 2 * WINDOW));
        for (const e of history) this.add(e);
      }
      for (const w of this.wheels.values()) await this.evaluate(w);
    } catch (err) {
      this.log.error({ msg: 'integrity: could not read the spin history', error: (err as Error).message });
    }
  }

  onModuleDestroy(): void {
    this.sub?.unsubscribe();
  }

  /** Every shoe's report over its last finished sessions, most suspicious first. */
  shoeReports(): ShoeIntegrity[] {
    return this.shoes.list();
  }

  private async raiseShoe(shoe: ShoeIntegrity): Promise<void> {
    const f = shoe.report.findings.reduce((a, b) => (b.pValue < a.pValue ? b : a));
    await this.alerts
      .raise({
        tableId: shoe.tableId,
        subject: shoe.shoeId,
        severity: 'warning',
        code: 'SHOE_INTEGRITY_SUSPECTED',
        message: `Shoe ${shoe.shoeId}: ${f.test} — ${f.detail} (p = ${shoe.report.pValue.toExponential(1)} over its last ${shoe.report.sessions} sessions; alarm below ${shoe.report.alpha}). Evidence: pit boss → Integrity.`,
      })
      .catch((err: unknown) => this.log.error({ msg: 'integrity: could not raise a shoe alert', error: (err as Error).message }));
  }

  /** Every wheel's current report (up to its last spin), most suspicious first. */
  wheelReports(): WheelIntegrity[] {
    return [...this.wheels.values()].map((w) => this.view(w)).sort((a, b) => a.report.pValue - b.report.pValue || a.wheelId.localeCompare(b.wheelId));
  }

  wheel(wheelId: string): WheelIntegrity | null {
    const w = this.wheels.get(wheelId);
    return w === undefined ? null : this.view(w);
  }

  /** A read sees every spin so far; only the scheduled evaluations raise alerts (the calibrated rate). */
  private view(w: WheelState): WheelIntegrity {
    if (w.report.spins !== w.spins.length || w.sinceEvaluation > 0) w.report = this.assess(w.spins);
    return { wheelId: w.wheelId, tableId: w.tableId, lastAt: w.lastAt, report: w.report };
  }

  /** Folds one committed result; evaluates the wheel every `evaluateEvery` spins. */
  async fold(e: StoredRoundEvent): Promise<void> {
    const w = this.add(e);
    if (w !== null && w.sinceEvaluation >= EVERY) await this.evaluate(w);
  }

  private add(e: StoredRoundEvent): WheelState | null {
    const n = (e.payload as { number?: unknown } | null)?.number;
    if (typeof n !== 'number' || !roulette.isPocket(n)) return null;
    const wheelId = /^dev:([^:]+):/.exec(e.causationId ?? '')?.[1] ?? `manual:${e.tableId}`;
    let w = this.wheels.get(wheelId);
    if (w === undefined) {
      w = { wheelId, tableId: e.tableId, spins: [], sinceEvaluation: 0, alarmed: false, report: this.assess([]), lastAt: e.at };
      this.wheels.set(wheelId, w);
    }
    w.tableId = e.tableId;
    w.lastAt = e.at;
    w.spins.push(n);
    if (w.spins.length > WINDOW) w.spins.splice(0, w.spins.length - WINDOW);
    w.sinceEvaluation++;
    return w;
  }

  private assess(spins: readonly number[]): integrity.WheelBiasReport {
    return integrity.wheelBias(spins, { pockets: roulette.POCKET_COUNT, order: roulette.WHEEL_ORDER, window: WINDOW });
  }

  private async evaluate(w: WheelState): Promise<void> {
    w.sinceEvaluation = 0;
    w.report = this.assess(w.spins);
    if (w.report.alarm && !w.alarmed) {
      const worst = w.report.tests.reduce((a, b) => (b.pValue < a.pValue ? b : a));
      await this.alerts.raise({
        tableId: w.tableId,
        subject: w.wheelId,
        severity: 'warning',
        code: 'WHEEL_BIAS_SUSPECTED',
        message: `Wheel ${w.wheelId}: ${worst.name} test p = ${w.report.pValue.toExponential(1)} over the last ${w.report.window} spins (alarm below ${w.report.alpha}); suspect pockets ${w.report.suspects.join(', ') || '—'}. Evidence: pit boss → Integrity.`,
      });
    }
    w.alarmed = w.report.alarm;
  }
}
