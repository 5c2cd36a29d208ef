/**
 * Seamless wallet mode (issue 12 point 1; ARCHITECTURE.md "Wallet modes"): the operator's wallet holds the
 * money; Felt calls it to debit a bet, credit a settlement or refund, and roll back a debit. Every call has
 * an idempotency key derived from the bet (`dbt_/crd_/rbk_<betId>`), the round id and `round_closed`.
 *
 * - A debit is one call with a timeout: accepted only on an explicit RS_OK (or a duplicate of one). A
 *   timeout, a network error or an unknown answer is NEVER assumed accepted: the bet is rejected and a
 *   rollback of that debit is queued (it is a no-op for the operator if the debit never arrived).
 * - Credits and rollbacks are jobs retried with exponential backoff until the operator acknowledges them
 *   (a credit needs no live session: it may arrive after the player's token expired), then dead-lettered
 *   with an alert — never dropped.
 * - The journal of every call and its state feeds the reconciliation report per operator and day.
 *
 * Not wired into the bet path yet (see README): this is the wallet side with its drill.
 */
import { outcomeOf, WALLET_PATHS, WalletAnswerSchema, type Outcome, type SeamlessStatus, type WalletCall } from './seamless.contract.js';
import type { OperatorTransaction } from './operator-wallet.sim.js';
import type { DeadLetterHandler, WalletJob, WalletJobHandler, WalletJobs } from './wallet-jobs.js';

export interface OperatorConfig {
  readonly operatorId: string;
  readonly baseUrl: string;
  readonly currency: string;
  /** A debit answer slower than this is treated as unknown (rejected + rolled back). */
  readonly timeoutMs: number;
}

export type JournalState = 'pending' | 'done' | 'refused' | 'unconfirmed' | 'dead';

export interface JournalEntry {
  readonly operatorId: string;
  readonly call: WalletCall;
  state: JournalState;
  attempts: number;
  lastError: string | null;
  /** Rollbacks: true when the operator had the debit and returned the money (false: it never booked it). */
  effective: boolean | null;
  readonly at: number;
}

export type DebitResult = { readonly accepted: true; readonly balanceMinor: number | null } | { readonly accepted: false; readonly code: SeamlessStatus | 'DEBIT_UNCONFIRMED'; readonly message: string };

export interface BetRef {
  readonly operatorId: string;
  readonly user: string;
  readonly round: string;
  readonly betId: string;
}

export interface Reconciliation {
  readonly operatorId: string;
  /** UTC day, YYYY-MM-DD. */
  readonly day: string;
  readonly ours: { readonly debitsMinor: number; readonly creditsMinor: number; readonly rollbacksMinor: number; readonly netMinor: number; readonly pending: number; readonly dead: number };
  readonly theirs: { readonly debitsMinor: number; readonly creditsMinor: number; readonly rollbacksMinor: number; readonly netMinor: number };
  readonly matched: number;
  /** Transactions one side has booked and the other has not. */
  readonly mismatches: readonly { readonly transactionUuid: string; readonly ours: JournalState | null; readonly theirs: OperatorTransaction['kind'] | null }[];
  /** Both sides moved the same money and nothing is in flight. */
  readonly balanced: boolean;
}

const dayOf = (at: number): string => new Date(at).toISOString().slice(0, 10);

export class SeamlessWallet {
  private readonly journal = new Map<string, JournalEntry>();
  private readonly operators: Map<string, OperatorConfig>;
  private seq = 0;
  private jobs!: WalletJobs;

  constructor(
    operators: readonly OperatorConfig[],
    makeJobs: (handler: WalletJobHandler, onDead: DeadLetterHandler) => WalletJobs,
    private readonly now: () => number = Date.now,
    private readonly alert: (msg: string, details: Record<string, unknown>) => void = () => undefined,
  ) {
    this.operators = new Map(operators.map((o) => [o.operatorId, o]));
    this.jobs = makeJobs((job) => this.runJob(job), (job, error, attempts) => this.deadLetter(job, error, attempts));
  }

  entries(): readonly JournalEntry[] {
    return [...this.journal.values()];
  }

