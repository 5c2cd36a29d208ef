import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { ok, type AcceptedBet, type Audience, type Deadline, type NextAction, type Result, type RoundStateBase, type Violation } from '@felt/games';
import { Subject } from 'rxjs';
import { CLOCK, IDS, type Clock, type Ids } from '../config/clock.js';
import { ConcurrencyConflict, DuplicateKey, InsufficientFunds, UNIT_OF_WORK, type StoredRoundEvent, type Tx, type UnitOfWork } from '../ports/persistence.port.js';
import type { Table } from '../tables/table.model.js';
import { TablesService } from '../tables/tables.service.js';
import { betDebitPosting, betRefundPosting } from '../wallet/ledger.rules.js';
import { KeyedMutex } from './keyed-mutex.js';
import { KERNELS, type AnyKernel, type KernelCommand, type KernelEvent, type KernelRegistry } from './kernel.registry.js';
import { ROUNDS_ALERTS, ROUNDS_METRICS, ROUNDS_SETTLEMENT_QUEUE, type AlertsPort, type RoundsMetricsPort, type SettlementQueuePort } from './rounds.ports.js';
import { rejection, SERVER_CODES, SYSTEM_ACTOR, type Actor } from './rounds.types.js';
import { SCHEDULER, type Scheduler } from './scheduler.js';

/** A loaded round: its kernel and the fold of its events. */
export interface LoadedRound {
  readonly roundId: string;
  readonly tableId: string;
  readonly game: string;
  readonly kernel: AnyKernel;
  readonly state: RoundStateBase;
  readonly openedAt: number;
  /** Causation ids of the round's events (device `(deviceId, seq)` de-duplication survives restarts). */
  readonly causations: ReadonlySet<string>;
}

/** Published after every commit, in commit order per table (realtime fan-out, device reactions). */
export interface RoundFrame {
  readonly tableId: string;
  readonly roundId: string;
  readonly game: string;
  readonly kernel: AnyKernel;
  readonly events: readonly StoredRoundEvent[];
  readonly state: RoundStateBase;
  readonly previousPhase: string;
}

export interface Committed {
  readonly roundId: string;
  readonly seq: number;
  readonly phase: string;
  readonly events: readonly StoredRoundEvent[];
  /** True when nothing was appended (an idempotent replay, e.g. the same bet id twice). */
  readonly duplicate: boolean;
}

export interface ExecuteOptions {
  /** Target a specific round of the table (settlement of a finished round); default: the current one. */
  readonly roundId?: string;
  /** Stored with the events; device events use `dev:<deviceId>:<seq>` (idempotent ingest). */
  readonly causationId?: string;
  /**
   * The command is a device sign that play started (ball launch, first card, dice): when betting is
   * still open it is closed first (reason 'device'), in the same decision (GEN-3, ROU-3).
   */
  readonly closesBetting?: boolean;
}

const READ_MODEL_EVERY = 25;
/**
 * Read-model phase of a void round whose refunds are not posted yet. `listUnfinished()` treats `void`
 * as finished, so a crash between RoundVoided and the refund job would otherwise lose the refunds;
 * the row says `void` only once settlement has marked the round (see `finalizeVoid`).
 */
export const VOID_PENDING_PHASE = 'void-pending';
const readModelPhase = (phase: string): string => (phase === 'void' ? VOID_PENDING_PHASE : phase);
const TERMINAL = new Set(['resolved', 'settled', 'void']);
const FINISHED = new Set(['settled', 'void']);

/**
 * The one write path of the studio (ARCHITECTURE.md): load → kernel.decide → one transaction
 * (events + read model + bet rows + ledger postings) → evolve → publish → arm deadlines.
 * Commands for one table are serialised by a per-table mutex, so the kernel always decides on the
 * latest state and no two commands interleave.
 */
@Injectable()
export class RoundsService implements OnModuleDestroy {
  readonly frames$ = new Subject<RoundFrame>();
  private readonly log = new Logger('RoundsService');
  private readonly mutex = new KeyedMutex();
  /** Current (latest) round per table. */
  private readonly current = new Map<string, LoadedRound>();
  private readonly deadlineTimers = new Map<string, Map<string, () => void>>();
  private readonly newShoe = new Set<string>();
  /** Per current round: each player's accepted bets, kept up to date by every commit (O(1) per bet). */
  private readonly playerBetIndex = new Map<string, PlayerBetIndex>();
  /** Per table: the bets of the next group commit, joinable until another command is queued. */
  private readonly openBets = new Map<string, PendingBet[]>();
  private disposed = false;

