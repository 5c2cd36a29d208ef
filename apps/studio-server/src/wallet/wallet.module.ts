import { Global, Module } from '@nestjs/common';
import { DemoSeeder } from './demo.seeder.js';
import { LedgerAuditService } from './ledger-audit.service.js';
import { WalletController } from './wallet.controller.js';
import { WalletService } from './wallet.service.js';

/** Global: WalletService, LedgerAuditService. REST: /wallet/me, /wallet/deposit (admin), /wallet/demo-top-up, /admin/ledger/check (admin). */
@Global()
@Module({ controllers: [WalletController], providers: [WalletService, LedgerAuditService, DemoSeeder], exports: [WalletService, LedgerAuditService] })
export class WalletModule {}
