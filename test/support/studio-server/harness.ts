import * as games from '@felt-studio/games';
import type { Result } from '@felt-studio/games';
import { FixedClock, SequentialIds } from '../../../apps/studio-server/src/shared/clock.js';
import type { LedgerReader } from '../../../apps/studio-server/src/persistence/persistence.common.js';
import type { UnitOfWork } from '../../../apps/studio-server/src/shared/ports/persistence.port.js';
import { InMemoryTablesRepository, type Table } from '../../../apps/studio-server/src/tables/table.model.js';
import { TablesService } from '../../../apps/studio-server/src/tables/tables.service.js';
import { checkLedgerInvariants, depositPosting, settlementPosting, type LedgerInvariantViolation } from '../../../apps/studio-server/src/shared/ledger.rules.js';
import { MapKernelRegistry, type AnyKernel } from '../../../apps/studio-server/src/kernels/kernel.registry.js';
import type { AlertInput, AlertsPort, AuditInput, AuditPort, RoundsMetricsPort, SettlementQueuePort } from '../../../apps/studio-server/src/shared/ports/rounds.ports.js';
import { RoundsService } from '../../../apps/studio-server/src/rounds/rounds.service.js';
import type { Actor } from '../../../apps/studio-server/src/shared/command.types.js';
import type { IntakeBarrier } from '../../../apps/studio-server/src/shared/host/intake-barrier.js';
import { ManualScheduler } from '../../../apps/studio-server/src/shared/host/scheduler.js';
import { RoundsSettlementSource } from '../../../apps/studio-server/src/rounds/settlement-source.js';
import { coinAsAny } from './coin.kernel.js';
import { InMemoryUnitOfWork } from '../../../apps/studio-server/src/persistence/in-memory.uow.js';
import { RecoveryService, type RecoveryReport } from '../../../apps/studio-server/src/rounds/recovery.service.js';
import { CadenceService } from '../../../apps/studio-server/src/rounds/cadence.service.js';
import { InMemoryPendingRequests } from '../../../apps/studio-server/src/rounds/pending-requests.js';
import { RoundControlService } from '../../../apps/studio-server/src/rounds/round-control.service.js';

/** Records alerts (and lets tests subscribe). */
export class FakeAlerts implements AlertsPort {
  readonly raised: AlertInput[] = [];
  /** Conditions that cleared (issue 20 defect 8): table, condition, subject. */
  readonly resolved: { tableId: string; condition: string; subject: string | undefined }[] = [];
  raise(a: AlertInput): void {
    this.raised.push(a);
  }
  resolve(tableId: string, condition: 'DEVICE_ONLINE', _detail: string, subject?: string): void {
    this.resolved.push({ tableId, condition, subject });
  }
}

export class FakeAudit implements AuditPort {
  readonly entries: AuditInput[] = [];
  record(e: AuditInput): void {
    this.entries.push(e);
  }
}

/** Counts per metric and label (the platform's MetricsService wraps prom-client the same way). */
export class FakeMetrics implements RoundsMetricsPort {
  readonly counts = new Map<string, number>();
  private bump(key: string, by = 1): void {
    this.counts.set(key, (this.counts.get(key) ?? 0) + by);
  }
  readonly betsAccepted = { inc: (n = 1): void => this.bump('betsAccepted', n) };
  readonly betsRejected = { inc: (l: { code?: string }, n = 1): void => this.bump(`betsRejected:${l.code ?? ''}`, n) };
  readonly roundsTotal = { inc: (l: { game?: string; outcome?: string }, n = 1): void => this.bump(`roundsTotal:${l.game ?? ''}:${l.outcome ?? ''}`, n) };
  readonly deviceFaults = { inc: (l: { code?: string }, n = 1): void => this.bump(`deviceFaults:${l.code ?? ''}`, n) };
  readonly closeDrain = { observe: (l: { outcome?: string }): void => this.bump(`closeDrain:${l.outcome ?? ''}`) };
  get(key: string): number {
    return this.counts.get(key) ?? 0;
  }
}

/**
 * Settlement queue fake that does what the platform's in-process processor does (contract in
 * p-server-split): post every line with `settlementPosting`, transition the bet row, then markSettled.
 * `auto=false` only records the round ids (tests that settle by hand or check enqueue calls).
 */
