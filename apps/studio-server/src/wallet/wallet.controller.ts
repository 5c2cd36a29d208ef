import { Body, Get, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiBody } from '@nestjs/swagger';
import type { AuthUser } from '../auth/auth.types.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { Roles } from '../auth/roles.decorator.js';
import { LedgerAuditService, type LedgerCheckReport } from './ledger-audit.service.js';
import { WalletService, type Balance } from './wallet.service.js';
import { SEAMLESS_BALANCES, type LateBound, type SeamlessBalances } from '../shared/ports/late-bound.js';
import { GuardedController } from '../auth/guarded-controller.decorator.js';

@GuardedController('wallet')
export class WalletController {
  constructor(
    private readonly wallet: WalletService,
    private readonly ledgerAudit: LedgerAuditService,
    @Inject(SEAMLESS_BALANCES) private readonly seamlessBalances: LateBound<SeamlessBalances>,
  ) {}

  /**
   * The player's balance: the internal ledger's, or — for a player of a seamless operator (issue 12) — the
   * operator's wallet's (our account is only a transit account for them); SEAMLESS_BALANCE_UNAVAILABLE when
   * the operator does not answer.
   */
  @Get('wallet/me')
  @Roles('player')
  async me(@CurrentUser() user: AuthUser): Promise<Balance> {
    return (await this.seamlessBalances.get()?.playerBalance(user.userId)) ?? this.wallet.balance(user.userId); // bound by SeamlessModule when the app has it
  }

  @Post('wallet/deposit')
  @Roles('admin')
  @HttpCode(200)
  @ApiBody({
    schema: {
      type: 'object',
      required: ['playerId', 'amountMinor', 'reason'],
      properties: { playerId: { type: 'string' }, amountMinor: { type: 'integer' }, currency: { type: 'string', example: 'EUR' }, depositId: { type: 'string' }, reason: { type: 'string' } },
    },
  })
  deposit(@CurrentUser() user: AuthUser, @Body() body: unknown): Promise<{ depositId: string; created: boolean; balance: Balance }> {
    return this.wallet.deposit(user, body);
  }

  @Post('wallet/demo-top-up')
  @Roles('player')
  @HttpCode(200)
  topUp(@CurrentUser() user: AuthUser): Promise<Balance> {
    return this.wallet.demoTopUp(user);
  }

  @Get('admin/ledger/check')
  @Roles('admin')
  check(): Promise<LedgerCheckReport> {
    return this.ledgerAudit.check();
  }
}
