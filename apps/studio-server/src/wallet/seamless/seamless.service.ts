/**
 * The seamless wallet in the studio (issue 12 point 1): which players are an operator's, the bet path's
 * debit before acceptance, the closing calls after settlement, and the reconciliation report.
 *
 * Bet path (reserve → call → commit): the bet's `at` was stamped and the RG gate passed; the operator's
 * debit is called OUTSIDE the table's queue (no lock held across HTTP); only an RS_OK is an accepted
 * debit; then the stake is posted in (`seamless-in:<betId>`) and the bet enters the table queue with a
 * NEW stamp taken at that instant, so the kernel enforces the close on the server's clock at commit
 * (non-negotiable 1: a debit that ends after the close gets its bet rejected and rolled back).
 *
 * Closing calls: a sweep (every second, and at boot) finds every acknowledged debit whose bet is no
 * longer in play — settled (credit, 0 for a lost bet, `round_closed` on the player's last bet of the
 * round), refunded or cancelled (rollback), or never committed (rollback) — posts its return out of the
 * player's account (`seamless-out:<betId>`) and journals + queues the call. Every step is keyed, so a
 * crash anywhere replays to the same postings and calls.
 */
import { Inject, Injectable, Logger, Optional, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { MetricsService } from '../../ops/metrics.service.js';
import type { Result } from '@felt-studio/games';
import type { DataSource } from 'typeorm';
import { AlertsService } from '../../alerts/alerts.service.js';
import { CLOCK, type Clock } from '../../shared/clock.js';
import { FELT_CONFIG, settingOf, type FeltConfig } from '../../config/config.js';
import { UNIT_OF_WORK, type BetRow, type UnitOfWork } from '../../shared/ports/persistence.port.js';
import { codedError } from '../../shared/error-codes.js';
import { rejection } from '../../shared/command.types.js';
import type { ReconciliationReport } from '@felt-studio/protocol';
import { operatorAccount, seamlessInPosting, seamlessOutPosting, type Posting } from '../../shared/ledger.rules.js';
import { gameCodeOf } from './seamless.contract.js';
import { bookedByOperator, dayOf, SeamlessWallet, type BetRef, type Reconciliation } from './seamless-wallet.js';
import { MemorySeamlessRepository, SqlSeamlessRepository, type JournalRow, type OperatorRow, type PlayerLinkRow, type SeamlessRepository } from './seamless.repository.js';
import type { OperatorTransaction } from './operator-wallet.sim.js';
import { BullMqWalletJobs, InProcessWalletJobs, type RetryPolicy } from './wallet-jobs.js';

export const SEAMLESS_REPOSITORY = Symbol('SEAMLESS_REPOSITORY');
/** Retry policy of credits/rollbacks (tests shorten it). */
export const SEAMLESS_RETRY = Symbol('SEAMLESS_RETRY');
export const DEFAULT_SEAMLESS_RETRY: RetryPolicy = { attempts: 50, backoffMs: 500, maxBackoffMs: 60_000 };

/** A debit acknowledged but its bet never committed (crash between the two) is rolled back after this. */
const UNCOMMITTED_GRACE_MS = 30_000;
const SWEEP_EVERY_MS = 1_000;
const LINKS_REFRESH_MS = 5_000;

/**
 * What the owner of non-bet debits (the live poker tables: a seat's buy-in and top-ups, issue 11) says about
 * one operator round of them (`null`: not decided here, e.g. a table another instance runs). `committed`: the
 * debits whose chips reached the table (posted in its log's transaction); `endedWithMinor`: the session is over
 * and this much went back to the operator (the session's cash-out, 0 when it left with nothing).
 */
export interface SessionStatus {
  readonly committed: readonly string[];
  readonly endedWithMinor: number | null;
}
export type SessionResolver = (round: string, betIds: readonly string[]) => Promise<SessionStatus | null>;

export interface SeamlessBet {
  readonly betId: string;
  readonly stakeMinor: number;
}

/**
 * The report per operator and UTC day (@felt-studio/protocol's schema, issue 19 §5): what the operator acknowledged
 * (RS_OK: debits, credits, rollbacks that returned money) against our double-entry ledger (stakes posted in
 * from the operator, returns posted out to it); `differences`: bets whose nets differ (a call in flight or
 * dead-lettered, or a real break); `balanced`: zero differences and nothing pending or dead.
 */
export type { ReconciliationReport };

@Injectable()
export class SeamlessService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger('SeamlessWallet');
  private wallet: SeamlessWallet | null = null;
  private links = new Map<string, PlayerLinkRow>();
  private modes = new Map<string, OperatorRow['walletMode']>();
  private timers: NodeJS.Timeout[] = [];
  /** round-id prefix → the module whose rounds they are (their debits are not bets: the sweep asks it). */
  private readonly sessions = new Map<string, SessionResolver>();
  private sweeping: Promise<void> | null = null;

  constructor(
    @Inject(SEAMLESS_REPOSITORY) readonly repo: SeamlessRepository,
    @Inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(FELT_CONFIG) private readonly config: FeltConfig,
    private readonly alerts: AlertsService,
    @Inject(SEAMLESS_RETRY) private readonly retry: RetryPolicy,
    @Optional() @Inject(MetricsService) private readonly metrics: MetricsService | null = null,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.start();
  }

  /** Builds the wallet (jobs in-process, or BullMQ with REDIS_URL), loads the players, re-queues pending calls and sweeps. */
  async start(opts: { readonly sweepEveryMs?: number | null } = {}): Promise<void> {
    if (this.wallet !== null) return;
    const redisUrl = this.config.redisUrl;
    this.wallet = new SeamlessWallet(
      this.repo,
      (handler, onDead) => (redisUrl === null ? new InProcessWalletJobs(handler, onDead, this.retry) : new BullMqWalletJobs(redisUrl, this.config.queuePrefix, handler, onDead, this.retry, (m) => this.log.error(m))),
      () => this.clock.now(),
      (msg, details) => void this.alert(msg, details),
      (kind, outcome, seconds) => this.metrics?.walletCalls.observe({ kind, outcome }, seconds),
      settingOf(this.config, 'operatorRsaKey'),
    );
    await this.reloadLinks();
    const resumed = await this.wallet.resume();
    if (resumed > 0) this.log.log({ msg: 'seamless wallet calls re-queued after a restart', resumed });
    await this.sweep();
    const every = opts.sweepEveryMs === undefined ? SWEEP_EVERY_MS : opts.sweepEveryMs;
    if (every !== null) {
      const t = setInterval(() => void this.sweep(), every);
      t.unref();
      const r = setInterval(() => void this.reloadLinks().catch((e: unknown) => this.log.error(`reload players: ${(e as Error).message}`)), LINKS_REFRESH_MS);
      r.unref();
      this.timers.push(t, r);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    await this.sweeping;
    await this.wallet?.close();
    this.wallet = null;
  }

  // ───────────── operators and players ─────────────

  async upsertOperator(o: OperatorRow): Promise<OperatorRow> {
    await this.repo.upsertOperator(o, this.clock.now());
    await this.reloadLinks();
    return o;
  }

  async linkPlayer(p: PlayerLinkRow): Promise<PlayerLinkRow> {
    await this.repo.upsertPlayer(p, this.clock.now());
    await this.reloadLinks();
    return p;
  }

  async reloadLinks(): Promise<void> {
    const [ops, players] = await Promise.all([this.repo.operators(), this.repo.players()]);
    this.modes = new Map(ops.map((o) => [o.operatorId, o.walletMode]));
    this.links = new Map(players.map((p) => [p.playerId, p]));
  }

  /** Synchronous (the bet path of internal players awaits nothing before the table queue: GEN-3). */
  linkOf(playerId: string): PlayerLinkRow | null {
    const l = this.links.get(playerId);
    return l !== undefined && this.modes.get(l.operatorId) === 'seamless' ? l : null;
  }

  // ───────────── bet path ─────────────

  /**
   * Debits every bet at the operator (all or none), posts the stakes in, then commits through `commit(at)`
   * with `at` stamped after the debits. A refused/unconfirmed debit rejects the bets (coded) and rolls back
   * the ones already debited; a commit the table refuses rolls every debit back.
   */
  async place<T>(link: PlayerLinkRow, tableId: string, roundId: string, bets: readonly SeamlessBet[], commit: (at: number) => Promise<Result<T>>, game?: string): Promise<Result<T>> {
    const wallet = this.requireWallet();
    const done: (BetRef & { readonly stakeMinor: number })[] = [];
    for (const b of bets) {
      const ref = { ...this.ref(link, roundId, b.betId), ...(game !== undefined ? { gameCode: gameCodeOf(game) } : {}) };
      const d = await wallet.debit({ ...ref, token: link.token, amountMinor: b.stakeMinor });
      if (!d.accepted) {
        for (const r of done) await this.undo(r, r.stakeMinor, link.playerId);
        const details = { betId: b.betId, tableId, operatorId: link.operatorId, ...(d.status === null ? {} : { operatorStatus: d.status }) };
        return { ok: false, violation: rejection(d.code, 'GEN-4', d.message, details) };
      }
      await this.post(seamlessInPosting(link.operatorId, b.betId, link.playerId, b.stakeMinor, link.currency));
      done.push({ ...ref, stakeMinor: b.stakeMinor });
    }
    const r = await commit(this.clock.now());
    // A bet the table refused (closed on the server clock, a rule, an id conflict): its debit is rolled back.
    for (const ref of done) {
      const bet = await this.uow.run((tx) => tx.bets.get(ref.betId));
      if (bet === null || bet.playerId !== link.playerId) await this.undo(ref, ref.stakeMinor, link.playerId);
    }
    return r;
  }

  // ───────────── table sessions (live poker, issue 11) ─────────────

  /**
   * Rounds whose debits are not bets (a poker seat: one round per seat session, `<prefix><…>:<sessionId>`, the
   * buy-in's bet id = the session id, each top-up its own id). The sweep asks `resolve` instead of the bets.
   */
  registerSessions(prefix: string, resolve: SessionResolver): void {
    this.sessions.set(prefix, resolve);
  }

  /**
   * Chips in from the operator (a poker buy-in or top-up): the debit (accepted only on RS_OK, the same journal,
   * timeout and rollback rules as a bet), then `seamless-in:<betId>` (operator clearing → the player's transit
   * account). Refused/unconfirmed → the coded rejection (SEAMLESS_DEBIT_REFUSED / _UNCONFIRMED), nothing posted.
   */
  async debitChips(link: PlayerLinkRow, round: string, betId: string, amountMinor: number, currency: string): Promise<Result<void>> {
    const ref: BetRef = { operatorId: link.operatorId, playerId: link.playerId, user: link.externalUser, currency, round, betId };
    const d = await this.requireWallet().debit({ ...ref, token: link.token, amountMinor });
    if (!d.accepted) return { ok: false, violation: rejection(d.code, 'GEN-4', d.message, { operatorId: link.operatorId, ...(d.status === null ? {} : { operatorStatus: d.status }) }) };
    await this.post(seamlessInPosting(link.operatorId, betId, link.playerId, amountMinor, currency));
    return { ok: true, value: undefined };
  }

  /** Chips debited that never reached the table (it refused the seat/top-up): back to the operator (posting out + rollback, retried). */
  returnChips(link: PlayerLinkRow, round: string, betId: string, amountMinor: number, currency: string): Promise<void> {
    return this.undo({ operatorId: link.operatorId, playerId: link.playerId, user: link.externalUser, currency, round, betId }, amountMinor, link.playerId);
  }

  /** One session round's open debits: strand → rolled back after the grace; ended → every committed debit credited (the cash-out on the session's own debit, round closed). */
  private async sweepSession(wallet: SeamlessWallet, resolve: SessionResolver, round: string, rows: readonly JournalRow[], now: number): Promise<void> {
    const st = await resolve(round, rows.map((r) => r.betId));
    if (st === null) return;
    const sessionId = round.slice(round.lastIndexOf(':') + 1);
    const committed: JournalRow[] = [];
    for (const d of rows) {
      const ref: BetRef = { operatorId: d.operatorId, playerId: d.playerId, user: d.call.body.user, currency: d.call.body.currency, round, betId: d.betId };
      if (d.state === 'unconfirmed') {
        await wallet.rollback(ref);
        continue;
      }
      if (d.state === 'pending') {
        const op = await this.repo.operator(d.operatorId);
        if (now - d.at > (op?.timeoutMs ?? 0) + UNCOMMITTED_GRACE_MS) {
          await this.repo.update(d.transactionUuid, { state: 'unconfirmed', lastError: 'no answer recorded (restart during the call)' }, now);
          await wallet.rollback(ref);
        }
        continue;
      }
      if (st.committed.includes(d.betId)) committed.push(d);
      else if (now - d.at > UNCOMMITTED_GRACE_MS) await this.undo(ref, d.amountMinor, d.playerId); // debited, never reached the table (a crash in between)
    }
    if (st.endedWithMinor === null) return;
    // the session is over: top-ups close with 0, the session's own debit carries the cash-out and closes the round
    const ordered = [...committed.filter((d) => d.betId !== sessionId), ...committed.filter((d) => d.betId === sessionId)];
    for (const d of ordered) {
      const own = d.betId === sessionId;
      await wallet.credit({ operatorId: d.operatorId, playerId: d.playerId, user: d.call.body.user, currency: d.call.body.currency, round, betId: d.betId, amountMinor: own ? st.endedWithMinor : 0, roundClosed: own });
    }
  }

  // ───────────── closing calls ─────────────

  /** One pass: every acknowledged debit whose bet is out of play gets its posting out and its credit/rollback (idempotent). */
  sweep(): Promise<void> {
    this.sweeping ??= this.sweepOnce()
      .catch((e: unknown) => this.log.error({ msg: 'seamless sweep failed (retried next pass)', error: (e as Error).message }))
      .finally(() => {
        this.sweeping = null;
      });
    return this.sweeping;
  }

  private async sweepOnce(): Promise<void> {
    const wallet = this.wallet;
    if (wallet === null) return;
    const now = this.clock.now();
    const all = await this.repo.openDebits();
    // table sessions (poker seats): their owner decides, per round
    const owned = new Map<string, { resolve: SessionResolver; rows: JournalRow[] }>();
    const open: JournalRow[] = [];
    for (const d of all) {
      const round = d.call.body.round;
      const prefix = [...this.sessions.keys()].find((p) => round.startsWith(p));
      if (prefix === undefined) {
        open.push(d);
        continue;
      }
      const g = owned.get(round) ?? { resolve: this.sessions.get(prefix) as SessionResolver, rows: [] };
      g.rows.push(d);
      owned.set(round, g);
    }
    for (const [round, g] of owned) await this.sweepSession(wallet, g.resolve, round, g.rows, now);
    if (open.length === 0) return;
    const rounds = new Map<string, Map<string, BetRow>>();
    for (const d of open) {
      const round = d.call.body.round;
      if (!rounds.has(round)) rounds.set(round, new Map((await this.uow.run((tx) => tx.bets.listByRound(round))).map((b) => [b.betId, b])));
    }
    const closing: { d: JournalRow; bet: BetRow }[] = [];
    for (const d of open) {
      const ref: BetRef = { operatorId: d.operatorId, playerId: d.playerId, user: d.call.body.user, currency: d.call.body.currency, round: d.call.body.round, betId: d.betId };
      if (d.state === 'unconfirmed') {
        await wallet.rollback(ref); // crash between the answer and the rollback's journal row
        continue;
      }
      const op = await this.repo.operator(d.operatorId);
      if (d.state === 'pending') {
        // a crash during the call: never assumed accepted
        if (now - d.at > (op?.timeoutMs ?? 0) + UNCOMMITTED_GRACE_MS) {
          await this.repo.update(d.transactionUuid, { state: 'unconfirmed', lastError: 'no answer recorded (restart during the call)' }, now);
          await wallet.rollback(ref);
        }
        continue;
      }
      const bet = rounds.get(ref.round)?.get(d.betId) ?? (await this.uow.run((tx) => tx.bets.get(d.betId)));
      if (bet === null || bet.playerId !== d.playerId) {
        if (now - d.at > UNCOMMITTED_GRACE_MS) await this.undo(ref, d.amountMinor, d.playerId);
        continue;
      }
      if (bet.status === 'accepted') continue; // in play
      closing.push({ d, bet });
    }
    // round_closed on the player's last closing call of the round
    const last = new Map<string, string>();
    for (const { bet } of closing) {
      const k = `${bet.roundId}\u0000${bet.playerId}`;
      const prev = last.get(k);
      if (prev === undefined || bet.betId > prev) last.set(k, bet.betId);
    }
    for (const { d, bet } of closing) {
      const ref: BetRef = { operatorId: d.operatorId, playerId: d.playerId, user: d.call.body.user, currency: d.call.body.currency, round: bet.roundId, betId: bet.betId };
      if (bet.status === 'settled') {
        const amountMinor = bet.returnMinor ?? 0;
        if (amountMinor > 0) await this.post(seamlessOutPosting(d.operatorId, bet.betId, bet.playerId, amountMinor, bet.currency));
        await wallet.credit({ ...ref, amountMinor, roundClosed: last.get(`${bet.roundId}\u0000${bet.playerId}`) === bet.betId });
      } else {
        // refunded (void round) or cancelled: the debit is rolled back
        await this.post(seamlessOutPosting(d.operatorId, bet.betId, bet.playerId, bet.stakeMinor, bet.currency));
        await wallet.rollback(ref);
      }
    }
  }

  /** A debit whose bet is not accepted: the stake goes back out (if it was posted in) and the debit is rolled back. */
  private async undo(ref: BetRef, stakeMinor: number, playerId: string): Promise<void> {
    const postedIn = await this.uow.run((tx) => tx.ledger.entries(`seamless-in:${ref.betId}`));
    if (postedIn.length > 0 && stakeMinor > 0) await this.post(seamlessOutPosting(ref.operatorId, ref.betId, playerId, stakeMinor, ref.currency));
    await this.requireWallet().rollback(ref);
  }

  // ───────────── the player's balance ─────────────

  /**
   * A seamless player's balance is the operator's (the Hub88-style `/user/balance` call), never our transit
   * account; `null` for a player who is not a seamless operator's. Unreachable / an error answer →
   * SEAMLESS_BALANCE_UNAVAILABLE (503), never a made-up number.
   */
  async playerBalance(playerId: string): Promise<{ playerId: string; currency: string; balanceMinor: number } | null> {
    const link = this.linkOf(playerId);
    if (link === null) return null;
    const b = await this.requireWallet().balance({ operatorId: link.operatorId, user: link.externalUser, token: link.token, currency: link.currency });
    if (!b.ok) throw codedError('SEAMLESS_BALANCE_UNAVAILABLE', `the balance of player ${playerId} is held by operator ${link.operatorId}, whose wallet did not answer it (${b.reason})`, { operatorId: link.operatorId, ...(b.status === null ? {} : { operatorStatus: b.status }) });
    return { playerId, currency: b.currency, balanceMinor: b.balanceMinor };
  }

  // ───────────── dead letters ─────────────

  deadLetters(operatorId: string): Promise<JournalRow[]> {
    return this.requireWallet().deadLetters(operatorId);
  }

  /** Re-queues the operator's dead-lettered calls (the given ones, or all); the same transaction uuids (idempotent at the operator). Unknown ones → DEAD_LETTER_NOT_FOUND, nothing re-queued. */
  async retryDeadLetters(operatorId: string, transactionUuids: readonly string[] | undefined): Promise<string[]> {
    const wallet = this.requireWallet();
    const dead = new Set((await wallet.deadLetters(operatorId)).map((r) => r.transactionUuid));
    const wanted = transactionUuids ?? [...dead];
    const missing = wanted.filter((u) => !dead.has(u));
    if (missing.length > 0) throw codedError('DEAD_LETTER_NOT_FOUND', `not a dead-lettered call of operator ${operatorId}: ${missing.join(', ')}`, { transactionUuids: missing });
    const requeued: string[] = [];
    for (const u of wanted) if (await wallet.retryDead(u)) requeued.push(u);
    return requeued;
  }

  // ───────────── reconciliation ─────────────

  /** Our ledger against the operator's acknowledgements for one operator and UTC day (the day of each bet's debit). */
  async report(operatorId: string, day: string): Promise<ReconciliationReport> {
    const rows = await this.repo.forDay(operatorId, day);
    const booked = new Set(bookedByOperator(rows).map((r) => r.transactionUuid));
    const byBet = new Map<string, JournalRow[]>();
    for (const r of rows) byBet.set(r.betId, [...(byBet.get(r.betId) ?? []), r]);
    const account = operatorAccount(operatorId);
    const ack = { debitsMinor: 0, creditsMinor: 0, rollbacksMinor: 0 };
    const ledger = { inMinor: 0, outMinor: 0 };
    const differences: ReconciliationReport['differences'][number][] = [];
    for (const [betId, calls] of byBet) {
      const [ins, outs] = await this.uow.run(async (tx) => [await tx.ledger.entries(`seamless-in:${betId}`), await tx.ledger.entries(`seamless-out:${betId}`)]);
      const inMinor = -ins.filter((e) => e.account === account).reduce((a, e) => a + e.amountMinor, 0);
      const outMinor = outs.filter((e) => e.account === account).reduce((a, e) => a + e.amountMinor, 0);
      ledger.inMinor += inMinor;
      ledger.outMinor += outMinor;
      let ackNet = 0;
      for (const c of calls) {
        if (!booked.has(c.transactionUuid)) continue;
        switch (c.kind) {
          case 'debit':
            ack.debitsMinor += c.amountMinor;
            ackNet += c.amountMinor;
            break;
          case 'credit':
            ack.creditsMinor += c.amountMinor;
            ackNet -= c.amountMinor;
            break;
          case 'rollback':
            ack.rollbacksMinor += c.amountMinor;
            ackNet -= c.amountMinor;
            break;
        }
      }
      if (ackNet !== inMinor - outMinor) differences.push({ betId, ledgerNetMinor: inMinor - outMinor, acknowledgedNetMinor: ackNet, calls: calls.map((c) => `${c.transactionUuid}:${c.state}`) });
    }
    const pending = rows.filter((r) => r.state === 'pending').length;
    const dead = rows.filter((r) => r.state === 'dead').length;
    return {
      operatorId,
      day,
      acknowledged: { ...ack, netMinor: ack.debitsMinor - ack.creditsMinor - ack.rollbacksMinor },
      ledger: { ...ledger, netMinor: ledger.inMinor - ledger.outMinor },
      bets: byBet.size,
      pending,
      dead,
      differences,
      balanced: differences.length === 0 && pending === 0 && dead === 0,
    };
  }

  /** Our journal against an operator's own book (a statement file; the simulated wallet in the drill). */
  reconcileWithBook(operatorId: string, day: string, book: readonly OperatorTransaction[]): Promise<Reconciliation> {
    return this.requireWallet().reconcile(operatorId, day, book);
  }

  journal(operatorId: string, day: string = dayOf(this.clock.now())): Promise<JournalRow[]> {
    return this.repo.forDay(operatorId, day);
  }

  /** Tests and shutdown: every queued credit/rollback answered or dead-lettered. */
  async drain(): Promise<void> {
    await this.sweep();
    await this.wallet?.drain();
  }

  // ───────────── internals ─────────────

  private ref(link: PlayerLinkRow, round: string, betId: string): BetRef {
    return { operatorId: link.operatorId, playerId: link.playerId, user: link.externalUser, currency: link.currency, round, betId };
  }

  private async post(p: Posting): Promise<void> {
    if (p.entries.length === 0) return;
    const at = this.clock.now();
    await this.uow.run((tx) => tx.ledger.post(p.postingId, p.entries.map((e) => ({ ...e, at }))));
  }

  /** The operator's `/user/info` for a session (a game launch; issue 22 §16). */
  userInfo(operatorId: string, user: string, token: string): ReturnType<SeamlessWallet['userInfo']> {
    return this.requireWallet().userInfo({ operatorId, user, token });
  }

  private requireWallet(): SeamlessWallet {
    if (this.wallet === null) throw new Error('seamless wallet not started');
    return this.wallet;
  }

  private async alert(msg: string, details: Record<string, unknown>): Promise<void> {
    this.log.error({ msg, ...details });
    try {
      await this.alerts.raise({ severity: 'critical', code: 'SEAMLESS_DEAD_LETTER', message: `${msg}: ${String(details['transactionUuid'])} (${String(details['error'])}); reconcile operator ${String(details['operatorId'])}` });
    } catch (e) {
      this.log.error(`alert: ${(e as Error).message}`);
    }
  }
}

export const seamlessRepositoryFactory = (ds: DataSource | null): SeamlessRepository => (ds === null ? new MemorySeamlessRepository() : new SqlSeamlessRepository(ds));

