import { Body, Controller, Get, Headers, HttpCode, Inject, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import { csvHeaders, isoOf, toCsv, type CsvResponse } from '../../shared/csv.js';
import { ApiTags } from '@nestjs/swagger';
import { SelfExclusionBodySchema, SetLimitBodySchema } from '@felt-studio/protocol';
import { Roles } from '../../auth/roles.decorator.js';
import { AuditService } from '../../audit/audit.service.js';
import type { AuthUser } from '../../auth/auth.types.js';
import { CurrentUser } from '../../auth/current-user.decorator.js';
import { createHash, randomBytes } from 'node:crypto';
import { AuthService } from '../../auth/auth.service.js';
import { FELT_CONFIG, settingOf, type FeltConfig } from '../../config/config.js';
import { CLOCK, type Clock } from '../../shared/clock.js';
import { LimitsService, type PlayerLimitsView } from '../../limits/limits.service.js';
import { codedError } from '../../shared/error-codes.js';
import { body, unwrap } from '../../shared/http-errors.js';
import { dayOf } from './seamless-wallet.js';
import type { OperatorRow, PlayerLinkRow } from './seamless.repository.js';
import { DeadLetterRetryBody, OperatorConfigBody, OperatorIdSchema, OperatorLaunchBody, OperatorSessionBody, ReconciliationQuerySchema, type DeadLetterRow } from '@felt-studio/protocol';
import { SeamlessService, type ReconciliationReport } from './seamless.service.js';
import { createPublicKey } from 'node:crypto';
import { checkOperatorSignature, publicPemOf, REPLAY_WINDOW_MS, SIGNATURE_HEADER, TIMESTAMP_HEADER } from './signing.js';
import { GuardedController } from '../../auth/guarded-controller.decorator.js';

export const OPERATOR_HEADER = 'x-felt-operator';
type OperatorView = Omit<OperatorRow, 'secret'>;
const view = ({ secret: _secret, ...o }: OperatorRow): OperatorView => o;

/** Operators of the studio (admin): wallet mode, endpoint, secret, currencies; the reconciliation per day. */
@GuardedController('operators', 'admin/operators')
@Roles('admin')
export class OperatorsAdminController {
  constructor(
    private readonly seamless: SeamlessService,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly audit: AuditService,
    @Inject(FELT_CONFIG) private readonly config: FeltConfig,
  ) {}

  @Get()
  async list(): Promise<OperatorView[]> {
    return (await this.seamless.repo.operators()).map(view);
  }

  @Put(':operatorId')
  async upsert(@Param('operatorId') operatorId: string, @Body() b: unknown): Promise<OperatorView> {
    const id = body(OperatorIdSchema, operatorId);
    const c = body(OperatorConfigBody, b);
    if (c.signature === 'rsa') {
      // issue 22 §16: an RSA operator needs its public key, and Felt needs its own key to sign its calls
      let rsa = false;
      try {
        rsa = c.publicKey !== null && createPublicKey(c.publicKey).asymmetricKeyType === 'rsa';
      } catch {
        rsa = false;
      }
      if (!rsa) throw codedError('INVALID_INPUT', 'signature "rsa" needs publicKey: the operator\'s RSA public key in PEM');
      if (settingOf(this.config, 'operatorRsaKey') === null) throw codedError('INVALID_INPUT', 'signature "rsa" needs FELT_OPERATOR_RSA_KEY on the server (Felt signs its calls with it)');
    }
    return view(await this.seamless.upsertOperator({ operatorId: id, ...c }));
  }

  /** Our ledger against the operator's acknowledgements for one UTC day (default: today). */
  @Get(':operatorId/reconciliation')
  async reconciliation(@Param('operatorId') operatorId: string, @Query() q: unknown): Promise<ReconciliationReport> {
    const id = body(OperatorIdSchema, operatorId);
    if ((await this.seamless.repo.operator(id)) === null) throw codedError('OPERATOR_NOT_FOUND', `no operator ${id}`);
    return this.seamless.report(id, body(ReconciliationQuerySchema, q).day ?? dayOf(this.clock.now()));
  }

  /**
   * Issue 22 §16: the day's statement as CSV — every wallet call of the operator on that UTC day (debits, credits,
   * rollbacks; state, amount, round, game), for the operator's own reconciliation against its book.
   */
  @Get(':operatorId/reconciliation.csv')
  async reconciliationCsv(@Param('operatorId') operatorId: string, @Query() q: unknown, @Res() res: CsvResponse): Promise<void> {
    const id = await this.known(operatorId);
    const day = body(ReconciliationQuerySchema, q).day ?? dayOf(this.clock.now());
    const rows = await this.seamless.journal(id, day);
    res.set(csvHeaders(`felt-${id}-${day}.csv`)).send(
      toCsv(
        ['transaction_uuid', 'kind', 'state', 'bet_id', 'player_id', 'user', 'amount_minor', 'currency', 'round', 'game_code', 'day', 'at', 'at_ms', 'attempts', 'last_error'],
        rows.map((r) => [r.transactionUuid, r.kind, r.state, r.betId, r.playerId, r.call.body.user, r.amountMinor, r.call.body.currency, r.call.body.round, r.call.body.game_code ?? null, r.day, isoOf(r.at), r.at, r.attempts, r.lastError]),
      ),
    );
  }

  /** The operator's dead-lettered wallet calls (credits/rollbacks that exhausted their retries; each raised a SEAMLESS_DEAD_LETTER alert). */
  @Get(':operatorId/dead-letter')
  async deadLetters(@Param('operatorId') operatorId: string): Promise<DeadLetterView[]> {
    const id = await this.known(operatorId);
    return (await this.seamless.deadLetters(id)).map((r) => ({ transactionUuid: r.transactionUuid, betId: r.betId, playerId: r.playerId, kind: r.kind, amountMinor: r.amountMinor, attempts: r.attempts, lastError: r.lastError, day: r.day, at: r.at }));
  }

  /** Re-queues dead-lettered calls (after the operator fixed its side): the same transaction uuids, so idempotent at the operator. Audited with the reason. */
  @Post(':operatorId/dead-letter/retry')
  @HttpCode(200)
  async retryDeadLetters(@CurrentUser() by: AuthUser, @Param('operatorId') operatorId: string, @Body() b: unknown): Promise<{ operatorId: string; requeued: string[] }> {
    const id = await this.known(operatorId);
    const r = body(DeadLetterRetryBody, b);
    const requeued = await this.seamless.retryDeadLetters(id, r.transactionUuids);
    await this.audit.record({ actor: by.userId, role: by.role, action: 'seamless.dead-letter.retry', reason: r.reason, target: `operator:${id}:${requeued.join(',')}`, at: this.clock.now() });
    return { operatorId: id, requeued };
  }

  private async known(operatorId: string): Promise<string> {
    const id = body(OperatorIdSchema, operatorId);
    if ((await this.seamless.repo.operator(id)) === null) throw codedError('OPERATOR_NOT_FOUND', `no operator ${id}`);
    return id;
  }
}

/** A dead-lettered wallet call as the admin sees it (@felt-studio/protocol's schema). */
export type DeadLetterView = DeadLetterRow;

interface RawRequest {
  readonly rawBody?: Buffer;
  readonly protocol?: string;
  readonly headers?: Readonly<Record<string, string | string[] | undefined>>;
}

/**
 * The operator's own calls (seamless mode), authenticated by `X-Felt-Operator` + `X-Felt-Timestamp` +
 * `X-Felt-Signature` (HMAC-SHA256 of `<timestamp>.<exact body>` with the operator's secret; a timestamp more
 * than 5 min off the server clock → OPERATOR_SIGNATURE_STALE, the same signed request twice →
 * OPERATOR_SIGNATURE_REPLAYED, remembered in the database across restarts and instances; signing.ts): register a player's session, and
 * push the player's responsible-gambling limits (the same rules as the player's own: lowering at once,
 * raising from the next period, daily ≤ weekly ≤ monthly; a self-exclusion cannot be shortened).
 */
@ApiTags('operator API')
@Controller('operator/v1')
export class OperatorApiController {
  constructor(
    private readonly seamless: SeamlessService,
    private readonly limits: LimitsService,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly auth: AuthService,
    @Inject(FELT_CONFIG) private readonly config: FeltConfig,
  ) {}

  /**
   * Issue 22 §16, the game launch aggregators expect: the operator asks for a URL for its player (and a table);
   * Felt checks the player's session with the operator (`/user/info`: the token is live, the currency is the
   * player's), creates the Felt player on first launch (`<operator>-<hash of the user>`, linked to the session),
   * and answers a URL of the player client with a one-time code that logs the player in within a minute.
   */
  @Post('launch')
  @HttpCode(200)
  async launch(@Req() req: RawRequest, @Headers() h: Record<string, unknown>, @Body() b: unknown): Promise<{ url: string; playerId: string; expiresAt: number }> {
    const op = await this.authenticate(req, h);
    const l = body(OperatorLaunchBody, b);
    if (!op.currencies.includes(l.currency)) throw codedError('INVALID_INPUT', `operator ${op.operatorId} does not play in ${l.currency}`);
    const info = await this.seamless.userInfo(op.operatorId, l.user, l.token);
    if (!info.ok) throw codedError('OPERATOR_PLAYER_UNKNOWN', `the operator did not confirm the player's session (${info.reason})`, info.status === null ? {} : { operatorStatus: info.status });
    if (info.currency !== l.currency) throw codedError('INVALID_INPUT', `the player plays in ${info.currency} at the operator, not ${l.currency}`);
    const playerId = `${op.operatorId.toLowerCase().replace(/[^a-z0-9._-]/g, '-')}-${createHash('sha256').update(`${op.operatorId}\u0000${l.user}`).digest('hex').slice(0, 12)}`;
    const current = await this.seamless.repo.player(playerId);
    if (current !== null && (current.operatorId !== op.operatorId || current.externalUser !== l.user)) throw codedError('OPERATOR_PLAYER_UNKNOWN', `player ${playerId} belongs to another operator or user`);
    await this.auth.createUser({ userId: playerId, username: playerId, name: info.displayName ?? l.user, role: 'player', password: randomBytes(24).toString('base64url') });
    await this.seamless.linkPlayer({ playerId, operatorId: op.operatorId, externalUser: l.user, token: l.token, currency: l.currency });
    const { code, expiresAt } = await this.auth.issueLaunchCode(playerId, l.tableId ?? null);
    const params = new URLSearchParams({ launch: code, ...(l.tableId !== undefined ? { table: l.tableId } : {}), ...(l.lang !== undefined ? { lang: l.lang } : {}) });
    return { url: `${this.publicUrl(req)}/play/?${params.toString()}`, playerId, expiresAt };
  }

  /** Issue 22 §16: Felt's RSA public key (PEM), which verifies Felt's calls to an operator that signs with RSA. Public. */
  @Get('signing-key')
  signingKey(): { algorithm: 'RSA-SHA256'; publicKey: string } {
    const key = settingOf(this.config, 'operatorRsaKey');
    if (key === null) throw codedError('OPERATOR_RSA_UNAVAILABLE', 'this studio signs with HMAC only (FELT_OPERATOR_RSA_KEY is not set)');
    return { algorithm: 'RSA-SHA256', publicKey: publicPemOf(key) };
  }

  /** FELT_PUBLIC_URL, else the address the operator called (its Host header). */
  private publicUrl(req: RawRequest): string {
    const set = settingOf(this.config, 'publicUrl');
    if (set !== null) return set.replace(/\/$/, '');
    const host = req.headers?.['host'];
    return `${req.protocol ?? 'http'}://${typeof host === 'string' ? host : 'localhost'}`;
  }

  @Post('sessions')
  @HttpCode(200)
  async session(@Req() req: RawRequest, @Headers() h: Record<string, unknown>, @Body() b: unknown): Promise<Omit<PlayerLinkRow, 'token' | 'externalUser'> & { user: string }> {
    const op = await this.authenticate(req, h);
    const s = body(OperatorSessionBody, b);
    if (!op.currencies.includes(s.currency)) throw codedError('INVALID_INPUT', `operator ${op.operatorId} does not play in ${s.currency}`);
    const current = await this.seamless.repo.player(s.playerId);
    if (current !== null && current.operatorId !== op.operatorId) throw codedError('OPERATOR_PLAYER_UNKNOWN', `player ${s.playerId} belongs to another operator`);
    await this.seamless.linkPlayer({ playerId: s.playerId, operatorId: op.operatorId, externalUser: s.user, token: s.token, currency: s.currency });
    return { playerId: s.playerId, operatorId: op.operatorId, user: s.user, currency: s.currency };
  }

  @Post('players/:playerId/limits')
  @HttpCode(200)
  async setLimit(@Req() req: RawRequest, @Headers() h: Record<string, unknown>, @Param('playerId') playerId: string, @Body() b: unknown): Promise<PlayerLimitsView> {
    await this.ownPlayer(await this.authenticate(req, h), playerId);
    return unwrap(await this.limits.setLimit(playerId, body(SetLimitBodySchema, b)));
  }

  @Post('players/:playerId/self-exclusion')
  @HttpCode(200)
  async exclude(@Req() req: RawRequest, @Headers() h: Record<string, unknown>, @Param('playerId') playerId: string, @Body() b: unknown): Promise<PlayerLimitsView> {
    await this.ownPlayer(await this.authenticate(req, h), playerId);
    return this.limits.selfExclude(playerId, body(SelfExclusionBodySchema, b).period);
  }

  private async authenticate(req: RawRequest, h: Record<string, unknown>): Promise<OperatorRow> {
    const id = h[OPERATOR_HEADER];
    const op = typeof id === 'string' ? await this.seamless.repo.operator(id) : null;
    // one answer for an unknown operator and a bad signature (no operator-id oracle)
    if (op === null) throw codedError('OPERATOR_UNAUTHENTICATED', 'unknown operator or bad X-Felt-Signature (HMAC-SHA256 of "<X-Felt-Timestamp>.<body>" with the operator secret)');
    const now = this.clock.now();
    const check = checkOperatorSignature(op, req.rawBody?.toString('utf8') ?? '', h, now);
    if (!check.ok) {
      switch (check.reason) {
        case 'bad':
          throw codedError('OPERATOR_UNAUTHENTICATED', 'unknown operator or bad X-Felt-Signature (HMAC-SHA256 of "<X-Felt-Timestamp>.<body>" with the operator secret)');
        case 'stale':
          throw codedError('OPERATOR_SIGNATURE_STALE', check.message);
        case 'replayed':
          throw codedError('OPERATOR_SIGNATURE_REPLAYED', check.message);
      }
    }
    // Issue 22 §3: a proven, fresh signature is used once, across restarts and instances (the database keeps it
    // until its window ends: the timestamp + 5 min, after which the request is stale anyway).
    if (!(await this.seamless.repo.firstUse(String(h[SIGNATURE_HEADER]), op.operatorId, Number(h[TIMESTAMP_HEADER]) + REPLAY_WINDOW_MS, now))) {
      throw codedError('OPERATOR_SIGNATURE_REPLAYED', 'this signature was already used (a replayed request)');
    }
    if (op.walletMode !== 'seamless') throw codedError('OPERATOR_NOT_SEAMLESS', `operator ${op.operatorId} is not in seamless mode`);
    return op;
  }

  private async ownPlayer(op: OperatorRow, playerId: string): Promise<void> {
    const link = await this.seamless.repo.player(playerId);
    if (link?.operatorId !== op.operatorId) throw codedError('OPERATOR_PLAYER_UNKNOWN', `player ${playerId} is not a player of operator ${op.operatorId}`);
  }
}
