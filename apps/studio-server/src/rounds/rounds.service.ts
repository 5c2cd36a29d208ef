import { Inject, Injectable, Logger, Optional, type OnModuleDestroy } from '@nestjs/common';
import { ok, type AcceptedBet, type Audience, type NextAction, type Result, type RoundStateBase, type Violation } from '@felt-studio/games';
import { Subject } from 'rxjs';
import { CLOCK, IDS, type Clock, type Ids } from '../shared/clock.js';
import { ConcurrencyConflict, InsufficientFunds, UNIT_OF_WORK, type StoredRoundEvent, type UnitOfWork } from '../shared/ports/persistence.port.js';
import type { Table } from '../tables/table.model.js';
import { TablesService } from '../tables/tables.service.js';
import { BetGroups } from './bet-group.js';
import { DeadlineTimers } from './deadline-timers.js';
import { KeyedMutex } from '../shared/host/keyed-mutex.js';
import { TABLE_HOST, type TableHost } from '../shared/host/table-host.js';
import { KERNELS, type KernelCommand, type KernelEvent, type KernelRegistry } from '../kernels/kernel.registry.js';
import { audienceEvents, type AudienceEvent } from '../kernels/redaction.js';
import { PlayerBetIndex } from './player-bet-index.js';
import { BetIdTaken, RoundCommitter } from './round-commit.js';
import { decideCommands } from './round-decisions.js';
import { RoundReader, type RoundSummary } from './round-reader.js';
import { RoundStore } from './round-store.js';
import { fail, FINISHED, noop, TERMINAL, type Committed, type ExecuteOptions, type LoadedRound, type Locked, type RoundFrame } from './round.model.js';
import { ROUNDS_ALERTS, ROUNDS_METRICS, ROUNDS_SETTLEMENT_QUEUE, type AlertsPort, type RoundsMetricsPort, type SettlementQueuePort } from '../shared/ports/rounds.ports.js';
import { rejection, SYSTEM_ACTOR, type Actor } from '../shared/command.types.js';
import { SCHEDULER, type Scheduler } from '../shared/host/scheduler.js';
import { ShoeCarry } from './shoe-carry.js';
import { addLogFields, withLogContext } from '../shared/log-context.js';
import { TABLE_OWNER_GUARD, type TableOwnerGuard } from '../shared/ports/cluster.port.js';
import { INTAKE_BARRIER, type DrainReport, type IntakeBarrier } from '../shared/host/intake-barrier.js';

export { VOID_PENDING_PHASE, type Committed, type ExecuteOptions, type LoadedRound, type RoundFrame } from './round.model.js';

/**
 * The one write path of the studio (docs/architecture.md): load → kernel.decide → one transaction
 * (events + read model + bet rows + ledger postings) → evolve → publish → arm deadlines.
 * Commands for one table are serialised by a per-table mutex, so the kernel always decides on the
 * latest state and no two commands interleave.
 *
 * Its parts, one job each: RoundStore (fold + current-round cache), RoundCommitter (the transaction),
 * decideCommands (the pure decision loop), BetGroups (bet group commit), DeadlineTimers (kernel
 * deadlines on the scheduler), PlayerBetIndex (the ack's `myBets`), ShoeCarry (S-1 across rounds),
 * RoundReader (the read side). This class wires them and owns the table lock and the frames.
 */
@Injectable()
export class RoundsService implements OnModuleDestroy {
  readonly frames$ = new Subject<RoundFrame>();
  private readonly log = new Logger('RoundsService');
  /** One writer per table: the table host's (issue 19 §2), shared with every table program. */
  private readonly mutex: KeyedMutex;
  private readonly store: RoundStore;
  private readonly committer: RoundCommitter;
  private readonly index = new PlayerBetIndex();
  private readonly reader: RoundReader;
  private readonly deadlines: DeadlineTimers;
  private readonly bets: BetGroups;
  private readonly shoes = new ShoeCarry(this.log);
  /** Per table: the round whose play-stalled alert was raised (once per round). */
  private readonly stallAlerted = new Map<string, string>();
  /** Closes waiting at the barrier, by table and instant: a deadline re-armed meanwhile joins the pending one. */
  private readonly closing = new Map<string, Promise<Result<Committed>>>();