  constructor(
    @Inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @Inject(KERNELS) private readonly kernels: KernelRegistry,
    @Inject(TablesService) private readonly tables: TablesService,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(IDS) private readonly ids: Ids,
    @Inject(SCHEDULER) private readonly scheduler: Scheduler,
    @Inject(ROUNDS_SETTLEMENT_QUEUE) private readonly settlement: SettlementQueuePort,
    @Inject(ROUNDS_ALERTS) private readonly alerts: AlertsPort,
    @Inject(ROUNDS_METRICS) private readonly metrics: RoundsMetricsPort,
  ) {}

  /** Stops every timer (graceful shutdown, or a test disposing an app to simulate a crash). */
  onModuleDestroy(): void {
    this.disposed = true;
    for (const timers of this.deadlineTimers.values()) for (const cancel of timers.values()) cancel();
    this.deadlineTimers.clear();
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
    // Bets that arrive after this command must be decided after it: close the open bet group.
    this.openBets.delete(tableId);
    const { result, after } = await this.mutex.run(tableId, () => this.runLocked(tableId, commands, actor, opts));
    await after();
    return result;
  }

  /** Open the next round of an open table (dealer, or automatic cadence). */
  async openRound(tableId: string, actor: Actor): Promise<Result<Committed>> {
    this.openBets.delete(tableId);
    const { result, after } = await this.mutex.run(tableId, async () => {
      const t = await this.tables.get(tableId);
      if (!t.ok) return { result: t, after: noop };
      const table = t.value;
      if (table.status !== 'open') return fail(rejection(SERVER_CODES.TABLE_NOT_OPEN, null, `Table ${table.name} is ${table.status}; rounds open only on an open table.`));
      const kernel = this.kernels.get(table.game);
      if (!kernel) return fail(rejection(SERVER_CODES.UNKNOWN_GAME, null, `No round kernel for ${table.game}.`));
      const cur = await this.loadCurrent(tableId);
      if (cur && !TERMINAL.has(cur.state.phase)) return fail(rejection(SERVER_CODES.ROUND_IN_PROGRESS, 'GEN-5', `Round ${cur.roundId} is still ${cur.state.phase}.`, { roundId: cur.roundId, phase: cur.state.phase }));
      const at = this.clock.now();
      const roundId = this.ids.next('rnd');
      const fresh: LoadedRound = { roundId, tableId, game: table.game, kernel, state: kernel.initial(), openedAt: at, causations: new Set() };
      const cmd: KernelCommand = { type: 'OpenRound', at, roundId, tableId, profileId: table.profileId, bettingClosesAt: at + table.betWindowS * 1000, limits: table.limits };
      const carry = this.shoeCarry(tableId, cur, kernel, cmd);
      this.newShoe.delete(tableId);
      return this.decideAndCommit(table, fresh, carry ? [cmd, carry] : [cmd], actor, {});
    });
    await after();
    return result;
  }

  /**
   * PlaceBet with group commit: bets that arrive while the table's queue is busy are decided one by
   * one (each on the state the previous ones produced, each with its own result) and committed in ONE
   * transaction. The group stays open only until any other command is queued for the table, so the
   * order of arrival is still the order of decision (a bet after "no more bets" is decided after it).
   * If the group cannot commit (a wallet short of funds, a reused bet id, a concurrent writer), its
   * bets are decided and committed one by one instead.
   */
  placeBet(tableId: string, command: KernelCommand, actor: Actor): Promise<Result<Committed>> {
    let group = this.openBets.get(tableId);
    if (!group) {
      const g: PendingBet[] = [];
      group = g;
      this.openBets.set(tableId, g);
      this.mutex
        .run(tableId, async () => {
          if (this.openBets.get(tableId) === g) this.openBets.delete(tableId);
          return this.flushBets(tableId, g);
        })
        .then(
          (after) => after(),
          (e: unknown) => {
            for (const it of g) it.reject(e);
          },
        )
        .catch((e: unknown) => this.log.error(`bet group on ${tableId}: ${(e as Error).stack ?? String(e)}`));
    }
    const target = group;
    return new Promise<Result<Committed>>((resolve, reject) => target.push({ command, actor, resolve, reject }));
  }

