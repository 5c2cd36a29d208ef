/**
 * Seamless wallet mode (issue 12 point 1; docs/architecture.md "Wallet modes"): the operator's wallet holds the
 * money; Felt calls it to debit a bet, credit a settlement, and roll back a debit (a bet not accepted, a
 * cancelled bet, a voided round). Every call has an idempotency key derived from the bet
 * (`dbt_/crd_/rbk_<betId>`), the round id and `round_closed`, and is signed (`X-Felt-Timestamp` +
 * `X-Felt-Signature`: HMAC-SHA256 of `<timestamp>.<body>` with the operator's secret; signing.ts).
 *
 * - A debit is one call with the operator's timeout: accepted only on an explicit RS_OK (or a duplicate of
 *   one). A timeout, a network error or an unknown answer is NEVER assumed accepted: the bet is rejected
 *   and a rollback of that debit is queued (a no-op for the operator if the debit never arrived).
 * - Credits and rollbacks are jobs retried with exponential backoff until the operator acknowledges them
 *   (a credit needs no live session: it may arrive after the player's token expired), then dead-lettered
 *   with an alert — never dropped. `resume()` re-queues every pending call after a restart.
 * - The journal (SeamlessRepository: a table in PostgreSQL/PGlite) is written BEFORE each call and updated
 *   after it, so a crash never loses a call and the reconciliation per operator and day survives restarts.
 */
import { signedHeadersFor } from './signing.js';
import { BALANCE_PATH, outcomeOf, USER_INFO_PATH, UserInfoAnswerSchema, WALLET_PATHS, WalletAnswerSchema, type Outcome, type SeamlessStatus, type WalletCall } from './seamless.contract.js';
import type { OperatorTransaction } from './operator-wallet.sim.js';
import type { JournalRow, JournalState, OperatorRow, SeamlessRepository } from './seamless.repository.js';
import type { DeadLetterHandler, WalletJob, WalletJobHandler, WalletJobs } from './wallet-jobs.js';


export type DebitResult =
  | { readonly accepted: true; readonly balanceMinor: number | null }
  | { readonly accepted: false; readonly code: 'SEAMLESS_DEBIT_REFUSED' | 'SEAMLESS_DEBIT_UNCONFIRMED'; readonly status: SeamlessStatus | null; readonly message: string };

/** The player's balance at the operator: `ok`, or why it is not known (`status` when the operator answered an error). */
export type OperatorBalance = { readonly ok: true; readonly balanceMinor: number; readonly currency: string } | { readonly ok: false; readonly status: SeamlessStatus | null; readonly reason: string };

export type OperatorUserInfo = { readonly ok: true; readonly user: string; readonly currency: string; readonly country: string | null; readonly displayName: string | null } | { readonly ok: false; readonly status: SeamlessStatus | null; readonly reason: string };

export interface BetRef {
  readonly operatorId: string;
  /** Felt's player id (the journal's key for the player). */
  readonly playerId: string;
  /** The operator's id of the player (`user`). */
  readonly user: string;
  readonly currency: string;
  readonly round: string;
  readonly betId: string;
  /** `game_code` on the calls (issue 22 §16): the round's game, `felt_<game id>`. */
  readonly gameCode?: string;
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

export const dayOf = (at: number): string => new Date(at).toISOString().slice(0, 10);

/** What the operator really booked, as our journal knows it: acknowledged debits and credits, and rollbacks that returned money (with the debit they prove). */
export function bookedByOperator(rows: readonly JournalRow[]): JournalRow[] {
  const effectiveRollback = new Set(rows.filter((r) => r.kind === 'rollback' && r.state === 'done' && r.effective === true).map((r) => r.betId));
  return rows.filter((r) => {
    switch (r.kind) {
      case 'debit':
        return r.state === 'done' || effectiveRollback.has(r.betId);
      case 'rollback':
        return r.state === 'done' && r.effective === true;
      case 'credit':
        return r.state === 'done';
    }
  });
}

/** The game code of a credit/rollback: the ref's, else the debit's it refers to (settlement does not know the game). */
function gameCodeFrom(ref: BetRef, debit: JournalRow | null): { game_code?: string } {
  const code = ref.gameCode ?? (debit?.call.kind === 'debit' ? debit.call.body.game_code : undefined);
  return code !== undefined ? { game_code: code } : {};
}

export class SeamlessWallet {
  private seq = 0;
  private readonly jobs: WalletJobs;