  /** The bet is accepted only when the operator said RS_OK; otherwise it is rejected (and an unknown debit rolled back). */
  async debit(ref: BetRef & { readonly token: string; readonly amountMinor: number }): Promise<DebitResult> {
    const op = this.operator(ref.operatorId);
    const uuid = `dbt_${ref.betId}`;
    const existing = this.journal.get(uuid);
    if (existing?.state === 'done') return { accepted: true, balanceMinor: null }; // the same bet again (idempotent)
    const call: WalletCall = { kind: 'debit', body: { request_uuid: this.requestId(), transaction_uuid: uuid, user: ref.user, token: ref.token, currency: op.currency, round: ref.round, round_closed: false, bet: ref.betId, amount: ref.amountMinor } };
    const entry = this.record(ref.operatorId, call);
    entry.attempts++;
    const out = await this.send(op, call);
    switch (out.type) {
      case 'done':
        entry.state = 'done';
        return { accepted: true, balanceMinor: out.balance };
      case 'refused':
        entry.state = 'refused';
        entry.lastError = out.status;
        return { accepted: false, code: out.status, message: `The operator's wallet refused the debit (${out.status}).` };
      case 'retry':
        // never assumed accepted: reject the bet, and make sure the operator does not keep the money
        entry.state = 'unconfirmed';
        entry.lastError = out.reason;
        await this.rollback(ref);
        return { accepted: false, code: 'DEBIT_UNCONFIRMED', message: `The operator's wallet did not confirm the debit (${out.reason}); the bet is not accepted and the debit is rolled back.` };
    }
  }

  /** Settlement or refund of a bet (amount 0 closes a lost bet's round); retried until acknowledged. */
  async credit(ref: BetRef & { readonly amountMinor: number; readonly roundClosed: boolean }): Promise<void> {
    const op = this.operator(ref.operatorId);
    const uuid = `crd_${ref.betId}`;
    if (this.journal.has(uuid)) return;
    this.record(ref.operatorId, { kind: 'credit', body: { request_uuid: this.requestId(), transaction_uuid: uuid, user: ref.user, currency: op.currency, round: ref.round, round_closed: ref.roundClosed, reference_transaction_uuid: `dbt_${ref.betId}`, amount: ref.amountMinor } });
    await this.jobs.enqueue({ operatorId: ref.operatorId, transactionUuid: uuid });
  }

  /** Undo the bet's debit (a debit not confirmed, a bet refused after the debit, a voided round); retried until acknowledged. */
  async rollback(ref: BetRef): Promise<void> {
    const op = this.operator(ref.operatorId);
    const uuid = `rbk_${ref.betId}`;
    if (this.journal.has(uuid)) return;
    this.record(ref.operatorId, { kind: 'rollback', body: { request_uuid: this.requestId(), transaction_uuid: uuid, user: ref.user, currency: op.currency, round: ref.round, round_closed: true, reference_transaction_uuid: `dbt_${ref.betId}` } });
    await this.jobs.enqueue({ operatorId: ref.operatorId, transactionUuid: uuid });
  }

  drain(): Promise<void> {
    return this.jobs.drain();
  }

  close(): Promise<void> {
    return this.jobs.close();
  }

  /** Our journal against the operator's book for one UTC day: what each side moved, and any transaction only one side has. */
  reconcile(operatorId: string, day: string, theirBook: readonly OperatorTransaction[]): Reconciliation {
    const ours = this.entries().filter((e) => e.operatorId === operatorId && dayOf(e.at) === day);
    const theirs = theirBook.filter((t) => dayOf(t.at) === day);
    const amountOf = (e: JournalEntry): number => (e.call.kind === 'rollback' ? this.debitAmount(e.call.body.reference_transaction_uuid) : e.call.body.amount);
    // what the operator really booked, as we know it: acknowledged debits, and unconfirmed debits an effective rollback proves it had
    const booked = (e: JournalEntry): boolean => {
      if (e.call.kind === 'debit') return e.state === 'done' || (e.state === 'unconfirmed' && this.journal.get(`rbk_${e.call.body.bet}`)?.effective === true);
      if (e.call.kind === 'rollback') return e.state === 'done' && e.effective === true;
      return e.state === 'done';
    };
    const sum = (kind: WalletCall['kind']): number => ours.filter((e) => e.call.kind === kind && booked(e)).reduce((a, e) => a + amountOf(e), 0);
    const tsum = (kind: OperatorTransaction['kind']): number => theirs.filter((t) => t.kind === kind).reduce((a, t) => a + t.amountMinor, 0);
    const o = { debitsMinor: sum('debit'), creditsMinor: sum('credit'), rollbacksMinor: sum('rollback') };
    const t = { debitsMinor: tsum('debit'), creditsMinor: tsum('credit'), rollbacksMinor: tsum('rollback') };
    const theirIds = new Set(theirs.map((x) => x.transactionUuid));
    const ourBooked = new Map(ours.filter(booked).map((e) => [e.call.body.transaction_uuid, e.state]));
    const mismatches = [
      ...[...ourBooked].filter(([id]) => !theirIds.has(id)).map(([id, state]) => ({ transactionUuid: id, ours: state, theirs: null })),
      ...theirs.filter((x) => !ourBooked.has(x.transactionUuid)).map((x) => ({ transactionUuid: x.transactionUuid, ours: this.journal.get(x.transactionUuid)?.state ?? null, theirs: x.kind })),
    ];
    const pending = ours.filter((e) => e.state === 'pending').length;
    const dead = ours.filter((e) => e.state === 'dead').length;
    const net = (x: { debitsMinor: number; creditsMinor: number; rollbacksMinor: number }): number => x.debitsMinor - x.creditsMinor - x.rollbacksMinor;
    return {
      operatorId,
      day,
      ours: { ...o, netMinor: net(o), pending, dead },
      theirs: { ...t, netMinor: net(t) },
      matched: [...ourBooked.keys()].filter((id) => theirIds.has(id)).length,
      mismatches,
      balanced: mismatches.length === 0 && pending === 0 && dead === 0 && net(o) === net(t),
    };
  }

