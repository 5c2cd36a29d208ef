import { Body, Controller, Get, Headers, HttpCode, Inject, Param, Post, Put, Query, Req, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { SelfExclusionBodySchema, SetLimitBodySchema } from '@felt/protocol';
import { JwtAuthGuard } from '../../auth/jwt-auth.guard.js';
import { Roles } from '../../auth/roles.decorator.js';
import { RolesGuard } from '../../auth/roles.guard.js';
import { CLOCK, type Clock } from '../../config/clock.js';
import { LimitsService, type PlayerLimitsView } from '../../limits/limits.service.js';
import { codedError } from '../../ops/error-codes.js';
import { body, unwrap } from '../../rounds/http-errors.js';
import { dayOf } from './seamless-wallet.js';
import type { OperatorRow, PlayerLinkRow } from './seamless.repository.js';
import { OperatorConfigBody, OperatorIdSchema, OperatorSessionBody, ReconciliationQuerySchema } from './seamless.schema.js';
import { SeamlessService, type ReconciliationReport } from './seamless.service.js';
import { SIGNATURE_HEADER, signatureValid } from './signing.js';

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
}

interface RawRequest {
  readonly rawBody?: Buffer;
}

/**
 * The operator's own calls (seamless mode), authenticated by `X-Felt-Operator` + `X-Felt-Signature`
 * (HMAC-SHA256 of the exact request body with the operator's secret): register a player's session, and
 * push the player's responsible-gambling limits (the same rules as the player's own: lowering at once,
 * raising from the next period, daily ≤ weekly ≤ monthly; a self-exclusion cannot be shortened).
 */
@ApiTags('operator API')
@Controller('operator/v1')
export class OperatorApiController {
  constructor(
    @Inject(SeamlessService) private readonly seamless: SeamlessService,
    @Inject(LimitsService) private readonly limits: LimitsService,
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
    if (op === null || !signatureValid(op.secret, req.rawBody?.toString('utf8') ?? '', h[SIGNATURE_HEADER])) throw codedError('OPERATOR_UNAUTHENTICATED', 'unknown operator or bad X-Felt-Signature (HMAC-SHA256 of the body with the operator secret)');
    if (op.walletMode !== 'seamless') throw codedError('OPERATOR_NOT_SEAMLESS', `operator ${op.operatorId} is not in seamless mode`);
    return op;
  }

  private async ownPlayer(op: OperatorRow, playerId: string): Promise<void> {
    const link = await this.seamless.repo.player(playerId);
    if (link?.operatorId !== op.operatorId) throw codedError('OPERATOR_PLAYER_UNKNOWN', `player ${playerId} is not a player of operator ${op.operatorId}`);
  }
}