  constructor(
    private readonly repo: SeamlessRepository,
    makeJobs: (handler: WalletJobHandler, onDead: DeadLetterHandler) => WalletJobs,
    private readonly now: () => number = Date.now,
    private readonly alert: (msg: string, details: Record<string, unknown>) => void = () => undefined,
    /** Each call to the operator: kind, outcome, seconds (issue 22 §15, `felt_wallet_call_duration_seconds`). */
    private readonly observe: (kind: string, outcome: string, seconds: number) => void = () => undefined,
    /** Felt's RSA private key (PEM, FELT_OPERATOR_RSA_KEY) for operators that sign with RSA (issue 22 §16). */
    private readonly signingKey: string | null = null,
  ) {
    this.jobs = makeJobs((job) => this.runJob(job), (job, error, attempts) => this.deadLetter(job, error, attempts));
  }

  /** The bet is accepted only when the operator said RS_OK; otherwise it is rejected (and an unknown debit rolled back). */
  async debit(ref: BetRef & { readonly token: string; readonly amountMinor: number }): Promise<DebitResult> {
    const uuid = `dbt_${ref.betId}`;
    const existing = await this.repo.get(uuid);
    if (existing?.state === 'done') return { accepted: true, balanceMinor: null }; // the same bet again (idempotent)
    if (existing !== null) return this.notAccepted(existing.state === 'refused' ? 'SEAMLESS_DEBIT_REFUSED' : 'SEAMLESS_DEBIT_UNCONFIRMED', null, `This bet's debit already failed (${existing.lastError ?? existing.state}); place it again with a new bet id.`);
    const op = await this.operator(ref.operatorId);
    const at = this.now();
    const call: WalletCall = { kind: 'debit', body: { request_uuid: this.requestId(), transaction_uuid: uuid, user: ref.user, token: ref.token, currency: ref.currency, round: ref.round, round_closed: false, bet: ref.betId, amount: ref.amountMinor, ...(ref.gameCode !== undefined ? { game_code: ref.gameCode } : {}) } };
    // journaled before the call: a crash during it leaves a pending debit that the sweep rolls back
    await this.repo.insert({ transactionUuid: uuid, operatorId: ref.operatorId, betId: ref.betId, playerId: ref.playerId, kind: 'debit', state: 'pending', amountMinor: ref.amountMinor, call, attempts: 1, lastError: null, effective: null, day: dayOf(at), at });
    const out = op.currencies.includes(ref.currency) ? await this.send(op, call) : ({ type: 'refused', status: 'RS_ERROR_WRONG_CURRENCY' } as const);
    switch (out.type) {
      case 'done':
        await this.repo.update(uuid, { state: 'done' }, this.now());
        return { accepted: true, balanceMinor: out.balance };
      case 'refused':
        await this.repo.update(uuid, { state: 'refused', lastError: out.status }, this.now());
        return this.notAccepted('SEAMLESS_DEBIT_REFUSED', out.status, `The operator's wallet refused the debit (${out.status}).`);
      case 'retry':
        // never assumed accepted: reject the bet, and make sure the operator does not keep the money
        await this.repo.update(uuid, { state: 'unconfirmed', lastError: out.reason }, this.now());
        await this.rollback(ref);
        return this.notAccepted('SEAMLESS_DEBIT_UNCONFIRMED', null, `The operator's wallet did not confirm the debit (${out.reason}); the bet is not accepted and the debit is rolled back.`);
    }
  }