export class ProcessingSettlementQueue implements SettlementQueuePort {
  readonly enqueued: string[] = [];
  source: RoundsSettlementSource | undefined;
  constructor(
    private readonly uow: UnitOfWork,
    private readonly clock: { now(): number },
    public auto = true,
  ) {}
  async enqueue(roundId: string): Promise<void> {
    this.enqueued.push(roundId);
    if (this.auto) await this.process(roundId);
  }
  /** Early settlement (BetsSettled): post the early lines whose bets are still accepted, as the platform's processor does. */
  readonly early: string[] = [];
  async settleEarly(roundId: string): Promise<void> {
    this.early.push(roundId);
    if (!this.auto) return;
    if (!this.source) throw new Error('settlement source not wired');
    await this.post(roundId, await this.source.earlyLinesFor(roundId), this.clock.now());
  }
  private async post(roundId: string, lines: readonly games.SettlementLine[], at: number): Promise<void> {
    await this.uow.run(async (tx) => {
      for (const line of lines) {
        const bet = await tx.bets.get(line.betId);
        if (bet?.status !== 'accepted') continue;
        const p = settlementPosting(roundId, line, bet.currency);
        await tx.ledger.post(p.postingId, p.entries.map((e) => ({ ...e, at })));
        await tx.bets.transition(line.betId, 'accepted', line.outcome === 'refund' ? 'refunded' : 'settled', line.returnMinor, at);
      }
    });
  }
  async process(roundId: string): Promise<void> {
    if (!this.source) throw new Error('settlement source not wired');
    const s = await this.source.linesFor(roundId);
    const at = this.clock.now();
    if (s.early) await this.post(roundId, s.early, at);
    await this.uow.run(async (tx) => {
      for (const line of s.lines) {
        const bet = await tx.bets.get(line.betId);
        const p = settlementPosting(roundId, line, bet?.currency ?? 'EUR');
        await tx.ledger.post(p.postingId, p.entries.map((e) => ({ ...e, at })));
        await tx.bets.transition(line.betId, 'accepted', line.outcome === 'refund' ? 'refunded' : 'settled', line.returnMinor, at);
      }
    });
    await this.source.markSettled(roundId, at);
  }
}

export const PLAYER = (n: number): Actor => ({ userId: `player${n}`, role: 'player', name: `Player ${n}` });
export const DEALER: Actor = { userId: 'dealer1', role: 'dealer', name: 'Dealer 1' };
export const PITBOSS: Actor = { userId: 'pitboss1', role: 'pitboss', name: 'Pit Boss 1' };

export interface Harness {
  readonly uow: UnitOfWork & LedgerReader;
  readonly clock: FixedClock;
  readonly ids: SequentialIds;
  readonly scheduler: ManualScheduler;
  readonly alerts: FakeAlerts;
  readonly audit: FakeAudit;
  readonly metrics: FakeMetrics;
  readonly settlement: ProcessingSettlementQueue;
  readonly tables: TablesService;
  readonly rounds: RoundsService;
  readonly cadence: CadenceService;
  readonly control: RoundControlService;
  readonly pending: InMemoryPendingRequests;
  readonly source: RoundsSettlementSource;
  /** The tables store (tests that plant a row the API would refuse). */
  readonly repo: InMemoryTablesRepository;
  /** Move the clock and fire every due timer; waits for the commands they issue. */
  advance(ms: number): Promise<void>;
  deposit(playerId: string, amountMinor: number): Promise<void>;
  balance(playerId: string): Promise<number>;
  invariants(): Promise<LedgerInvariantViolation[]>;
  /** An open coin table (bet window 10 s, limits 100..10 000, table max 20 000). */
  openCoinTable(opts?: { auto?: boolean; pauseS?: number }): Promise<string>;
  /**
   * Crash + restart: this instance stops dead (timers cancelled, nothing flushed or voided), a new
   * TablesService/RoundsService/RecoveryService is built on the SAME store, and recovery runs.
   */
  restart(stallTimeoutMs?: number): Promise<{ h: Harness; report: readonly RecoveryReport[] }>;
}

/** Let queued microtasks and promise chains (timer-issued commands) settle. */
export async function flush(): Promise<void> {
  for (let i = 0; i < 20; i++) await new Promise<void>((r) => setImmediate(r));
}

export interface Shared {
  uow: UnitOfWork & LedgerReader;
  clock: FixedClock;
  ids: SequentialIds;
  alerts: FakeAlerts;
  audit: FakeAudit;
  metrics: FakeMetrics;
  repo: InMemoryTablesRepository;
  pending: InMemoryPendingRequests;
  /** Issue 25 §1: the close barrier (absent: a close enters the table's queue at once, as before). */
  intake: IntakeBarrier;
}