  constructor(
    @Inject(UNIT_OF_WORK) uow: UnitOfWork,
    @Inject(KERNELS) private readonly kernels: KernelRegistry,
    private readonly tables: TablesService,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(IDS) private readonly ids: Ids,
    @Inject(SCHEDULER) scheduler: Scheduler,
    @Inject(ROUNDS_SETTLEMENT_QUEUE) private readonly settlement: SettlementQueuePort,
    @Inject(ROUNDS_ALERTS) private readonly alerts: AlertsPort,
    @Inject(ROUNDS_METRICS) private readonly metrics: RoundsMetricsPort,
    /** Several instances (issue 13): only the owner of a table's lease writes its rounds. */
    @Optional() @Inject(TABLE_OWNER_GUARD) private readonly owner: TableOwnerGuard | null = null,
    @Optional() @Inject(TABLE_HOST) host: TableHost | null = null,
    /** Issue 25 §1: bets stamped at arrival, the close as a barrier (absent: the close enters the queue at once). */
    @Optional() @Inject(INTAKE_BARRIER) private readonly intake: IntakeBarrier | null = null,
  ) {
    this.mutex = host?.writers ?? new KeyedMutex();
    this.store = new RoundStore(uow, kernels);
    this.committer = new RoundCommitter(uow);
    this.reader = new RoundReader(uow, this.mutex, this.store, this.index);
    this.deadlines = new DeadlineTimers(scheduler, (round, d) => {
      this.execute(round.tableId, d.command as KernelCommand, SYSTEM_ACTOR, { roundId: round.roundId }).then(
        (r) => {
          if (!r.ok) this.log.debug?.(`deadline ${d.command.type} on ${round.roundId}: ${r.violation.code}`);
        },
        (e: unknown) => this.log.error(`deadline ${d.command.type} on ${round.roundId} failed: ${(e as Error).stack ?? String(e)}`),
      );
    });
    this.bets = new BetGroups(
      this.mutex,
      {
        table: (tableId) => this.tables.get(tableId),
        loadCurrent: (tableId) => this.store.loadCurrent(tableId),
        runLocked: (tableId, command, actor) => this.runLocked(tableId, [command], actor, {}),
        rejected: (command, v) => this.rejected(command, v).result,
        commit: (table, round, state, events, actor) => this.commit(table, round, state, events, actor, null),
        forget: (tableId) => this.store.forget(tableId),
      },
      this.log,
    );
  }

  /** Stops every timer (graceful shutdown, or a test disposing an app to simulate a crash). */
  onModuleDestroy(): void {
    this.deadlines.dispose();
  }

  // ───────────────────────────── commands ─────────────────────────────

  /** Issue one command to the table's current round (or `opts.roundId`). */
  execute(tableId: string, command: KernelCommand, actor: Actor, opts: ExecuteOptions = {}): Promise<Result<Committed>> {
    return this.executeBatch(tableId, [command], actor, opts);
  }

  /**
   * Issue several commands atomically: each is decided on the state the previous ones produced, and
   * either all their events commit in one transaction or none do (rebet, double, close-then-launch).
   * The mutex is entered synchronously, so the order of calls is the order of decisions (a bet
   * stamped before the deadline is decided before the deadline's CloseBetting).
   */
  async executeBatch(tableId: string, commands: readonly KernelCommand[], actor: Actor, opts: ExecuteOptions = {}): Promise<Result<Committed>> {
    const notOwner = this.notOwner(tableId);
    if (notOwner) return notOwner;
    const late = this.lateAtClose(tableId, commands);
    if (late) return late;
    const closeAt = this.intake ? this.closeInstant(commands, opts) : null;
    if (closeAt === null) return this.enqueue(tableId, commands, actor, opts);
    // Issue 25 §1: "no more bets" is a barrier — it waits (bounded) for every bet that arrived before it.
    const key = `${tableId}|${closeAt}|${commands.length === 1 ? (commands[0] as { reason?: string }).reason : ''}`;
    const joined = commands.length === 1 && opts.causationId === undefined ? this.closing.get(key) : undefined;
    if (joined) return joined;
    const p = this.closeThroughBarrier(tableId, closeAt, commands, actor, opts);
    if (commands.length === 1 && opts.causationId === undefined) {
      this.closing.set(key, p);
      void p.finally(() => this.closing.delete(key)).catch(() => undefined);
    }
    return p;
  }