  private async flushBets(tableId: string, items: readonly PendingBet[]): Promise<() => Promise<void>> {
    const single = items.length === 1 ? items[0] : undefined;
    if (single) {
      const l = await this.runLocked(tableId, [single.command], single.actor, {});
      single.resolve(l.result);
      return l.after;
    }
    const t = await this.tables.get(tableId);
    if (!t.ok) {
      for (const it of items) it.resolve(t);
      return noop;
    }
    const round = await this.loadCurrent(tableId);
    if (!round) {
      const none = fail(rejection(SERVER_CODES.NO_ROUND, 'GEN-3', `Table ${t.value.name} has no round.`)).result;
      for (const it of items) it.resolve(none);
      return noop;
    }
    let state = round.state;
    const events: KernelEvent[] = [];
    const taken: { it: PendingBet; from: number; to: number }[] = [];
    for (const it of items) {
      let d: ReturnType<AnyKernel['decide']> | undefined;
      try {
        d = round.kernel.decide(state, it.command) as ReturnType<AnyKernel['decide']> | undefined;
      } catch (e) {
        it.resolve(this.rejected(it.command, rejection('INVALID_COMMAND', null, `${it.command.type} is malformed: ${(e as Error).message}`), round).result);
        continue;
      }
      if (d === undefined) {
        it.resolve(this.rejected(it.command, rejection('UNKNOWN_COMMAND', null, `${round.game} has no command ${it.command.type}.`), round).result);
        continue;
      }
      if (!d.ok) {
        it.resolve(this.rejected(it.command, d.violation, round).result);
        continue;
      }
      if (d.events.length === 0) {
        it.resolve(ok({ roundId: round.roundId, seq: state.seq, phase: state.phase, events: [], duplicate: true }));
        continue;
      }
      const from = events.length;
      for (const e of d.events) {
        state = round.kernel.evolve(state, e);
        events.push(e);
      }
      taken.push({ it, from, to: events.length });
    }
    const first = taken[0];
    if (!first) return noop;
    try {
      const c = await this.commit(t.value, round, state, events, first.it.actor, null);
      for (const x of taken) x.it.resolve(ok({ ...c.committed, events: c.stored.slice(x.from, x.to) }));
      return c.after;
    } catch (e) {
      if (!(e instanceof InsufficientFunds || e instanceof BetIdTaken || e instanceof ConcurrencyConflict)) throw e;
      if (e instanceof ConcurrencyConflict) this.current.delete(tableId);
      const afters: (() => Promise<void>)[] = [];
      for (const x of taken) {
        const l = await this.runLocked(tableId, [x.it.command], x.it.actor, {});
        x.it.resolve(l.result);
        afters.push(l.after);
      }
      return async () => {
        for (const f of afters) await f();
      };
    }
  }

  /** A new shoe was inserted (shoe.inserted, S-4): the next round tracks a full shoe again. */
  markNewShoe(tableId: string): void {
    this.newShoe.add(tableId);
  }

  /**
   * S-1 across rounds: a kernel that tracks the shoe's composition (baccarat) gets the previous
   * round's shoe attached to the new round, unless the cut card came out or a new shoe was inserted.
   */
  private shoeCarry(tableId: string, prev: LoadedRound | null, kernel: AnyKernel, open: KernelCommand): KernelCommand | null {
    if (!prev || prev.kernel !== kernel || this.newShoe.has(tableId)) return null;
    const shoe = (prev.state as unknown as { shoe?: { decks: number; remaining: unknown; dealt: number; total: number; cutAt: number | null; cutCardOut: boolean } }).shoe;
    if (!shoe || typeof shoe !== 'object' || shoe.cutCardOut) return null;
    const attach: KernelCommand = { type: 'AttachShoe', at: open.at, shoe: { decks: shoe.decks, remaining: shoe.remaining, dealt: shoe.dealt, total: shoe.total, cutAt: shoe.cutAt, cutCardOut: shoe.cutCardOut } };
    // Only when the kernel takes it (a game without AttachShoe simply starts each round fresh).
    try {
      const opened = kernel.decide(kernel.initial(), open);
      if (!opened || !opened.ok) return null;
      const s = opened.events.reduce((st, e) => kernel.evolve(st, e), kernel.initial());
      const d = kernel.decide(s, attach) as ReturnType<AnyKernel['decide']> | undefined;
      return d?.ok ? attach : null;
    } catch (e) {
      this.log.warn(`shoe carry for ${tableId} skipped: ${(e as Error).message}`);
      return null;
    }
  }