  /** Settlement of a bet (amount 0 closes a lost bet's round); retried until acknowledged. Idempotent by bet. */
  async credit(ref: BetRef & { readonly amountMinor: number; readonly roundClosed: boolean }): Promise<void> {
    const uuid = `crd_${ref.betId}`;
    const debit = await this.repo.get(`dbt_${ref.betId}`);
    const call: WalletCall = { kind: 'credit', body: { request_uuid: this.requestId(), transaction_uuid: uuid, user: ref.user, currency: ref.currency, round: ref.round, round_closed: ref.roundClosed, reference_transaction_uuid: `dbt_${ref.betId}`, amount: ref.amountMinor, ...gameCodeFrom(ref, debit) } };
    await this.repo.insert(this.row(ref, call, ref.amountMinor, debit));
    await this.jobs.enqueue({ operatorId: ref.operatorId, transactionUuid: uuid });
  }

  /** Undo the bet's debit (a debit not confirmed, a bet refused after the debit, a cancelled bet, a voided round); retried until acknowledged. */
  async rollback(ref: BetRef): Promise<void> {
    const uuid = `rbk_${ref.betId}`;
    const debit = await this.repo.get(`dbt_${ref.betId}`);
    const call: WalletCall = { kind: 'rollback', body: { request_uuid: this.requestId(), transaction_uuid: uuid, user: ref.user, currency: ref.currency, round: ref.round, round_closed: true, reference_transaction_uuid: `dbt_${ref.betId}`, ...gameCodeFrom(ref, debit) } };
    await this.repo.insert(this.row(ref, call, debit?.amountMinor ?? 0, debit));
    await this.jobs.enqueue({ operatorId: ref.operatorId, transactionUuid: uuid });
  }

  /** After a restart: every credit/rollback still pending is queued again (the same uuid: idempotent at the operator). */
  async resume(): Promise<number> {
    const pending = (await this.repo.byState('pending')).filter((r) => r.kind !== 'debit');
    for (const r of pending) await this.jobs.enqueue({ operatorId: r.operatorId, transactionUuid: r.transactionUuid });
    return pending.length;
  }

  /** A dead-lettered call queued again by an operator of Felt (after the operator fixed its side). */
  async retryDead(transactionUuid: string): Promise<boolean> {
    const r = await this.repo.get(transactionUuid);
    if (r?.state !== 'dead') return false;
    await this.repo.update(transactionUuid, { state: 'pending' }, this.now());
    await this.jobs.enqueue({ operatorId: r.operatorId, transactionUuid });
    return true;
  }

