import { Inject, Injectable, Logger, Optional, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { integrity } from '@felt-studio/games';
import type { LateBettor, PatternGroup, PlayerIntegrity, ShoeIntegrity, WheelIntegrity } from '@felt-studio/protocol';
import type { Subscription } from 'rxjs';
import { AlertsService } from '../alerts/alerts.service.js';
import { RoundsService } from '../rounds/rounds.service.js';
import { TablesService } from '../tables/tables.service.js';
import { UNIT_OF_WORK, type StoredRoundEvent, type UnitOfWork } from '../shared/ports/persistence.port.js';
import { POOLED_SESSIONS, SHOE_EVENT_TYPES, ShoeMonitor } from './shoe-monitor.js';
import { ADVANTAGE_EVENT_TYPES, ADVANTAGE_SHOES, AdvantageMonitor } from './advantage-monitor.js';
import { lateEventTypes, LATE_WINDOW, LateBetMonitor, type WheelSpec } from './late-monitor.js';
import { integritySpecOf, type IntegritySpecOf } from './game-integrity.js';
import { patternEvaluator } from './pattern-evaluator.js';
import { BetPatternMonitor, PATTERN_ROUNDS } from './pattern-monitor.js';
import { ROUND_BET_TYPES } from './round-bets.js';

const WINDOW = integrity.WHEEL_BIAS_DEFAULTS.window;
const EVERY = integrity.WHEEL_BIAS_DEFAULTS.evaluateEvery;

/** One wheel's monitor state: its last spins (oldest first), where it was last seen, the last report. */
interface WheelState {
  readonly wheelId: string;
  /** the wheel's game spec (its pockets and their order around the wheel). */
  spec: WheelSpec;
  tableId: string;
  spins: number[];
  sinceEvaluation: number;
  alarmed: boolean;
  report: integrity.WheelBiasReport;
  lastAt: number;
}

export type { WheelIntegrity } from '@felt-studio/protocol';

/** The integrity spec lookup of the monitors (default: the game definitions' `integrity`, game-integrity.ts). */
export const INTEGRITY_SPEC_OF = Symbol('INTEGRITY_SPEC_OF');

/** Events of one table read type by type, merged back into log order: recorded time, then command time, then within a round its sequence. */
const logOrder = (a: StoredRoundEvent, b: StoredRoundEvent): number => a.recordedAt - b.recordedAt || a.at - b.at || (a.roundId === b.roundId ? a.seq - b.seq : a.roundId.localeCompare(b.roundId));

/**
 * Issue 23 §1: the wheel-bias monitor of every wheel, fed by the event log. Which tables have a wheel (and a
 * shoe, and a count to follow) comes from their game's definition (`integrity`, libs/games: issue 19 §4).
 *
 * A wheel is known by the device that reports its results (the `dev:<deviceId>:<seq>` causation of
 * `SpinResultRecorded`), not by its table: wheels move between tables, and their history moves with them.
 * A result entered by hand (a manual outcome signed off by a second person) counts for the table's
 * `manual:<tableId>` pseudo-wheel. At boot the last `window` results of every wheel table are read
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
  private readonly players = new AdvantageMonitor((player) => void this.raisePlayer(player));
  private readonly late = new LateBetMonitor((player) => void this.raiseLate(player));
  private readonly patterns = new BetPatternMonitor((group) => void this.raisePattern(group), patternEvaluator());
  private sub: Subscription | null = null;

  constructor(
    private readonly rounds: RoundsService,
    private readonly tables: TablesService,
    private readonly alerts: AlertsService,
    @Inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
    /** The integrity spec of a table's game (its definition; a test may declare a game of its own). */
    @Optional() @Inject(INTEGRITY_SPEC_OF) private readonly specOf: IntegritySpecOf = integritySpecOf,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.sub = this.rounds.frames$.subscribe((f) => {
      const spec = this.specOf(f.game);
      if (spec === null) return;
      const { wheel, shoe } = spec;
      for (const e of f.events) {
        if (wheel !== undefined) {
          if (e.type === wheel.resultEvent) void this.fold(e, wheel).catch((err: unknown) => this.log.error({ msg: 'integrity: could not fold a spin', error: (err as Error).message }));
          if (lateEventTypes(wheel).includes(e.type)) this.late.fold(e, wheel);
        }
        if (shoe !== undefined && (SHOE_EVENT_TYPES as readonly string[]).includes(e.type)) this.shoes.fold(e);
        if (shoe?.count !== undefined && (ADVANTAGE_EVENT_TYPES as readonly string[]).includes(e.type)) this.players.fold(e, f.game, shoe.count);
        if ((wheel !== undefined || shoe !== undefined) && (ROUND_BET_TYPES as readonly string[]).includes(e.type)) this.patterns.fold(e);
      }
    });
    try {
      for (const t of await this.tables.list()) {
        const spec = this.specOf(t.game);
        const shoe = spec?.shoe;
        const wheel = spec?.wheel;
        if (shoe !== undefined) {
          // the shoe's recent sessions: its events of the four kinds, merged back into log order
          const byType = await Promise.all(SHOE_EVENT_TYPES.map((type) => this.uow.run((tx) => tx.events.latestOfType(t.tableId, type, type === 'CardRecorded' ? (POOLED_SESSIONS + 1) * 420 : 4 * POOLED_SESSIONS))));
          const log = byType.flat().sort((a, b) => a.recordedAt - b.recordedAt || a.roundId.localeCompare(b.roundId) || a.seq - b.seq);
          for (const e of log) this.shoes.fold(e);
          if (shoe.count !== undefined) {
            const count = shoe.count;
            // the players' recent rounds: rounds, bets and the cards before them, in log order (about 100 rounds, 450 cards a shoe at most)
            const perType = (type: string): number => (type === 'CardRecorded' ? ADVANTAGE_SHOES * 450 : type === 'ShoeAttached' ? 4 * ADVANTAGE_SHOES : ADVANTAGE_SHOES * 100 * (type === 'BetAccepted' ? 8 : 1));
            const played = await Promise.all(ADVANTAGE_EVENT_TYPES.map((type) => this.uow.run((tx) => tx.events.latestOfType(t.tableId, type, perType(type)))));
            for (const e of played.flat().sort(logOrder)) this.players.fold(e, t.game, count);
          }
          await this.readBets(t.tableId, ROUND_BET_TYPES, (e) => this.patterns.fold(e, false));
          continue;
        }
        if (wheel === undefined) continue;
        // twice the window: room for a second wheel that stood at this table (each keeps its last `window`)
        const history = await this.uow.run((tx) => tx.events.latestOfType(t.tableId, wheel.resultEvent, 2 * WINDOW));
        for (const e of history) this.add(e, wheel);
        // the players' recent bets at the wheel with their rounds' close and result, in log order
        await this.readBets(t.tableId, lateEventTypes(wheel), (e) => {
          this.late.fold(e, wheel);
          if (e.type !== wheel.resultEvent) this.patterns.fold(e, false);
        });
      }
      for (const w of this.wheels.values()) await this.evaluate(w);
      this.players.evaluateAll();
      this.late.evaluateAll();
      await this.patterns.evaluate(Date.now());
    } catch (err) {
      this.log.error({ msg: 'integrity: could not read the spin history', error: (err as Error).message });
    }
  }

  /** A table's recent rounds and bets (the last LATE_WINDOW or PATTERN_ROUNDS rounds, four bets a round) of these types, in log order. */
  private async readBets(tableId: string, types: readonly string[], fold: (e: StoredRoundEvent) => void): Promise<void> {
    const rounds = Math.max(LATE_WINDOW, PATTERN_ROUNDS);
    const played = await Promise.all(types.map((type) => this.uow.run((tx) => tx.events.latestOfType(tableId, type, type === 'BetAccepted' ? 4 * rounds : rounds))));
    for (const e of played.flat().sort(logOrder)) fold(e);
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

  /** Every player's advantage-play report (the tables that follow a count), most suspicious first. */
  playerReports(): PlayerIntegrity[] {
    return this.players.list();
  }

  private async raisePlayer(player: PlayerIntegrity): Promise<void> {
    const r = player.report;
    const worst = r.tests.reduce((a, b) => (b.pValue < a.pValue ? b : a));
    const what = worst.name === 'spread' ? 'bet size rises with the true count' : worst.name === 'wonging' ? 'bets appear at high counts' : 'pair side bets follow the remaining shoe';
    await this.alerts
      .raise({
        ...(player.tables[0] ? { tableId: player.tables[0].tableId } : {}),
        subject: player.playerId,
        severity: 'warning',
        code: 'ADVANTAGE_PLAY_SUSPECTED',
        message: `Player ${player.playerId}: ${what} (${worst.name} test p = ${worst.pValue.toExponential(1)}, overall ${r.pValue.toExponential(1)} over ${r.bets} bets in ${r.shoes} shoes; alarm below ${r.alpha}; stakes ${r.minStake}–${r.maxStake}). Evidence: pit boss → Integrity.`,
      })
      .catch((err: unknown) => this.log.error({ msg: 'integrity: could not raise an advantage-play alert', error: (err as Error).message }));
  }

  /** Every player's late-betting report at the wheel tables, most suspicious first. */
  lateBettors(): LateBettor[] {
    return this.late.list();
  }

  private async raiseLate(player: LateBettor): Promise<void> {
    const r = player.report;
    await this.alerts
      .raise({
        ...(player.tables[0] ? { tableId: player.tables[0] } : {}),
        subject: player.playerId,
        severity: 'warning',
        code: 'LATE_BETTING_SUSPECTED',
        message: `Player ${player.playerId}: ${r.late} of ${r.bets} bets in the last ${r.lateMs / 1000} s before no more bets won ${r.lateWins} times where chance gives ${r.lateExpected.toFixed(1)} (p = ${r.pValue.toExponential(1)}; alarm below ${r.alpha}). Evidence: pit boss → Integrity.`,
      })
      .catch((err: unknown) => this.log.error({ msg: 'integrity: could not raise a late-betting alert', error: (err as Error).message }));
  }

  /** Issue 23 §5: the last evaluation of shared betting patterns over the wheel and card tables. */
  betPatterns(): { evaluatedAt: number | null; report: integrity.SharedPatternsReport } {
    return this.patterns.read();
  }

  /**
   * The group's alert names its tables by their names ("Roulette 1, Baccarat 1"), as the pit reads the other
   * alerts (issue 20, the second screenshot review: it listed `tbl_…` ids); a table gone keeps its id.
   */
  private async raisePattern(g: PatternGroup): Promise<void> {
    const best = g.pairs[0]!;
    const names = await this.tables.list().then(
      (all) => new Map(all.map((t) => [t.tableId, t.name] as const)),
      () => new Map<string, string>(),
    );
    const tables = g.tables.map((id) => names.get(id) ?? id).join(', ');
    await this.alerts
      .raise({
        ...(g.tables[0] ? { tableId: g.tables[0] } : {}),
        subject: g.players.join(','),
        severity: 'warning',
        code: 'BET_PATTERN_SHARED',
        message: `Accounts ${g.players.join(', ')} bet the same spots at the same moments: ${g.coBets} rounds at ${tables}${g.simultaneous > 0 ? ` (${g.simultaneous} at two tables within a second)` : ''}; pair ${best.players.join('+')} met in ${best.coBets} of ${best.sharedRounds} shared rounds where independent players give ${best.expected.toFixed(1)} (p = ${g.pValue.toExponential(1)}; alarm below ${this.patterns.read().report.alpha}). Evidence: pit boss → Integrity.`,
      })
      .catch((err: unknown) => this.log.error({ msg: 'integrity: could not raise a bet-pattern alert', error: (err as Error).message }));
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
    if (w.report.spins !== w.spins.length || w.sinceEvaluation > 0) w.report = this.assess(w.spins, w.spec);
    return { wheelId: w.wheelId, tableId: w.tableId, lastAt: w.lastAt, report: w.report };
  }

  /** Folds one committed result; evaluates the wheel every `evaluateEvery` spins. */
  async fold(e: StoredRoundEvent, spec: WheelSpec): Promise<void> {
    const w = this.add(e, spec);
    if (w !== null && w.sinceEvaluation >= EVERY) await this.evaluate(w);
  }

  private add(e: StoredRoundEvent, spec: WheelSpec): WheelState | null {
    const n = (e.payload as { number?: unknown } | null)?.number;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n >= spec.pockets) return null;
    const wheelId = /^dev:([^:]+):/.exec(e.causationId ?? '')?.[1] ?? `manual:${e.tableId}`;
    let w = this.wheels.get(wheelId);
    if (w === undefined || w.spec.pockets !== spec.pockets) {
      // a new wheel, or a device that now reports another wheel (other pockets): its history starts again
      w = { wheelId, spec, tableId: e.tableId, spins: [], sinceEvaluation: 0, alarmed: false, report: this.assess([], spec), lastAt: e.at };
      this.wheels.set(wheelId, w);
    }
    w.spec = spec;
    w.tableId = e.tableId;
    w.lastAt = e.at;
    w.spins.push(n);
    if (w.spins.length > WINDOW) w.spins.splice(0, w.spins.length - WINDOW);
    w.sinceEvaluation++;
    return w;
  }

  private assess(spins: readonly number[], spec: WheelSpec): integrity.WheelBiasReport {
    return integrity.wheelBias(spins, { pockets: spec.pockets, order: spec.order, window: WINDOW });
  }

  private async evaluate(w: WheelState): Promise<void> {
    w.sinceEvaluation = 0;
    w.report = this.assess(w.spins, w.spec);
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