  // ───────────────────────────── queries ─────────────────────────────

  /** The table's current round (latest opened), or null. */
  async currentRound(tableId: string): Promise<LoadedRound | null> {
    return this.mutex.run(tableId, () => this.loadCurrent(tableId));
  }

  /**
   * A player's accepted bets in the table's current round (the bet ack, `GET …/bets/mine`): from an
   * index the write path keeps up to date, so an ack costs O(the player's bets), not O(all bets).
   */
  async playerBets(tableId: string, playerId: string): Promise<AcceptedBet[]> {
    return this.mutex.run(tableId, async () => {
      const cur = await this.loadCurrent(tableId);
      if (!cur) return [];
      let idx = this.playerBetIndex.get(tableId);
      if (idx?.roundId !== cur.roundId || idx.seq !== cur.state.seq) {
        idx = { roundId: cur.roundId, seq: cur.state.seq, byPlayer: new Map() };
        for (const b of Object.values(cur.state.bets)) addBet(idx, b);
        this.playerBetIndex.set(tableId, idx);
      }
      return [...(idx.byPlayer.get(playerId)?.values() ?? [])];
    });
  }

  /** Any round by id (history, settlement), rebuilt from its events; `fresh` skips the cache. */
  async round(roundId: string, opts: { fresh?: boolean } = {}): Promise<LoadedRound | null> {
    if (!opts.fresh) for (const r of this.current.values()) if (r.roundId === roundId) return r;
    return this.rebuild(roundId);
  }

  async viewOf(tableId: string, audience: Audience): Promise<{ roundId: string | null; seq: number; view: unknown; next: readonly NextAction[] }> {
    const r = await this.currentRound(tableId);
    if (!r) return { roundId: null, seq: 0, view: null, next: [] };
    return { roundId: r.roundId, seq: r.state.seq, view: r.kernel.view(r.state, audience), next: audience.role === 'player' ? [] : r.kernel.next(r.state) };
  }

  /** Latest rounds of a table (read model). */
  async history(tableId: string, limit: number): Promise<{ roundId: string; phase: string; seq: number; openedAt: number; updatedAt: number }[]> {
    const rows = await this.uow.run((tx) => tx.rounds.listByTable(tableId, limit));
    return rows.map((r) => ({ roundId: r.roundId, phase: r.phase, seq: r.seq, openedAt: r.openedAt, updatedAt: r.updatedAt }));
  }

  /** Stored events of a round after `afterSeq` (resync). */
  loadEvents(roundId: string, afterSeq = 0): Promise<StoredRoundEvent[]> {
    return this.uow.run((tx) => tx.events.load(roundId, afterSeq));
  }

  // ───────────────────────────── recovery ─────────────────────────────

  /** Rebuild a round from its events and adopt it as its table's current round (crash recovery). */
  async adopt(roundId: string): Promise<LoadedRound | null> {
    const r = await this.rebuild(roundId);
    if (!r) return null;
    return this.mutex.run(r.tableId, async () => {
      const cur = this.current.get(r.tableId);
      if (!cur || cur.openedAt <= r.openedAt) this.current.set(r.tableId, r);
      this.armDeadlines(r);
      return r;
    });
  }

  /** Settlement refunded a void round whose kernel has no RoundSettled for void: mark the read model finished. */
  async finalizeVoid(roundId: string): Promise<void> {
    const r = await this.rebuild(roundId);
    if (!r || r.state.phase !== 'void') return;
    await this.mutex.run(r.tableId, async () => {
      const fresh = await this.rebuild(roundId);
      if (!fresh || fresh.state.phase !== 'void') return;
      await this.uow.run((tx) => tx.rounds.upsert({ roundId, tableId: fresh.tableId, game: fresh.game, seq: fresh.state.seq, phase: 'void', state: fresh.state, openedAt: fresh.openedAt, updatedAt: this.clock.now() }));
    });
  }