  /** A close's instant: a CloseBetting's `at`, or the device command that closes betting (`closesBetting`). */
  private closeInstant(commands: readonly KernelCommand[], opts: ExecuteOptions): number | null {
    const close = commands.find((c) => c.type === 'CloseBetting');
    if (close) return close.at;
    return opts.closesBetting ? (commands[0]?.at ?? this.clock.now()) : null;
  }

  private async closeThroughBarrier(tableId: string, closeAt: number, commands: readonly KernelCommand[], actor: Actor, opts: ExecuteOptions): Promise<Result<Committed>> {
    const intake = this.intake;
    if (!intake) return this.enqueue(tableId, commands, actor, opts);
    const { report, release } = await intake.drain(tableId, closeAt);
    this.onDrain(report);
    try {
      return await this.enqueue(tableId, commands, actor, opts);
    } finally {
      release();
    }
  }

  private onDrain(r: DrainReport): void {
    this.metrics.closeDrain?.observe({ outcome: r.overran ? 'overran' : 'drained' }, r.drainedMs / 1000);
    if (!r.overran) return;
    void this.raise({
      tableId: r.tableId,
      severity: 'warning',
      code: 'CLOSE_DRAIN_OVERRUN',
      message: `"No more bets" waited ${Math.round(r.drainedMs)} ms (bound ${this.intake?.boundMs ?? 0} ms) for ${r.waitedFor} bets that arrived before it; those still undecided are refused as late (BETTING_CLOSED). The table's intake is overloaded.`,
    });
  }

  /**
   * While a close is at the barrier, a bet or cancel stamped at or after its instant is late (GEN-3):
   * refused here, before the queue, since the close itself is decided only after the drain.
   */
  private lateAtClose(tableId: string, commands: readonly KernelCommand[]): { ok: false; violation: Violation } | null {
    const closeAt = this.intake?.closingAt(tableId);
    if (closeAt === undefined) return null;
    const late = commands.find((c) => (c.type === 'PlaceBet' || c.type === 'CancelBet') && c.at >= closeAt);
    if (!late) return null;
    return this.rejected(late, { code: 'BETTING_CLOSED', ruleId: 'GEN-3', message: 'The bet arrived after betting closed on the server clock.', details: { at: late.at, bettingClosesAt: closeAt } }).result as { ok: false; violation: Violation };
  }

  private async enqueue(tableId: string, commands: readonly KernelCommand[], actor: Actor, opts: ExecuteOptions): Promise<Result<Committed>> {
    // Bets that arrive after this command must be decided after it: close the open bet group.
    this.bets.close(tableId);
    const { result, after } = await this.mutex.run(tableId, () => withLogContext({ tableId }, () => this.runLocked(tableId, commands, actor, opts)));
    await after();
    return result;
  }

  /** Open the next round of an open table (dealer, or automatic cadence). */
  async openRound(tableId: string, actor: Actor): Promise<Result<Committed>> {
    const notOwner = this.notOwner(tableId);
    if (notOwner) return notOwner;
    this.bets.close(tableId);
    const { result, after } = await this.mutex.run(tableId, async () => {
      const t = await this.tables.get(tableId);
      if (!t.ok) return { result: t, after: noop };
      const table = t.value;
      if (table.status !== 'open') return fail(rejection('TABLE_NOT_OPEN', null, `Table ${table.name} is ${table.status}; rounds open only on an open table.`));
      const kernel = this.kernels.get(table.game);
      if (!kernel) return fail(rejection('UNKNOWN_GAME', null, `No round kernel for ${table.game}.`));
      const cur = await this.store.loadCurrent(tableId);
      if (cur && !TERMINAL.has(cur.state.phase)) return fail(rejection('ROUND_IN_PROGRESS', 'GEN-5', `Round ${cur.roundId} is still ${cur.state.phase}.`, { roundId: cur.roundId, phase: cur.state.phase }));
      const at = this.clock.now();
      const roundId = this.ids.next('rnd');
      const fresh: LoadedRound = { roundId, tableId, game: table.game, kernel, state: kernel.initial(), openedAt: at, causations: new Set() };
      const cmd: KernelCommand = { type: 'OpenRound', at, roundId, tableId, profileId: table.profileId, bettingClosesAt: at + table.betWindowS * 1000, limits: table.limits };
      const carry = this.shoes.take(tableId, cur, kernel, cmd);
      return this.decideAndCommit(table, fresh, carry ? [cmd, carry] : [cmd], actor, {});
    });
    await after();
    return result;
  }

