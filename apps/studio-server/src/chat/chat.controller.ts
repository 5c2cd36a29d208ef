import { Body, Controller, Get, Param, Post, Query, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { TipPayoutBodySchema, TipsReportQuerySchema, type ChatHistory, type TipPayoutResult, type TipsReport } from '@felt-studio/protocol';
import type { AuthUser } from '../auth/auth.types.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { JwtAuthGuard } from '../auth/jwt-auth.guard.js';
import { Roles } from '../auth/roles.decorator.js';
import { csvHeaders, isoOf, toCsv, type CsvResponse } from '../shared/csv.js';
import { body, unwrap } from '../shared/http-errors.js';
import { ChatService } from './chat.service.js';
import { GuardedController } from '../auth/guarded-controller.decorator.js';

/** Issue 24: the table chat's history as the caller may see it (the writes are commands: chat.commands.ts). */
@ApiTags('chat')
@Controller()
export class ChatController {
  constructor(private readonly chat: ChatService) {}

  @Get('tables/:id/chat')
  @ApiBearerAuth()
  @UseGuards(JwtAuthGuard)
  async history(@Param('id') tableId: string, @CurrentUser() viewer: AuthUser): Promise<ChatHistory> {
    return unwrap(await this.chat.history(tableId, viewer));
  }
}

/** Issue 24 (TIP-4, TIP-5): tips per dealer and shift for the studio's staff, and the payout of a shift (admin, audited). */
@GuardedController('chat', 'tips')
export class TipsController {
  constructor(private readonly chat: ChatService) {}

  @Get('shifts')
  @Roles('pitboss', 'admin')
  async shifts(@Query() q: unknown): Promise<TipsReport> {
    return unwrap(await this.chat.tipsReport(body(TipsReportQuerySchema, q)));
  }

  /** The same report as CSV (one row per table, dealer and shift), like the other exports (RFC 4180, formula-safe). */
  @Get('shifts.csv')
  @Roles('pitboss', 'admin')
  async shiftsCsv(@Query() q: unknown, @Res() res: CsvResponse): Promise<void> {
    const r = unwrap(await this.chat.tipsReport(body(TipsReportQuerySchema, q)));
    res.set(csvHeaders(`felt-tips-${isoOf(r.from).slice(0, 10)}-${isoOf(r.to).slice(0, 10)}.csv`)).send(
      toCsv(
        ['table_id', 'dealer_id', 'dealer_name', 'shift_start', 'shift_start_ms', 'currency', 'tips', 'total_minor', 'first_tip', 'last_tip', 'open', 'paid_at', 'paid_by', 'paid_minor', 'paid_reason'],
        r.shifts.map((s) => [
          s.tableId,
          s.dealerId,
          s.dealerName,
          s.shiftStart === null ? null : isoOf(s.shiftStart),
          s.shiftStart,
          s.currency,
          s.count,
          s.totalMinor,
          isoOf(s.firstAt),
          isoOf(s.lastAt),
          s.open,
          s.paid === null ? null : isoOf(s.paid.at),
          s.paid?.by,
          s.paid?.amountMinor,
          s.paid?.reason,
        ]),
      ),
    );
  }

  /** TIP-5: a dealer's ended shift's tips to `tips-payable:<dealerId>`; once per shift (a retry answers the first, `duplicate`). */
  @Post('payouts')
  @Roles('admin')
  async payout(@CurrentUser() by: AuthUser, @Body() b: unknown): Promise<TipPayoutResult> {
    return unwrap(await this.chat.payTips(by, body(TipPayoutBodySchema, b)));
  }
}