  /** Forget cached state (tests; a standby instance taking over). */
  invalidate(tableId: string): void {
    this.current.delete(tableId);
  }

  // ───────────────────────────── internals ─────────────────────────────

  private async runLocked(tableId: string, commands: readonly KernelCommand[], actor: Actor, opts: ExecuteOptions): Promise<Locked> {
    const t = await this.tables.get(tableId);
    if (!t.ok) return { result: t, after: noop };
    for (let attempt = 0; ; attempt++) {
      const round = opts.roundId !== undefined && this.current.get(tableId)?.roundId !== opts.roundId ? await this.rebuild(opts.roundId) : await this.loadCurrent(tableId);
      if (!round || round.tableId !== tableId) return fail(rejection(SERVER_CODES.NO_ROUND, 'GEN-3', `Table ${t.value.name} has no round${opts.roundId ? ` ${opts.roundId}` : ''}.`));
      try {
        return await this.decideAndCommit(t.value, round, commands, actor, opts);
      } catch (e) {
        if (!(e instanceof ConcurrencyConflict) || attempt >= 2) throw e;
        this.log.warn(`round ${round.roundId}: concurrent append (seq ${e.expectedSeq}); reloading`);
        this.current.delete(tableId);
      }
    }
  }

  private async decideAndCommit(table: Table, round: LoadedRound, commands: readonly KernelCommand[], actor: Actor, opts: ExecuteOptions): Promise<Locked> {
    const { kernel } = round;
    if (opts.causationId !== undefined && round.causations.has(opts.causationId)) {
      return { result: ok({ roundId: round.roundId, seq: round.state.seq, phase: round.state.phase, events: [], duplicate: true }), after: noop };
    }
    let state = round.state;
    const events: KernelEvent[] = [];
    const all = opts.closesBetting && state.phase === 'betting' ? [{ type: 'CloseBetting', at: commands[0]?.at ?? this.clock.now(), reason: 'device' }, ...commands] : commands;
    for (const c of all) {
      let d: ReturnType<AnyKernel['decide']> | undefined;
      try {
        d = kernel.decide(state, c) as ReturnType<AnyKernel['decide']> | undefined;
      } catch (e) {
        // decide must not throw for a rule breach; a malformed hand-entered command might still trip it.
        return this.rejected(c, rejection('INVALID_COMMAND', null, `${c.type} is malformed: ${(e as Error).message}`), round);
      }
      // A kernel's decide switch has no case for a command of another game: reject, never crash.
      if (d === undefined) return this.rejected(c, rejection('UNKNOWN_COMMAND', null, `${round.game} has no command ${c.type}.`), round);
      if (!d.ok) return this.rejected(c, d.violation, round);
      for (const e of d.events) {
        state = kernel.evolve(state, e);
        events.push(e);
      }
    }
    if (events.length === 0) return { result: ok({ roundId: round.roundId, seq: state.seq, phase: state.phase, events: [], duplicate: true }), after: noop };
    try {
      const c = await this.commit(table, round, state, events, actor, opts.causationId ?? null);
      return { result: ok(c.committed), after: c.after };
    } catch (e) {
      const now = this.clock.now();
      if (e instanceof BetIdTaken) {
        return this.rejected(commands[0] ?? { type: '?', at: now }, rejection('BET_ID_CONFLICT', null, `Bet id ${e.betId} was already used for another bet.`, { betId: e.betId }), round);
      }
      if (e instanceof InsufficientFunds) {
        return this.rejected(commands[0] ?? { type: '?', at: now }, rejection(SERVER_CODES.INSUFFICIENT_FUNDS, 'GEN-4', 'Your balance does not cover this bet.', { balanceMinor: e.balanceMinor, neededMinor: e.neededMinor }), round);
      }
      throw e;
    }
  }