  /** PlaceBet with group commit (see BetGroups): the order of arrival is the order of decision. */
  placeBet(tableId: string, command: KernelCommand, actor: Actor): Promise<Result<Committed>> {
    const notOwner = this.notOwner(tableId);
    if (notOwner) return Promise.resolve(this.rejected(command, notOwner.violation).result);
    const late = this.lateAtClose(tableId, [command]);
    if (late) return Promise.resolve(late);
    return this.bets.place(tableId, command, actor);
  }

  /**
   * Several instances (issue 13): a table's round log has one writer, the instance holding its lease.
   * Anything else that would write here (a stale deadline or cadence timer after the lease was lost, a
   * command that was not routed) is refused with the retryable TABLE_OWNER_UNAVAILABLE; the table
   * router sends commands to the owner instead.
   */
  /**
   * Several instances (issue 13): an instance that does not own the table sees none of its commits, so
   * its reads (a join's snapshot, `bets/mine`) come from the event log, never from a stale cache.
   */
  private notCachedHere(tableId: string): void {
    if (this.owner !== null && !this.owner.owns(tableId)) this.store.forget(tableId);
  }

  private notOwner(tableId: string): { ok: false; violation: Violation } | null {
    if (this.owner === null || this.owner.owns(tableId)) return null;
    return { ok: false, violation: rejection('TABLE_OWNER_UNAVAILABLE', 'GEN-3', `Instance ${this.owner.instanceId} does not own table ${tableId}; its owner decides its rounds. Retry shortly.`, { tableId, retryable: true }) };
  }

  /** A new shoe was inserted (shoe.inserted, S-4): the next round tracks a full shoe again. */
  markNewShoe(tableId: string): void {
    this.shoes.markNewShoe(tableId);
  }

  // ───────────────────────────── queries (RoundReader) ─────────────────────────────

  /** The table's current round (latest opened), or null. */
  currentRound(tableId: string): Promise<LoadedRound | null> {
    this.notCachedHere(tableId);
    return this.reader.currentRound(tableId);
  }

  /** The table's last committed round, without waiting for a write in progress (join snapshots). */
  latestCommitted(tableId: string): Promise<LoadedRound | null> {
    return this.reader.latestCommitted(tableId);
  }

  /** A player's accepted bets in the table's current round (the bet ack, `GET …/bets/mine`): O(the player's bets). */
  playerBets(tableId: string, playerId: string): Promise<AcceptedBet[]> {
    this.notCachedHere(tableId);
    return this.reader.playerBets(tableId, playerId);
  }

  /** Any round by id (history, settlement), rebuilt from its events; `fresh` skips the cache. */
  round(roundId: string, opts: { fresh?: boolean } = {}): Promise<LoadedRound | null> {
    return this.reader.round(roundId, opts);
  }

  viewOf(tableId: string, audience: Audience): Promise<{ roundId: string | null; seq: number; view: unknown; next: readonly NextAction[] }> {
    this.notCachedHere(tableId);
    return this.reader.viewOf(tableId, audience);
  }

  /** Latest rounds of a table (read model). */
  history(tableId: string, limit: number): Promise<RoundSummary[]> {
    return this.reader.history(tableId, limit);
  }

  /**
   * Raw stored events of a round after `afterSeq` — for the server's own use (settlement, cadence,
   * hints). NEVER returned to a client: reads go through `eventsFor` (the audience view; lint forbids
   * `loadEvents` in controllers and gateways).
   */
  loadEvents(roundId: string, afterSeq = 0): Promise<StoredRoundEvent[]> {
    return this.reader.loadEvents(roundId, afterSeq);
  }

  /**
   * A round's stored events after `afterSeq` as `audience` may read them (issue 22 §2): the one read of
   * round events every endpoint, resync and export uses. null: no such round.
   */
  async eventsFor(roundId: string, audience: Audience, afterSeq = 0): Promise<AudienceEvent[] | null> {
    const round = await this.reader.round(roundId);
    if (!round) return null;
    const events = await this.reader.loadEvents(roundId, afterSeq);
    return audienceEvents(this.kernels.redactor(round.game), round.state.phase, events, audience);
  }