export function makeHarness(kernels: readonly AnyKernel[] = [coinAsAny], profiles: Record<string, string[]> = { sicbo: ['coin'] }, shared?: Partial<Shared>): Harness {
  const uow = shared?.uow ?? new InMemoryUnitOfWork();
  const clock = shared?.clock ?? new FixedClock();
  const ids = shared?.ids ?? new SequentialIds();
  const scheduler = new ManualScheduler();
  const alerts = shared?.alerts ?? new FakeAlerts();
  const audit = shared?.audit ?? new FakeAudit();
  const metrics = shared?.metrics ?? new FakeMetrics();
  const repo = shared?.repo ?? new InMemoryTablesRepository();
  const pending = shared?.pending ?? new InMemoryPendingRequests();
  const registry = new MapKernelRegistry(kernels, profiles);
  const settlement = new ProcessingSettlementQueue(uow, clock);
  const tables = new TablesService(repo, registry, clock, ids, audit);
  const rounds = new RoundsService(uow, registry, tables, clock, ids, scheduler, settlement, alerts, metrics, null, null, shared?.intake ?? null);
  const cadence = new CadenceService(rounds, tables, clock, scheduler, alerts);
  cadence.onModuleInit();
  const control = new RoundControlService(rounds, clock, ids, audit, alerts, pending);
  const source = new RoundsSettlementSource(rounds);
  settlement.source = source;
  const ledger: LedgerReader = uow;
  return {
    uow,
    clock,
    ids,
    scheduler,
    alerts,
    audit,
    metrics,
    settlement,
    tables,
    rounds,
    cadence,
    control,
    pending,
    source,
    repo,
    async advance(ms) {
      clock.advance(ms);
      scheduler.runDue(clock.now());
      await flush();
      // Timers armed by the commands just issued may already be due.
      if (scheduler.runDue(clock.now()) > 0) await flush();
    },
    async deposit(playerId, amountMinor) {
      const p = depositPosting(`${playerId}-${ids.next('dep')}`, playerId, amountMinor);
      await uow.run((tx) => tx.ledger.post(p.postingId, p.entries.map((e) => ({ ...e, at: clock.now() }))));
    },
    balance(playerId) {
      return uow.run((tx) => tx.ledger.balance(`player:${playerId}`, 'EUR'));
    },
    async invariants() {
      const snap = await ledger.snapshot();
      return checkLedgerInvariants(
        snap.entries,
        snap.bets.map((b) => ({ betId: b.betId, roundId: b.roundId, status: b.status, roundFinished: snap.finishedRoundIds.has(b.roundId) })),
      );
    },
    async restart(stallTimeoutMs = 30_000) {
      rounds.onModuleDestroy();
      cadence.onModuleDestroy();
      const h2 = makeHarness(kernels, profiles, { uow, clock, ids, alerts, audit, metrics, repo, pending });
      const recovery = new RecoveryService(uow, h2.rounds, clock, h2.scheduler, h2.settlement, alerts, { stallTimeoutMs });
      const report = await recovery.recover();
      await h2.cadence.resume();
      await h2.control.resume();
      await flush();
      return { h: h2, report };
    },
    async openCoinTable(opts = {}) {
      const t = await tables.create(
        { name: 'Coin 1', game: 'sicbo', profileId: 'coin', limits: { currency: 'EUR', tableMinMinor: 100, tableMaxMinor: 20_000, spots: { heads: { minMinor: 100, maxMinor: 10_000 } } }, betWindowS: 10, cadence: { auto: opts.auto ?? false, pauseS: opts.pauseS ?? 5 }, devices: [{ deviceId: 'coin-1', kind: 'dice' }] },
        PITBOSS,
      );
      if (!t.ok) throw new Error(t.violation.message);
      const o = await openTable(tables, t.value.tableId);
      if (!o.ok) throw new Error(o.violation.message);
      await flush();
      return t.value.tableId;
    },
  };
}

/**
 * Open a table the way a pit boss does: record the pre-open checks its game's definition asks for
 * (ROU-7, GEN-8 card inspection), then open it.
 */
export async function openTable(tables: TablesService, tableId: string, reason = 'test', actor: Actor = PITBOSS): Promise<Result<Table>> {
  const t = await tables.get(tableId);
  if (!t.ok) return t;
  const pre = games.gameDefinition(t.value.game)?.preOpen;
  if (pre) {
    const checked = await tables.recordPreOpenCheck(tableId, { checks: [...pre.checks] }, actor);
    if (!checked.ok) return checked;
  }
  return tables.setStatus(tableId, 'open', reason, actor);
}
