/**
 * A simulated operator wallet (issue 12 point 1), in tests and the demo: a real HTTP server speaking the
 * seamless contract (seamless.contract.ts) with the operator's own balances and transaction book, and
 * faults you switch on: latency, no answer (a timeout for the caller), duplicate replies, error codes,
 * unreachable (connections refused). Answers the player's balance (`/user/balance`). Idempotent by transaction_uuid, as a real operator must be.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { checkRsaSignature, checkSignature, ReplayGuard } from './signing.js';
import { BalanceRequestSchema, CreditRequestSchema, DebitRequestSchema, RollbackRequestSchema, UserInfoRequestSchema, type SeamlessStatus, type WalletAnswer } from './seamless.contract.js';

export interface OperatorTransaction {
  readonly transactionUuid: string;
  readonly kind: 'debit' | 'credit' | 'rollback';
  readonly user: string;
  readonly currency: string;
  readonly amountMinor: number;
  readonly round: string;
  readonly reference: string | null;
  readonly at: number;
  /** `game_code` of the call (issue 22 §16). */
  readonly gameCode?: string;
}

export interface OperatorFaults {
  latencyMs?: number;
  /** Accept the request (book it) but never answer: the caller times out without knowing. */
  swallowAfterBooking?: boolean;
  /** Never answer and book nothing. */
  blackhole?: boolean;
  /** Answer this status instead of processing (e.g. RS_ERROR_UNKNOWN). */
  status?: SeamlessStatus | null;
  /** Process the call twice (a duplicated delivery on the operator's side). */
  duplicate?: boolean;
}

export class OperatorWalletSim {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  private portNo = 0;
  readonly balances = new Map<string, number>();
  readonly book = new Map<string, OperatorTransaction>();
  readonly tokens = new Map<string, string>();
  faults: OperatorFaults = {};
  /** Players the operator has disabled (RS_ERROR_USER_DISABLED). */
  readonly disabled = new Set<string>();
  calls = 0;

  private readonly replays = new ReplayGuard();