  /**
   * One transaction for decided events (events + read model + bet rows + postings), then cache,
   * frames and deadlines. Throws BetIdTaken / InsufficientFunds / ConcurrencyConflict (nothing written).
   */
  private async commit(table: Table, round: LoadedRound, state: RoundStateBase, events: readonly KernelEvent[], actor: Actor, causationId: string | null): Promise<{ committed: Committed; stored: StoredRoundEvent[]; after: () => Promise<void> }> {
    const { kernel } = round;
    const now = this.clock.now();
    const roundId = round.roundId;
    const stored = await this.uow.run(async (tx) => {
      const appended = await tx.events.append(roundId, table.tableId, round.state.seq, events.map((e) => ({ type: e.type, at: e.at, payload: e })), causationId);
      // The read model is a cache of the fold (decisions always replay events). Pure bet commits refresh
      // it every READ_MODEL_EVERY events only: rewriting a state holding every bet on every bet is O(n²).
      const onlyBets = events.every((e) => e.type === 'BetAccepted' || e.type === 'BetCancelled');
      if (!onlyBets || Math.floor(state.seq / READ_MODEL_EVERY) !== Math.floor(round.state.seq / READ_MODEL_EVERY)) {
        await tx.rounds.upsert({ roundId, tableId: table.tableId, game: round.game, seq: state.seq, phase: readModelPhase(state.phase), state, openedAt: round.openedAt, updatedAt: now });
      }
      await this.applyMoney(tx, table, roundId, events, now);
      return appended;
    });

    const causations = causationId !== null ? new Set([...round.causations, causationId]) : round.causations;
    const next: LoadedRound = { ...round, state, causations };
    const cur = this.current.get(table.tableId);
    const isCurrent = !cur || cur.roundId === roundId || cur.openedAt <= round.openedAt;
    if (isCurrent) this.current.set(table.tableId, next);
    const idx = this.playerBetIndex.get(table.tableId);
    if (idx && idx.roundId === roundId && idx.seq === round.state.seq) {
      for (const e of events) {
        if (e.type === 'BetAccepted') addBet(idx, (e as unknown as { bet: AcceptedBet }).bet);
        else if (e.type === 'BetCancelled') {
          const c = e as unknown as { betId: string; playerId: string };
          idx.byPlayer.get(c.playerId)?.delete(c.betId);
        }
      }
      idx.seq = state.seq;
    }

    const accepted = events.filter((e) => e.type === 'BetAccepted').length;
    if (accepted > 0) this.metrics.betsAccepted.inc(accepted);
    this.frames$.next({ tableId: table.tableId, roundId, game: round.game, kernel, events: stored, state, previousPhase: round.state.phase });
    if (isCurrent) this.armDeadlines(next);

    const before = round.state.phase;
    const after = async (): Promise<void> => {
      if (state.phase !== before && (state.phase === 'resolved' || state.phase === 'void')) await this.onRoundDone(table, next, actor);
      if (state.phase === 'halted' && before !== 'halted') {
        await this.raise({ tableId: table.tableId, roundId, severity: 'warning', code: 'ROUND_HALTED', message: `Round ${roundId} halted: the pit boss must decide (void with refund, or an approved correction).` });
      }
    };
    return { committed: { roundId, seq: state.seq, phase: state.phase, events: stored, duplicate: false }, stored, after };
  }

  /** Bet rows and ledger postings in the same transaction as the events (non-negotiable 2). */
  private async applyMoney(tx: Tx, table: Table, roundId: string, events: readonly KernelEvent[], now: number): Promise<void> {
    for (const e of events) {
      if (e.type === 'BetAccepted') {
        const bet = (e as unknown as { bet: { betId: string; playerId: string; spot: string; kind: string; stakeMinor: number; acceptedAt: number } }).bet;
        // Bet ids are global idempotency keys: an id already used in another round is a conflict.
        if (await tx.bets.get(bet.betId)) throw new BetIdTaken(bet.betId);
        // Two tables racing on one id: the loser's insert finds the winner's row (never a 5xx).
        await tx.bets.insert({ betId: bet.betId, roundId, tableId: table.tableId, playerId: bet.playerId, spot: bet.spot, kind: bet.kind, stakeMinor: bet.stakeMinor, currency: table.currency, status: 'accepted', returnMinor: null, placedAt: bet.acceptedAt, settledAt: null }).catch((e: unknown) => {
          throw e instanceof DuplicateKey ? new BetIdTaken(bet.betId) : e;
        });
        const p = betDebitPosting({ betId: bet.betId, playerId: bet.playerId, stakeMinor: bet.stakeMinor, currency: table.currency });
        await tx.ledger.post(p.postingId, p.entries.map((x) => ({ ...x, at: now })));
      } else if (e.type === 'BetCancelled') {
        const c = e as unknown as { betId: string; playerId: string; stakeMinor: number };
        await tx.bets.transition(c.betId, 'accepted', 'cancelled', null, now);
        const p = betRefundPosting({ betId: c.betId, playerId: c.playerId, stakeMinor: c.stakeMinor, currency: table.currency });
        await tx.ledger.post(p.postingId, p.entries.map((x) => ({ ...x, at: now })));
      }
    }
  }

