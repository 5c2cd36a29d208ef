import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import { SEAMLESS_BALANCES, type LateBound, type SeamlessBalances } from '../../shared/ports/late-bound.js';
import { FELT_CONFIG, type FeltConfig } from '../../config/config.js';
import { FELT_DATA_SOURCE } from '../../persistence/persistence.module.js';
import { LimitsModule } from '../../limits/limits.module.js';
import { OperatorApiController, OperatorsAdminController } from './operators.controller.js';
import { SeamlessDemoSeeder } from './seamless-demo.seeder.js';
import { DEFAULT_SEAMLESS_RETRY, SEAMLESS_REPOSITORY, SEAMLESS_RETRY, seamlessRepositoryFactory, SeamlessService } from './seamless.service.js';

/** Seamless wallet mode (issue 12 point 1): operators, their players, the journal, the bet-path debit and the closing calls. */
@Module({
  imports: [LimitsModule],
  controllers: [OperatorsAdminController, OperatorApiController],
  providers: [
    { provide: SEAMLESS_REPOSITORY, useFactory: seamlessRepositoryFactory, inject: [FELT_DATA_SOURCE] },
    { provide: SEAMLESS_RETRY, useFactory: (c: FeltConfig) => c.seamlessRetry ?? DEFAULT_SEAMLESS_RETRY, inject: [FELT_CONFIG] },
    SeamlessService,
    SeamlessDemoSeeder,
  ],
  exports: [SeamlessService, SeamlessDemoSeeder],
})
export class SeamlessModule implements OnModuleInit {
  constructor(
    @Inject(SEAMLESS_BALANCES) private readonly balances: LateBound<SeamlessBalances>,
    private readonly seamless: SeamlessService,
  ) {}

  /** GET /wallet/me of a seamless player answers the operator's balance (the wallet module reads it through the port). */
  onModuleInit(): void {
    this.balances.bind(this.seamless);
  }
}