  /** The player's balance as the operator's wallet knows it (`/user/balance`, signed; the operator's timeout). Read-only: never journaled, never retried. */
  async balance(p: { readonly operatorId: string; readonly user: string; readonly token: string; readonly currency: string }): Promise<OperatorBalance> {
    const op = await this.operator(p.operatorId);
    const body = JSON.stringify({ request_uuid: this.requestId(), user: p.user, token: p.token, currency: p.currency });
    const ctrl = new AbortController();
    const timer = setTimeout(() => ctrl.abort(), op.timeoutMs);
    try {
      const res = await fetch(`${op.baseUrl}${BALANCE_PATH}`, { method: 'POST', headers: { 'content-type': 'application/json', ...signedHeadersFor(op, this.signingKey, this.now(), body) }, body, signal: ctrl.signal });
      if (res.status >= 300) return { ok: false, status: null, reason: `HTTP ${res.status}` };
      const a = WalletAnswerSchema.safeParse(await res.json());
      if (!a.success) return { ok: false, status: null, reason: 'malformed answer' };
      if (a.data.status !== 'RS_OK') return { ok: false, status: a.data.status, reason: a.data.status };
      if (a.data.balance === undefined) return { ok: false, status: null, reason: 'answer without a balance' };
      return { ok: true, balanceMinor: a.data.balance, currency: a.data.currency ?? p.currency };
    } catch (e) {
      return { ok: false, status: null, reason: ctrl.signal.aborted ? `timeout after ${op.timeoutMs} ms` : (e as Error).message };
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Who a session's player is at the operator (`/user/info`, signed; the operator's timeout): asked when the
   * operator launches a game for its player (issue 22 §16), so Felt never admits a token the operator does not
   * stand behind. Read-only: never journaled, never retried.
   */
  async userInfo(p: { readonly operatorId: string; readonly user: string; readonly token: string }): Promise<OperatorUserInfo> {
    const op = await this.operator(p.operatorId);
    const body = JSON.stringify({ request_uuid: this.requestId(), user: p.user, token: p.token });
    const ctrl = new AbortController();
    const timer = setTimeout(() => ctrl.abort(), op.timeoutMs);
    try {
      const res = await fetch(`${op.baseUrl}${USER_INFO_PATH}`, { method: 'POST', headers: { 'content-type': 'application/json', ...signedHeadersFor(op, this.signingKey, this.now(), body) }, body, signal: ctrl.signal });
      if (res.status >= 300) return { ok: false, status: null, reason: `HTTP ${res.status}` };
      const a = UserInfoAnswerSchema.safeParse(await res.json());
      if (!a.success) return { ok: false, status: null, reason: 'malformed answer' };
      if (a.data.status !== 'RS_OK') return { ok: false, status: a.data.status, reason: a.data.status };
      if (a.data.currency === undefined) return { ok: false, status: null, reason: 'answer without a currency' };
      return { ok: true, user: a.data.user ?? p.user, currency: a.data.currency, country: a.data.country ?? null, displayName: a.data.display_name ?? null };
    } catch (e) {
      return { ok: false, status: null, reason: ctrl.signal.aborted ? `timeout after ${op.timeoutMs} ms` : (e as Error).message };
    } finally {
      clearTimeout(timer);
    }
  }

  /** Dead-lettered calls of an operator (every day). */
  async deadLetters(operatorId: string): Promise<JournalRow[]> {
    return (await this.repo.byState('dead')).filter((r) => r.operatorId === operatorId);
  }

  journal(operatorId: string, day: string): Promise<JournalRow[]> {
    return this.repo.forDay(operatorId, day);
  }

  drain(): Promise<void> {
    return this.jobs.drain();
  }

  close(): Promise<void> {
    return this.jobs.close();
  }

  /** Our journal against the operator's own book for one UTC day (the drill; an operator's statement file): what each side moved, and any transaction only one side has. */
  async reconcile(operatorId: string, day: string, theirBook: readonly OperatorTransaction[]): Promise<Reconciliation> {
    const ours = await this.repo.forDay(operatorId, day);
    const debitDay = new Map(ours.filter((r) => r.kind === 'debit').map((r) => [r.transactionUuid, r.day]));
    // their rows of the same bets (a credit booked after midnight still belongs to the debit's day)
    const theirs = theirBook.filter((t) => (t.kind === 'debit' ? debitDay.get(t.transactionUuid) ?? dayOf(t.at) : debitDay.get(t.reference ?? '') ?? dayOf(t.at)) === day);
    const booked = bookedByOperator(ours);
    const sum = (kind: WalletCall['kind']): number => booked.filter((e) => e.kind === kind).reduce((a, e) => a + e.amountMinor, 0);
    const tsum = (kind: OperatorTransaction['kind']): number => theirs.filter((t) => t.kind === kind).reduce((a, t) => a + t.amountMinor, 0);
    const o = { debitsMinor: sum('debit'), creditsMinor: sum('credit'), rollbacksMinor: sum('rollback') };
    const t = { debitsMinor: tsum('debit'), creditsMinor: tsum('credit'), rollbacksMinor: tsum('rollback') };
    const theirIds = new Set(theirs.map((x) => x.transactionUuid));
    const ourBooked = new Map(booked.map((e) => [e.transactionUuid, e.state]));
    const state = new Map(ours.map((e) => [e.transactionUuid, e.state]));
    const mismatches = [
      ...[...ourBooked].filter(([id]) => !theirIds.has(id)).map(([id, s]) => ({ transactionUuid: id, ours: s, theirs: null })),
      ...theirs.filter((x) => !ourBooked.has(x.transactionUuid)).map((x) => ({ transactionUuid: x.transactionUuid, ours: state.get(x.transactionUuid) ?? null, theirs: x.kind })),
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

  private notAccepted(code: 'SEAMLESS_DEBIT_REFUSED' | 'SEAMLESS_DEBIT_UNCONFIRMED', status: SeamlessStatus | null, message: string): DebitResult {
    return { accepted: false, code, status, message };
  }

  private row(ref: BetRef, call: WalletCall, amountMinor: number, debit: JournalRow | null): JournalRow {
    const at = this.now();
    return { transactionUuid: call.body.transaction_uuid, operatorId: ref.operatorId, betId: ref.betId, playerId: ref.playerId, kind: call.kind, state: 'pending', amountMinor, call, attempts: 0, lastError: null, effective: null, day: debit?.day ?? dayOf(at), at };
  }

  private async operator(id: string): Promise<OperatorRow> {
    const op = await this.repo.operator(id);
    if (op === null) throw new Error(`unknown operator ${id}`);
    return op;
  }

  private requestId(): string {
    return `req_${this.now().toString(36)}_${(++this.seq).toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  }

  private async runJob(job: WalletJob): Promise<void> {
    const e = await this.repo.get(job.transactionUuid);
    if (e === null || e.state === 'done') return;
    const attempts = e.attempts + 1;
    // every retry is a new request with the SAME transaction uuid (the idempotency key)
    const call = { ...e.call, body: { ...e.call.body, request_uuid: this.requestId() } } as WalletCall;
    const out = await this.send(await this.operator(job.operatorId), call);
    if (out.type === 'done') {
      await this.repo.update(job.transactionUuid, { state: 'done', attempts, lastError: null, ...(e.kind === 'rollback' ? { effective: out.effective } : {}) }, this.now());
      return;
    }
    const lastError = out.type === 'retry' ? out.reason : out.status;
    await this.repo.update(job.transactionUuid, { attempts, lastError }, this.now());
    throw new Error(`${e.kind} ${job.transactionUuid}: ${lastError}`);
  }

  private async deadLetter(job: WalletJob, error: string, attempts: number): Promise<void> {
    await this.repo.update(job.transactionUuid, { state: 'dead' }, this.now());
    this.alert('seamless wallet call dead-lettered', { operatorId: job.operatorId, transactionUuid: job.transactionUuid, error, attempts });
  }

  private async send(op: OperatorRow, call: WalletCall): Promise<Outcome & { effective?: boolean }> {
    const t0 = performance.now();
    const out = await this.sendOnce(op, call);
    this.observe(call.kind, out.type, (performance.now() - t0) / 1000);
    return out;
  }

  private async sendOnce(op: OperatorRow, call: WalletCall): Promise<Outcome & { effective?: boolean }> {
    const ctrl = new AbortController();
    const timer = setTimeout(() => ctrl.abort(), op.timeoutMs);
    const body = JSON.stringify(call.body);
    try {
      const res = await fetch(`${op.baseUrl}${WALLET_PATHS[call.kind]}`, { method: 'POST', headers: { 'content-type': 'application/json', ...signedHeadersFor(op, this.signingKey, this.now(), body) }, body, signal: ctrl.signal });
      if (res.status >= 500) return outcomeOf(call.kind, { transport: `HTTP ${res.status}` });
      const parsed = WalletAnswerSchema.safeParse(await res.json());
      if (!parsed.success) return outcomeOf(call.kind, { transport: 'malformed answer' });
      const out = outcomeOf(call.kind, parsed.data);
      return out.type === 'done' && call.kind === 'rollback' ? { ...out, effective: parsed.data.status !== 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST' } : out;
    } catch (e) {
      return outcomeOf(call.kind, { transport: ctrl.signal.aborted ? `timeout after ${op.timeoutMs} ms` : (e as Error).message });
    } finally {
      clearTimeout(timer);
    }
  }
}