  // ───────────────────────────── recovery ─────────────────────────────

  /** Rebuild a round from its events and adopt it as its table's current round (crash recovery). */
  async adopt(roundId: string): Promise<LoadedRound | null> {
    const r = await this.store.rebuild(roundId);
    if (!r) return null;
    return this.mutex.run(r.tableId, async () => {
      this.store.offer(r);
      this.deadlines.arm(r);
      return r;
    });
  }

  /** Settlement refunded a void round whose kernel has no RoundSettled for void: mark the read model finished. */
  async finalizeVoid(roundId: string): Promise<void> {
    const r = await this.store.rebuild(roundId);
    if (!r || r.state.phase !== 'void') return;
    await this.mutex.run(r.tableId, async () => {
      const fresh = await this.store.rebuild(roundId);
      if (!fresh || fresh.state.phase !== 'void') return;
      await this.committer.markVoidFinished(fresh, this.clock.now());
    });
  }

  /** Forget cached state and the table's deadline timers (tests; an instance taking a table over or losing it). */
  invalidate(tableId: string): void {
    this.store.forget(tableId);
    this.deadlines.disarm(tableId);
  }

  /** Is the round finished (settled or void)? */
  static finished(phase: string): boolean {
    return FINISHED.has(phase);
  }

  // ───────────────────────────── the write path ─────────────────────────────

  private async runLocked(tableId: string, commands: readonly KernelCommand[], actor: Actor, opts: ExecuteOptions): Promise<Locked> {
    const t = opts.table?.tableId === tableId ? ok(opts.table) : await this.tables.get(tableId);
    if (!t.ok) return { result: t, after: noop };
    for (let attempt = 0; ; attempt++) {
      const round = opts.roundId !== undefined && this.store.cached(tableId)?.roundId !== opts.roundId ? await this.store.rebuild(opts.roundId) : await this.store.loadCurrent(tableId);
      if (!round || round.tableId !== tableId) return fail(rejection('NO_ROUND', 'GEN-3', `Table ${t.value.name} has no round${opts.roundId ? ` ${opts.roundId}` : ''}.`));
      addLogFields({ roundId: round.roundId });
      try {
        return await this.decideAndCommit(t.value, round, commands, actor, opts);
      } catch (e) {
        if (!(e instanceof ConcurrencyConflict) || attempt >= 2) throw e;
        this.log.warn(`round ${round.roundId}: concurrent append (seq ${e.expectedSeq}); reloading`);
        this.store.forget(tableId);
      }
    }
  }

  private async decideAndCommit(table: Table, round: LoadedRound, commands: readonly KernelCommand[], actor: Actor, opts: ExecuteOptions): Promise<Locked> {
    if (opts.causationId !== undefined && round.causations.has(opts.causationId)) {
      return { result: ok({ roundId: round.roundId, seq: round.state.seq, phase: round.state.phase, events: [], duplicate: true }), after: noop };
    }
    const all = opts.closesBetting && round.state.phase === 'betting' ? [{ type: 'CloseBetting', at: commands[0]?.at ?? this.clock.now(), reason: 'device' }, ...commands] : commands;
    const d = decideCommands(round.kernel, round.game, round.state, all);
    if (!d.ok) return this.rejected(d.command, d.violation);
    const { state, events } = d;
    if (events.length === 0) return { result: ok({ roundId: round.roundId, seq: state.seq, phase: state.phase, events: [], duplicate: true }), after: noop };
    try {
      const c = await this.commit(table, round, state, events, actor, opts.causationId ?? null);
      return { result: ok(c.committed), after: c.after };
    } catch (e) {
      const now = this.clock.now();
      if (e instanceof BetIdTaken) {
        return this.rejected(commands[0] ?? { type: '?', at: now }, rejection('BET_ID_CONFLICT', null, `Bet id ${e.betId} was already used for another bet.`, { betId: e.betId }));
      }
      if (e instanceof InsufficientFunds) {
        return this.rejected(commands[0] ?? { type: '?', at: now }, rejection('INSUFFICIENT_FUNDS', 'GEN-4', 'Your balance does not cover this bet.', { balanceMinor: e.balanceMinor, neededMinor: e.neededMinor }));
      }
      throw e;
    }
  }