  private rejected(command: KernelCommand, v: Violation, _round: LoadedRound): Locked {
    if (command.type === 'PlaceBet') this.metrics.betsRejected.inc({ code: v.code });
    return fail(v);
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

  /** Arm exactly the kernel's current deadlines for the table (diffed; a past deadline fires at once). */
  private armDeadlines(round: LoadedRound): void {
    if (this.disposed) return;
    const wanted = new Map<string, Deadline>(round.kernel.deadlines(round.state).map((d) => [`${round.roundId}|${d.at}|${JSON.stringify(d.command)}`, d]));
    const armed = this.deadlineTimers.get(round.tableId) ?? new Map<string, () => void>();
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
          this.execute(round.tableId, d.command as KernelCommand, SYSTEM_ACTOR, { roundId: round.roundId }).then(
            (r) => {
              if (!r.ok) this.log.debug?.(`deadline ${d.command.type} on ${round.roundId}: ${r.violation.code}`);
            },
            (e: unknown) => this.log.error(`deadline ${d.command.type} on ${round.roundId} failed: ${(e as Error).stack ?? String(e)}`),
          );
        }),
      );
    }
    this.deadlineTimers.set(round.tableId, armed);
  }

  private async loadCurrent(tableId: string): Promise<LoadedRound | null> {
    const cached = this.current.get(tableId);
    if (cached) return cached;
    const rows = await this.uow.run((tx) => tx.rounds.listByTable(tableId, 1));
    const row = rows[0];
    if (!row) return null;
    const r = await this.rebuild(row.roundId);
    if (r) this.current.set(tableId, r);
    return r;
  }

  /** State is a fold of events (STYLE.md habit 2): the read model is never trusted for decisions. */
  private async rebuild(roundId: string): Promise<LoadedRound | null> {
    const { row, events } = await this.uow.run(async (tx) => ({ row: await tx.rounds.get(roundId), events: await tx.events.load(roundId) }));
    if (!row) return null;
    const kernel = this.kernels.get(row.game);
    if (!kernel) throw new Error(`round ${roundId}: no kernel for game ${row.game}`);
    let state = kernel.initial();
    const causations = new Set<string>();
    for (const e of events) {
      state = kernel.evolve(state, e.payload as KernelEvent);
      if (e.causationId !== null) causations.add(e.causationId);
    }
    return { roundId, tableId: row.tableId, game: row.game, kernel, state, openedAt: row.openedAt, causations };
  }

  private async raise(alert: Parameters<AlertsPort['raise']>[0]): Promise<void> {
    try {
      await this.alerts.raise(alert);
    } catch (e) {
      this.log.error(`alert ${alert.code} could not be raised: ${(e as Error).message}`);
    }
  }

  /** Is the round finished (settled or void)? */
  static finished(phase: string): boolean {
    return FINISHED.has(phase);
  }
}

interface PlayerBetIndex {
  readonly roundId: string;
  seq: number;
  readonly byPlayer: Map<string, Map<string, AcceptedBet>>;
}

function addBet(idx: PlayerBetIndex, b: AcceptedBet): void {
  let m = idx.byPlayer.get(b.playerId);
  if (!m) {
    m = new Map();
    idx.byPlayer.set(b.playerId, m);
  }
  m.set(b.betId, b);
}

interface PendingBet {
  readonly command: KernelCommand;
  readonly actor: Actor;
  readonly resolve: (r: Result<Committed>) => void;
  readonly reject: (e: unknown) => void;
}

class BetIdTaken extends Error {
  constructor(readonly betId: string) {
    super(`bet id ${betId} taken`);
  }
}

interface Locked {
  readonly result: Result<Committed>;
  readonly after: () => Promise<void>;
}
const noop = async (): Promise<void> => undefined;
const fail = (v: Violation): Locked => ({ result: { ok: false, violation: v }, after: noop });