  // ───────────── internals ─────────────

  private debitAmount(debitUuid: string): number {
    const d = this.journal.get(debitUuid);
    return d?.call.kind === 'debit' ? d.call.body.amount : 0;
  }

  private operator(id: string): OperatorConfig {
    const op = this.operators.get(id);
    if (op === undefined) throw new Error(`unknown operator ${id}`);
    return op;
  }

  private requestId(): string {
    return `req_${this.now().toString(36)}_${(++this.seq).toString(36)}`;
  }

  private record(operatorId: string, call: WalletCall): JournalEntry {
    const e: JournalEntry = { operatorId, call, state: 'pending', attempts: 0, lastError: null, effective: null, at: this.now() };
    this.journal.set(call.body.transaction_uuid, e);
    return e;
  }

  private async runJob(job: WalletJob): Promise<void> {
    const e = this.journal.get(job.transactionUuid);
    if (e === undefined || e.state === 'done') return;
    e.attempts++;
    // every retry is a new request with the SAME transaction uuid (the idempotency key)
    const call = { ...e.call, body: { ...e.call.body, request_uuid: this.requestId() } } as WalletCall;
    const out = await this.send(this.operator(job.operatorId), call);
    if (out.type === 'done') {
      e.state = 'done';
      e.lastError = null;
      return;
    }
    e.lastError = out.type === 'retry' ? out.reason : out.status;
    throw new Error(`${e.call.kind} ${job.transactionUuid}: ${e.lastError}`);
  }

  private deadLetter(job: WalletJob, error: string, attempts: number): void {
    const e = this.journal.get(job.transactionUuid);
    if (e) e.state = 'dead';
    this.alert('seamless wallet call dead-lettered', { operatorId: job.operatorId, transactionUuid: job.transactionUuid, error, attempts });
  }

  private async send(op: OperatorConfig, call: WalletCall): Promise<Outcome> {
    const ctrl = new AbortController();
    const timer = setTimeout(() => ctrl.abort(), op.timeoutMs);
    try {
      const res = await fetch(`${op.baseUrl}${WALLET_PATHS[call.kind]}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(call.body), signal: ctrl.signal });
      if (res.status >= 500) return outcomeOf(call.kind, { transport: `HTTP ${res.status}` });
      const parsed = WalletAnswerSchema.safeParse(await res.json());
      if (!parsed.success) return outcomeOf(call.kind, { transport: 'malformed answer' });
      const out = outcomeOf(call.kind, parsed.data);
      if (call.kind === 'rollback' && out.type === 'done') {
        const e = this.journal.get(call.body.transaction_uuid);
        if (e) e.effective = parsed.data.status !== 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST';
      }
      return out;
    } catch (e) {
      return outcomeOf(call.kind, { transport: ctrl.signal.aborted ? `timeout after ${op.timeoutMs} ms` : (e as Error).message });
    } finally {
      clearTimeout(timer);
    }
  }
}