  /**
   * With a secret, a request whose signature is bad, stale (timestamp outside ±5 min of `now`) or replayed is
   * refused (RS_ERROR_INVALID_SIGNATURE) and booked nowhere.
   */
  constructor(
    private readonly currency = 'EUR',
    /** HMAC secret, or `{ rsaPublicKey }` (Felt's public key, PEM) for an operator signing with RSA (issue 22 §16). */
    private readonly secret: string | { readonly rsaPublicKey: string } | null = null,
    private readonly now: () => number = Date.now,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.portNo}`;
  }

  /** A player with a balance and a live session token. */
  addPlayer(user: string, balanceMinor: number, token = `tok-${user}`): string {
    this.balances.set(user, balanceMinor);
    this.tokens.set(token, user);
    return token;
  }

  async start(port = 0): Promise<void> {
    const server = createServer((req, res) => void this.handle(req, res));
    server.on('connection', (s) => {
      this.sockets.add(s);
      s.once('close', () => this.sockets.delete(s));
    });
    await new Promise<void>((r) => server.listen(port || this.portNo, '127.0.0.1', () => r()));
    this.portNo = (server.address() as AddressInfo).port;
    this.server = server;
  }

  /** Unreachable: the port refuses connections (open ones are cut) until `start()` again. */
  async stop(): Promise<void> {
    const s = this.server;
    this.server = null;
    if (!s) return;
    for (const sock of this.sockets) sock.destroy();
    await new Promise<void>((r) => s.close(() => r()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    this.calls++;
    let raw = '';
    for await (const chunk of req) raw += String(chunk);
    const f = this.faults;
    if (f.latencyMs) await new Promise((r) => setTimeout(r, f.latencyMs));
    if (f.blackhole) return; // never answers, books nothing
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return this.reply(res, { status: 'RS_ERROR_WRONG_SYNTAX', request_uuid: '' });
    }
    if (this.secret !== null && !(typeof this.secret === 'string' ? checkSignature(this.secret, raw, req.headers, this.now(), this.replays) : checkRsaSignature(this.secret.rsaPublicKey, raw, req.headers, this.now(), this.replays)).ok) return this.reply(res, { status: 'RS_ERROR_INVALID_SIGNATURE', request_uuid: '' });
    const requestUuid = typeof (body as { request_uuid?: unknown }).request_uuid === 'string' ? (body as { request_uuid: string }).request_uuid : '';
    if (f.status) return this.reply(res, { status: f.status, request_uuid: requestUuid });
    let answer = this.process(req.url ?? '', body, requestUuid);
    if (f.duplicate) answer = this.process(req.url ?? '', body, requestUuid); // the second delivery must change nothing
    if (f.swallowAfterBooking) return; // booked, but the caller never hears
    this.reply(res, answer);
  }

  private process(path: string, body: unknown, requestUuid: string): WalletAnswer {
    const at = Date.now();
    const err = (status: SeamlessStatus): WalletAnswer => ({ status, request_uuid: requestUuid });
    switch (path) {
      case '/transaction/bet': {
        const b = DebitRequestSchema.safeParse(body);
        if (!b.success) return err('RS_ERROR_WRONG_SYNTAX');
        const d = b.data;
        if (this.book.has(d.transaction_uuid)) return { ...this.ok(d.user, requestUuid), status: 'RS_ERROR_DUPLICATE_TRANSACTION' };
        if (this.tokens.get(d.token) !== d.user) return err('RS_ERROR_INVALID_TOKEN');
        if (d.currency !== this.currency) return err('RS_ERROR_WRONG_CURRENCY');
        const bal = this.balances.get(d.user) ?? 0;
        if (bal < d.amount) return err('RS_ERROR_NOT_ENOUGH_MONEY');
        this.balances.set(d.user, bal - d.amount);
        this.book.set(d.transaction_uuid, { transactionUuid: d.transaction_uuid, kind: 'debit', user: d.user, currency: d.currency, amountMinor: d.amount, round: d.round, reference: null, at, ...(d.game_code !== undefined ? { gameCode: d.game_code } : {}) });
        return this.ok(d.user, requestUuid);
      }
      case '/transaction/win': {
        const b = CreditRequestSchema.safeParse(body);
        if (!b.success) return err('RS_ERROR_WRONG_SYNTAX');
        const c = b.data;
        if (this.book.has(c.transaction_uuid)) return { ...this.ok(c.user, requestUuid), status: 'RS_ERROR_DUPLICATE_TRANSACTION' };
        // no token check: a credit may arrive after the player's session expired
        this.balances.set(c.user, (this.balances.get(c.user) ?? 0) + c.amount);
        this.book.set(c.transaction_uuid, { transactionUuid: c.transaction_uuid, kind: 'credit', user: c.user, currency: c.currency, amountMinor: c.amount, round: c.round, reference: c.reference_transaction_uuid, at, ...(c.game_code !== undefined ? { gameCode: c.game_code } : {}) });
        return this.ok(c.user, requestUuid);
      }
      case '/transaction/rollback': {
        const b = RollbackRequestSchema.safeParse(body);
        if (!b.success) return err('RS_ERROR_WRONG_SYNTAX');
        const r = b.data;
        if (this.book.has(r.transaction_uuid)) return { ...this.ok(r.user, requestUuid), status: 'RS_ERROR_DUPLICATE_TRANSACTION' };
        const debit = this.book.get(r.reference_transaction_uuid);
        if (debit === undefined || debit.kind !== 'debit') return err('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
        this.balances.set(r.user, (this.balances.get(r.user) ?? 0) + debit.amountMinor);
        this.book.set(r.transaction_uuid, { transactionUuid: r.transaction_uuid, kind: 'rollback', user: r.user, currency: r.currency, amountMinor: debit.amountMinor, round: r.round, reference: r.reference_transaction_uuid, at });
        return this.ok(r.user, requestUuid);
      }
      case '/user/info': {
        const b = UserInfoRequestSchema.safeParse(body);
        if (!b.success) return err('RS_ERROR_WRONG_SYNTAX');
        if (this.tokens.get(b.data.token) !== b.data.user) return err('RS_ERROR_INVALID_TOKEN');
        if (this.disabled.has(b.data.user)) return err('RS_ERROR_USER_DISABLED');
        return { ...this.ok(b.data.user, requestUuid), country: 'SE', display_name: b.data.user } as WalletAnswer;
      }
      case '/user/balance': {
        const b = BalanceRequestSchema.safeParse(body);
        if (!b.success) return err('RS_ERROR_WRONG_SYNTAX');
        if (this.tokens.get(b.data.token) !== b.data.user) return err('RS_ERROR_INVALID_TOKEN');
        return this.ok(b.data.user, requestUuid);
      }
      default:
        return err('RS_ERROR_WRONG_SYNTAX');
    }
  }

  private ok(user: string, requestUuid: string): WalletAnswer {
    return { status: 'RS_OK', request_uuid: requestUuid, user, currency: this.currency, balance: this.balances.get(user) ?? 0 };
  }

  private reply(res: ServerResponse, body: WalletAnswer): void {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  }
}
