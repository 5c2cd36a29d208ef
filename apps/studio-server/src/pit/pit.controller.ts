import { Body, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { csvHeaders, isoOf, toCsv, type CsvResponse } from '../shared/csv.js';
import { ReasonBodySchema } from '@felt-studio/protocol';
import { z } from 'zod';
import type { AuthUser } from '../auth/auth.types.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { Roles } from '../auth/roles.decorator.js';
import { body, rejectionError, unwrap } from '../shared/http-errors.js';
import { audienceOfRole } from '../kernels/redaction.js';
import { RoundControlService, type PendingRequest } from '../rounds/round-control.service.js';
import { rejection } from '../shared/command.types.js';
import { PitService, type RoundDetail, type RoundListItem, type TableDay } from './pit.service.js';
import { GuardedController } from '../auth/guarded-controller.decorator.js';

const epoch = z.coerce.number().int().min(0).max(8_640_000_000_000);
const HOUR = 3_600_000;
const DAY = 86_400_000;

export const RoundSearchQuerySchema = z
  .object({
    roundId: z.string().min(1).max(80).optional(),
    tableId: z.string().min(1).max(80).optional(),
    playerId: z.string().min(1).max(80).optional(),
    from: epoch.optional(),
    to: epoch.optional(),
    limit: z.coerce.number().int().min(1).max(500).default(50),
  })
  .strict();

export const DayQuerySchema = z
  .object({
    from: epoch.optional(),
    to: epoch.optional(),
    bucketMs: z.coerce.number().int().min(60_000).max(DAY).default(HOUR),
  })
  .strict()
  .refine((q) => q.from === undefined || q.to === undefined || (q.from < q.to && q.to - q.from <= 7 * DAY), 'from < to, at most 7 days apart');

/**
 * Pit-boss read side (issue 7 "Pit-boss dashboard"): the day per table (hold, stakes, rounds; charts),
 * round search by id/table/player/time, round detail for the replay (bets + every event through the audience view), and
 * turning down a void request or a manual entry (audited). Pit boss and admin only.
 */
@GuardedController('pit')
export class PitController {
  constructor(
    private readonly pit: PitService,
    private readonly control: RoundControlService,
  ) {}

  /** Hold, stakes and rounds per table since `from` (default: today 00:00 UTC), with buckets for charts. */
  @Get('rounds/day')
  @Roles('pitboss', 'admin')
  day(@Query() q: unknown): Promise<TableDay[]> {
    const p = body(DayQuerySchema, q);
    const to = p.to ?? this.pit.now() + 1;
    const from = p.from ?? this.pit.startOfDay();
    return this.pit.day(from, to, p.bucketMs);
  }

  /** Round search: by id, by player (their bets), by table; `from`/`to` on the opening time. Newest first. */
  @Get('rounds/search')
  @Roles('pitboss', 'admin')
  search(@Query() q: unknown): Promise<RoundListItem[]> {
    const p = body(RoundSearchQuerySchema, q);
    return this.pit.search({ ...p });
  }

  /**
   * Issue 22 §16: the round search as CSV (the same filters; `limit` up to 10 000): one row per round with its
   * money, in the table's minor units. A voided round reads `voided` in `phase`.
   */
  @Get('rounds/export.csv')
  @Roles('pitboss', 'admin')
  async roundsCsv(@Query() q: unknown, @Res() res: CsvResponse): Promise<void> {
    const { limit, ...p } = body(RoundSearchQuerySchema.extend({ limit: z.coerce.number().int().min(1).max(10_000).default(1_000) }), q);
    const rows = await this.pit.search({ ...p, limit });
    res.set(csvHeaders('felt-rounds.csv')).send(
      toCsv(
        ['round_id', 'table_id', 'game', 'phase', 'opened_at', 'opened_at_ms', 'updated_at_ms', 'bets', 'players', 'staked_minor', 'hold_minor'],
        rows.map((r) => [r.roundId, r.tableId, r.game, r.phase, isoOf(r.openedAt), r.openedAt, r.updatedAt, r.bets, r.players, r.stakedMinor, r.holdMinor]),
      ),
    );
  }

  /** One round: money summary, every bet (status, return) and every stored event (replay). */
  @Get('rounds/:roundId/detail')
  @Roles('pitboss', 'admin')
  async detail(@Param('roundId') roundId: string, @CurrentUser() user: AuthUser): Promise<RoundDetail> {
    const d = await this.pit.detail(roundId, audienceOfRole(user.role, user.userId));
    if (!d) throw rejectionError(rejection('ROUND_NOT_FOUND', null, `No round ${roundId}.`));
    return d;
  }

  /** A pit boss turns down a dealer's void request or manual entry, with a reason (audited). */
  @Post('tables/:id/requests/:requestId/deny')
  @HttpCode(200)
  @Roles('pitboss')
  async deny(@Param('id') id: string, @Param('requestId') requestId: string, @Body() b: unknown, @CurrentUser() user: AuthUser): Promise<PendingRequest> {
    return unwrap(await this.control.deny(id, requestId, user, body(ReasonBodySchema, b).reason));
  }
}
