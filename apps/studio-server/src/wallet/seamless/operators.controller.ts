import { Body, Controller, Get, Headers, HttpCode, Inject, Param, Post, Put, Query, Req, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { SelfExclusionBodySchema, SetLimitBodySchema } from '@felt/protocol';
import { JwtAuthGuard } from '../../auth/jwt-auth.guard.js';
import { Roles } from '../../auth/roles.decorator.js';
import { RolesGuard } from '../../auth/roles.guard.js';
import { AuditService } from '../../audit/audit.service.js';
import type { AuthUser } from '../../auth/auth.types.js';
import { CurrentUser } from '../../auth/current-user.decorator.js';
import { CLOCK, type Clock } from '../../shared/clock.js';
import { LimitsService, type PlayerLimitsView } from '../../limits/limits.service.js';
import { codedError } from '../../shared/error-codes.js';
import { body, unwrap } from '../../shared/http-errors.js';
import { dayOf } from './seamless-wallet.js';
import type { OperatorRow, PlayerLinkRow } from './seamless.repository.js';
import { DeadLetterRetryBody, OperatorConfigBody, OperatorIdSchema, OperatorSessionBody, ReconciliationQuerySchema, type DeadLetterRow } from '@felt/protocol';
import { SeamlessService, type ReconciliationReport } from './seamless.service.js';
import { checkSignature, ReplayGuard } from './signing.js';

export const OPERATOR_HEADER = 'x-felt-operator';
type OperatorView = Omit<OperatorRow, 'secret'>;
const view = ({ secret: _secret, ...o }: OperatorRow): OperatorView => o;

/** Operators of the studio (admin): wallet mode, endpoint, secret, currencies; the reconciliation per day. */
@ApiTags('operators')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard, RolesGuard)
@Roles('admin')
@Controller('admin/operators')
export class OperatorsAdminController {
  constructor(
    @Inject(SeamlessService) private readonly seamless: SeamlessService,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(AuditService) private readonly audit: AuditService,
  ) {}

  @Get()
  async list(): Promise<OperatorView[]> {
    return (await this.seamless.repo.operators()).map(view);
  }

  @Put(':operatorId')
  async upsert(@Param('operatorId') operatorId: string, @Body() b: unknown): Promise<OperatorView> {
    const id = body(OperatorIdSchema, operatorId);
    const c = body(OperatorConfigBody, b);
    return view(await this.seamless.upsertOperator({ operatorId: id, ...c }));
  }

  /** Our ledger against the operator's acknowledgements for one UTC day (default: today). */
  @Get(':operatorId/reconciliation')
  async reconciliation(@Param('operatorId') operatorId: string, @Query() q: unknown): Promise<ReconciliationReport> {
    const id = body(OperatorIdSchema, operatorId);
    if ((await this.seamless.repo.operator(id)) === null) throw codedError('OPERATOR_NOT_FOUND', `no operator ${id}`);
    return this.seamless.report(id, body(ReconciliationQuerySchema, q).day ?? dayOf(this.clock.now()));
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

/** A dead-lettered wallet call as the admin sees it (@felt/protocol's schema). */
export type DeadLetterView = DeadLetterRow;

interface RawRequest {
  readonly rawBody?: Buffer;
}

/**
 * The operator's own calls (seamless mode), authenticated by `X-Felt-Operator` + `X-Felt-Timestamp` +
 * `X-Felt-Signature` (HMAC-SHA256 of `<timestamp>.<exact body>` with the operator's secret; a timestamp more
 * than 5 min off the server clock → OPERATOR_SIGNATURE_STALE, the same signed request twice →
 * OPERATOR_SIGNATURE_REPLAYED; signing.ts): register a player's session, and
 * push the player's responsible-gambling limits (the same rules as the player's own: lowering at once,
 * raising from the next period, daily ≤ weekly ≤ monthly; a self-exclusion cannot be shortened).
 */
@ApiTags('operator API')
@Controller('operator/v1')
export class OperatorApiController {
  /** Signatures accepted in the last ±5 min (per instance: a replay to another instance is caught only by the window). */
  private readonly replays = new ReplayGuard();

  constructor(
    @Inject(SeamlessService) private readonly seamless: SeamlessService,
    @Inject(LimitsService) private readonly limits: LimitsService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

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
    const check = checkSignature(op.secret, req.rawBody?.toString('utf8') ?? '', h, this.clock.now(), this.replays);
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
    if (op.walletMode !== 'seamless') throw codedError('OPERATOR_NOT_SEAMLESS', `operator ${op.operatorId} is not in seamless mode`);
    return op;
  }

  private async ownPlayer(op: OperatorRow, playerId: string): Promise<void> {
    const link = await this.seamless.repo.player(playerId);
    if (link?.operatorId !== op.operatorId) throw codedError('OPERATOR_PLAYER_UNKNOWN', `player ${playerId} is not a player of operator ${op.operatorId}`);
  }
}