  /**
   * Commit decided events (RoundCommitter's transaction), then cache, index, metrics, frames and
   * deadlines. Throws BetIdTaken / InsufficientFunds / ConcurrencyConflict (nothing written).
   */
  private async commit(table: Table, round: LoadedRound, state: RoundStateBase, events: readonly KernelEvent[], actor: Actor, causationId: string | null): Promise<{ committed: Committed; stored: StoredRoundEvent[]; after: () => Promise<void> }> {
    const roundId = round.roundId;
    const stored = await this.committer.write(table, round, state, events, causationId, this.clock.now());

    const causations = causationId !== null ? new Set([...round.causations, causationId]) : round.causations;
    const next: LoadedRound = { ...round, state, causations };
    const isCurrent = this.store.offer(next);
    this.index.onCommit(round, events, state.seq);

    const accepted = events.filter((e) => e.type === 'BetAccepted').length;
    if (accepted > 0) this.metrics.betsAccepted.inc(accepted);
    this.frames$.next({ tableId: table.tableId, roundId, game: round.game, kernel: round.kernel, events: stored, state, previousPhase: round.state.phase });
    if (isCurrent) this.deadlines.arm(next);

    const before = round.state.phase;
    const after = async (): Promise<void> => {
      // Bets settled before the round's end (Riverside's Bonus before turn and river, §7.4): post them now.
      if (events.some((e) => e.type === 'BetsSettled')) await this.settleEarly(table, roundId);
      if (state.phase !== before && (state.phase === 'resolved' || state.phase === 'void')) await this.onRoundDone(table, next, actor);
      // A kernel that reports play stalled (a dealing step overdue, issue 9 §5): the pit boss hears it once per round.
      const stalled = events.find((e) => e.type.endsWith('Stalled'));
      if (stalled && this.stallAlerted.get(table.tableId) !== roundId) {
        this.stallAlerted.set(table.tableId, roundId);
        await this.raise({ tableId: table.tableId, roundId, severity: 'warning', code: 'PLAY_STALLED', message: `Round ${roundId}: play stalled (${stalled.type}) — the pit boss checks the table; the round resumes with the next device event or is voided with refunds.` });
      }
      if (state.phase === 'halted' && before !== 'halted') {
        await this.raise({ tableId: table.tableId, roundId, severity: 'warning', code: 'ROUND_HALTED', message: `Round ${roundId} halted: the pit boss must decide (void with refund, or an approved correction).` });
      }
    };
    return { committed: { roundId, seq: state.seq, phase: state.phase, events: stored, duplicate: false }, stored, after };
  }

  private rejected(command: KernelCommand, v: Violation): Locked {
    if (command.type === 'PlaceBet') this.metrics.betsRejected.inc({ code: v.code });
    return fail(v);
  }

  private async settleEarly(table: Table, roundId: string): Promise<void> {
    try {
      await this.settlement.settleEarly?.(roundId);
    } catch (e) {
      await this.raise({ tableId: table.tableId, roundId, severity: 'critical', code: 'EARLY_SETTLEMENT_DELAYED', message: `Bets of round ${roundId} settled early could not be posted yet (${(e as Error).message}); the round's settlement posts them at its end.` });
    }
  }

  private async onRoundDone(table: Table, round: LoadedRound, _actor: Actor): Promise<void> {
    this.metrics.roundsTotal.inc({ game: round.game, outcome: round.state.phase });
    try {
      await this.settlement.enqueue(round.roundId);
    } catch (e) {
      await this.raise({ tableId: table.tableId, roundId: round.roundId, severity: 'critical', code: 'SETTLEMENT_ENQUEUE_FAILED', message: `Round ${round.roundId} could not be queued for settlement: ${(e as Error).message}` });
    }
    // The next round of an auto table: CadenceService (it watches frames$ for the end of a round).
  }

  private async raise(alert: Parameters<AlertsPort['raise']>[0]): Promise<void> {
    try {
      await this.alerts.raise(alert);
    } catch (e) {
      this.log.error(`alert ${alert.code} could not be raised: ${(e as Error).message}`);
    }
  }
}
